import CGtk
import Foundation

/// The node of a ``List`` whose rows are not one `ForEach` (static rows, sections, tagged
/// rows): a ``ListBoxWidget`` in a scrolled window, a row per content widget, and the
/// selection kept in step with the binding both ways.
@MainActor
final class ListNode<SelectionValue: Hashable, Content: View>: RowsContainerNode,
  SelectingContainer
{
  let list: ListBoxWidget
  private var child: ViewNode!
  private var selection: ListSelection?
  /// The tag of each row's widget, as of the last sync.
  private var tags: [UnsafeMutablePointer<GtkWidget>: AnyHashable] = [:]
  private var styleClass: String?
  /// The rows a drag is moving, while it lasts: their `ForEach` and their widgets.
  private var dragged: (owner: any DeletableRows, widgets: [UnsafeMutablePointer<GtkWidget>])?

  init(graph: ViewGraph, parent: ViewNode?, list view: List<SelectionValue, Content>) {
    list = ListBoxWidget(role: .list)
    selection = view.selection
    super.init(
      graph: graph, parent: parent, container: ScrolledWindowWidget(scrollingVertically: list),
      contentRole: .list)
    list.onUserSelection = { [weak self] in self?.userSelected() }
    // Delete and Backspace on a focused row, for the `.onDelete` of the rows' `ForEach`.
    list.onKeyPress = { [weak self] key in self?.deleteFocusedRow(key) ?? false }
    child = graph.makeNode(for: view.content, parent: self)
    applyStyle()
    contentMade()
  }

  override var childNodes: [ViewNode] { [child] }

  /// The `.listStyle` above, as a style class on the list box.
  private func applyStyle() {
    let wanted = environment[ListStyleClassKey.self]
    guard wanted != styleClass else { return }
    if let styleClass { list.removeCSSClass(styleClass) }
    list.addCSSClass(wanted)
    if wanted == "boxed-list" { ListCSS.install() }
    styleClass = wanted
  }

  /// Makes the rows the content's widgets (rows leaving take their selection with them: no
  /// choice of the user's), selectable when tagged, then selects what the binding holds.
  override func syncRows() {
    let widgets = rowWidgets
    list.setChildren(widgets.map(\.pointer))
    let byWidget = child.widgetTags
    tags = [:]
    for widget in widgets {
      let tag = byWidget[ObjectIdentifier(widget)]
      tags[widget.pointer] = tag
      list.setSelectable(widget.pointer, tag != nil)
    }
    applySelection()
    updateRowMoves()
  }

  /// Selects the rows whose tags the binding holds; tracked, so a write re-runs it.
  private func applySelection() {
    isDirty = false
    guard let selection else {
      // NB: a binding taken away must not re-run this for the state it read.
      stopTracking()
      list.selectionMode = .none
      return
    }
    let wanted = tracking { selection.read() }
    list.selectionMode = selection.allowsMultiple ? .multiple : .single
    list.select(Set(tags.filter { wanted.contains($0.value) }.keys))
  }

  private func userSelected() {
    guard let selection else { return }
    let selected = Set(list.selectedChildren.compactMap { tags[$0] })
    MainLoop.performOutsideUpdate { [weak self] in
      selection.write(selected)
      // The list shows what the binding holds, also when its setter refused the choice.
      guard let self, !self.isDismantled else { return }
      self.applySelection()
    }
  }

  /// macOS's Delete in a list: with a row focused, the `.onDelete` of the `ForEach` the row
  /// comes from runs with the row's offset (with the offsets of every selected row of that
  /// `ForEach`, when the focused row is one of them). Only a focused row: a control inside a
  /// row keeps its keys (a text field's Backspace deletes text, as on a Mac).
  private func deleteFocusedRow(_ key: KeyEquivalent) -> Bool {
    guard key == .delete || key == .deleteForward, let focusedChild = list.focusedRowChild
    else { return false }
    // NB: the innermost `ForEach` the row comes from decides (nodes are visited outside in):
    // in `ForEach(groups) { Section { ForEach(group.items) { … } } }` a row is an item, and
    // the groups' `.onDelete` does not delete a whole group for it.
    var owner: (any DeletableRows)?
    var undeletable = Set<UnsafeMutablePointer<GtkWidget>>()
    visitOwnNodes { node in
      if let rows = node as? any DeletableRows, rows.offset(ofRowWith: focusedChild) != nil {
        owner = rows
      }
      if let marked = node as? any DeleteDisabledNode, marked.isDeleteDisabled {
        for widget in node.widgets { undeletable.insert(widget.pointer) }
      }
    }
    guard let owner, let action = owner.deleteAction, !undeletable.contains(focusedChild),
      let offset = owner.offset(ofRowWith: focusedChild)
    else { return false }
    let selected = list.selectedChildren.filter { !undeletable.contains($0) }.compactMap {
      owner.offset(ofRowWith: $0)
    }
    let offsets = selected.contains(offset) ? IndexSet(selected) : IndexSet(integer: offset)
    let before = list.children
    let wasSelected = selected.contains(offset)
    UpdateScheduler.shared.performOutsideUpdate { action(offsets) }
    UpdateScheduler.shared.enqueueAfterPass { [weak self] in
      self?.keepFocusAfterDeleting(focusedChild, from: before, select: wasSelected)
    }
    return true
  }

  /// As on a Mac, the list keeps the keyboard after Delete removed its focused row: the row
  /// that took its place (the next one left, else the one before) takes focus, or the list
  /// itself once it is empty. When the removed row was selected, the new one is selected
  /// (and the binding written), as a Mac's list moves its selection on; otherwise the
  /// selection stays. Nothing moves when the row stayed or the action put focus elsewhere.
  private func keepFocusAfterDeleting(
    _ removed: UnsafeMutablePointer<GtkWidget>, from before: [UnsafeMutablePointer<GtkWidget>],
    select: Bool
  ) {
    guard !isDismantled, let coordinator = focusCoordinator, coordinator.focusWidget == nil,
      let index = before.firstIndex(of: removed)
    else { return }
    let remaining = list.children
    guard !remaining.contains(removed) else { return }
    // NB: not `FocusCoordinator.canTakeFocus`: the window refuses focus for the frame after
    // the focused row left (GTK's delayed move held off) until `grab` lets it.
    let canFocus = list.canFocusRow(of:)
    let next =
      before[(index + 1)...].first(where: canFocus) ?? before[..<index].last(where: canFocus)
      ?? remaining.first(where: canFocus)
    guard let next, let nextRow = list.row(of: next) else {
      _ = coordinator.grab(list, origin: .user)
      return
    }
    _ = coordinator.grab(nextRow, origin: .user)
    if select, selection != nil {
      list.select([next])
      // The binding hears of it as of a click.
      userSelected()
    }
  }

  // MARK: Moving rows

  /// Lets the user drag rows while some `ForEach` of the content has `.onMove`.
  private func updateRowMoves() {
    var movable = false
    visitOwnNodes { node in
      if let rows = node as? any DeletableRows, rows.moveAction != nil { movable = true }
    }
    guard movable != (list.rowMoves != nil) else { return }
    list.rowMoves =
      movable
      ? RowMoves(
        begin: { [weak self] in self?.beginMove(from: $0) ?? false },
        canDrop: { [weak self] in self?.destination(at: $0, $1) != nil },
        drop: { [weak self] in self?.dropMoved(at: $0, $1) ?? false },
        end: { [weak self] in self?.dragged = nil }) : nil
  }

  /// The innermost `ForEach` `child` is a row of, and the widgets of rows marked
  /// `.moveDisabled(true)`.
  private func moveOwner(of child: UnsafeMutablePointer<GtkWidget>) -> (
    owner: (any DeletableRows)?, fixed: Set<UnsafeMutablePointer<GtkWidget>>
  ) {
    var owner: (any DeletableRows)?
    var fixed = Set<UnsafeMutablePointer<GtkWidget>>()
    visitOwnNodes { node in
      if let rows = node as? any DeletableRows, rows.offset(ofRowWith: child) != nil {
        owner = rows
      }
      if let marked = node as? any MoveDisabledNode, marked.isMoveDisabled {
        for widget in node.widgets { fixed.insert(widget.pointer) }
      }
    }
    return (owner, fixed)
  }

  /// A drag starts from the row of `child`: it moves when its `ForEach` has `.onMove` and the
  /// row is not `.moveDisabled(true)`; with it, every selected row of the same `ForEach` that
  /// may move, when it is selected (as on a Mac).
  private func beginMove(from child: UnsafeMutablePointer<GtkWidget>) -> Bool {
    let (owner, fixed) = moveOwner(of: child)
    guard let owner, owner.moveAction != nil, !fixed.contains(child) else { return false }
    let selected = list.selectedChildren
    let widgets =
      selected.contains(child)
      ? selected.filter { !fixed.contains($0) && owner.offset(ofRowWith: $0) != nil } : [child]
    dragged = (owner, widgets)
    return true
  }

  /// The offset the rows dragged go before, dropped at `edge` of the row of `child` (in the
  /// data as it is before the move, as `onMove` takes it): none outside their own `ForEach`.
  private func destination(at child: UnsafeMutablePointer<GtkWidget>, _ edge: RowDragging.Edge)
    -> Int?
  {
    guard let (owner, _) = dragged, let offset = owner.offset(ofRowWith: child) else {
      return nil
    }
    return edge == .before ? offset : offset + 1
  }

  /// Runs `.onMove` for the rows dragged, dropped at `edge` of the row of `child`; a drop
  /// that leaves every row where it is runs nothing. The rows keep their widgets (and the
  /// focus in them): the list box reorders its rows.
  private func dropMoved(at child: UnsafeMutablePointer<GtkWidget>, _ edge: RowDragging.Edge)
    -> Bool
  {
    guard let (owner, widgets) = dragged, let action = owner.moveAction,
      let destination = destination(at: child, edge)
    else { return false }
    let offsets = IndexSet(widgets.compactMap(owner.offset(ofRowWith:)))
    return RowMoveOffsets.drop(offsets, at: destination, running: action)
  }

  override func reevaluate() {
    applySelection()
  }

  override func update(to view: any View) -> Bool {
    guard let view = view as? List<SelectionValue, Content> else { return false }
    selection = view.selection
    applyStyle()
    let synced = updateContent {
      if let new = replacement(for: child, with: view.content) { child = new }
    }
    // A new binding, or rows that stayed: the selection (and a `ForEach`'s `.onMove`) may
    // differ all the same. Rows synced did both (`syncRows`): each walks every row's nodes.
    if !synced {
      applySelection()
      updateRowMoves()
    }
    return true
  }

  override func dismantle() {
    list.onUserSelection = nil
    list.onKeyPress = nil
    list.rowMoves = nil
    super.dismantle()
  }
}
