/// The node of a ``WidgetRepresentable``: coordinator, context and widget, made once.
@MainActor
final class RepresentableNode<R: WidgetRepresentable>: ViewNode {
  private var representable: R
  let context: WidgetRepresentableContext<R>
  private(set) var widget: R.WidgetType!
  private var inherited = InheritedAttributes()
  /// The installed tracking of a control whose reads are stable; see `runUpdate()`.
  private var persistent: PersistentTracking?

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
    let same = (representable as? any InputComparable)?.hasSameInputs(asAny: view) == true
    representable = view
    if same && !isDirty { return true }
    if !same { persistent?.cancel() }
    runUpdate()
    return true
  }

  override func reevaluate() {
    runUpdate()
  }

  private func runUpdate() {
    isDirty = false
    // NB: a built-in control's update reads the same values as long as its inputs stay the
    // same (its binding's value, nothing else), so its tracking stays installed: a change
    // costs one callback, not a new registration for every row that reads the collection.
    if representable is any InputComparable {
      if let persistent, !persistent.isCancelled {
        representable.updateWidget(widget, context: context)
      } else {
        persistent =
          PersistentTracking.track({ representable.updateWidget(widget, context: context) }) {
            [weak self] in self?.valueChanged()
          }.1
      }
      return
    }
    tracking { representable.updateWidget(widget, context: context) }
  }

  /// A value a built-in control read changed: update it unless it shows that value already
  /// (a write to another element of the collection its binding reads).
  private func valueChanged() {
    guard !isDirty, !isDismantled else { return }
    if let control = representable as? any InputComparable,
      control.showsCurrentValues(coordinator: context.coordinator)
    {
      return
    }
    invalidate()
  }

  override func dismantle() {
    persistent?.cancel()
    R.dismantleWidget(widget, coordinator: context.coordinator)
    super.dismantle()
  }
}
