extension View {
  /// Focuses the view bound to `value` when this view appears, if the focus state is `nil`
  /// and the window has no focus widget then. For a view that is there from the start that
  /// is the window's first frame: no delay. A view appearing later (a results panel) never
  /// takes focus from a field the user (or the app) put it in.
  ///
  /// `nil` opts the window out of launch focus (see ``LaunchFocus``): it opens with nothing
  /// focused.
  ///
  /// ```swift
  /// VStack { … }
  ///   .defaultFocus($focusedField, .username)
  /// ```
  public func defaultFocus<Field: Hashable>(_ binding: FocusState<Field?>.Binding, _ value: Field?)
    -> some View
  {
    modifier(DefaultFocusModifier(source: FocusSource(binding), value: value))
  }

  /// The same for a `Bool` focus state: `true` focuses the view bound with
  /// `.focused($state)`; `false` asks for nothing (it does not opt out of launch focus).
  ///
  /// ```swift
  /// TextField("Search", text: $query).focused($searching)
  /// …
  /// .defaultFocus($searching, true)
  /// ```
  public func defaultFocus(_ binding: FocusState<Bool>.Binding, _ value: Bool) -> some View {
    modifier(
      DefaultFocusModifier(
        source: FocusSource(Binding(binding)), value: value ? true : nil, optsOut: false))
  }

  /// The same for a focus state held anywhere, such as an `@Observable` model.
  public func defaultFocus<Field: Hashable>(_ binding: Binding<Field?>, _ value: Field?)
    -> some View
  {
    modifier(DefaultFocusModifier(source: FocusSource(binding), value: value))
  }
}

@usableFromInline
struct DefaultFocusModifier<Value: Hashable>: WidgetModifier {
  /// No `update`: nothing to track (tracked, every update cost an observation scope).
  static var readsState: Bool { false }

  let source: FocusSource<Value>
  let value: Value?
  /// Whether a `nil` value opts the window out of launch focus (the optional forms).
  var optsOut = true

  func makeStorage(node: ModifierNode<some View, Self>) {
    let source = source
    let value = value
    let optsOut = optsOut
    // After this pass, when every field is in the window; the grab follows in the same flush.
    UpdateScheduler.shared.performOutsideUpdate { [weak node] in
      let coordinator = node?.focusCoordinator
      guard let value else {
        if optsOut { coordinator?.launchRule = .none }
        return
      }
      // NB: "nothing focused" is GTK's word, not the state's: focus held by a field no
      // `.focused` view claims is still the user's.
      guard source.get() == nil, coordinator?.focusWidget == nil else { return }
      source.set(value)
    }
  }
}

/// A node whose view names a default focus (`.defaultFocus`), which a container showing it
/// again (a tab view's page) can ask for.
@MainActor
protocol DefaultFocusRequesting {
  /// Writes the default value into its focus state; whether there was one to write.
  func requestDefaultFocus() -> Bool
}

extension ModifierNode: DefaultFocusRequesting {
  func requestDefaultFocus() -> Bool {
    guard let request = modifier as? any DefaultFocusValue else { return false }
    return request.writeDefault()
  }
}

/// `DefaultFocusModifier` of any value type.
@MainActor
protocol DefaultFocusValue {
  func writeDefault() -> Bool
}

extension DefaultFocusModifier: DefaultFocusValue {
  func writeDefault() -> Bool {
    guard let value else { return false }
    source.set(value)
    return true
  }
}
