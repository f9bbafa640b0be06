/// What `StackNode` needs from a stack view (``VStack``, ``HStack``, ``ZStack``): its content,
/// and its layout with the parameters to give it.
@MainActor
protocol StackView: View {
  associatedtype Content: View
  associatedtype Layout: StackLayout
  var content: Content { get }
  var layout: Layout.Parameters { get }
}

/// The node of a stack: a container widget whose children are its content's widgets, placed
/// by the stack's layout (a `GtkBox`'s column or row, a `GtkOverlay`'s layers).
@MainActor
final class StackNode<Stack: StackView>: ViewNode {
  private var layout: Stack.Layout
  private var child: ViewNode!
  private var inherited = InheritedAttributes()

  init(graph: ViewGraph, parent: ViewNode?, stack: Stack) {
    layout = Stack.Layout(stack.layout)
    super.init(graph: graph, parent: parent)
    child = graph.makeNode(for: stack.content, parent: self)
    layout.place(child.widgets)
    applyInheritedAttributes()
  }

  override func applyInheritedAttributes() {
    inherited.apply(InheritedAttributes(environment), to: layout.container)
  }

  override var childNodes: [ViewNode] { [child] }
  override var isRecyclable: Bool { true }
  override var widgets: [Widget] { [layout.container] }

  override func update(to view: any View) -> Bool {
    // NB: a metatype comparison, not `view as? Stack` (see `View.whenIs`).
    view.whenIs(Stack.self) { update(stack: $0.pointee) }
  }

  private func update(stack: Stack) {
    isDirty = false
    let replace = layout.update(stack.layout)
    let previous = (child: child, changes: graph.widgetListChanges)
    if let new = replacement(for: child, with: stack.content) { child = new }
    // NB: placed again only if a node below swapped its widgets during the update, or the
    // content node or a parameter the placing uses changed: a re-render that keeps every
    // widget does not walk the container's children.
    if replace || graph.widgetListChanges != previous.changes || child !== previous.child {
      layout.place(child.widgets)
    }
  }

  override func widgetsChanged() {
    // A descendant swapped widgets: place them again; the container itself did not change.
    if child != nil { layout.place(child.widgets) }
  }

  override func dismantle() {
    child.dismantle()
    super.dismantle()
  }
}
