import CGtk

/// A handle on a `GtkRoot`, the window at the top of a widget tree, which holds the tree's
/// keyboard focus. It holds no reference: the window's own handle (``Window``, the hosting
/// window) keeps it alive.
@MainActor
struct Root {
  /// The `GtkRoot *` (a `GtkWindow`).
  let pointer: UnsafeMutableRawPointer

  init(_ pointer: UnsafeMutableRawPointer) {
    self.pointer = pointer
  }

  private var root: OpaquePointer { OpaquePointer(pointer) }
  private var window: UnsafeMutablePointer<GtkWindow> {
    pointer.assumingMemoryBound(to: GtkWindow.self)
  }

  /// The window as a widget.
  var widget: UnsafeMutablePointer<GtkWidget> { pointer.assumingMemoryBound(to: GtkWidget.self) }

  /// The widget that has keyboard focus in the window, if any. Wraps `gtk_root_get_focus`.
  var focus: UnsafeMutablePointer<GtkWidget>? { gtk_root_get_focus(root) }

  /// Leaves the window with no focus widget. Wraps `gtk_root_set_focus(root, NULL)`.
  func clearFocus() {
    gtk_root_set_focus(root, nil)
  }

  /// Whether the window is the active one (receives keyboard input).
  /// Wraps `gtk_window_is_active`.
  var isActive: Bool { gtk_window_is_active(window) != 0 }

  /// The window's content. Wraps `gtk_window_get_child`.
  var child: UnsafeMutablePointer<GtkWidget>? { gtk_window_get_child(window) }

  /// Shows the window and asks the window system to raise and activate it.
  /// Wraps `gtk_window_present`.
  func present() {
    gtk_window_present(window)
  }
}
