import CGtk

/// The node of a ``DisclosureGroup``: a `GtkExpander` whose child is a box of the content's
/// widgets, its "expanded" property kept in step with the binding.
@MainActor
final class DisclosureNode<Label: View, Content: View>: ViewNode {
  let expander: Widget
  private let box: Box
  private var child: ViewNode!
  private var isExpanded: Binding<Bool>?
  private var expandedChanged: SignalConnection?
  private var inherited = InheritedAttributes()

  init(graph: ViewGraph, parent: ViewNode?, group: DisclosureGroup<Label, Content>) {
    expander = Widget(retaining: gtk_expander_new(group.title)!)
    box = Box(orientation: GTK_ORIENTATION_VERTICAL, spacing: 8)
    isExpanded = group.isExpanded
    super.init(graph: graph, parent: parent)
    gtk_widget_set_margin_top(box.pointer, 6)
    gtk_expander_set_child(expander.opaquePointer, box.pointer)
    expandedChanged = expander.connect(notify: "expanded") { [weak self] in
      guard let self, let binding = self.isExpanded else { return }
      binding.setFromWidget(gtk_expander_get_expanded(self.expander.opaquePointer) != 0)
    }
    child = graph.makeNode(for: group.content, parent: self)
    box.setChildren(child.widgets)
    applyExpansion()
    applyInheritedAttributes()
  }

  /// Opens or closes the expander as the binding says; tracked, so a write re-runs it.
  private func applyExpansion() {
    isDirty = false
    guard let isExpanded else { return }
    let wanted = tracking { isExpanded.wrappedValue }
    if (gtk_expander_get_expanded(expander.opaquePointer) != 0) != wanted {
      expandedChanged?.blocked { gtk_expander_set_expanded(expander.opaquePointer, wanted ? 1 : 0) }
    }
  }

  override func applyInheritedAttributes() {
    inherited.apply(InheritedAttributes(environment), to: expander)
  }

  override var childNodes: [ViewNode] { [child] }
  override var widgets: [Widget] { [expander] }

  override func reevaluate() {
    applyExpansion()
  }

  override func update(to view: any View) -> Bool {
    guard let group = view as? DisclosureGroup<Label, Content> else { return false }
    isExpanded = group.isExpanded
    let shown = gtk_expander_get_label(expander.opaquePointer).map { String(cString: $0) }
    if shown != group.title {
      gtk_expander_set_label(expander.opaquePointer, group.title)
    }
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
