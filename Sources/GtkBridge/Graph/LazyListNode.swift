import CGtk
import Foundation

/// The node of a ``List`` whose content is lazy (``LazyListContent``): one `ForEach`
/// (`List(items) { … }`, `List { ForEach($items) { … }.onDelete { … } }`), a ``Section`` of
/// one, or several of those. It is a `GtkListView` that makes rows only as GTK shows them
/// (``LazyForEachNode``), so a list of 100,000 rows opens as fast as GTK's own list view and a
/// change costs the rows that changed.
///
/// The model is the content's parts one after another (``LazyListParts``): a section's header,
/// its `ForEach`'s rows, its footer, then the next section's. Headers and footers are rows that
/// take no focus and cannot be selected (``ListViewWidget/setLabelRow(_:_:)``); each `ForEach`
/// is told where its rows start, so a change in one section is one `items-changed` of that
/// range at its offset, and the other sections' rows are not touched.
///
/// It keeps the rules of the list box behind other lists (``ListNode``): one Tab stop, then
/// the controls in the rows (``ListViewTabStopType``); selection both ways, single or
/// multiple, by the rows' ids, across sections; Delete on a focused row runs its `ForEach`'s
/// `.onDelete` and the focus stays in the list. What differs, because rows GTK does not show
/// do not exist: Tab reaches the controls in the rows on screen only, and a `.tag` inside a
/// row does not change what selects it (the element's id does).
@MainActor
final class LazyListNode<SelectionValue: Hashable, Content: View>: ViewNode, LazySectionsHost {
  private let scrolled: ScrolledWindowWidget
  let listView: ListViewWidget
  /// The content's parts as nodes: lazy `ForEach`es and sections of one (``LazySectionNode``).
  private var segments: [ViewNode] = []
  private var parts = LazyListParts()
  /// The list items GTK shows a header or footer in, and that label's node.
  private var labelItems: [OpaquePointer: ViewNode] = [:]
  /// Label rows GTK unbound, emptied once GTK is idle unless bound again by then (see
  /// `emptyWhenIdle(_:)`).
  private var unboundLabelItems: Set<OpaquePointer> = []
  /// The `ForEach` each list item last showed a row of: the one told when GTK unbinds the
  /// item or binds it elsewhere (never every `ForEach` of the list).
  private var itemRows: [OpaquePointer: any LazyListSegmentRows] = [:]
  private var selection: ListSelection?
  private var inherited = InheritedAttributes()
  private var styleClass: String?
  /// Set while the segments go: the list view goes with them, so their rows stay in it.
  private var isTakingDown = false
  /// The rows a drag is moving, while it lasts: their `ForEach` and their elements' ids.
  private var dragged: (rows: any LazyListSegmentRows, tags: [AnyHashable])?

  init(graph: ViewGraph, parent: ViewNode?, list view: List<SelectionValue, Content>) {
    scrolled = ScrolledWindowWidget(horizontal: false)
    listView = ListViewWidget(orientation: GTK_ORIENTATION_VERTICAL, tabStops: true)
    selection = view.selection
    super.init(graph: graph, parent: parent)
    scrolled.setScrolling(horizontal: false, vertical: true, showsIndicators: true)
    scrolled.propagatesNaturalHeight = true
    scrolled.setContent([listView])
    listView.rowHandler = { [weak self] slot, event in self?.handle(slot, event) }
    listView.onUserSelection = { [weak self] in self?.userSelected() }
    listView.onKeyPress = { [weak self] key in self?.deleteFocusedRow(key) ?? false }
    makeSegments(for: view.content)
    applyStyle()
    applySelection()
    applyInheritedAttributes()
    updateRowMoves()
  }

  override var environment: EnvironmentValues {
    var environment = parent?.environment ?? EnvironmentValues()
    environment.containerRole = .list
    return environment
  }

  override func applyInheritedAttributes() {
    inherited.apply(InheritedAttributes(environment), to: scrolled)
  }

  override var childNodes: [ViewNode] { segments }
  override var widgets: [Widget] { [scrolled] }

  // MARK: Parts

  /// Makes a node for each part of `content` and puts its rows in the model, in order.
  private func makeSegments(for content: Content) {
    guard let content = content as? any LazyListContent else { return }
    for view in content.lazyListSegments {
      let node =
        (view as? any LazyListSegment)?.makeLazyListSegmentNode(in: graph, parent: self)
        ?? graph.makeNode(for: view, parent: self)
      segments.append(node)
      if let sections = node as? any LazySectionsSegment {
        parts.append(.anchor(node), count: 0, owner: node)
        replaceSections(of: node, after: nil, removing: 0, with: sections.sectionNodes)
        continue
      }
      let (header, rows, footer) =
        (node as? any LazyListSegmentNode)?.sectionParts ?? (nil, node, nil)
      if let header { appendLabel(header, footer: false, owner: node) }
      if let rows = rows as? any LazyListSegmentRows {
        parts.append(.rows(rows), count: 0, owner: node)
        rows.attach()
      }
      if let footer { appendLabel(footer, footer: true, owner: node) }
    }
    updateLabelKeys()
  }

  /// The arrow keys pass over label rows, when there are any or may be (sections that come
  /// with the data).
  private func updateLabelKeys() {
    let mayHaveLabels = parts.hasLabels || segments.contains { $0 is any LazySectionsSegment }
    if mayHaveLabels, listView.isLabelRow == nil {
      listView.isLabelRow = { [weak self] position in self?.isLabel(at: position) ?? false }
    } else if !mayHaveLabels {
      listView.isLabelRow = nil
    }
  }

  private func appendLabel(_ node: ViewNode, footer: Bool, owner: ViewNode) {
    parts.append(.label(node, footer: footer), count: 1, owner: owner)
    listView.splice(at: listView.count, removed: 0, added: 1)
  }

  private func isLabel(at position: Int) -> Bool {
    guard let (index, _) = parts.locate(position) else { return false }
    return parts[index].isLabel
  }

  /// Takes every part out (a section that gained or lost a header), then makes them again.
  private func remakeSegments(for content: Content) {
    isTakingDown = true
    for segment in segments { segment.dismantle() }
    isTakingDown = false
    for item in labelItems.keys { listView.setLabelRow(item, false) }
    labelItems.removeAll()
    itemRows.removeAll()
    segments.removeAll()
    parts.removeAll()
    listView.splice(at: 0, removed: listView.count, added: 0)
    makeSegments(for: content)
  }

  func offset(ofRows rows: ViewNode) -> Int {
    parts.index(ofRows: rows).map(parts.start(of:)) ?? 0
  }

  func splice(rows: ViewNode, at position: Int, removed: Int, added: Int) {
    guard !isTakingDown, let index = parts.index(ofRows: rows),
      position >= 0, position + removed <= parts[index].count
    else { return }
    let start = parts.start(of: index)
    // NB: counted before GTK hears of it: GTK 4.8 binds rows during the splice, and a bind
    // finds its part by these counts.
    parts.add(added - removed, toPartAt: index)
    listView.splice(at: start + position, removed: removed, added: added)
  }

  /// GTK binds or unbinds a row: a header's or footer's widgets, or a `ForEach`'s row.
  private func handle(_ slot: ListViewWidget.Row, _ event: ListViewWidget.RowEvent) {
    guard event == .bind else {
      if labelItems.removeValue(forKey: slot.item) != nil {
        listView.setLabelRow(slot.item, false)
        emptyWhenIdle(slot.item)
      }
      // Only the rows that showed this item have anything to do.
      itemRows[slot.item]?.handle(slot, .unbind)
      return
    }
    guard let (index, _) = parts.locate(slot.position) else { return }
    let part = parts[index]
    // GTK may bind an item again without unbinding it first: what it showed goes.
    if let previous = itemRows[slot.item], previous !== part.rows {
      previous.handOver(slot.item)
      itemRows[slot.item] = nil
    }
    if case .label(let node, _) = part.kind {
      // A label moved to another item (sections moved): the old item no longer shows it.
      for (item, shown) in labelItems where shown === node && item != slot.item {
        labelItems[item] = nil
      }
      labelItems[slot.item] = node
      listView.setLabelRow(slot.item, true)
      listView.show(node.widgets, in: slot.item)
    } else if let rows = part.rows {
      if labelItems.removeValue(forKey: slot.item) != nil {
        listView.setLabelRow(slot.item, false)
      }
      itemRows[slot.item] = rows
      rows.handle(slot, .bind)
    }
  }

  /// Empties the row of a label GTK unbound once GTK is idle, if GTK has not bound it again.
  ///
  /// NB: GTK 4.8 rebinds every row after an insertion, each list item to the next place
  /// (unbind, then bind), so a header often goes back into the item it just left: emptied at
  /// once, a field in it (`header: { TextField(…) }`) lost the focus, as a `ForEach` row's
  /// would (``LazyForEachNode`` waits the same way).
  private func emptyWhenIdle(_ item: OpaquePointer) {
    let scheduled = !unboundLabelItems.isEmpty
    unboundLabelItems.insert(item)
    guard !scheduled else { return }
    MainLoop.whenIdle { [weak self] in
      guard let self else { return }
      let items = self.unboundLabelItems
      self.unboundLabelItems.removeAll()
      for item in items where self.labelItems[item] == nil && self.itemRows[item] == nil {
        self.listView.show([], in: item)
      }
    }
  }

  // MARK: Sections that come with the data

  func replaceSections(
    of segment: ViewNode, after previous: ViewNode?, removing: Int, with new: [ViewNode]
  ) {
    guard !isTakingDown, let anchor = parts.index(ofAnchor: segment) else { return }
    // The rows of sections removed before: GTK has given their items to others or will.
    itemRows = itemRows.filter { !$0.value.isDismantled }
    let first = previous.flatMap(parts.end(ofOwner:)) ?? anchor + 1
    var end = first
    for _ in 0..<removing where end < parts.parts.count {
      let owner = parts[end].owner
      while end < parts.parts.count, parts[end].owner == owner { end += 1 }
    }
    var added: [LazyListParts.Part] = []
    for node in new {
      guard let section = node as? any LazyListSegmentNode else { continue }
      let (header, rows, footer) = section.sectionParts
      let owner = ObjectIdentifier(node)
      if let header {
        added.append(.init(kind: .label(header, footer: false), count: 1, owner: owner))
      }
      if let rows = rows as? any LazyListSegmentRows {
        added.append(.init(kind: .rows(rows), count: rows.rowCount, owner: owner))
      }
      if let footer {
        added.append(.init(kind: .label(footer, footer: true), count: 1, owner: owner))
      }
    }
    let start = parts.start(of: first)
    let removedRows = parts.start(of: end) - start
    let addedRows = added.reduce(0) { $0 + $1.count }
    // NB: the parts first: GTK 4.8 binds rows during the splice, and a bind finds its part.
    parts.replaceSubrange(first..<end, with: added)
    if removedRows > 0 || addedRows > 0 {
      listView.splice(at: start, removed: removedRows, added: addedRows)
    }
    updateLabelKeys()
    updateRowMoves()
  }

  func sectionID(at position: Int) -> ObjectIdentifier? {
    parts.locate(position).map { parts[$0.index].owner }
  }

  func sectionsChanged() {
    guard !isDismantled else { return }
    applySelection()
  }

  /// A header's or footer's widgets changed: the label rows GTK shows show the new ones.
  override func widgetsChanged() {
    for (item, node) in labelItems where !node.isDismantled {
      listView.show(node.widgets, in: item)
    }
  }

  /// The tag the list selects the model's row at `position` by (none for a label row).
  private func tag(at position: Int) -> AnyHashable? {
    guard let (index, start) = parts.locate(position), let rows = parts[index].rows else {
      return nil
    }
    return rows.tag(at: position - start)
  }

  /// The model position of the first row whose tag is `tag`, in any part.
  private func position(ofTag tag: AnyHashable) -> Int? {
    for index in 0..<parts.parts.count {
      if let rows = parts[index].rows, let position = rows.position(ofTag: tag) {
        return parts.start(of: index) + position
      }
    }
    return nil
  }

  // MARK: Style and selection

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
    listView.select(Set(wanted.compactMap(position(ofTag:))))
  }

  private func userSelected() {
    guard let selection else { return }
    // NB: a label row the user swept into a range (Shift-click, select all) has no tag.
    let selected = Set(listView.selectedPositions.compactMap(tag(at:)))
    MainLoop.performOutsideUpdate { [weak self] in
      selection.write(selected)
      // The list shows what the binding holds, also when its setter refused the choice.
      guard let self, !self.isDismantled else { return }
      self.applySelection()
    }
  }

  // MARK: Delete

  /// macOS's Delete in a list: with a row focused, its `ForEach`'s `.onDelete` runs with the
  /// row's offset (with the offsets of every selected row of that `ForEach`, when the focused
  /// row is one of them). Only a focused row: a control inside a row keeps its keys.
  private func deleteFocusedRow(_ key: KeyEquivalent) -> Bool {
    guard key == .delete || key == .deleteForward, let focused = listView.focusedRowPosition,
      let (index, start) = parts.locate(focused), let rows = parts[index].rows,
      let action = rows.deleteAction, !rows.isDeleteDisabled(at: focused - start)
    else { return false }
    let offset = focused - start
    let range = start..<(start + parts[index].count)
    let selected = listView.selectedPositions.filter(range.contains).map { $0 - start }
      .filter { !rows.isDeleteDisabled(at: $0) }
    let wasSelected = selected.contains(offset)
    let offsets = wasSelected ? IndexSet(selected) : IndexSet(integer: offset)
    let count = rows.rowCount
    UpdateScheduler.shared.performOutsideUpdate { action(offsets) }
    UpdateScheduler.shared.enqueueAfterPass { [weak self] in
      guard let self, !self.isDismantled else { return }
      // GTK 4.8 binds the rows for the change at once; 4.12 and later at the next layout.
      let next = min(offset, rows.rowCount - 1)
      if next < 0 || rows.showsCurrentRow(at: next) {
        self.keepFocusAfterDeleting(in: rows, at: offset, count: count, select: wasSelected)
      } else {
        self.listView.afterRowsUpdate { [weak self] in
          self?.keepFocusAfterDeleting(in: rows, at: offset, count: count, select: wasSelected)
        }
      }
    }
    return true
  }

  /// As on a Mac, the list keeps the keyboard after Delete removed its focused row: the row
  /// of the same `ForEach` that took its place (else the one before) takes focus, or the list
  /// itself once that `ForEach` is empty. When the removed row was selected, the new one is
  /// selected (and the binding written). Nothing moves when no row left or focus went
  /// elsewhere meanwhile (the action, or the user before GTK's next layout).
  private func keepFocusAfterDeleting(
    in rows: any LazyListSegmentRows, at offset: Int, count: Int, select: Bool
  ) {
    guard !isDismantled, let index = parts.index(ofRows: rows), rows.rowCount < count,
      let coordinator = focusCoordinator,
      coordinator.focusWidget == nil || listView.holdsFocus
    else { return }
    guard rows.rowCount > 0 else {
      _ = coordinator.grab(listView, origin: .user)
      return
    }
    let next = parts.start(of: index) + min(offset, rows.rowCount - 1)
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

  // MARK: Moving rows

  /// The `ForEach`es of the list, each its rows' part.
  private var rowParts: [any LazyListSegmentRows] { parts.parts.compactMap(\.rows) }

  /// Lets the user drag rows while some `ForEach` of the list has `.onMove`.
  private func updateRowMoves() {
    let movable = rowParts.contains { $0.moveAction != nil }
    guard movable != (listView.rowMoves != nil) else { return }
    listView.rowMoves =
      movable
      ? RowMoves(
        begin: { [weak self] in self?.beginMove(from: $0) ?? false },
        canDrop: { [weak self] in self?.destination(at: $0, $1) != nil },
        drop: { [weak self] in self?.dropMoved(at: $0, $1) ?? false },
        end: { [weak self] in self?.dragged = nil }) : nil
  }

  /// A drag starts from the row at `position`: it moves when its `ForEach` has `.onMove` and
  /// the row is not `.moveDisabled(true)`; with it, every selected row of the same `ForEach`
  /// that may move, when it is selected (as on a Mac). The rows are remembered by id.
  private func beginMove(from position: Int) -> Bool {
    guard let (index, start) = parts.locate(position), let rows = parts[index].rows,
      rows.moveAction != nil, !rows.isMoveDisabled(at: position - start)
    else { return false }
    let range = start..<(start + parts[index].count)
    let offsets =
      listView.isSelected(position)
      ? listView.selectedPositions.filter(range.contains).map { $0 - start }
        .filter { !rows.isMoveDisabled(at: $0) }
      : [position - start]
    dragged = (rows, offsets.compactMap(rows.tag(at:)))
    return true
  }

  /// The offset the rows dragged go before, dropped at `edge` of the row at `position` (in
  /// the data as it is before the move, as `onMove` takes it): none outside their own
  /// `ForEach` (a header, another section's rows).
  private func destination(at position: Int, _ edge: RowDragging.Edge) -> Int? {
    guard let (rows, _) = dragged, let (index, start) = parts.locate(position),
      parts[index].rows === rows
    else { return nil }
    return position - start + (edge == .before ? 0 : 1)
  }

  /// Runs `.onMove` for the rows dragged, dropped at `edge` of the row at `position`; a drop
  /// that leaves every row where it is runs nothing. The rows keep their identity by id, so
  /// the row holding the focus keeps it (``LazyForEachNode`` tells GTK of a move around it).
  private func dropMoved(at position: Int, _ edge: RowDragging.Edge) -> Bool {
    guard let (rows, tags) = dragged, let action = rows.moveAction,
      let destination = destination(at: position, edge)
    else { return false }
    let offsets = IndexSet(tags.compactMap(rows.position(ofTag:)))
    return RowMoveOffsets.drop(offsets, at: destination, running: action)
  }

  // MARK: Updates

  override func reevaluate() {
    applySelection()
  }

  override func update(to view: any View) -> Bool {
    guard let view = view as? List<SelectionValue, Content> else { return false }
    selection = view.selection
    applyStyle()
    updateSegments(to: view.content)
    applySelection()
    updateRowMoves()
    return true
  }

  /// Brings each part up to date; the content's type fixes which parts there are.
  private func updateSegments(to content: Content) {
    guard let views = (content as? any LazyListContent)?.lazyListSegments else { return }
    guard views.count == segments.count,
      zip(segments, views).allSatisfy({ segment, view in segment.update(to: view) })
    else { return remakeSegments(for: content) }
  }

  override func dismantle() {
    listView.rowHandler = nil
    listView.onUserSelection = nil
    listView.onKeyPress = nil
    listView.isLabelRow = nil
    listView.rowMoves = nil
    isTakingDown = true
    for segment in segments { segment.dismantle() }
    super.dismantle()
  }
}
