import CGtk

/// The node of a ``DisclosureGroup``: a `GtkExpander` (title and arrow) above a box of the
/// content's widgets, shown while the expander is expanded; "expanded" is kept in step with
/// the binding.
///
/// NB: the content is not the expander's child: GTK 4.8's expander takes a collapsed child
/// out of the window, where a focus request for a field inside would wait for it instead of
/// being refused. A hidden box in the window is refused, and the state reads the truth.
@MainActor
final class DisclosureNode<Label: View, Content: View>: ViewNode {
  let expander: ExpanderWidget
  private let outer: Box
  private let box: Box
  private var child: ViewNode!
  private var isExpanded: Binding<Bool>?
  private var expandedChanged: SignalConnection?
  private var inherited = InheritedAttributes()

  init(graph: ViewGraph, parent: ViewNode?, group: DisclosureGroup<Label, Content>) {
    expander = ExpanderWidget(label: group.title)
    outer = Box(orientation: GTK_ORIENTATION_VERTICAL, spacing: 6)
    box = Box(orientation: GTK_ORIENTATION_VERTICAL, spacing: 8)
    isExpanded = group.isExpanded
    super.init(graph: graph, parent: parent)
    outer.setChildren([expander, box])
    expandedChanged = expander.connect(notify: "expanded") { [weak self] in
      guard let self else { return }
      let expanded = self.expander.isExpanded
      self.showContent(expanded)
      self.isExpanded?.setFromWidget(expanded)
    }
    child = graph.makeNode(for: group.content, parent: self)
    box.setChildren(child.widgets)
    applyExpansion()
    showContent(expander.isExpanded)
    applyInheritedAttributes()
  }

  private func showContent(_ shown: Bool) {
    if box.isVisible != shown {
      // NB: focus inside leaves as for any hidden view (the coordinator sees the unmap).
      box.isVisible = shown
    }
  }

  /// Opens or closes the expander as the binding says; tracked, so a write re-runs it.
  private func applyExpansion() {
    isDirty = false
    // NB: a binding taken away must not re-run this for the state it read.
    guard let isExpanded else { return stopTracking() }
    let wanted = tracking { isExpanded.wrappedValue }
    if expander.isExpanded != wanted {
      expandedChanged?.blocked { expander.isExpanded = wanted }
    }
    showContent(wanted)
  }

  override func applyInheritedAttributes() {
    inherited.apply(InheritedAttributes(environment), to: outer)
  }

  override var childNodes: [ViewNode] { [child] }
  override var widgets: [Widget] { [outer] }

  override func reevaluate() {
    applyExpansion()
  }

  override func update(to view: any View) -> Bool {
    guard let group = view as? DisclosureGroup<Label, Content> else { return false }
    isExpanded = group.isExpanded
    if expander.label != group.title { expander.label = group.title }
    let previous = (child: child, changes: graph.widgetListChanges)
    if let new = replacement(for: child, with: group.content) { child = new }
    if graph.widgetListChanges != previous.changes || child !== previous.child {
      box.setChildren(child.widgets)
    }
    applyExpansion()
    return true
  }

  override func widgetsChanged() {
    if child != nil { box.setChildren(child.widgets) }
  }

  override func dismantle() {
    expandedChanged = nil
    child.dismantle()
    super.dismantle()
  }
}
