extension View {
  /// Binds the focus of the search field of the `.searchable` inside this view to
  /// `condition`: SwiftUI's `searchFocused(_:)` (macOS 15). Writing `true` reveals the search
  /// bar and moves focus into it; `false` gives focus up. Ctrl+F sets it `true`, Escape
  /// `false`.
  ///
  /// ```swift
  /// NavigationStack { List(results) { Text($0.name) } }
  ///   .searchable(text: $query)
  ///   .searchFocused($searchFocused)
  /// ```
  public func searchFocused(_ condition: FocusState<Bool>.Binding) -> some View {
    modifier(SearchRevealModifier(wanted: { condition.wrappedValue }))
      .modifier(
        FocusedModifier(
          source: FocusSource(Binding(condition)), value: true,
          locate: { $0.graph.chrome?.search?.entry }))
  }

  /// The same for a value of a `@FocusState`: focus in the search field reads `value`.
  public func searchFocused<Value: Hashable>(
    _ binding: FocusState<Value?>.Binding, equals value: Value
  ) -> some View {
    modifier(SearchRevealModifier(wanted: { binding.wrappedValue == value }))
      .modifier(
        FocusedModifier(
          source: FocusSource(binding), value: value,
          locate: { $0.graph.chrome?.search?.entry }))
  }
}

/// Reveals the window's search bar when the app asks for focus in it (GTK cannot focus an
/// entry in a hidden bar).
@usableFromInline
struct SearchRevealModifier: WidgetModifier {
  let wanted: @MainActor () -> Bool

  func update(_ storage: Void, node: ModifierNode<some View, Self>) {
    guard wanted(), let search = node.graph.chrome?.search, !search.isRevealed else { return }
    search.reveal(focus: true)
  }
}
