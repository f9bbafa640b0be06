/// The node of a ``WidgetRepresentable``: coordinator, context and widget, made once.
@MainActor
final class RepresentableNode<R: WidgetRepresentable>: ViewNode {
  private var representable: R
  let context: WidgetRepresentableContext<R>
  let widget: R.WidgetType

  init(graph: ViewGraph, parent: ViewNode?, representable: R) {
    self.representable = representable
    context = WidgetRepresentableContext(coordinator: representable.makeCoordinator())
    widget = representable.makeWidget(context: context)
    super.init(graph: graph, parent: parent)
    runUpdate()
  }

  override var widgets: [Widget] { [widget] }

  override func update(to view: any View) -> Bool {
    guard let view = view as? R else { return false }
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
