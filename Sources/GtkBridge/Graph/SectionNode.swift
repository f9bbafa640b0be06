import CGtk

/// The node of a ``Section``: in a `List`, its header, rows and footer go to the list (which
/// makes the labels row headers);
/// elsewhere, a box of header, boxed `GtkListBox` of rows and footer.
@MainActor
final class SectionNode<Parent: View, Content: View, Footer: View>: ViewNode {
  private var header: ViewNode?
  private var content: ViewNode!
  private var footer: ViewNode?
  /// The section's own box and list, unless it is flattened into a `List`.
  private let box: Box?
  private let list: ListBoxWidget?
  private var inherited = InheritedAttributes()

  init(graph: ViewGraph, parent: ViewNode?, section: Section<Parent, Content, Footer>) {
    let flattened = parent?.environment.containerRole == .list
    box = flattened ? nil : Box(orientation: GTK_ORIENTATION_VERTICAL, spacing: 6)
    list = flattened ? nil : ListBoxWidget(role: .form)
    super.init(graph: graph, parent: parent)
    box?.addCSSClass(ListCSS.sectionClass)
    header = section.header.map { graph.makeNode(for: $0, parent: self) }
    content = graph.makeNode(for: section.content, parent: self)
    footer = section.footer.map { graph.makeNode(for: $0, parent: self) }
    sync()
    applyInheritedAttributes()
  }

  override var environment: EnvironmentValues {
    var environment = parent?.environment ?? EnvironmentValues()
    // The rows' own views (a section in a row) are no longer directly in the list.
    environment.containerRole = .none
    return environment
  }

  override var childNodes: [ViewNode] { [header, content, footer].compactMap { $0 } }

  private var headerWidgets: [Widget] { header?.widgets ?? [] }
  private var footerWidgets: [Widget] { footer?.widgets ?? [] }

  override var widgets: [Widget] {
    if let box { return [box] }
    return headerWidgets + content.widgets + footerWidgets
  }

  override func applyInheritedAttributes() {
    if let box { inherited.apply(InheritedAttributes(environment), to: box) }
  }

  /// Styles the header's and footer's labels and, for a boxed section, places the widgets.
  private func sync() {
    for widget in headerWidgets { style(widget, footer: false) }
    for widget in footerWidgets { style(widget, footer: true) }
    guard let box, let list else { return }
    let rows = content.widgets
    list.setChildren(rows.map(\.pointer))
    gtk_widget_set_visible(list.pointer, rows.isEmpty ? 0 : 1)
    box.setChildren(headerWidgets + [list] + footerWidgets)
  }

  private func style(_ widget: Widget, footer: Bool) {
    let labelClass = footer ? ListCSS.footerClass : ListCSS.headerClass
    // NB: the widget itself is marked, so a List knows its row holds a header or footer.
    widget.addCSSClass(labelClass)
    for label in widget.gtkDescendants(ofType: gtk_label_get_type()) {
      ListCSS.styleLabel(label, footer: footer)
    }
  }

  override func update(to view: any View) -> Bool {
    guard let section = view as? Section<Parent, Content, Footer> else { return false }
    // The layout is chosen when the node is made; a section moved in or out of a List is new.
    if (box == nil) != (parent?.environment.containerRole == .list) { return false }
    isDirty = false
    let changes = graph.widgetListChanges
    header = updated(header, with: section.header)
    if let new = replacement(for: content, with: section.content) { content = new }
    footer = updated(footer, with: section.footer)
    if graph.widgetListChanges != changes { changedWidgets() }
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

  private func changedWidgets() {
    sync()
    // Flattened into a List, the list re-syncs its rows.
    if box == nil { parent?.widgetsChanged() }
  }

  override func widgetsChanged() {
    guard content != nil else { return }
    changedWidgets()
  }

  override func dismantle() {
    for child in childNodes { child.dismantle() }
    super.dismantle()
  }
}
