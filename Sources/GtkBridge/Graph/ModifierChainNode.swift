/// The node of a view with a chain of modifiers applied (`.modifier(a.concat(b))`): keeps
/// the node of the view with `a` applied, then `b`, and updates it.
@MainActor
final class ModifierChainNode<Content: View, Chain: ModifierChain>: ViewNode {
  private var child: ViewNode!

  init(graph: ViewGraph, parent: ViewNode?, view: ModifiedContent<Content, Chain>) {
    super.init(graph: graph, parent: parent)
    child = graph.makeNode(for: view.modifier.applied(to: view.content), parent: self)
  }

  override var childNodes: [ViewNode] { [child] }
  override var isRecyclable: Bool { true }
  override var widgets: [Widget] { child.widgets }

  override func update(to view: any View) -> Bool {
    var unchained: (any View)?
    guard
      view.whenIs(
        ModifiedContent<Content, Chain>.self,
        { unchained = $0.pointee.modifier.applied(to: $0.pointee.content) })
    else { return false }
    if let new = replacement(for: child, with: unchained!) {
      child = new
      widgetsChanged()
    }
    return true
  }

  override func dismantle() {
    child.dismantle()
    super.dismantle()
  }
}
