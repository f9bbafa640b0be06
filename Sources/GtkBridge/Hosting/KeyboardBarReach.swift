import CGtk

/// How the keyboard reaches the `.keyboard` toolbar: F6 in a text field moves focus onto the
/// bar's first button, as F6 reaches a GNOME app's other panes (and Orca reads the button);
/// Tab and the arrow keys walk its buttons. Return or Space runs a button with focus back in
/// the field, so the button acts on the field the user is in ("Done" ends its editing, "Next"
/// moves on from it); Escape or F6 again returns to the field.
///
/// The bar still takes no focus on its own: nothing in it can take focus (Tab skips it, a
/// click leaves focus in the field) until F6 opens it, and it closes again once focus is
/// back in the field or went anywhere else. While focus is in it, focus states keep the field
/// (`FocusCoordinator` reads focus in the bar as no move, as it reads a menu).
@MainActor
final class KeyboardBarReach {
  private let bar: ActionBar
  private weak var window: Window?
  /// The field focus came from, while it is in the bar.
  private(set) var field: Widget?
  private let windowKeys = EventController(gtk_event_controller_key_new())
  private let barKeys = EventController(gtk_event_controller_key_new())
  private var windowPressed: SignalConnection?
  private var barPressed: SignalConnection?

  init(bar: ActionBar, window: Window) {
    self.bar = bar
    self.window = window
    windowKeys.attach(to: window)
    windowPressed = KeyContext.connect(windowKeys, released: false) { [weak self] keyval, _, _ in
      keyval == UInt32(GDK_KEY_F6) && self?.enter() == true
    }
    // NB: in the capture phase, before the focused button (Space and Return would click it
    // with focus still in the bar).
    gtk_event_controller_set_propagation_phase(barKeys.pointer, GTK_PHASE_CAPTURE)
    barKeys.attach(to: bar)
    barPressed = KeyContext.connect(barKeys, released: false) { [weak self] keyval, _, _ in
      self?.barKeyPressed(keyval) ?? false
    }
  }

  /// Whether focus is in the bar, reached by F6.
  var isOpen: Bool { field != nil }

  /// Moves focus from the text field or editor that has it onto the bar's first button.
  /// Returns whether it did (the bar shows and has a button that can take focus).
  @discardableResult
  func enter() -> Bool {
    guard field == nil, bar.isVisible, let window,
      let focus = gtk_root_get_focus(OpaquePointer(window.pointer)), ActionBar.isEditing(focus)
    else { return false }
    field = Widget(retaining: focus)
    gtk_widget_set_can_focus(bar.pointer, 1)
    // NB: GTK's own Tab order inside the bar: its first button that can take focus.
    guard gtk_widget_child_focus(bar.pointer, GTK_DIR_TAB_FORWARD) != 0 else {
      close(returningFocus: false)
      return false
    }
    return true
  }

  /// Focus moved: once it is outside the bar, the bar takes no focus again.
  func focusChanged() {
    guard field != nil, let window else { return }
    let focus = gtk_root_get_focus(OpaquePointer(window.pointer))
    if focus.map({ gtk_widget_is_ancestor($0, bar.pointer) != 0 }) != true {
      close(returningFocus: false)
    }
  }

  private func barKeyPressed(_ keyval: UInt32) -> Bool {
    guard field != nil, let window else { return false }
    switch Int32(keyval) {
    case GDK_KEY_Escape, GDK_KEY_F6:
      close(returningFocus: true)
      return true
    case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_space, GDK_KEY_KP_Space:
      guard let focus = gtk_root_get_focus(OpaquePointer(window.pointer)),
        g_type_check_instance_is_a(
          UnsafeMutableRawPointer(focus).assumingMemoryBound(to: GTypeInstance.self),
          gtk_button_get_type()) != 0
      else { return false }
      let button = Widget(retaining: focus)
      close(returningFocus: true)
      // NB: "clicked" at once, not `gtk_widget_activate` (a click after a 250 ms animation).
      cgtk_emit(button.rawPointer, "clicked")
      return true
    default:
      return false
    }
  }

  private func close(returningFocus: Bool) {
    let field = field
    self.field = nil
    // NB: focus goes back before the bar is closed: a focus widget whose ancestor turns
    // `can-focus` off would lose focus to nowhere.
    if returningFocus, let field, let window {
      FocusCoordinator.coordinator(for: OpaquePointer(window.pointer)).restore(field)
    }
    gtk_widget_set_can_focus(bar.pointer, 0)
  }
}
