extension View {
  /// Titles the window while this view is shown: SwiftUI's `navigationTitle`, which on macOS
  /// is the window's title. GtkBridge sets the window's title (`gtk_window_set_title`), which
  /// its header bar shows.
  ///
  /// When several titled views are shown, the innermost wins, and within a
  /// ``NavigationStack`` the top page's; a title that changes with state changes the window's.
  /// When no titled view is shown the window's own title comes back.
  ///
  /// ```swift
  /// NavigationStack {
  ///   List(notes) { … }
  ///     .navigationTitle("Notes (\(notes.count))")
  /// }
  /// ```
  public func navigationTitle(_ title: String) -> some View {
    modifier(NavigationTitleModifier(title: title))
  }

  /// The same, with the title as a ``Text``.
  public func navigationTitle(_ title: Text) -> some View {
    modifier(NavigationTitleModifier(title: title.content))
  }
}

/// One `navigationTitle` as the window's chrome sees it.
@MainActor
final class NavigationTitleEntry {
  weak var node: ViewNode?
  var title: String

  init(node: ViewNode, title: String) {
    self.node = node
    self.title = title
  }
}

@usableFromInline
struct NavigationTitleModifier: WidgetModifier {
  let title: String

  static var readsState: Bool { false }

  func makeStorage(node: ModifierNode<some View, Self>) -> NavigationTitleEntry {
    let entry = NavigationTitleEntry(node: node, title: title)
    node.graph.chrome?.register(entry)
    return entry
  }

  func update(_ entry: NavigationTitleEntry, node: ModifierNode<some View, Self>) {
    guard entry.title != title else { return }
    entry.title = title
    node.graph.chrome?.refresh()
  }

  func dismantle(_ entry: NavigationTitleEntry, node: ModifierNode<some View, Self>) {
    node.graph.chrome?.unregister(entry)
  }
}
