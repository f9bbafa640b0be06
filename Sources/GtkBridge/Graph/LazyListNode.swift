import CGtk
import Foundation

/// The node of a ``List`` whose content is one `ForEach` (`List(items) { … }`,
/// `List { ForEach($items) { … }.onDelete { … } }`): a `GtkListView` that makes rows only as
/// GTK shows them (``LazyForEachNode``), so a list of 100,000 rows opens as fast as GTK's own
/// list view and a change costs the rows that changed.
///
/// It keeps the rules of the list box behind other lists (``ListNode``): one Tab stop, then
/// the controls in the rows (``ListViewTabStopType``); selection both ways, single or
/// multiple, by the rows' ids; Delete on a focused row runs `.onDelete` and the focus stays in
/// the list. What differs, because rows GTK does not show do not exist: Tab reaches the
/// controls in the rows on screen only, and a `.tag` inside a row does not change what
/// selects it (the element's id does).
@MainActor
final class LazyListNode<SelectionValue: Hashable, Content: View>: ViewNode, LazyRowsHost {
  private let scrolled: ScrolledWindowWidget
  let listView: ListViewWidget
  private var child: ViewNode!
  private var selection: ListSelection?
  private var inherited = InheritedAttributes()
  private var styleClass: String?
  /// Delete and Backspace on a focused row, for the `ForEach`'s `.onDelete`.

  init(graph: ViewGraph, parent: ViewNode?, list view: List<SelectionValue, Content>) {
    scrolled = ScrolledWindowWidget(horizontal: false)
    listView = ListViewWidget(orientation: GTK_ORIENTATION_VERTICAL, tabStops: true)
    selection = view.selection
    super.init(graph: graph, parent: parent)
    scrolled.setScrolling(horizontal: false, vertical: true, showsIndicators: true)
    scrolled.propagatesNaturalHeight = true
    scrolled.setContent([listView])
    listView.rowHandler = { [weak self] slot, event in
      guard let self, let rows = self.child as? any LazyRows else { return }
      rows.handle(slot, event)
    }
    listView.onUserSelection = { [weak self] in self?.userSelected() }
    listView.onKeyPress = { [weak self] key in self?.deleteFocusedRow(key) ?? false }
    child = graph.makeNode(for: view.content, parent: self)
    (child as? any LazyRows)?.attach()
    applyStyle()
    applySelection()
    applyInheritedAttributes()
  }

  private var rows: (any LazyListRows)? { child as? any LazyListRows }

  override var environment: EnvironmentValues {
    var environment = parent?.environment ?? EnvironmentValues()
    environment.containerRole = .list
    return environment
  }

  override func applyInheritedAttributes() {
    inherited.apply(InheritedAttributes(environment), to: scrolled)
  }

  override var childNodes: [ViewNode] { [child] }
  override var widgets: [Widget] { [scrolled] }

  /// The `.listStyle` above, as a style class on the list view.
  private func applyStyle() {
    let wanted = environment[ListStyleClassKey.self]
    guard wanted != styleClass else { return }
    if let styleClass { listView.removeCSSClass(styleClass) }
    listView.addCSSClass(wanted)
    ListCSS.install()
    styleClass = wanted
  }

  /// Selects the rows whose ids the binding holds; tracked, so a write re-runs it.
  private func applySelection() {
    isDirty = false
    guard let selection else {
      // NB: a binding taken away must not re-run this for the state it read.
      stopTracking()
      listView.selectionMode = .none
      return
    }
    let wanted = tracking { selection.read() }
    listView.selectionMode = selection.allowsMultiple ? .multiple : .single
    guard let rows else { return }
    listView.select(Set(wanted.compactMap(rows.position(ofTag:))))
  }

  private func userSelected() {
    guard let selection, let rows else { return }
    let selected = Set(listView.selectedPositions.compactMap(rows.tag(at:)))
    MainLoop.performOutsideUpdate { [weak self] in
      selection.write(selected)
      // The list shows what the binding holds, also when its setter refused the choice.
      guard let self, !self.isDismantled else { return }
      self.applySelection()
    }
  }

  /// macOS's Delete in a list: with a row focused, the `ForEach`'s `.onDelete` runs with the
  /// row's offset (with the offsets of every selected row, when the focused row is one of
  /// them). Only a focused row: a control inside a row keeps its keys.
  private func deleteFocusedRow(_ key: KeyEquivalent) -> Bool {
    guard key == .delete || key == .deleteForward, let rows, let action = rows.deleteAction,
      let offset = listView.focusedRowPosition, !rows.isDeleteDisabled(at: offset)
    else { return false }
    let selected = listView.selectedPositions.filter { !rows.isDeleteDisabled(at: $0) }
    let wasSelected = selected.contains(offset)
    let offsets = wasSelected ? IndexSet(selected) : IndexSet(integer: offset)
    let count = rows.rowCount
    UpdateScheduler.shared.performOutsideUpdate { action(offsets) }
    UpdateScheduler.shared.enqueueAfterPass { [weak self] in
      guard let self, let rows = self.rows else { return }
      // GTK 4.8 binds the rows for the change at once; 4.12 and later at the next layout.
      let next = min(offset, rows.rowCount - 1)
      if next < 0 || rows.showsCurrentRow(at: next) {
        self.keepFocusAfterDeleting(at: offset, count: count, select: wasSelected)
      } else {
        self.listView.afterRowsUpdate { [weak self] in
          self?.keepFocusAfterDeleting(at: offset, count: count, select: wasSelected)
        }
      }
    }
    return true
  }

  /// As on a Mac, the list keeps the keyboard after Delete removed its focused row: the row
  /// that took its place (else the one before) takes focus, or the list itself once it is
  /// empty. When the removed row was selected, the new one is selected (and the binding
  /// written). Nothing moves when no row left or focus went elsewhere meanwhile (the action,
  /// or the user before GTK's next layout).
  private func keepFocusAfterDeleting(at offset: Int, count: Int, select: Bool) {
    guard !isDismantled, let rows, rows.rowCount < count, let coordinator = focusCoordinator,
      coordinator.focusWidget == nil || listView.holdsFocus
    else { return }
    guard rows.rowCount > 0 else {
      _ = coordinator.grab(listView, origin: .user)
      return
    }
    let next = min(offset, rows.rowCount - 1)
    listView.scrollTo(next)
    // NB: the window refuses focus until its next frame after the focused row left (the
    // coordinator holds GTK's own delayed move off); this move is the list's, as `grab` is.
    coordinator.stopHoldingOffGTKMove()
    guard listView.focusRow(at: next) else { return }
    if select, selection != nil {
      listView.select([next])
      userSelected()
    }
  }

  override func reevaluate() {
    applySelection()
  }

  override func update(to view: any View) -> Bool {
    guard let view = view as? List<SelectionValue, Content> else { return false }
    selection = view.selection
    applyStyle()
    if let new = replacement(for: child, with: view.content) {
      child = new
      (child as? any LazyRows)?.attach()
    }
    applySelection()
    return true
  }

  override func dismantle() {
    listView.rowHandler = nil
    listView.onUserSelection = nil
    listView.onKeyPress = nil
    child.dismantle()
    super.dismantle()
  }
}
