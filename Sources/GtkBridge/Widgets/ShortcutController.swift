import CGtk

/// A handle on a `GtkShortcutController`: key combinations, written as GTK accelerators
/// (`<Control>s`, `Escape`), that run Swift code. A window's keyboard shortcuts, the app's
/// command keys in a popover, the chrome's Escape and Alt+Left are each one.
@MainActor
final class ShortcutController {
  /// One combination added to the controller, to remove it again. The controller owns it.
  struct Shortcut {
    fileprivate let pointer: OpaquePointer
  }

  private let controller: EventController

  /// A controller with no shortcuts, in `scope`: `GTK_SHORTCUT_SCOPE_MANAGED` on a window
  /// runs in the bubble phase at the window, so it sees the keys the focused widget and its
  /// ancestors let pass, wherever focus is. Wraps `gtk_shortcut_controller_new` and
  /// `gtk_shortcut_controller_set_scope`.
  init(scope: GtkShortcutScope = GTK_SHORTCUT_SCOPE_LOCAL) {
    controller = EventController(gtk_shortcut_controller_new())
    gtk_shortcut_controller_set_scope(controller.pointer, scope)
  }

  /// Puts the controller on `widget`, taking it off the one it was on.
  func attach(to widget: UnsafeMutablePointer<GtkWidget>) {
    controller.attach(toWidget: widget)
  }

  /// Takes the controller off its widget.
  func detach() {
    controller.detach()
  }

  /// Adds `accelerator`, which runs `action` when pressed; `action` says whether it took the
  /// key (a key it lets pass goes on to GTK's other handlers). `nil` when GTK cannot parse
  /// the accelerator. Wraps `gtk_shortcut_new` with a `gtk_callback_action_new`, which owns
  /// `action` and releases it when the shortcut goes.
  @discardableResult
  func add(_ accelerator: String, _ action: @escaping @MainActor () -> Bool) -> Shortcut? {
    guard let trigger = gtk_shortcut_trigger_parse_string(accelerator) else { return nil }
    let callback = gtk_callback_action_new(
      { _, _, data in
        guard let data else { return 0 }
        let action = Unmanaged<Action>.fromOpaque(data).takeUnretainedValue()
        return assumeMainActor { action.run() } ? 1 : 0
      }, Unmanaged.passRetained(Action(action)).toOpaque(),
      { data in
        guard let data else { return }
        Unmanaged<Action>.fromOpaque(data).release()
      })
    let shortcut = gtk_shortcut_new(trigger, callback)!
    gtk_shortcut_controller_add_shortcut(controller.pointer, shortcut)
    return Shortcut(pointer: shortcut)
  }

  /// Removes `shortcut`, which GTK then frees. Wraps `gtk_shortcut_controller_remove_shortcut`.
  func remove(_ shortcut: Shortcut) {
    gtk_shortcut_controller_remove_shortcut(controller.pointer, shortcut.pointer)
  }

  /// Gives the controller to `widget` (a popover, which GTK made and will free) for as long as
  /// `widget` keeps it under `key`: until the next controller given it under that key, or
  /// ``takeBack(from:key:)``, or until it goes. Wraps `g_object_set_data_full`.
  func give(to widget: UnsafeMutablePointer<GtkWidget>, key: String) {
    attach(to: widget)
    g_object_set_data_full(
      widget.cast(to: GObject.self), key, Unmanaged.passRetained(self).toOpaque()
    ) { data in
      guard let data else { return }
      Unmanaged<ShortcutController>.fromOpaque(data).release()
    }
  }

  /// Takes the controller given to `widget` under `key` off it, if there is one.
  static func takeBack(from widget: UnsafeMutablePointer<GtkWidget>, key: String) {
    g_object_set_data(widget.cast(to: GObject.self), key, nil)
  }

  /// A shortcut's Swift action, owned by GTK's callback action.
  @MainActor
  private final class Action {
    let run: @MainActor () -> Bool
    init(_ run: @escaping @MainActor () -> Bool) { self.run = run }
  }
}
