import CGtk

/// The node of a stack: a `GtkBox` whose children are its content's widgets.
@MainActor
final class StackNode<Stack: StackView>: ViewNode {
  private let box: Box
  private var child: ViewNode!
  private var alignment: GtkAlign?
  /// The spacing last set on the box (reading it back is a GTK call per update).
  private var spacing: Int
  /// Whether children were aligned before; a stack whose alignment goes back to `nil`
  /// gives them GTK's fill again.
  private var aligned = false
  private var inherited = InheritedAttributes()

  init(graph: ViewGraph, parent: ViewNode?, stack: Stack) {
    box = Box(orientation: stack.orientation, spacing: stack.spacing)
    alignment = stack.childAlignment
    spacing = stack.spacing
    super.init(graph: graph, parent: parent)
    child = graph.makeNode(for: stack.content, parent: self)
    syncChildren()
    applyInheritedAttributes()
  }

  override func applyInheritedAttributes() {
    inherited.apply(InheritedAttributes(environment), to: box)
  }

  override var childNodes: [ViewNode] { [child] }
  override var widgets: [Widget] { [box] }

  override func update(to view: any View) -> Bool {
    // NB: a metatype comparison, not `view as? Stack` (see `View.whenIs`).
    view.whenIs(Stack.self) { update(stack: $0.pointee) }
  }

  private func update(stack: Stack) {
    isDirty = false
    if spacing != stack.spacing {
      spacing = stack.spacing
      box.spacing = spacing
    }
    let previous = (child: child, alignment: alignment, changes: graph.widgetListChanges)
    alignment = stack.childAlignment
    if let new = replacement(for: child, with: stack.content) { child = new }
    // NB: synced only if a node below swapped its widgets during the update, or the content
    // node or alignment changed: a re-render that keeps every widget does not walk the box's
    // children.
    if graph.widgetListChanges != previous.changes || child !== previous.child
      || alignment != previous.alignment
    {
      syncChildren()
    }
  }

  override func widgetsChanged() {
    // A descendant swapped widgets: re-sync this box; the box itself did not change.
    if child != nil { syncChildren() }
  }

  private func syncChildren() {
    let widgets = child.widgets
    box.setChildren(widgets)
    for case let spacer as SpacerWidget in widgets { spacer.expand(along: box.orientation) }
    guard alignment != nil || aligned else { return }
    aligned = alignment != nil
    let alignment = alignment ?? GTK_ALIGN_FILL
    for widget in widgets {
      if box.orientation == GTK_ORIENTATION_VERTICAL {
        if widget.halign != alignment { widget.halign = alignment }
      } else if widget.valign != alignment {
        widget.valign = alignment
      }
    }
  }

  override func dismantle() {
    child.dismantle()
    super.dismantle()
  }
}
