import CGtk
import Foundation

/// A container whose rows GTK makes only while they are on screen (a `GtkListView` or
/// `GtkGridView`): a lazy stack or grid. A `ForEach` that is its content becomes a
/// ``LazyForEachNode``, which tells the list view what changed.
@MainActor
protocol LazyRowsHost: ViewNode {
  var listView: ListViewWidget { get }
  /// Where the rows of `rows` (a lazy `ForEach` inside) start in the list view's model: 0,
  /// unless other rows come before them (a sectioned ``List``: ``LazyListParts``).
  func offset(ofRows rows: ViewNode) -> Int
  /// Replaces `removed` rows of `rows` at `position` (counted from their first) with `added`
  /// new ones: one `items-changed` of the list view's model, at the rows' offset.
  func splice(rows: ViewNode, at position: Int, removed: Int, added: Int)
}

extension LazyRowsHost {
  func offset(ofRows rows: ViewNode) -> Int { 0 }

  func splice(rows: ViewNode, at position: Int, removed: Int, added: Int) {
    guard position + removed <= listView.count else { return }
    listView.splice(at: position, removed: removed, added: added)
  }
}

/// A `ForEach` read by position: its elements' ids, and one element's view.
@MainActor
protocol LazyKeyedViews: KeyedViews {
  /// Whether a `List` can make these rows lazily: each element is one row (not a ``Section``
  /// of rows) selected by its id (no explicit `.tag`, which only a built row would tell).
  static var suitsLazyList: Bool { get }
  associatedtype RowID: Hashable
  /// Every element's id, in order: one pass over the data.
  func rowIDs() -> [RowID]
  /// The ids of the elements at `offsets`.
  func rowIDs(in offsets: Range<Int>) -> [RowID]
  /// Gives the data storage of its own, when it can be spliced (`SplicableRows`): the app's
  /// collection then stays the only owner of its storage.
  mutating func keepOwnData()
  /// Becomes `new`, keeping this value's own data brought up to `new`'s in place; returns
  /// the range that differed. `nil` (and `new`'s data taken as it is) when the data cannot be
  /// spliced.
  mutating func adopt(_ new: Self) -> RowSplice?
  /// Whether `previous` builds every element's view the same way (the same content closure
  /// of the same captures): then a row whose element is unchanged need not run again.
  func buildsSameRows(as previous: Self) -> Bool
  /// Whether the element at `offset` is `old` (a value a row was built from), byte for byte.
  func isSameElement(at offset: Int, as old: Any) -> Bool
}

/// The node of a `ForEach` inside a lazy container: a row is built when GTK shows it and let
/// go when GTK recycles its widget, keyed by the element's id.
///
/// - Identity: rows are keyed by id. An update compares the old ids with the new ones from
///   both ends and tells GTK of the one range between (`items-changed`): rows outside it keep
///   their widgets, focus and cursor; inserting 10,000 rows above a field being edited does
///   not touch the field.
/// - State: a row GTK recycles is dismantled, unless it holds `@State` (or focus), which
///   SwiftUI keeps by identity: such rows are kept, without a place, until their element
///   goes or they are shown again.
/// - Recycling: a released row every node of which can be recycled (no state, no lifecycle
///   action, no text field: ``ViewNode/isRecyclable``) is not dismantled but kept, and the
///   next row GTK binds updates it to its own element, as GTK's factory re-binds a kept
///   widget (`park(_:)`, `recycledNode(for:)`).
/// - Work: an update costs one pass over the ids and the rows on screen, never every row's
///   content closure.
@MainActor
final class LazyForEachNode<V: View & LazyKeyedViews>: ViewNode, LazyRows {
  private(set) var view: V
  private var ids: [V.RowID]
  /// Rows that exist, by id: those on screen and those kept for their state.
  private var live: [AnyHashable: LazyRow] = [:]
  /// The rows on screen, by the list item showing them.
  fileprivate var bound: [OpaquePointer: LazyRow] = [:]
  private var dirtyRows: [LazyRow] = []
  /// Rows GTK unbound, until GTK is idle: GTK may bind the same item again (`unbind(_:)`).
  private var pending: [OpaquePointer: (row: LazyRow, item: ListViewWidget.ShownItem)] = [:]
  private var flushScheduled = false
  private let renames = ForEachRenames()
  private var warnedDuplicate = false
  /// Nodes of released rows, kept to be updated to the next rows GTK binds (`park(_:)`).
  private var recycled: [ViewNode] = []

  init(graph: ViewGraph, parent: ViewNode?, view: V) {
    self.view = view
    self.view.keepOwnData()
    ids = view.rowIDs()
    super.init(graph: graph, parent: parent)
  }

  var host: (any LazyRowsHost)? { parent as? any LazyRowsHost }

  /// Where these rows start in the list view's model (other rows may come before them).
  private var offset: Int { host?.offset(ofRows: self) ?? 0 }

  /// The place among these rows of the row `item` shows: its model position less `offset`.
  private func localPosition(of item: OpaquePointer, offset: Int) -> Int {
    ListViewWidget.position(of: item) - offset
  }

  func attach() {
    host?.splice(rows: self, at: 0, removed: 0, added: ids.count)
  }

  /// The rows that exist, in the data's order: those GTK shows by their place, then those
  /// kept for their state (few) by their element's place.
  override var childNodes: [ViewNode] {
    // NB: GTK 4.12 and later rebind rows for a change at the next layout: until then a row
    // may still be bound to a place that now holds another element, or to none.
    let offset = offset
    let shown = bound.compactMap { item, row -> (Int, LazyRow)? in
      let position = localPosition(of: item, offset: offset)
      guard !row.isKeyed || (ids.indices.contains(position) && AnyHashable(ids[position]) == row.id)
      else { return nil }
      return row.isRemoved ? nil : (position, row)
    }
    var ordered = shown
    let listed = Set(shown.map { ObjectIdentifier($0.1) })
    for row in live.values where !row.isRemoved && !listed.contains(ObjectIdentifier(row)) {
      let place = (row.id.base as? V.RowID).flatMap { ids.firstIndex(of: $0) } ?? ids.count
      ordered.append((place, row))
    }
    return ordered.sorted { $0.0 < $1.0 }.map { $0.1.node }
  }
  /// A row's place in the data: its list item's position while GTK shows it (`childNodes`
  /// is in no order).
  override func order(ofChild child: ViewNode) -> Int {
    if let (item, _) = bound.first(where: { $0.value.node === child }) {
      return localPosition(of: item, offset: offset)
    }
    guard let row = live.values.first(where: { $0.node === child }), row.isKeyed,
      let id = row.id.base as? V.RowID
    else { return ids.count }
    return ids.firstIndex(of: id) ?? ids.count
  }

  /// A lazy `ForEach` puts no widgets in a container: GTK asks for its rows.
  override var widgets: [Widget] { [] }

  /// The position of the first element whose id is `id`.
  func position(of id: V.RowID) -> Int? { ids.firstIndex(of: id) }

  // MARK: Updates

  override func update(to view: any View) -> Bool {
    view.whenIs(V.self) { update(typed: $0.pointee) }
  }

  private func update(typed new: V) {
    isDirty = false
    takeRenames()
    let sameRows = new.buildsSameRows(as: view)
    if !sameRows { outdateKeptRows() }
    let change: (start: Int, removed: Int, added: Int)
    /// The ids the change removed and added, in order.
    let changedIDs: (old: ArraySlice<V.RowID>, new: ArraySlice<V.RowID>)
    /// Where elements may have changed under the same id: rows on screen there are refreshed.
    let touched: Range<Int>
    if let splice = view.adopt(new) {
      // Ids are read only where bytes differ; there, ids equal at both ends are the same rows.
      let newMiddle = view.rowIDs(in: splice.start..<splice.newEnd)
      let oldMiddle = Array(ids[splice.start..<splice.oldEnd])
      let inner = Self.change(from: oldMiddle, to: newMiddle)
      change = (splice.start + inner.start, inner.removed, inner.added)
      changedIDs = (
        oldMiddle[inner.start..<(inner.start + inner.removed)],
        newMiddle[inner.start..<(inner.start + inner.added)]
      )
      touched = splice.start..<splice.newEnd
      ids.replaceSubrange(splice.start..<splice.oldEnd, with: newMiddle)
      if inner.removed > 0 {
        letGoOfRemoved(
          oldMiddle[inner.start..<(inner.start + inner.removed)],
          keeping: newMiddle[inner.start..<(inner.start + inner.added)])
      }
    } else {
      let newIDs = view.rowIDs()
      let full = Self.change(from: ids, to: newIDs)
      if full.removed > 0 {
        letGoOfRemoved(
          ids[full.start..<(full.start + full.removed)],
          keeping: newIDs[full.start..<(full.start + full.added)])
      }
      change = full
      changedIDs = (
        ids[full.start..<(full.start + full.removed)],
        newIDs[full.start..<(full.start + full.added)]
      )
      touched = 0..<newIDs.count
      ids = newIDs
    }
    // The rows on screen outside the change keep their widgets: bring them up to date first,
    // so that what GTK binds during the splice is built from the new data alone.
    let offset = offset
    // NB: where the focus is only when rows came or went: finding it walks the rows GTK made,
    // and an update that changed no ids (a row's text, a section's rows unchanged) is common.
    let splices =
      change.removed == 0 && change.added == 0
      ? []
      : Self.splices(
        for: change, changing: changedIDs.old, to: changedIDs.new,
        focused: host?.listView.focusedPosition.map { $0 - offset })
    var replaced = false
    for (item, row) in bound {
      let newPosition = splices.reduce(localPosition(of: item, offset: offset)) {
        position, splice in
        position < 0 || position < splice.at
          ? position
          : position >= splice.at + splice.removed ? position - splice.removed + splice.added : -1
      }
      // A row inside a splice is GTK's to unbind.
      guard newPosition >= 0, newPosition < ids.count, row.isKeyed, !row.isRemoved else {
        continue
      }
      if sameRows, !row.isDirty, !touched.contains(newPosition) { continue }
      // NB: the id is compared only for rows that may change: comparing `AnyHashable`s of
      // the ~200 rows GTK keeps bound cost 1,800 instructions a row (casts through
      // `_IntegerAnyHashableBox`), more than GTK's own work for an append.
      guard AnyHashable(ids[newPosition]) == row.id else { continue }
      refresh(row, at: newPosition, sameRows: sameRows, replaced: &replaced)
    }
    for splice in splices {
      host?.splice(rows: self, at: splice.at, removed: splice.removed, added: splice.added)
    }
    reevaluateDirtyRows()
  }

  /// What GTK is told of `change`: one splice of its range, except in two cases, so that GTK
  /// keeps rows instead of making the whole range again (GTK takes the focus from a widget
  /// whose list item goes):
  /// - the row holding the focus (at `focused`) is in the range and stays in the data: the
  ///   rows before it and after it are replaced around it (two splices), whatever the move;
  /// - one row moved: two splices (the row out, the row in), so that the rows it passes over
  ///   keep their widgets.
  static func splices(
    for change: (start: Int, removed: Int, added: Int),
    changing old: ArraySlice<V.RowID>, to new: ArraySlice<V.RowID>, focused: Int?
  ) -> [(at: Int, removed: Int, added: Int)] {
    guard change.removed > 0 || change.added > 0 else { return [] }
    let (start, count) = (change.start, change.removed)
    // The focused row stays in the data but moves (a sort, a reversal): the rows before it
    // and after it are replaced around it, so GTK keeps its widget, focus and caret.
    if let focused, focused >= start, focused < start + count,
      let kept = new.firstIndex(of: old[old.startIndex + (focused - start)])
    {
      let before = (old: focused - start, new: kept - new.startIndex)
      let after = (old: count - before.old - 1, new: change.added - before.new - 1)
      return [(start, before.old, before.new), (start + before.new + 1, after.old, after.new)]
        .filter { $0.removed > 0 || $0.added > 0 }
    }
    // NB: after the common ends are trimmed, a moved row is at one end of the range in the
    // old order and at the other end in the new.
    if count >= 2, change.added == count, let first = old.first, let last = old.last {
      if new.first == last, new.dropFirst().elementsEqual(old.dropLast()) {
        return focused == start + count - 1
          ? [(start, count - 1, 0), (start + 1, 0, count - 1)]
          : [(start + count - 1, 1, 0), (start, 0, 1)]
      }
      if new.last == first, new.dropLast().elementsEqual(old.dropFirst()) {
        return focused == start
          ? [(start + 1, count - 1, 0), (start, 0, count - 1)]
          : [(start, 1, 0), (start + count - 1, 0, 1)]
      }
    }
    return [(start, change.removed, change.added)]
  }

  /// The one range that differs between `old` and `new`: the longest common prefix and
  /// suffix stay.
  static func change(from old: [V.RowID], to new: [V.RowID]) -> (
    start: Int, removed: Int, added: Int
  ) {
    let shorter = Swift.min(old.count, new.count)
    var start = 0
    while start < shorter, old[start] == new[start] { start += 1 }
    var end = 0
    while end < shorter - start, old[old.count - 1 - end] == new[new.count - 1 - end] {
      end += 1
    }
    return (start, old.count - start - end, new.count - start - end)
  }

  /// Dismantles the rows kept for ids that left the data.
  private func letGoOfRemoved(_ removed: ArraySlice<V.RowID>, keeping added: ArraySlice<V.RowID>) {
    guard !live.isEmpty else { return }
    let stay = Set(added)
    for id in removed where !stay.contains(id) {
      guard let row = live[AnyHashable(id)] else { continue }
      // A row on screen is GTK's to unbind (during the splice, or at the next layout on GTK
      // 4.12 and later); then it goes. Its id is free at once: an element coming back before
      // then is a new row, as in SwiftUI.
      row.isRemoved = true
      live[row.id] = nil
      guard row.item == nil else { continue }
      dismantle(row)
    }
  }

  /// The row closure changed (it captures other values): the rows kept off screen for their
  /// state, and those waiting to be released, were built by the old one. They are marked
  /// dirty without being scheduled, so GTK showing one again runs the new closure (`bind`),
  /// as SwiftUI gives a kept row its new inputs; the rows on screen are refreshed by the
  /// update.
  private func outdateKeptRows() {
    for row in live.values where row.item.map({ bound[$0] !== row }) ?? true {
      row.isDirty = true
    }
    for (row, _) in pending.values { row.isDirty = true }
  }

  private func refresh(_ row: LazyRow, at position: Int, sameRows: Bool, replaced: inout Bool) {
    if sameRows, !row.isDirty, view.isSameElement(at: position, as: row.element) { return }
    let (element, make) = view.keyedRow(at: position)
    row.element = element
    row.make = make
    rebuild(row)
  }

  private func rebuild(_ row: LazyRow) {
    row.isDirty = false
    let content = evaluate(row)
    if let new = replacement(for: row.node, with: content) {
      row.node = new
      if let item = row.item { show(row, in: item) }
    } else if let item = row.item, !row.showsItsWidgets {
      // NB: the same count is not the same widgets: a branch inside the row that flipped made
      // a new widget in the old one's place.
      show(row, in: item)
    }
  }

  override func reevaluate() {
    isDirty = false
    reevaluateDirtyRows()
  }

  private func reevaluateDirtyRows() {
    let dirty = dirtyRows
    dirtyRows.removeAll()
    for row in dirty where row.isDirty && !row.node.isDismantled {
      rebuild(row)
    }
  }

  private func evaluate(_ row: LazyRow) -> any View {
    row.evaluate(
      kind: ObjectIdentifier(Self.self),
      onChange: { [weak self, weak row] in
        guard let self, let row else { return }
        self.rowChanged(row)
      })
  }

  private func rowChanged(_ row: LazyRow) {
    guard !isDismantled, !row.isDirty else { return }
    row.isDirty = true
    dirtyRows.append(row)
    invalidate()
  }

  /// Rows whose element binding changed their own id (`ForEach($names, id: \.self)`) keep
  /// their row under the new id, so typing into such a field does not rebuild it.
  private func takeRenames() {
    guard renames.pending > 0 else { return }
    renames.pending = 0
    let offset = offset
    for (item, row) in bound {
      guard let renamed = row.renaming.take(), let id = renamed.base as? V.RowID else { continue }
      let position = localPosition(of: item, offset: offset)
      guard ids.indices.contains(position), row.isKeyed, AnyHashable(ids[position]) == row.id
      else { continue }
      live[row.id] = nil
      row.id = renamed
      live[renamed] = row
      ids[position] = id
    }
  }

  // MARK: Rows GTK shows

  /// GTK shows (`.bind`) or recycles (`.unbind`) the row of `slot`.
  func handle(_ slot: ListViewWidget.Row, _ event: ListViewWidget.RowEvent) {
    switch event {
    case .bind: bind(slot)
    case .unbind: unbind(slot.item)
    }
  }

  private func bind(_ slot: ListViewWidget.Row) {
    if bound[slot.item] != nil { unbind(slot.item) }
    let offset = offset
    let position = slot.position - offset
    if let (row, object) = pending.removeValue(forKey: slot.item) {
      // GTK 4.8 unbinds and binds a row again when only its position changed (items
      // inserted above it): the same item comes back, and so does its row, widgets, focus
      // and all.
      if object.isShown(by: slot.item), !row.isRemoved,
        ids.indices.contains(position), AnyHashable(ids[position]) == row.id
      {
        bound[slot.item] = row
        var replaced = false
        refresh(row, at: position, sameRows: true, replaced: &replaced)
        return
      }
      release(row, from: slot.item)
    }
    guard ids.indices.contains(position) else { return }
    let id = AnyHashable(ids[position])
    // GTK may bind an element to another list item than the one it just unbound it from:
    // the row waiting there moves over (`show` takes its widgets along).
    if let waiting = live[id], let oldItem = waiting.item, oldItem != slot.item,
      let entry = pending[oldItem], entry.row === waiting
    {
      pending[oldItem] = nil
      waiting.item = nil
    }
    // GTK may also bind an element's new list item before it unbinds the old one. Unless
    // the old one still shows this id at its place (a repeated id), the row moves over.
    if let shown = live[id], let oldItem = shown.item, oldItem != slot.item,
      bound[oldItem] === shown
    {
      let oldPosition = localPosition(of: oldItem, offset: offset)
      if oldPosition == position || !ids.indices.contains(oldPosition)
        || AnyHashable(ids[oldPosition]) != id
      {
        bound[oldItem] = nil
        shown.item = nil
      }
    }
    let row: LazyRow
    if let kept = live[id], kept.item == nil, !kept.isRemoved {
      row = kept
      row.item = slot.item
      if !view.isSameElement(at: position, as: row.element) || row.isDirty {
        let (element, make) = view.keyedRow(at: position)
        row.element = element
        row.make = make
        rebuild(row)
      }
    } else {
      let (element, make) = view.keyedRow(at: position)
      row = LazyRow(id: id, element: element, make: make, renames: renames)
      if live[id] == nil {
        live[id] = row
      } else {
        row.isKeyed = false
        // NB: its element bindings have no identity: `id` is not its element's alone.
        row.renaming.idRepeats = true
        warnDuplicate(id)
      }
      let content = evaluate(row)
      row.node = recycledNode(for: content) ?? graph.makeNode(for: content, parent: self)
    }
    row.item = slot.item
    bound[slot.item] = row
    show(row, in: slot.item)
  }

  private func show(_ row: LazyRow, in item: OpaquePointer) {
    guard let host else { return }
    let widgets = row.node.widgets
    row.shownWidgets = widgets.map(ObjectIdentifier.init)
    host.listView.show(widgets, in: item)
  }

  /// A row's own views changed their widgets (a branch inside flipped, a view came or went):
  /// the rows on screen whose widgets are no longer what their box shows are shown again.
  /// Nothing goes to the host: its list view's rows are the same.
  override func widgetsChanged() {
    guard !isDismantled else { return }
    for (item, row) in bound where !row.showsItsWidgets {
      show(row, in: item)
    }
  }

  /// GTK recycles the row of `item`: it waits until GTK is idle, in case GTK binds the same
  /// item again right away (see `bind(_:)`).
  private func unbind(_ item: OpaquePointer) {
    guard let row = bound.removeValue(forKey: item) else { return }
    guard let object = ListViewWidget.ShownItem(of: item) else {
      return release(row, from: item)
    }
    pending[item] = (row, object)
    guard !flushScheduled else { return }
    flushScheduled = true
    MainLoop.whenIdle { [weak self] in self?.releasePending() }
  }

  /// GTK binds `item` to a row outside these rows (another section of the same list): a row
  /// this node shows there, or waits to release from there, goes now, without emptying the
  /// item's box, which the new row fills.
  func handOver(_ item: OpaquePointer) {
    for row in [bound.removeValue(forKey: item), pending.removeValue(forKey: item)?.row] {
      guard let row else { continue }
      if row.item == item { row.item = nil }
      release(row, from: item)
    }
  }

  private func releasePending() {
    flushScheduled = false
    let rows = pending
    pending.removeAll()
    for (item, (row, _)) in rows {
      release(row, from: item)
    }
  }

  /// Takes `row` out of the row of `item` and lets it go, unless SwiftUI would keep it: a
  /// row with state whose element is still in the data (its identity lives on).
  private func release(_ row: LazyRow, from item: OpaquePointer) {
    if row.item == item {
      row.item = nil
      host?.listView.show([], in: item)
    }
    guard !row.isKeyed || row.isRemoved || !Self.holdsState(row.node) else { return }
    if row.isKeyed, live[row.id] === row { live[row.id] = nil }
    // NB: not once this node is gone: GTK may unbind its rows after (GTK 4.12 and later
    // unbind at the next layout), and a kept node would then never be dismantled.
    if !isDismantled, row.item == nil, recycled.count < Self.recycledLimit,
      row.node.isRecyclableSubtree
    {
      park(row)
    } else {
      dismantle(row)
    }
  }

  // MARK: Recycling

  /// How many released rows' nodes are kept for rows GTK binds next. GTK binds a dozen rows
  /// a scroll step and releases as many; a fling, a few dozen.
  private static var recycledLimit: Int { 32 }

  /// Keeps the node of a released row whose element may come back in another row (GTK's
  /// recycling, one level up): the row's views are updated to the next element's instead of
  /// being built anew. A row scrolled in cost about 490,000 instructions made anew (its
  /// nodes and widgets built, 240,000; the row it replaced dismantled, 130,000; GTK's new
  /// widgets' styles), against one update of its views (see BENCHMARKS.md).
  ///
  /// Only rows every node of which is ``ViewNode/isRecyclable`` are kept: no `@State`, no
  /// lifecycle action, no text field. A kept node hears no change: each of its nodes is
  /// marked dirty without being scheduled, so an invalidation stops at it
  /// (`ViewNode.invalidate()`), and the update that takes it re-runs them all.
  private func park(_ row: LazyRow) {
    letGo(row)
    for node in row.node.subtree { node.isDirty = true }
    recycled.append(row.node)
  }

  /// A kept node updated to `content`, if one is kept and `content` is its view's type;
  /// otherwise `nil`, and the caller builds the row.
  private func recycledNode(for content: any View) -> ViewNode? {
    guard let node = recycled.popLast() else { return nil }
    guard node.update(to: content) else {
      node.dismantle()
      return nil
    }
    // NB: the update re-ran the nodes whose inputs changed; those with the same inputs (a
    // spacer, a modifier's padding) still carry the mark: they re-run as a pass would.
    for node in node.subtree where node.isDirty && !node.isDismantled {
      node.reevaluate()
      node.isDirty = false
    }
    return node
  }

  /// Dismantles the kept nodes: when they could not follow a change of the tree above them
  /// (an inherited attribute such as `.disabled`), or when the `ForEach` goes.
  private func dropRecycled() {
    let nodes = recycled
    recycled.removeAll()
    for node in nodes { node.dismantle() }
  }

  /// Inherited attributes changed above (`InheritedAttributes`): the rows on screen take
  /// them; the kept nodes, which are not in the tree, go.
  override func applyInheritedAttributes() {
    dropRecycled()
  }

  private static func holdsState(_ node: ViewNode) -> Bool {
    node.subtree.contains { $0.holdsState }
  }

  private func dismantle(_ row: LazyRow) {
    letGo(row)
    row.node.dismantle()
  }

  /// Stops `row` for good: it hears no more changes, and a change it heard before is not
  /// applied. NB: a row released while marked dirty stays in `dirtyRows` until the next
  /// pass; without this, that pass re-ran its content (observing its element again, with no
  /// one left to stop it) into a node that is parked or already another row's.
  private func letGo(_ row: LazyRow) {
    row.stopObserving()
    row.isDirty = false
  }

  private func warnDuplicate(_ id: AnyHashable) {
    guard !warnedDuplicate else { return }
    warnedDuplicate = true
    Log.warning("ForEach: the id \(id) appears more than once; ids must be unique")
  }

  override func dismantle() {
    dropRecycled()
    // NB: rows not in `live` (a repeated id, an element removed while GTK showed it) are
    // dismantled where GTK still holds them.
    for (_, (row, _)) in pending where !row.isKeyed || row.isRemoved {
      dismantle(row)
    }
    pending.removeAll()
    for row in live.values { dismantle(row) }
    for row in bound.values where !row.isKeyed || row.isRemoved { dismantle(row) }
    live.removeAll()
    bound.removeAll()
    super.dismantle()
    // The host's list view shows this node's rows: they go with it.
    host?.splice(rows: self, at: 0, removed: ids.count, added: 0)
  }
}

extension LazyForEachNode: LazyListRows {
  var rowCount: Int { ids.count }

  func tag(at position: Int) -> AnyHashable? {
    ids.indices.contains(position) ? AnyHashable(ids[position]) : nil
  }

  func position(ofTag tag: AnyHashable) -> Int? {
    (tag.base as? V.RowID).flatMap(position(of:))
  }

  var deleteAction: ((IndexSet) -> Void)? { view.deleteAction }

  func showsCurrentRow(at position: Int) -> Bool {
    guard ids.indices.contains(position) else { return false }
    let id = AnyHashable(ids[position])
    let offset = offset
    return bound.contains { item, row in
      self.localPosition(of: item, offset: offset) == position && row.id == id && !row.isRemoved
    }
  }

  func isDeleteDisabled(at position: Int) -> Bool {
    shownRow(at: position)?.node.subtree.contains {
      ($0 as? any DeleteDisabledNode)?.isDeleteDisabled == true
    } ?? false
  }

  var moveAction: ((IndexSet, Int) -> Void)? { view.moveAction }

  func isMoveDisabled(at position: Int) -> Bool {
    shownRow(at: position)?.node.subtree.contains {
      ($0 as? any MoveDisabledNode)?.isMoveDisabled == true
    } ?? false
  }

  /// The row GTK shows at `position`, if it shows one.
  private func shownRow(at position: Int) -> LazyRow? {
    let offset = offset
    return bound.first { self.localPosition(of: $0.key, offset: offset) == position }?.value
  }
}

/// One built row of a lazy `ForEach`: a `ForEach` row and where GTK shows it.
@MainActor
private final class LazyRow: ForEachRow {
  /// False for a second row of a repeated id, which `live` cannot hold.
  var isKeyed = true
  /// Set when the row's element left the data while GTK still showed the row.
  var isRemoved = false
  /// The list item showing the row, while GTK shows it.
  var item: OpaquePointer?
  /// The widgets the row's box holds.
  var shownWidgets: [ObjectIdentifier] = []

  /// Whether the box holds the node's widgets now (not merely as many).
  var showsItsWidgets: Bool { shownWidgets == node.widgets.map(ObjectIdentifier.init) }

}
