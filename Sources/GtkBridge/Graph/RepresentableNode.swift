/// The node of a ``WidgetRepresentable``: coordinator, context and widget, made once.
@MainActor
final class RepresentableNode<R: WidgetRepresentable>: ViewNode {
  private var representable: R
  let context: WidgetRepresentableContext<R>
  // NB: `@exclusivity(unchecked)` on the properties every update reads (each dynamic check
  // cost about 80 instructions): main-actor state whose every access is instantaneous (see
  // `UpdateScheduler`'s note). Not `representable`, which is held while a comparison reads it
  // in place, nor `inherited`, held while its attributes are applied.
  @exclusivity(unchecked) private(set) var widget: R.WidgetType!
  private var inherited = InheritedAttributes()
  /// What the control's update read: a control whose reads are stable (see `runUpdate()`)
  /// keeps following them between updates, which then run untracked.
  @exclusivity(unchecked) private var reader: DependencyReader?
  /// `R` as a control that compares its inputs, looked up once.
  private let comparable = R.self as? any InputComparable.Type
  /// What the control's update reads, as of its current inputs (they decide it: see
  /// `ControlReads`); asked again only when the inputs change.
  @exclusivity(unchecked) private var reads: ControlReads?
  /// The node is dirty only because the value its binding reads changed (`valueChanged()`):
  /// its inputs are the ones it last updated with, so it shows the new value and nothing else.
  @exclusivity(unchecked) private var valueOnly = false
  /// Whether `R` chooses its widget's kind from its inputs (`WidgetKindChoosing`), looked up
  /// once.
  private let choosesKind = R.self is any WidgetKindChoosing.Type
  /// Whether `R` is a control a button style does not reach (``IgnoresButtonStyle``), looked
  /// up once.
  private let ignoresButtonStyle = R.self is any IgnoresButtonStyle.Type
  /// Whether `R` draws with an inherited attribute (``InheritedAttributesReading``), looked
  /// up once.
  private let readsInheritedAttributes = R.self is any InheritedAttributesReading.Type

  init(graph: ViewGraph, parent: ViewNode?, representable: R) {
    self.representable = representable
    context = WidgetRepresentableContext(coordinator: representable.makeCoordinator())
    super.init(graph: graph, parent: parent)
    // NB: in the tree before makeWidget, so the context already sees the environment.
    context.node = self
    widget = representable.makeWidget(context: context)
    runUpdate()
    applyInherited()
  }

  override func applyInheritedAttributes() {
    applyInherited()
    // NB: a control that drew with an inherited attribute (a shape in the tint) updates again
    // when what it read changed; the update it ran when it was made read the current one.
    if readsInheritedAttributes, let reading = representable as? any InheritedAttributesReading,
      reading.needsUpdate(afterInheritedChangeIn: context)
    {
      runUpdate()
    }
  }

  private func applyInherited() {
    var wanted = InheritedAttributes(environment)
    // NB: what is applied is kept (`inherited`), so the widgets a control makes later
    // (`applyControlStyle(toMadeLater:)`) take no button style either.
    if ignoresButtonStyle { wanted.controlStyle.buttonClasses = nil }
    inherited.apply(wanted, to: widget, controls: .subtree)
  }

  override func applyControlStyle(toMadeLater made: Widget) {
    // NB: from no style, as the widget has none; while the node is made (`makeWidget`, its
    // first update) nothing is applied yet, and `applyInheritedAttributes` reaches it. Line
    // limits are the control's own widget's (a `Text`'s label), not one made inside it.
    let style = inherited.controlStyle
    var none = ControlStyle()
    none.lineLimits = style.lineLimits
    style.apply(to: made, from: none, reach: .subtree)
  }

  override var widgets: [Widget] { [widget] }
  override var isRecyclable: Bool { R.self is any RecyclableRepresentable.Type }

  override func update(to view: any View) -> Bool {
    var updated = false
    return view.whenIs(R.self) { updated = update(typed: $0) } && updated
  }

  override func update(at pointer: UnsafeRawPointer, as type: any View.Type) -> Bool {
    guard type == R.self else { return false }
    return update(typed: pointer.assumingMemoryBound(to: R.self))
  }

  private func update(typed new: UnsafePointer<R>) -> Bool {
    // NB: a value that needs another kind of widget is a new node (`replacement(for:with:)`).
    if choosesKind, let choosing = new.pointee as? any WidgetKindChoosing,
      !choosing.fits(any: widget!)
    {
      return false
    }
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
      // NB: new inputs may read otherwise (stable or not): a new reader for them.
      reads = nil
      reader?.cancel()
      reader = nil
    }
    runUpdate()
    return true
  }

  override func reevaluate() {
    // NB: `updateWidget` with the same inputs would hand over the same title, label and
    // binding again and show the new value: about 6,500 instructions for a field with a
    // label, of which the environment walk for its form label is 2,400.
    if valueOnly, let comparable, reads?.stable == true,
      reader?.isListening == true
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
    if reads == nil, let comparable {
      reads = withPointer(to: &representable) { comparable.reads(at: $0) }
    }
    // NB: a control that reads no observable state (a label, a button) needs no reader.
    if let reads, !reads.observableState {
      reader?.cancel()
      return representable.updateWidget(widget, context: context)
    }
    // NB: a built-in control's update reads the same values as long as its inputs stay the
    // same (its binding's value, nothing else), so its reader keeps following them and the
    // update runs untracked: a change costs one callback, not a new registration for every
    // row that reads the collection. (A binding through an object, `$model.current.name`,
    // reads another object once that one is replaced: not stable, tracked on every update.)
    if let reads, reads.stable, let reader, reader.isListening {
      return representable.updateWidget(widget, context: context)
    }
    if reader == nil {
      // NB: a control whose reads are stable compares what it shows on a change; any other
      // update re-runs (and re-tracks: a path through an object may read another one now).
      // Each has a kind of its own (see `DependencyReader.init`): a control whose binding goes
      // through a model reads one, which tells nothing of the same control bound to a state.
      reader =
        reads?.stable == true
        ? DependencyReader(.listen, kind: ObjectIdentifier(R.self)) { [node = Weak(self)] in
          node.object?.valueChanged()
        }
        : DependencyReader(kind: ObjectIdentifier(Self.self)) { [node = Weak(self)] in
          node.object?.invalidate()
        }
    }
    // NB: a control bound to a collection element follows that element (the binding is its
    // only observable read); asking Observation too would call it back on any change of a
    // model's array.
    reader!.run(
      { representable.updateWidget(widget, context: context) },
      observingModels: reads?.elementSource == nil)
  }

  /// A value a built-in control read changed: update it unless it shows that value already.
  ///
  /// The one echo rule: a control compares the value with what it shows. Its own user's
  /// edit (a keystroke the field wrote to its binding) is what it shows already, as is a
  /// write to another element of the collection its binding reads; no update runs for them.
  private func valueChanged() {
    guard !isDirty, !isDismantled else { return }
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
    reader?.cancel()
    R.dismantleWidget(widget, coordinator: context.coordinator)
    super.dismantle()
  }
}
