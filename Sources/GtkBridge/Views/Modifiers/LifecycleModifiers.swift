extension View {
  /// Runs `action` once when the view is added to the tree, before the window's next frame.
  /// State set here (focus included) shows on that frame.
  ///
  /// ```swift
  /// Form().onAppear { focusedField = .username }
  /// ```
  public func onAppear(perform action: @escaping @MainActor () -> Void) -> some View {
    modifier(OnAppearModifier(action: action))
  }

  /// Runs `action` once when the view leaves the tree.
  public func onDisappear(perform action: @escaping @MainActor () -> Void) -> some View {
    modifier(OnDisappearModifier(action: action))
  }

  /// Runs `action` with the old and new value whenever `value` changes between updates.
  ///
  /// ```swift
  /// TextField("Name", text: $name)
  ///   .onChange(of: name) { old, new in print("\(old) -> \(new)") }
  /// ```
  @inlinable
  public func onChange<Value: Equatable>(
    of value: Value, initial: Bool = false,
    _ action: @escaping @MainActor (_ oldValue: Value, _ newValue: Value) -> Void
  ) -> some View {
    ModifiedContent(
      content: self, modifier: OnChangeModifier(value: value, initial: initial, action: action))
  }

  /// Runs `action` whenever `value` changes between updates.
  @inlinable
  public func onChange<Value: Equatable>(
    of value: Value, initial: Bool = false, _ action: @escaping @MainActor () -> Void
  ) -> some View {
    onChange(of: value, initial: initial) { _, _ in action() }
  }
}

@usableFromInline
struct OnAppearModifier: WidgetModifier {
  /// No `update`: nothing to track (tracked, every update cost an observation scope).
  static var readsState: Bool { false }

  let action: @MainActor () -> Void

  func makeStorage(node: ModifierNode<some View, Self>) {
    UpdateScheduler.shared.performOutsideUpdate(action)
  }
}

@usableFromInline
struct OnDisappearModifier: WidgetModifier {
  /// No `update`: nothing to track (tracked, every update cost an observation scope).
  static var readsState: Bool { false }

  let action: @MainActor () -> Void

  func dismantle(_ storage: Void, node: ModifierNode<some View, Self>) {
    UpdateScheduler.shared.performOutsideUpdate(action)
  }
}

@usableFromInline
struct OnChangeModifier<Value: Equatable>: WidgetModifier {
  static var readsState: Bool { false }

  @usableFromInline let value: Value
  @usableFromInline let initial: Bool
  @usableFromInline let action: @MainActor (Value, Value) -> Void

  /// `@inlinable`, as the `.onChange` functions are: the app's compiler makes the modifier.
  @inlinable
  init(value: Value, initial: Bool, action: @escaping @MainActor (Value, Value) -> Void) {
    self.value = value
    self.initial = initial
    self.action = action
  }

  @MainActor
  final class Storage {
    var last: Value
    init(_ value: Value) { last = value }
  }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage {
    if initial {
      let value = value
      let action = action
      UpdateScheduler.shared.performOutsideUpdate { action(value, value) }
    }
    return Storage(value)
  }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    guard storage.last != value else { return }
    let old = storage.last
    let new = value
    storage.last = new
    let action = action
    UpdateScheduler.shared.performOutsideUpdate { action(old, new) }
  }
}
