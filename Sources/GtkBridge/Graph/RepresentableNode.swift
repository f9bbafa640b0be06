/// The node of a ``WidgetRepresentable``: coordinator, context and widget, made once.
@MainActor
final class RepresentableNode<R: WidgetRepresentable>: ViewNode {
  private var representable: R
  let context: WidgetRepresentableContext<R>
  private(set) var widget: R.WidgetType!
  private var inherited = InheritedAttributes()
  /// The installed tracking of a control whose reads are stable; see `runUpdate()`.
  private var persistent: TrackingHandle?
  /// Whether `updateWidget`'s tracked reads included an `@Observable` model.
  private var readsModels = false
  /// A control bound to a collection element observes that element through this instead.
  private var subscription: CollectionObserver.Subscription?
  /// `R` as a control that compares its inputs, looked up once.
  private let comparable = R.self as? any InputComparable.Type
  /// What the control's update reads, as of its current inputs (they decide it: see
  /// `ControlReads`); asked again only when the inputs change.
  private var reads: ControlReads?
  /// The node is dirty only because the value its binding reads changed (`valueChanged()`):
  /// its inputs are the ones it last updated with, so it shows the new value and nothing else.
  private var valueOnly = false

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
    var updated = false
    return view.whenIs(R.self) { updated = update(typed: $0) } && updated
  }

  override func update(at pointer: UnsafeRawPointer, as type: any View.Type) -> Bool {
    guard type == R.self else { return false }
    return update(typed: pointer.assumingMemoryBound(to: R.self))
  }

  private func update(typed new: UnsafePointer<R>) -> Bool {
    // NB: same inputs (same title, a binding to the same storage): nothing the parent passed
    // changed, and what `updateWidget` read is tracked and re-runs it by itself.
    var same = false
    if let comparable {
      same = withPointer(to: &representable) { comparable.hasSameInputs(at: $0, new) }
    }
    // NB: with the same inputs the value held is as good as the new one (every input of an
    // `InputComparable` control is compared, and its binding reads and writes the same
    // storage), and copying a text field in (its strings, its binding's closures) cost about
    // 1,000 instructions.
    if same && !isDirty { return true }
    // The parent re-ran (a `ForEach` row whose `onChange` value is this field's) while the
    // field's own value changed: the same inputs again, so the value is all there is to show.
    if same && valueOnly {
      reevaluate()
      return true
    }
    representable = new.pointee
    if !same {
      reads = nil
      persistent?.cancel()
      subscription?.cancel()
      subscription = nil
    }
    runUpdate()
    return true
  }

  override func reevaluate() {
    // NB: `updateWidget` with the same inputs would hand over the same title, label and
    // binding again and show the new value: about 6,500 instructions for a field with a
    // label, of which the environment walk for its form label is 2,400.
    if valueOnly, let comparable, reads?.stable == true,
      subscription != nil || persistent?.isCancelled == false
    {
      isDirty = false
      valueOnly = false
      let shown = withPointer(to: &representable) {
        comparable.applyCurrentValue(at: $0, coordinator: context.coordinator)
      }
      if shown { return }
    }
    runUpdate()
  }

  override func invalidate() {
    valueOnly = false
    super.invalidate()
  }

  private func runUpdate() {
    isDirty = false
    valueOnly = false
    // NB: a built-in control's update reads the same values as long as its inputs stay the
    // same (its binding's value, nothing else), so its tracking stays installed: a change
    // costs one callback, not a new registration for every row that reads the collection.
    // A binding through an object (`$model.current.name`) reads another object once that
    // one is replaced: such a control re-tracks on every update instead.
    if reads == nil, let comparable {
      reads = withPointer(to: &representable) { comparable.reads(at: $0) }
    }
    // NB: each way below stops the others; the per-update `tracking` one repeats until
    // cancelled (a hand-made binding before the inputs changed would still re-run this).
    if let reads, !reads.observableState {
      stopTracking()
      persistent?.cancel()
      persistent = nil
      representable.updateWidget(widget, context: context)
      return
    }
    if let reads, reads.stable {
      stopTracking()
      if let source = reads.elementSource {
        // NB: its binding is its only observable read: the subscription replaces tracking,
        // so the update runs untracked.
        persistent?.cancel()
        persistent = nil
        if subscription?.isFor(source) != true {
          subscription?.cancel()
          subscription = CollectionObserver.subscribe(source) { [weak self] in
            self?.valueChanged()
          }
        }
        representable.updateWidget(widget, context: context)
        return
      }
      subscription?.cancel()
      subscription = nil
      if let persistent, !persistent.isCancelled {
        representable.updateWidget(widget, context: context)
      } else {
        persistent =
          observeOnMain(
            { representable.updateWidget(widget, context: context) }, repeating: true,
            readsModels: &readsModels
          ) { [weak self] in self?.valueChanged() }.1
      }
      return
    }
    persistent?.cancel()
    persistent = nil
    subscription?.cancel()
    subscription = nil
    tracking { representable.updateWidget(widget, context: context) }
  }

  /// A value a built-in control read changed: update it unless it shows that value already
  /// (a write to another element of the collection its binding reads, or its own widget's
  /// edit, which its sync reads back itself).
  private func valueChanged() {
    guard !isDirty, !isDismantled else { return }
    if let writer = WidgetWrite.widget, writer == ObjectIdentifier(widget) { return }
    if let comparable,
      withPointer(
        to: &representable,
        {
          comparable.showsCurrentValues(at: $0, coordinator: context.coordinator)
        })
    {
      return
    }
    invalidate()
    valueOnly = isDirty
  }

  override func dismantle() {
    persistent?.cancel()
    subscription?.cancel()
    R.dismantleWidget(widget, coordinator: context.coordinator)
    super.dismantle()
  }
}
