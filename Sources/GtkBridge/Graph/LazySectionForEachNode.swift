/// A `ForEach` of sections among a lazy list's parts (``LazyListNode``): a node of its own
/// whose sections come and go with the data.
@MainActor
protocol LazySectionsSegment: ViewNode {
  /// The sections, in the data's order (``LazySectionNode``s).
  var sectionNodes: [ViewNode] { get }
}

/// The node of a `ForEach` whose rows are sections, in a lazy ``List``: the shape of grouped
/// data.
///
/// ```swift
/// List(selection: $selection) {
///   ForEach(folders) { folder in
///     Section(folder.name) { ForEach(folder.mails) { Text($0.subject) } }
///   }
/// }
/// ```
///
/// Each group is a ``LazySectionNode``, kept by the group's id: its header and footer are label
/// rows of the list's model and its `ForEach`'s rows are made as GTK shows them, so 100,000
/// rows in 100 groups make the widgets of the rows on screen, and a group's header and its
/// `ForEach`'s ids (one pass over its items) are all a group costs off screen.
///
/// - Identity: groups are keyed by id, as a `ForEach`'s rows are. A group that moves keeps
///   its node, so its rows keep their `@State`; a group whose element changed is updated in
///   place (its header's text, its rows' range).
/// - Work: an update compares the groups' ids from both ends and tells GTK of the range of
///   rows between (``LazySectionsHost/replaceSections(of:after:removing:with:)``, one
///   `items-changed`); a group whose element did not change (its bytes, as a lazy `ForEach`'s
///   rows) is not run again. The group holding the focused row is never in that range: the
///   groups around it are replaced around it, as a lazy `ForEach` does for a focused row.
/// - Not kept: a group whose own binding changes its id (`ForEach($groups, id: \.name)` with
///   the name edited inside the group) is a new group, its section and rows made again, as in
///   SwiftUI; a lazy `ForEach`'s row keeps its views under the new id.
@MainActor
final class LazySectionForEachNode<V: View & LazyKeyedViews>: ViewNode, LazyRowsHost,
  LazySectionsSegment
{
  private(set) var view: V
  private var ids: [V.RowID]
  /// The groups, in the data's order; each row's node is its section's.
  private var groups: [ForEachRow] = []
  private var dirtyGroups: [ForEachRow] = []
  private let renames = ForEachRenames()
  private var warnedDuplicate = false
  let listView: ListViewWidget

  init(graph: ViewGraph, parent: ViewNode, view: V) {
    self.view = view
    // As a lazy `ForEach`: a copy of the data of its own, compared by bytes on each update.
    self.view.keepOwnData()
    ids = view.rowIDs()
    listView = (parent as! any LazySectionsHost).listView
    super.init(graph: graph, parent: parent)
    repeatedIDs = Self.repeated(ids)
    if let id = repeatedIDs.first { warnDuplicate(id) }
    groups = ids.indices.map { offset in makeGroup(at: offset, id: AnyHashable(ids[offset])) }
  }

  /// The ids more than one group has: their groups' element bindings have no identity
  /// (`ForEachRowID.idRepeats`).
  private var repeatedIDs: Set<AnyHashable> = []

  private static func repeated(_ ids: [V.RowID]) -> Set<AnyHashable> {
    var seen: Set<AnyHashable> = []
    var repeated: Set<AnyHashable> = []
    for id in ids where !seen.insert(AnyHashable(id)).inserted { repeated.insert(AnyHashable(id)) }
    return repeated
  }

  private var host: (any LazySectionsHost)? { parent as? any LazySectionsHost }

  var sectionNodes: [ViewNode] { groups.map(\.node) }

  override var childNodes: [ViewNode] { sectionNodes }

  /// The list shows the sections' labels and rows; this node adds no widget.
  override var widgets: [Widget] { [] }

  // MARK: Rows host

  func offset(ofRows rows: ViewNode) -> Int { host?.offset(ofRows: rows) ?? 0 }

  func splice(rows: ViewNode, at position: Int, removed: Int, added: Int) {
    host?.splice(rows: rows, at: position, removed: removed, added: added)
  }

  // MARK: Groups

  /// The group of the element at `offset` of `view`: its content run under its own
  /// tracking, its section made.
  private func makeGroup(at offset: Int, id: AnyHashable) -> ForEachRow {
    let (element, make) = view.keyedRow(at: offset)
    let group = ForEachRow(id: id, element: element, make: make, renames: renames)
    group.renaming.idRepeats = !repeatedIDs.isEmpty && repeatedIDs.contains(id)
    group.node = makeSection(evaluate(group))
    return group
  }

  private func makeSection(_ view: any View) -> ViewNode {
    // NB: the content's type is a lazy section (`ForEach.makesLazyList`).
    (view as? any LazyListSection)?.makeLazyListSegmentNode(in: graph, parent: self)
      ?? graph.makeNode(for: view, parent: self)
  }

  private func evaluate(_ group: ForEachRow) -> any View {
    group.evaluate(
      kind: ObjectIdentifier(Self.self),
      onChange: { [weak self, weak group] in
        guard let self, let group else { return }
        self.groupChanged(group)
      })
  }

  /// A value a group's content read changed (`$group.name` of a binding `ForEach`): the
  /// group runs again in the next pass.
  private func groupChanged(_ group: ForEachRow) {
    guard !isDismantled, !group.isDirty else { return }
    group.isDirty = true
    dirtyGroups.append(group)
    invalidate()
  }

  override func reevaluate() {
    isDirty = false
    let dirty = dirtyGroups
    dirtyGroups.removeAll()
    var rebuilt = false
    for group in dirty where group.isDirty && !group.node.isDismantled {
      rebuild(group)
      rebuilt = true
    }
    if rebuilt { host?.sectionsChanged() }
  }

  /// Runs the group's content again and brings its section up to it; a section that gained
  /// or lost its header or footer is made again, in its place.
  private func rebuild(_ group: ForEachRow) {
    group.isDirty = false
    let content = evaluate(group)
    if group.node.update(to: content) { return }
    let old = group.node!
    group.node = makeSection(content)
    let index = groups.firstIndex { $0 === group }!
    host?.replaceSections(
      of: self, after: index > 0 ? groups[index - 1].node : nil, removing: 1,
      with: [group.node])
    old.dismantle()
  }

  // MARK: Updates

  override func update(to view: any View) -> Bool {
    view.whenIs(V.self) { update(typed: $0.pointee) }
  }

  private func update(typed new: V) {
    isDirty = false
    let sameRows = new.buildsSameRows(as: view)
    /// The range of `ids` replaced, by what.
    let idsChange: (range: Range<Int>, with: [V.RowID])
    let change: (start: Int, removed: Int, added: Int)
    /// Where groups may have changed under the same id: the others are the same bytes.
    let touched: Range<Int>
    if let splice = view.adopt(new) {
      // As a lazy `ForEach`'s rows: ids are read only where bytes differ.
      let newMiddle = view.rowIDs(in: splice.start..<splice.newEnd)
      let inner = LazyForEachNode<V>.change(
        from: Array(ids[splice.start..<splice.oldEnd]), to: newMiddle)
      change = (splice.start + inner.start, inner.removed, inner.added)
      idsChange = (splice.start..<splice.oldEnd, newMiddle)
      touched = splice.start..<splice.newEnd
    } else {
      let newIDs = view.rowIDs()
      change = LazyForEachNode<V>.change(from: ids, to: newIDs)
      idsChange = (ids.indices, newIDs)
      touched = newIDs.indices
    }
    var made: Set<ObjectIdentifier> = []
    if change.removed > 0 || change.added > 0 {
      // Groups whose id came to repeat, or stopped repeating, run again: their element
      // bindings gain or lose their identity (see `ForEachRowID.idRepeats`).
      var newIDs = ids
      newIDs.replaceSubrange(idsChange.range, with: idsChange.with)
      let repeated = Self.repeated(newIDs)
      if repeated != repeatedIDs {
        if let id = repeated.first { warnDuplicate(id) }
        repeatedIDs = repeated
        for group in groups where group.renaming.idRepeats != repeated.contains(group.id) {
          group.renaming.idRepeats.toggle()
          group.isDirty = true
        }
      }
      let first = change.start - idsChange.range.lowerBound
      made = replaceGroups(change, addedIDs: idsChange.with[first..<(first + change.added)])
    }
    ids.replaceSubrange(idsChange.range, with: idsChange.with)
    // The groups kept (the same id) whose element changed, or whose content read something
    // that changed: their sections follow, each its own rows' `items-changed`.
    for (offset, group) in groups.enumerated() {
      if sameRows, !group.isDirty, !touched.contains(offset) { continue }
      guard !sameRows || group.isDirty || !view.isSameElement(at: offset, as: group.element),
        made.isEmpty || !made.contains(ObjectIdentifier(group))
      else { continue }
      let (element, make) = view.keyedRow(at: offset)
      group.element = element
      group.make = make
      rebuild(group)
    }
  }

  /// Replaces the groups of `change` (a range of `ids`) with those of `addedIDs` there: a
  /// group whose id stays keeps its node; the others are made, or dismantled. Returns the
  /// groups made, which are up to date.
  private func replaceGroups(
    _ change: (start: Int, removed: Int, added: Int), addedIDs: ArraySlice<V.RowID>
  ) -> Set<ObjectIdentifier> {
    let oldRange = change.start..<(change.start + change.removed)
    let newRange = change.start..<(change.start + change.added)
    // NB: a list per id: a repeated id has a group per element all the same.
    var leaving: [AnyHashable: [ForEachRow]] = [:]
    for group in groups[oldRange] { leaving[group.id, default: []].append(group) }
    var made: Set<ObjectIdentifier> = []
    var final = groups
    var arriving: [ForEachRow] = []
    for offset in newRange {
      let id = AnyHashable(addedIDs[addedIDs.startIndex + offset - change.start])
      if let kept = leaving[id]?.first {
        leaving[id]!.removeFirst()
        arriving.append(kept)
      } else {
        // NB: `view` is the new value: its element at `offset` is this group's.
        let group = makeGroup(at: offset, id: id)
        made.insert(ObjectIdentifier(group))
        arriving.append(group)
      }
    }
    final.replaceSubrange(oldRange, with: arriving)
    let before = { (index: Int) in index > 0 ? final[index - 1].node : nil }
    // The group holding the focus stays and is in the range (a sort): the groups before it
    // and after it are replaced around it, so GTK keeps its rows, focus and caret. In three
    // steps, each group's rows in the model once at any time: the groups before it go, the
    // groups after it are replaced, the new groups before it come.
    if let focused = focusedGroup(in: oldRange),
      let kept = arriving.firstIndex(where: { $0 === groups[focused] })
    {
      let focusedNode = groups[focused].node
      let newFocused = change.start + kept
      replace(after: before(change.start), removing: focused - change.start, with: [])
      replace(
        after: focusedNode, removing: oldRange.upperBound - focused - 1,
        with: final[(newFocused + 1)..<newRange.upperBound])
      replace(
        after: before(change.start), removing: 0, with: final[change.start..<newFocused])
    } else {
      // One range, or, for one group moved, the group out and the group in (the groups it
      // passes keep their rows).
      var current = groups
      for splice in LazyForEachNode<V>.splices(
        for: change, changing: ids[oldRange], to: addedIDs, focused: nil)
      {
        let added = final[splice.at..<(splice.at + splice.added)]
        replace(
          after: splice.at > 0 ? current[splice.at - 1].node : nil, removing: splice.removed,
          with: added)
        current.replaceSubrange(splice.at..<(splice.at + splice.removed), with: added)
      }
    }
    groups = final
    for group in leaving.values.joined() {
      group.stopObserving()
      group.node.dismantle()
    }
    return made
  }

  /// Tells the list of `removing` sections after `previous` replaced by those of `groups`.
  private func replace(
    after previous: ViewNode?, removing: Int, with groups: ArraySlice<ForEachRow>
  ) {
    guard removing > 0 || !groups.isEmpty else { return }
    host?.replaceSections(
      of: self, after: previous, removing: removing, with: groups.map(\.node))
  }

  /// The index of the group in `range` that holds the row with the window's focus, if any.
  private func focusedGroup(in range: Range<Int>) -> Int? {
    guard let host, let position = host.listView.focusedPosition,
      let section = host.sectionID(at: position)
    else { return nil }
    return groups[range].firstIndex { ObjectIdentifier($0.node) == section }
  }

  private func warnDuplicate(_ id: AnyHashable) {
    guard !warnedDuplicate else { return }
    warnedDuplicate = true
    Log.warning("ForEach: the id \(id) appears more than once; ids must be unique")
  }

  override func dismantle() {
    for group in groups {
      group.stopObserving()
      group.node.dismantle()
    }
    super.dismantle()
  }
}
