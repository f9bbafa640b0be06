import CGtk
import Foundation

/// Rows a lazy container hands to GTK as GTK shows them: a lazy `ForEach`.
@MainActor
protocol LazyRows: ViewNode {
  /// GTK shows (`.bind`) or recycles (`.unbind`) the row of `slot`.
  func handle(_ slot: ListViewWidget.Row, _ event: ListViewWidget.RowEvent)
  /// Puts the rows into the host's list view, where the host places them (at the start, or
  /// after the parts before them in a sectioned `List`): once, right after the node is made.
  /// (Dismantling takes them out again.)
  func attach()
}

/// The rows of a ``List`` made lazily: what its selection and Delete key need to know of
/// rows by place, whether GTK shows them or not.
@MainActor
protocol LazyListRows: LazyRows {
  /// How many rows there are.
  var rowCount: Int { get }
  /// The tag the list selects the row at `position` by: its element's id.
  func tag(at position: Int) -> AnyHashable?
  /// The place of the first row whose element's id is `tag`, if any.
  func position(ofTag tag: AnyHashable) -> Int?
  /// The `ForEach`'s `.onDelete` action, if any.
  var deleteAction: ((IndexSet) -> Void)? { get }
  /// Whether the row at `position` is marked `.deleteDisabled(true)` (known for rows GTK
  /// shows; a row GTK does not show cannot be the focused one).
  func isDeleteDisabled(at position: Int) -> Bool
  /// The `ForEach`'s `.onMove` action, if any.
  var moveAction: ((IndexSet, Int) -> Void)? { get }
  /// Whether the row at `position` is marked `.moveDisabled(true)` (known for rows GTK shows;
  /// a row GTK does not show is taken as movable).
  func isMoveDisabled(at position: Int) -> Bool
  /// Whether GTK shows the row at `position` bound to the element there now (GTK 4.12 and
  /// later rebind rows for a change only at the next layout).
  func showsCurrentRow(at position: Int) -> Bool
}

/// The node of a ``LazyVStack``, ``LazyHStack``, ``LazyVGrid`` or ``LazyHGrid``: a
/// `GtkListView` (a `GtkGridView` for a grid) whose rows are the content's, made as GTK shows
/// them when the content is a `ForEach` (``LazyForEachNode``), the content's widgets otherwise.
@MainActor
final class LazyStackNode<Stack: LazyStackView>: ViewNode, LazyRowsHost {
  let listView: ListViewWidget
  private var child: ViewNode!
  private var spacing: Int
  private var alignment: GtkAlign?
  /// A grid's least cell width (height, for a horizontal grid), if any.
  private var cellExtent: Int?
  /// The widgets of content that is not lazy, one per row, as last put in the model.
  private var eagerRows: [Widget] = []
  private var inherited = InheritedAttributes()

  init(graph: ViewGraph, parent: ViewNode?, stack: Stack) {
    let grid = stack.gridItems.map(GridItem.layout(of:))
    listView = ListViewWidget(orientation: stack.orientation, columns: grid?.columns)
    cellExtent = grid?.cellWidth
    spacing = stack.spacing
    alignment = stack.rowAlignment
    super.init(graph: graph, parent: parent)
    ListCSS.install()
    listView.addCSSClass(ListCSS.lazyStackClass)
    listView.rowsAreStops = false
    listView.rowHandler = { [weak self] slot, event in self?.handle(slot, event) }
    child = graph.makeNode(for: stack.content, parent: self)
    showContent()
    applyInheritedAttributes()
  }

  override var childNodes: [ViewNode] { [child] }
  override var widgets: [Widget] { [listView] }

  override func applyInheritedAttributes() {
    inherited.apply(InheritedAttributes(environment), to: listView)
  }

  private func handle(_ slot: ListViewWidget.Row, _ event: ListViewWidget.RowEvent) {

    if let lazy = child as? any LazyRows {
      lazy.handle(slot, event)
    } else if event == .bind, eagerRows.indices.contains(slot.position) {
      listView.show([eagerRows[slot.position]], in: slot.item)
    } else if event == .unbind {
      listView.show([], in: slot.item)
    }
    if event == .bind {
      listView.layOut(slot.box, spacing: spacing, cellExtent: cellExtent, alignment: alignment)
    }
  }

  /// Puts new content's rows into the empty list view.
  private func showContent() {
    if let lazy = child as? any LazyRows { lazy.attach() } else { syncEagerRows() }
  }

  /// Content that is not lazy: its widgets become the rows, all at once.
  private func syncEagerRows() {
    let widgets = child.widgets
    guard widgets.map(\.pointer) != eagerRows.map(\.pointer) else { return }
    let old = eagerRows.count
    eagerRows = widgets
    listView.splice(at: 0, removed: old, added: widgets.count)
  }

  override func update(to view: any View) -> Bool {
    guard let stack = view as? Stack, stack.orientation == listView.orientation,
      (stack.gridItems != nil) == listView.isGrid
    else { return false }
    isDirty = false
    spacing = stack.spacing
    alignment = stack.rowAlignment
    if let items = stack.gridItems {
      let grid = GridItem.layout(of: items)
      listView.setColumns(grid.columns)
      cellExtent = grid.cellWidth
    }
    if let new = replacement(for: child, with: stack.content) {
      // NB: lazy content that left took its rows out when it was dismantled.
      child = new
      if !eagerRows.isEmpty {
        listView.splice(at: 0, removed: eagerRows.count, added: 0)
        eagerRows = []
      }
      showContent()
    } else if !(child is any LazyRows) {
      syncEagerRows()
    }
    return true
  }

  override func widgetsChanged() {
    guard child != nil, !(child is any LazyRows) else { return }
    syncEagerRows()
  }

  override func dismantle() {
    listView.rowHandler = nil
    child.dismantle()
    super.dismantle()
  }
}
