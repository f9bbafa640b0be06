import CGtk
import GtkBridge

/// Synthetic user input for tests, through the same keybinding signals GTK's keys emit. GTK 4
/// has no public API to build key events; these behave as the keys do (one "changed" per
/// edit, focus moved by the window). For real X input, drive Xvfb with `xdotool`.
///
/// ```swift
/// import GtkBridgeTesting
///
/// entry.simulateTyping("hello")
/// entry.simulateBackspace()
/// window.simulateMoveFocus(.tabForward)
/// MainLoop.drain()
/// ```
extension EditableWidget {
  /// The inner `GtkText` that holds focus and emits the keybinding signals.
  /// Wraps `gtk_editable_get_delegate`.
  var textDelegate: UnsafeMutablePointer<GtkWidget> {
    UnsafeMutableRawPointer(gtk_editable_get_delegate(opaquePointer)!)
      .assumingMemoryBound(to: GtkWidget.self)
  }

  /// Types `text` at the cursor. Emits GtkText::insert-at-cursor on the inner text widget.
  public func simulateTyping(_ text: String) {
    cgtk_text_insert_at_cursor(textDelegate, text)
  }

  /// Inserts `text` at `position` (in characters) without taking focus, as a drop of text on
  /// the field does (GtkText's drop target). Wraps `gtk_editable_insert_text`.
  public func simulateDrop(_ text: String, at position: Int) {
    var position = Int32(position)
    gtk_editable_insert_text(OpaquePointer(textDelegate), text, -1, &position)
  }

  /// Deletes the character before the cursor (or the selection). Emits GtkText::backspace.
  public func simulateBackspace() {
    cgtk_emit(textDelegate, "backspace")
  }

  /// Presses Return: emits "activate", which GTK's Return key binding emits.
  public func simulateReturn() {
    cgtk_emit(textDelegate, "activate")
  }

  /// Focuses the field as a click on it would. Wraps `gtk_widget_grab_focus` on the inner text.
  public func simulateClick() {
    gtk_widget_grab_focus(textDelegate)
  }
}

extension ButtonWidget {
  /// Clicks the button as a pointer click would: emits "clicked" now (keyboard activation
  /// would emit it only after GTK's press animation).
  public func simulateClick() {
    cgtk_emit(pointer, "clicked")
  }
}

extension ToggleWidget {
  /// Toggles as a click would, now: `gtk_widget_activate` on a check button, "clicked" on a
  /// toggle button, and the "active" a switch's click sets at the end of its animation.
  public func simulateClick() {
    if isA(control, gtk_toggle_button_get_type()) {
      cgtk_emit(control, "clicked")
    } else if isA(control, gtk_switch_get_type()) {
      isActive.toggle()
    } else {
      gtk_widget_activate(control)
    }
  }
}

/// A direction for keyboard focus moves; GTK's `GtkDirectionType`.
public enum FocusDirection: Sendable {
  case tabForward, tabBackward, up, down, left, right

  var gtk: GtkDirectionType {
    switch self {
    case .tabForward: GTK_DIR_TAB_FORWARD
    case .tabBackward: GTK_DIR_TAB_BACKWARD
    case .up: GTK_DIR_UP
    case .down: GTK_DIR_DOWN
    case .left: GTK_DIR_LEFT
    case .right: GTK_DIR_RIGHT
    }
  }
}

extension Window {
  /// Moves focus as Tab, Shift-Tab or an arrow key would. Emits GtkWindow::move-focus.
  public func simulateMoveFocus(_ direction: FocusDirection) {
    cgtk_window_move_focus(pointer, direction.gtk)
  }
}
