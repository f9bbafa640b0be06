/// The node of a ``ScrollView``: a scrolled window showing the content's widgets
/// (``ScrolledWindowWidget``).
@MainActor
final class ScrollNode<Content: View>: ViewNode {
  let scrolled: ScrolledWindowWidget
  private var child: ViewNode!
  private var axes: Axis.Set
  private var showsIndicators: Bool
  private var inherited = InheritedAttributes()

  init(graph: ViewGraph, parent: ViewNode?, view: ScrollView<Content>) {
    scrolled = ScrolledWindowWidget(horizontal: view.axes == .horizontal)
    axes = view.axes
    showsIndicators = view.showsIndicators
    super.init(graph: graph, parent: parent)
    applyPolicy()
    child = graph.makeNode(for: view.content, parent: self)
    showContent()
    applyInheritedAttributes()
  }

  private func applyPolicy() {
    scrolled.setScrolling(
      horizontal: axes.contains(.horizontal), vertical: axes.contains(.vertical),
      showsIndicators: showsIndicators)
  }

  override func applyInheritedAttributes() {
    inherited.apply(InheritedAttributes(environment), to: scrolled)
  }

  override var childNodes: [ViewNode] { [child] }
  override var widgets: [Widget] { [scrolled] }

  override func update(to view: any View) -> Bool {
    guard let view = view as? ScrollView<Content> else { return false }
    // The box's direction is fixed when the node is made; a view that changes it is new.
    if (view.axes == .horizontal) != (axes == .horizontal) { return false }
    isDirty = false
    if view.axes != axes || view.showsIndicators != showsIndicators {
      axes = view.axes
      showsIndicators = view.showsIndicators
      applyPolicy()
    }
    let previous = (child: child, changes: graph.widgetListChanges)
    if let new = replacement(for: child, with: view.content) { child = new }
    if graph.widgetListChanges != previous.changes || child !== previous.child {
      showContent()
    }
    return true
  }

  override func widgetsChanged() {
    if child != nil { showContent() }
  }

  private func showContent() {
    scrolled.setContent(child.widgets)
  }

  override func dismantle() {
    child.dismantle()
    super.dismantle()
  }
}
