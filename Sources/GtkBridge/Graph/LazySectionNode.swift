/// The node of a ``Section`` in a lazy ``List`` (``LazyListNode``): its header and footer are
/// rows of the list's model around its `ForEach`'s rows, which GTK makes as it shows them.
///
/// The section puts no widgets anywhere itself: the list shows the header's and footer's
/// widgets in the label rows GTK binds, and the `ForEach` (a ``LazyForEachNode``, whose host
/// this node is) its rows at the offset the list gives it.
@MainActor
final class LazySectionNode<Parent: View, Content: View, Footer: View>: ViewNode, LazyRowsHost,
  LazyListSegmentNode
{
  private var header: ViewNode?
  private var rows: ViewNode!
  private var footer: ViewNode?
  let listView: ListViewWidget

  init(graph: ViewGraph, parent: ViewNode, section: Section<Parent, Content, Footer>) {
    listView = (parent as! any LazyRowsHost).listView
    super.init(graph: graph, parent: parent)
    header = Self.label(section.header).map { graph.makeNode(for: $0, parent: self) }
    rows = graph.makeNode(for: section.content, parent: self)
    footer = Self.label(section.footer).map { graph.makeNode(for: $0, parent: self) }
    styleLabels()
  }

  /// A header or footer that shows something: `EmptyView` (a section without one) makes no row.
  private static func label<Label: View>(_ view: Label?) -> Label? {
    Label.self == EmptyView.self ? nil : view
  }

  var sectionParts: (header: ViewNode?, rows: ViewNode, footer: ViewNode?) {
    (header, rows, footer)
  }

  override var environment: EnvironmentValues {
    var environment = parent?.environment ?? EnvironmentValues()
    // As in a list box's section (``SectionNode``): the rows' own views are no longer
    // directly in the list.
    environment.containerRole = .none
    return environment
  }

  override var childNodes: [ViewNode] { [header, rows, footer].compactMap { $0 } }

  /// The list shows the labels and rows; the section itself adds no widget.
  override var widgets: [Widget] { [] }

  private var listHost: (any LazyRowsHost)? { parent as? any LazyRowsHost }

  func offset(ofRows rows: ViewNode) -> Int { listHost?.offset(ofRows: rows) ?? 0 }

  func splice(rows: ViewNode, at position: Int, removed: Int, added: Int) {
    listHost?.splice(rows: rows, at: position, removed: removed, added: added)
  }

  /// Styles the labels as a list box's section does: heading and caption, dimmed.
  private func styleLabels() {
    for widget in header?.widgets ?? [] { widget.styleAsSectionLabel(footer: false) }
    for widget in footer?.widgets ?? [] { widget.styleAsSectionLabel(footer: true) }
  }

  /// Returns false when the section gained or lost its header or footer: the list makes its
  /// parts again.
  override func update(to view: any View) -> Bool {
    guard let section = view as? Section<Parent, Content, Footer>,
      (Self.label(section.header) == nil) == (header == nil),
      (Self.label(section.footer) == nil) == (footer == nil)
    else { return false }
    isDirty = false
    let changes = graph.widgetListChanges
    if let header, let view = section.header, let new = replacement(for: header, with: view) {
      self.header = new
    }
    if let new = replacement(for: rows, with: section.content) { rows = new }
    if let footer, let view = section.footer, let new = replacement(for: footer, with: view) {
      self.footer = new
    }
    if graph.widgetListChanges != changes { widgetsChanged() }
    return true
  }

  /// A label's widgets changed (a branch in the header flipped): styled, then shown again by
  /// the list in the rows GTK shows them in.
  override func widgetsChanged() {
    guard rows != nil else { return }
    styleLabels()
    parent?.widgetsChanged()
  }

  override func dismantle() {
    for child in childNodes { child.dismantle() }
    super.dismantle()
  }
}
