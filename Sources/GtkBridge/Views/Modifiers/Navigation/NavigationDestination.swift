extension View {
  /// Shows `destination(value)` for each value of type `data` pushed on the enclosing
  /// ``NavigationStack`` (by a `NavigationLink(value:label:)` or its path): SwiftUI's
  /// `navigationDestination(for:destination:)`.
  ///
  /// ```swift
  /// NavigationStack(path: $path) {
  ///   List(recipes) { NavigationLink($0.name, value: $0) }
  ///     .navigationDestination(for: Recipe.self) { RecipeDetail(recipe: $0) }
  /// }
  /// ```
  public func navigationDestination<D: Hashable, C: View>(
    for data: D.Type, @ViewBuilder destination: @escaping @MainActor (D) -> C
  ) -> some View {
    modifier(NavigationDestinationModifier(destination: destination))
  }
}

@usableFromInline
struct NavigationDestinationModifier<D: Hashable, C: View>: WidgetModifier {
  let destination: @MainActor (D) -> C

  @MainActor
  final class Storage {
    weak var stack: NavigationStackNode?
    var warned = false
  }

  static var readsState: Bool { false }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage { Storage() }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    guard let stack = node.environment.navigationStack else {
      if !storage.warned {
        storage.warned = true
        Log.warning("navigationDestination(for: \(D.self).self) outside a NavigationStack")
      }
      return
    }
    storage.stack = stack
    let destination = destination
    // NB: pages of this type re-evaluate their view with the new closure, so a destination
    // that reads the parent's state follows it.
    stack.register(
      destination: { ($0.base as? D).map { destination($0) } },
      for: ObjectIdentifier(D.self))
  }

  func dismantle(_ storage: Storage, node: ModifierNode<some View, Self>) {
    storage.stack?.unregisterDestination(for: ObjectIdentifier(D.self))
  }
}
