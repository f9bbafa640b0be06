import CGtk
import Foundation

extension View {
  /// Runs `action` when `key` goes down (or repeats) while this view or a view inside it has
  /// keyboard focus.
  ///
  /// A key the focused control uses itself reaches it first and never reaches the action:
  /// typing and input-method composition in a text field, Return in a field, Space on a
  /// button. See ``onKeyPress(phases:action:)``.
  ///
  /// ```swift
  /// TextField("Search", text: $query)
  ///   .onKeyPress(.downArrow) { selection += 1; return .handled }
  /// ```
  public func onKeyPress(
    _ key: KeyEquivalent, action: @escaping @MainActor () -> KeyPress.Result
  ) -> some View {
    modifier(
      OnKeyPressModifier(filter: .keys([key]), phases: [.down, .repeat]) { _ in action() })
  }

  /// Runs `action` for `key` in `phases`.
  ///
  /// ```swift
  /// .onKeyPress(.space, phases: .up) { _ in stop(); return .handled }
  /// ```
  public func onKeyPress(
    _ key: KeyEquivalent, phases: KeyPress.Phases,
    action: @escaping @MainActor (KeyPress) -> KeyPress.Result
  ) -> some View {
    modifier(OnKeyPressModifier(filter: .keys([key]), phases: phases, action: action))
  }

  /// Runs `action` for any of `keys` in `phases`.
  ///
  /// ```swift
  /// .onKeyPress(keys: [.upArrow, .downArrow]) { press in move(press.key); return .handled }
  /// ```
  public func onKeyPress(
    keys: Set<KeyEquivalent>, phases: KeyPress.Phases = [.down, .repeat],
    action: @escaping @MainActor (KeyPress) -> KeyPress.Result
  ) -> some View {
    modifier(OnKeyPressModifier(filter: .keys(keys), phases: phases, action: action))
  }

  /// Runs `action` for a key whose text is made only of `characters`.
  ///
  /// ```swift
  /// .onKeyPress(characters: .decimalDigits) { press in digit(press.characters); return .handled }
  /// ```
  public func onKeyPress(
    characters: CharacterSet, phases: KeyPress.Phases = [.down, .repeat],
    action: @escaping @MainActor (KeyPress) -> KeyPress.Result
  ) -> some View {
    modifier(OnKeyPressModifier(filter: .characters(characters), phases: phases, action: action))
  }

  /// Runs `action` for every key in `phases` that reaches this view: while it or a view inside
  /// it has keyboard focus (`.focusable()` makes any view a focus stop), in GTK's bubble
  /// phase, innermost view first. `.handled` stops the key; `.ignored` passes it on, to the
  /// views around and then to the window (its keyboard shortcuts, Tab).
  ///
  /// Input methods keep working: a focused text field (GtkText, with its input-method
  /// context) sees each key first, so keys that compose a character (a dead key, a Compose
  /// sequence, an IBus preedit) and the characters it types never reach the action; keys the
  /// field leaves alone (Escape, Up and Down in a one-line field, Ctrl+K) do.
  ///
  /// ```swift
  /// .onKeyPress { press in
  ///   log.append(press.characters)
  ///   return .ignored
  /// }
  /// ```
  public func onKeyPress(
    phases: KeyPress.Phases = [.down, .repeat],
    action: @escaping @MainActor (KeyPress) -> KeyPress.Result
  ) -> some View {
    modifier(OnKeyPressModifier(filter: .any, phases: phases, action: action))
  }
}

/// A `GtkEventControllerKey` on the modified view's widget, in the bubble phase.
@usableFromInline
struct OnKeyPressModifier: WidgetModifier {
  static var readsState: Bool { false }

  enum Filter {
    case any
    case keys(Set<KeyEquivalent>)
    case characters(CharacterSet)
  }

  let filter: Filter
  let phases: KeyPress.Phases
  let action: @MainActor (KeyPress) -> KeyPress.Result

  @MainActor
  final class Storage {
    let controller = EventController(gtk_event_controller_key_new())
    /// Forgets the keys down when focus leaves: their releases go elsewhere.
    let focus = EventController(gtk_event_controller_focus_new())
    var modifier: OnKeyPressModifier?
    /// Keycodes down now: a second press of one is the keyboard's repeat.
    var down: Set<UInt32> = []
    var pressed: SignalConnection?
    var released: SignalConnection?
    var left: SignalConnection?

    init() {
      left = SignalConnection.connect(focus.pointer, "leave") { [weak self] in
        self?.down.removeAll()
      }
      pressed = KeyContext.connect(controller, released: false) { [weak self] in
        self?.key($0, $1, $2, released: false) ?? false
      }
      released = KeyContext.connect(controller, released: true) { [weak self] in
        self?.key($0, $1, $2, released: true) ?? false
      }
    }

    private func key(_ keyval: UInt32, _ keycode: UInt32, _ state: GdkModifierType, released: Bool)
      -> Bool
    {
      let phase: KeyPress.Phases
      if released {
        down.remove(keycode)
        phase = .up
      } else {
        phase = down.insert(keycode).inserted ? .down : .repeat
      }
      guard let modifier, modifier.phases.contains(phase), let key = KeyEquivalent(keyval: keyval)
      else { return false }
      let code = gdk_keyval_to_unicode(keyval)
      let characters = code == 0 ? "" : Unicode.Scalar(code).map { String(Character($0)) } ?? ""
      let press = KeyPress(
        phase: phase, key: key, characters: characters, modifiers: EventModifiers(gdkState: state))
      guard modifier.matches(press) else { return false }
      return modifier.action(press) == .handled
    }
  }

  func matches(_ press: KeyPress) -> Bool {
    switch filter {
    case .any: return true
    case .keys(let keys): return keys.contains(press.key)
    case .characters(let set):
      return !press.characters.isEmpty && press.characters.unicodeScalars.allSatisfy(set.contains)
    }
  }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage { Storage() }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    storage.modifier = self
    storage.controller.attach(to: node.widgets.first)
    storage.focus.attach(to: node.widgets.first)
  }

  func dismantle(_ storage: Storage, node: ModifierNode<some View, Self>) {
    storage.modifier = nil
    storage.controller.detach()
    storage.focus.detach()
  }
}

typealias KeyHandler = @MainActor (UInt32, UInt32, GdkModifierType) -> Bool

/// Connects GtkEventControllerKey's signals to Swift closures.
@MainActor
enum KeyContext {
  static func connect(
    _ controller: EventController, released: Bool, _ handler: @escaping KeyHandler
  ) -> SignalConnection {
    let id = cgtk_connect_key(
      controller.pointer, released ? 1 : 0,
      { context, keyval, keycode, state in
        let handler = SignalContext<KeyHandler>.from(context).handler
        return assumeMainActor { handler(keyval, keycode, state) } ? 1 : 0
      }, SignalContext(handler).retainedPointer, releaseContext)
    return SignalConnection(instance: controller.rawPointer, id: id)
  }
}
