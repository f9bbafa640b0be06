/// The node of a ``WidgetRepresentable``: coordinator, context and widget, made once.
@MainActor
final class RepresentableNode<R: WidgetRepresentable>: ViewNode {
  private var representable: R
  let context: WidgetRepresentableContext<R>
  private(set) var widget: R.WidgetType!
  private var inherited = InheritedAttributes()

  init(graph: ViewGraph, parent: ViewNode?, representable: R) {
    self.representable = representable
    context = WidgetRepresentableContext(coordinator: representable.makeCoordinator())
    super.init(graph: graph, parent: parent)
    // NB: in the tree before makeWidget, so the context already sees the environment.
    context.node = self
    widget = representable.makeWidget(context: context)
    runUpdate()
    applyInheritedAttributes()
  }

  override func applyInheritedAttributes() {
    inherited.apply(InheritedAttributes(environment), to: widget)
  }

  override var widgets: [Widget] { [widget] }

  override func update(to view: any View) -> Bool {
    guard let view = view as? R else { return false }
    // NB: same inputs (same title, a binding to the same storage): nothing the parent passed
    // changed, and what `updateWidget` read is tracked and re-runs it by itself.
    if !isDirty, let comparable = representable as? any InputComparable,
      comparable.hasSameInputs(asAny: view)
    {
      representable = view
      return true
    }
    representable = view
    runUpdate()
    return true
  }

  override func reevaluate() {
    runUpdate()
  }

  private func runUpdate() {
    isDirty = false
    tracking { representable.updateWidget(widget, context: context) }
  }

  override func dismantle() {
    R.dismantleWidget(widget, coordinator: context.coordinator)
    super.dismantle()
  }
}
