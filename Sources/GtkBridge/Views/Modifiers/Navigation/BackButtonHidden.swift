extension View {
  /// Hides the back button (and turns off Alt+Left) while this view is on the top page of
  /// its ``NavigationStack``: SwiftUI's `navigationBarBackButtonHidden`. The app then offers
  /// its own way back, such as a ``ToolbarItem`` at `.cancellationAction` that pops the path.
  ///
  /// ```swift
  /// EditorView()
  ///   .navigationBarBackButtonHidden()
  ///   .toolbar {
  ///     ToolbarItem(placement: .cancellationAction) { Button("Discard") { path.removeLast() } }
  ///   }
  /// ```
  public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View {
    modifier(BackButtonHiddenModifier(hidden: hidesBackButton))
  }
}

/// One `navigationBarBackButtonHidden` as the window's chrome sees it.
@MainActor
final class BackButtonEntry {
  weak var node: ViewNode?
  var hidden: Bool

  init(node: ViewNode, hidden: Bool) {
    self.node = node
    self.hidden = hidden
  }
}

@usableFromInline
struct BackButtonHiddenModifier: WidgetModifier {
  let hidden: Bool

  static var readsState: Bool { false }

  func makeStorage(node: ModifierNode<some View, Self>) -> BackButtonEntry {
    let entry = BackButtonEntry(node: node, hidden: hidden)
    node.graph.chrome?.register(entry)
    return entry
  }

  func update(_ entry: BackButtonEntry, node: ModifierNode<some View, Self>) {
    guard entry.hidden != hidden else { return }
    entry.hidden = hidden
    node.graph.chrome?.refresh()
  }

  func dismantle(_ entry: BackButtonEntry, node: ModifierNode<some View, Self>) {
    node.graph.chrome?.unregister(entry)
  }
}
