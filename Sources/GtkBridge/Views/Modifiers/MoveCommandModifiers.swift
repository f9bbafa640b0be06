import CGtk

/// The direction of an arrow key: SwiftUI's `MoveCommandDirection`.
public enum MoveCommandDirection: Hashable, Sendable {
  case up, down, left, right
}

extension View {
  /// Runs `action` with the direction when an arrow key is pressed while this view, or a
  /// view inside it, has keyboard focus: SwiftUI's `onMoveCommand(perform:)` (macOS). The
  /// key is consumed, so GTK does not also move focus with it; arrow keys elsewhere move
  /// focus as GTK does. A focused view inside that uses the key itself (a text field's
  /// Left and Right) keeps it. `nil` leaves the keys alone.
  ///
  /// Keys with Ctrl, Alt or Shift held are not move commands. Wraps a `GtkShortcutController`
  /// (bubble phase) on the view's widget.
  ///
  /// ```swift
  /// Grid(cells: cells, selection: selection)
  ///   .focusable()
  ///   .onMoveCommand { direction in selection.move(direction) }
  /// ```
  public func onMoveCommand(perform action: (@MainActor (MoveCommandDirection) -> Void)?)
    -> some View
  {
    var commands: [(trigger: String, run: @MainActor () -> Void)] = []
    if let action {
      let keys: [(String, MoveCommandDirection)] = [
        ("Up", .up), ("KP_Up", .up), ("Down", .down), ("KP_Down", .down),
        ("Left", .left), ("KP_Left", .left), ("Right", .right), ("KP_Right", .right),
      ]
      for (trigger, direction) in keys { commands.append((trigger, { action(direction) })) }
    }
    return modifier(KeyCommandModifier(commands: commands))
  }

  /// Runs `action` when Escape is pressed while this view, or a view inside it, has
  /// keyboard focus: SwiftUI's `onExitCommand(perform:)` (macOS). The key is consumed, so a
  /// window's cancel action does not also run; `nil` leaves Escape alone.
  ///
  /// ```swift
  /// TextField("Search", text: $query)
  ///   .onExitCommand { query = "" }
  /// ```
  public func onExitCommand(perform action: (@MainActor () -> Void)?) -> some View {
    var commands: [(trigger: String, run: @MainActor () -> Void)] = []
    if let action { commands.append(("Escape", action)) }
    return modifier(KeyCommandModifier(commands: commands))
  }
}

/// Keys (GTK trigger strings) and what they run, handled in a shortcut controller on the
/// modified view's widget while focus is inside it.
struct KeyCommandModifier: WidgetModifier {
  let commands: [(trigger: String, run: @MainActor () -> Void)]

  @MainActor
  final class Storage {
    /// The current actions by trigger: a re-render replaces them without touching GTK.
    var actions: [String: @MainActor () -> Void] = [:]
    var controller: OpaquePointer?
    weak var widget: Widget?
    /// The triggers installed in `controller`.
    var triggers: [String] = []

    func run(_ trigger: String) -> Bool {
      guard let action = actions[trigger] else { return false }
      action()
      return true
    }

    func detach() {
      if let controller, let widget {
        gtk_widget_remove_controller(widget.pointer, controller)
      }
      controller = nil
      triggers = []
    }
  }

  static var readsState: Bool { false }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage { Storage() }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    storage.actions = Dictionary(commands.map { ($0.trigger, $0.run) }) { first, _ in first }
    let triggers = commands.map(\.trigger)
    let widget = node.widgets.first
    if widget === storage.widget, triggers == storage.triggers { return }
    storage.detach()
    storage.widget = widget
    guard let widget, !triggers.isEmpty else { return }
    // NB: the controller owns its shortcuts and each shortcut's callback data: a weak box on
    // the storage, released by GTK in the action's destroy notifier.
    let controller = gtk_shortcut_controller_new()!
    for trigger in triggers {
      let handler = Unmanaged.passRetained(KeyCommandHandler(storage, trigger)).toOpaque()
      let action = gtk_callback_action_new(
        { _, _, data in
          guard let data else { return 0 }
          let handler = Unmanaged<KeyCommandHandler>.fromOpaque(data).takeUnretainedValue()
          return MainActor.assumeIsolated { handler.run() } ? 1 : 0
        }, handler,
        { data in
          guard let data else { return }
          Unmanaged<KeyCommandHandler>.fromOpaque(data).release()
        })
      let shortcut = gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), action)
      gtk_shortcut_controller_add_shortcut(controller, shortcut)
    }
    gtk_widget_add_controller(widget.pointer, controller)
    storage.controller = controller
    storage.triggers = triggers
  }

  func dismantle(_ storage: Storage, node: ModifierNode<some View, Self>) {
    storage.detach()
  }
}

/// One shortcut's callback data.
@MainActor
private final class KeyCommandHandler {
  weak var storage: KeyCommandModifier.Storage?
  let trigger: String

  init(_ storage: KeyCommandModifier.Storage, _ trigger: String) {
    self.storage = storage
    self.trigger = trigger
  }

  func run() -> Bool { storage?.run(trigger) ?? false }
}
