/// The node of a container that shows its content's widgets as rows: an eager ``List``
/// (``ListNode``), a ``Form`` (``FormNode``) and a ``Section`` (``SectionNode``).
///
/// What the three share lives here: the content's views see the container's role in the
/// environment (a section lays itself out by it), the inherited attributes (`.disabled`,
/// `.hidden()`) go on the container's widget, and each time the content's widget list changes
/// the container places the widgets again, its own way (``syncRows()``). A section flattened
/// into a `List` has no widget of its own: its widgets are its content's, which the list
/// places, so a change is passed up to it.
///
/// Subclasses make their content nodes after `init`, then call ``contentMade()``; they update
/// them inside ``updateContent(_:)``. No GTK call here: the widgets are handles from
/// `Widgets/` (``ListBoxWidget``, ``ScrolledWindowWidget``, ``Box``).
@MainActor
class RowsContainerNode: ViewNode {
  /// The container's widget; nil for a section whose rows are a `List`'s.
  let container: Widget?
  /// The role the content's views see.
  private let contentRole: ContainerRole
  private var inherited = InheritedAttributes()
  /// Whether the content nodes are made: while one is being made, it may report a change
  /// before the subclass holds it.
  private var isContentMade = false

  init(graph: ViewGraph, parent: ViewNode?, container: Widget?, contentRole: ContainerRole) {
    self.container = container
    self.contentRole = contentRole
    super.init(graph: graph, parent: parent)
  }

  override var environment: EnvironmentValues {
    var environment = parent?.environment ?? EnvironmentValues()
    environment.containerRole = contentRole
    return environment
  }

  override func applyInheritedAttributes() {
    if let container { inherited.apply(InheritedAttributes(environment), to: container) }
  }

  override var widgets: [Widget] {
    if let container { return [container] }
    return rowWidgets
  }

  /// The content's widgets, in order: what the container places.
  var rowWidgets: [Widget] { childNodes.flatMap(\.widgets) }

  /// Places ``rowWidgets`` in the container (or styles them, for a flattened section).
  func syncRows() {}

  /// Places the rows once the subclass's content nodes are made.
  final func contentMade() {
    isContentMade = true
    syncRows()
    applyInheritedAttributes()
  }

  /// Runs `update`, which updates or replaces the content nodes, then places the rows again
  /// when the content's widget list changed (a node replaced, added or dropped, or a
  /// `ForEach` inside changed its rows); returns whether it did.
  @discardableResult
  final func updateContent(_ update: () -> Void) -> Bool {
    isDirty = false
    let changes = graph.widgetListChanges
    let nodes = childNodes.map(ObjectIdentifier.init)
    update()
    guard graph.widgetListChanges != changes || childNodes.map(ObjectIdentifier.init) != nodes
    else { return false }
    rowsChanged()
    return true
  }

  override func widgetsChanged() {
    guard isContentMade else { return }
    rowsChanged()
  }

  private func rowsChanged() {
    syncRows()
    if container == nil { parent?.widgetsChanged() }
  }

  override func dismantle() {
    for child in childNodes { child.dismantle() }
    super.dismantle()
  }
}
