import CGtk

/// The node of a ``NavigationSplitView``: a horizontal `GtkPaned` with the sidebar's column
/// at the start and the detail's at the end, or, with a content column, a second paned
/// (content, detail) at the end. Each column is a vertical box of its views' widgets.
///
/// NB: hidden columns stay in the window, hidden: a focus request for a field in one is
/// refused (the focus state reads the truth), as for any hidden view.
///
/// The header bar gets a sidebar toggle (macOS puts one in the toolbar of every split view):
/// it writes `columnVisibility` (`.detailOnly`, or `.doubleColumn` with three columns, then
/// `.all`), or, without a binding, the split view's own visibility.
@MainActor
final class NavigationSplitNode<Sidebar: View, Content: View, Detail: View>: ViewNode {
  private let paned: PanedWidget
  /// The content column's paned (content, detail); `nil` with two columns.
  private let inner: PanedWidget?
  private let columns: [Box]
  /// The sidebar, the content (with three columns) and the detail, as `columns`.
  private var children: [ViewNode] = []
  private var columnVisibility: Binding<NavigationSplitViewVisibility>?
  /// The visibility the toggle chose when the app passed no binding.
  private var ownVisibility = NavigationSplitViewVisibility.automatic
  private var sidebarToggle: SidebarToggleButton?
  private var inherited = InheritedAttributes()

  init(
    graph: ViewGraph, parent: ViewNode?, view: NavigationSplitView<Sidebar, Content, Detail>
  ) {
    let hasContent = view.content != nil
    columns = (0..<(hasContent ? 3 : 2)).map { _ in
      Box(orientation: GTK_ORIENTATION_VERTICAL, spacing: 0)
    }
    // NB: no column shrinks below what its widgets need, so no field is cut off.
    paned = PanedWidget(start: columns[0], end: nil)
    inner = hasContent ? PanedWidget(start: columns[1], end: columns[2]) : nil
    paned.setEndChild(inner ?? columns[1])
    // The leading columns start at their natural width (at least 160 pixels for the sidebar)
    // and keep it as the window grows; the detail takes the rest.
    paned.resizesStartChild = false
    inner?.resizesStartChild = false
    for column in columns {
      column.hexpand = true
      column.vexpand = true
    }
    columns[0].setSizeRequest(width: 160, height: -1)
    columnVisibility = view.columnVisibility
    super.init(graph: graph, parent: parent)
    children.append(graph.makeNode(for: view.sidebar, parent: self))
    if let content = view.content { children.append(graph.makeNode(for: content, parent: self)) }
    children.append(graph.makeNode(for: view.detail, parent: self))
    syncColumns()
    sidebarToggle = SidebarToggleButton { [weak self] shows in self?.toggleSidebar(shows) }
    applyVisibility()
    applyInheritedAttributes()
    graph.chrome?.register(self)
  }

  /// The user's click on the toggle (or F9): the sidebar shows or hides, through the binding.
  private func toggleSidebar(_ shows: Bool) {
    let visibility: NavigationSplitViewVisibility =
      shows ? .all : inner != nil ? .doubleColumn : .detailOnly
    if let columnVisibility {
      // The write re-runs `applyVisibility` (tracked), which may also find the app kept
      // another value and set the button back.
      columnVisibility.wrappedValue = visibility
      MainLoop.performOutsideUpdate { [weak self] in self?.applyVisibility() }
    } else {
      ownVisibility = visibility
      applyVisibility()
    }
  }

  override var childNodes: [ViewNode] { children }
  override var widgets: [Widget] { [paned] }

  override func applyInheritedAttributes() {
    inherited.apply(InheritedAttributes(environment), to: paned)
  }

  override func update(to view: any View) -> Bool {
    guard let view = view as? NavigationSplitView<Sidebar, Content, Detail>,
      (view.content != nil) == (children.count == 3)
    else { return false }
    isDirty = false
    columnVisibility = view.columnVisibility
    let previous = (children: children, changes: graph.widgetListChanges)
    var views: [any View] = [view.sidebar]
    if let content = view.content { views.append(content) }
    views.append(view.detail)
    for (index, column) in views.enumerated() {
      if let new = replacement(for: children[index], with: column) { children[index] = new }
    }
    if graph.widgetListChanges != previous.changes
      || zip(children, previous.children).contains(where: { $0 !== $1 })
    {
      syncColumns()
    }
    applyVisibility()
    return true
  }

  override func reevaluate() {
    applyVisibility()
  }

  override func widgetsChanged() {
    if children.count == columns.count { syncColumns() }
  }

  private func syncColumns() {
    // One view (a list, a form) fills its column.
    for (column, child) in zip(columns, children) { column.setChildren(filling: child.widgets) }
  }

  /// Shows the columns the binding asks for; tracked, so the app's write re-runs it.
  private func applyVisibility() {
    isDirty = false
    let visibility: NavigationSplitViewVisibility
    if let columnVisibility {
      visibility = tracking { columnVisibility.wrappedValue }
    } else {
      stopTracking()
      visibility = ownVisibility
    }
    let shows = visibility.shows(hasContent: inner != nil)
    sidebarToggle?.isActive = shows.sidebar
    setVisible(columns[0], shows.sidebar)
    if inner != nil { setVisible(columns[1], shows.content) }
  }

  private func setVisible(_ column: Box, _ visible: Bool) {
    if column.isVisible != visible {
      // NB: focus inside leaves as for any hidden view (the coordinator sees the unmap).
      column.isVisible = visible
    }
  }

  override func dismantle() {
    for child in children { child.dismantle() }
    graph.chrome?.unregister(self)
    super.dismantle()
  }
}

extension NavigationSplitNode: ToolbarContributor {
  var toolbarItems: [(placement: ToolbarItemPlacement, widgets: [Widget])] {
    guard let sidebarToggle else { return [] }
    return [(.navigation, [sidebarToggle])]
  }
}
