import CGtk

/// The node of a ``Section``: in a `List`, its header, rows and footer go to the list (which
/// makes the labels row headers);
/// elsewhere, a box of header, boxed ``ListBoxWidget`` of rows and footer.
@MainActor
final class SectionNode<Parent: View, Content: View, Footer: View>: RowsContainerNode {
  private var header: ViewNode?
  private var content: ViewNode!
  private var footer: ViewNode?
  /// The section's own list, unless it is flattened into a `List` (then it has no box).
  private let list: ListBoxWidget?

  init(graph: ViewGraph, parent: ViewNode?, section: Section<Parent, Content, Footer>) {
    let flattened = parent?.environment.containerRole == .list
    let box = flattened ? nil : Box(orientation: GTK_ORIENTATION_VERTICAL, spacing: 6)
    list = flattened ? nil : ListBoxWidget(role: .form)
    // The rows' own views (a section in a row) are no longer directly in the list.
    super.init(graph: graph, parent: parent, container: box, contentRole: .none)
    box?.addCSSClass(ListCSS.sectionClass)
    header = section.header.map { graph.makeNode(for: $0, parent: self) }
    content = graph.makeNode(for: section.content, parent: self)
    footer = section.footer.map { graph.makeNode(for: $0, parent: self) }
    contentMade()
  }

  override var childNodes: [ViewNode] { [header, content, footer].compactMap { $0 } }

  private var headerWidgets: [Widget] { header?.widgets ?? [] }
  private var footerWidgets: [Widget] { footer?.widgets ?? [] }

  /// Styles the header's and footer's labels and, for a boxed section, places the widgets.
  override func syncRows() {
    for widget in headerWidgets { ListBoxWidget.markSectionLabel(widget, footer: false) }
    for widget in footerWidgets { ListBoxWidget.markSectionLabel(widget, footer: true) }
    guard let box = container as? Box, let list else { return }
    let rows = content.widgets
    list.setChildren(rows.map(\.pointer))
    list.isVisible = !rows.isEmpty
    box.setChildren(headerWidgets + [list] + footerWidgets)
  }

  override func update(to view: any View) -> Bool {
    guard let section = view as? Section<Parent, Content, Footer> else { return false }
    // The layout is chosen when the node is made; a section moved in or out of a List is new.
    if (container == nil) != (parent?.environment.containerRole == .list) { return false }
    updateContent {
      header = updated(header, with: section.header)
      if let new = replacement(for: content, with: section.content) { content = new }
      footer = updated(footer, with: section.footer)
    }
    return true
  }

  private func updated(_ node: ViewNode?, with view: (any View)?) -> ViewNode? {
    switch (node, view) {
    case (let node?, let view?):
      if let new = replacement(for: node, with: view) { return new }
      return node
    case (nil, let view?):
      graph.widgetListChanges += 1
      return graph.makeNode(for: view, parent: self)
    case (let node?, nil):
      node.dismantle()
      graph.widgetListChanges += 1
      return nil
    case (nil, nil):
      return nil
    }
  }
}
