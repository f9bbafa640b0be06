/// A value a view gives its window's navigation bar while it is shown: SwiftUI passes
/// `navigationTitle` and `navigationBarBackButtonHidden` up the tree as preferences. Here the
/// modifier registers an entry with the window's chrome (``WindowChrome``), which reads the
/// entries of the views shown (not on a page a ``NavigationStack`` covers) when it places
/// the header bar.
///
/// `Key` names which value it is, as a preference key does, so the chrome keeps the values
/// of one kind apart from the others and each modifier is the same code.
protocol NavigationBarKey {
  associatedtype Value: Equatable
}

/// One view's navigation-bar value as the window's chrome sees it: the value, and the node
/// that set it, which says whether the value counts now (its page shown) and how deep it is
/// (the innermost title wins).
@MainActor
final class NavigationBarEntry<Key: NavigationBarKey> {
  weak var node: ViewNode?
  var value: Key.Value

  init(node: ViewNode, value: Key.Value) {
    self.node = node
    self.value = value
  }
}

/// The modifier behind `navigationTitle` and `navigationBarBackButtonHidden`: registers the
/// view's value with the window's chrome while the view is in the tree, and has the chrome
/// place its bar again when the value changes.
struct NavigationBarValueModifier<Key: NavigationBarKey>: WidgetModifier {
  let value: Key.Value

  static var readsState: Bool { false }

  func makeStorage(node: ModifierNode<some View, Self>) -> NavigationBarEntry<Key> {
    let entry = NavigationBarEntry<Key>(node: node, value: value)
    node.graph.chrome?.register(entry)
    return entry
  }

  func update(_ entry: NavigationBarEntry<Key>, node: ModifierNode<some View, Self>) {
    guard entry.value != value else { return }
    entry.value = value
    node.graph.chrome?.refresh()
  }

  func dismantle(_ entry: NavigationBarEntry<Key>, node: ModifierNode<some View, Self>) {
    node.graph.chrome?.unregister(entry)
  }
}
