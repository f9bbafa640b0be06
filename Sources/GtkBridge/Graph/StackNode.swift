/// The node of a stack: a `GtkBox` whose children are its content's widgets.
@MainActor
final class StackNode<Content: View>: ViewNode {
  private let box: Box
  private var child: ViewNode!

  init(graph: ViewGraph, parent: ViewNode?, box: Box, content: VStack<Content>) {
    self.box = box
    super.init(graph: graph, parent: parent)
    child = graph.makeNode(for: content.content, parent: self)
    box.setChildren(child.widgets)
  }

  override var childNodes: [ViewNode] { [child] }

  override var widgets: [Widget] { [box] }

  override func update(to view: any View) -> Bool {
    guard let stack = view as? VStack<Content> else { return false }
    isDirty = false
    if box.spacing != stack.spacing { box.spacing = stack.spacing }
    child = reconcile(child, with: stack.content, parent: self)
    box.setChildren(child.widgets)
    return true
  }

  override func widgetsChanged() {
    // A descendant swapped widgets: re-sync this box; the box itself did not change.
    if let child { box.setChildren(child.widgets) }
  }

  override func dismantle() {
    child.dismantle()
    super.dismantle()
  }
}
