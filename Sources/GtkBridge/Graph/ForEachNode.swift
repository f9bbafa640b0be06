import CGtk
import Foundation

/// The node of a `ForEach`: one child per element id, kept across updates and reorders.
///
/// Each row's content closure runs under its own observation tracking, so a value read there
/// (an enclosing view's `@State`, a model property) re-evaluates exactly the rows that read
/// it, as SwiftUI's rows see every value their parent's `body` reads.
@MainActor
final class ForEachNode<V: View & KeyedViews>: ViewNode {
  private var rows: [ForEachRow] = []
  /// Counts the rows renamed since the last match, so the usual update skips the scan.
  private let renames = ForEachRenames()
  /// The view the rows were last updated from, once `hasPrevious`.
  /// NB: a slot, not a `V?`: every use of an optional of a generic type looks its metadata
  /// up at run time (about 450 instructions), several times an update.
  private let previous = UnsafeMutablePointer<V>.allocate(capacity: 1)
  private var hasPrevious = false
  /// Rows whose content closure read something that changed, waiting for `reevaluate()`.
  private var dirtyRows: [ForEachRow] = []
  private var warnedDuplicate = false
  /// Whether `rows` holds an id more than once: then even an unchanged id sequence is
  /// matched by element, since the elements behind equal ids may have swapped.
  private var rowsHaveDuplicates = false
  /// How the data's elements are compared (`KeyedViews.elementComparison`), found on the
  /// first update: the lookup is a conformance check, too dear for every update.
  private var elementComparison: (any ElementComparableCollection.Type)??
  /// The collection observer's generation when the data was kept (`KeyedViews.changeJournal`):
  /// the next update compares only the elements the observer says changed since.
  private var keptGeneration: UInt64?

  override var childNodes: [ViewNode] { rows.map { $0.node } }
  /// Each row's node with its element's id: the implicit tag a `List` or `Picker` selects by.
  var identifiedChildren: [(id: AnyHashable, node: ViewNode)] { rows.map { ($0.id, $0.node) } }
  override var widgets: [Widget] { rows.flatMap { $0.node.widgets } }

  override func update(to view: any View) -> Bool {
    // NB: a metatype comparison, not `view as? V` (see `View.whenIs`).
    view.whenIs(V.self) { update(typed: $0.pointee) }
  }

  // NB: through `V`, not an `any KeyedViews`: the existential boxed (allocated and copied)
  // the `ForEach` on every update.
  private func update(typed view: V) {
    // NB: the last value is kept whole, its data in storage of its own: it holds every
    // element it compares with alive (equal bytes are the same values), and the app's
    // collection stays the only owner of its storage (a write to it changes one element).
    var kept = view
    let comparison: (any ElementComparableCollection.Type)?
    if let known = elementComparison {
      comparison = known
    } else {
      comparison = view.elementComparison
      elementComparison = .some(comparison)
    }
    // NB: the previous view is compared in its slot, not copied: a copy would share the kept
    // data's storage below.
    // NB: no closures handed to the standard library here (`flatMap`, `allSatisfy`): each
    // checks its actor on every call (see PointerScopes.swift).
    // The collection's observer, if it can tell which elements changed since the last
    // update: then only those are compared, not every element (`ElementWrite`).
    let journal = view.changeJournal()
    var changedRows: [Int]?
    if !rowsHaveDuplicates, hasPrevious {
      var among: [Int]?
      if let journal, let since = keptGeneration { among = journal.changes(since: since) }
      changedRows = view.changedRows(since: previous.pointee, comparing: comparison, among: among)
    }
    keptGeneration = journal?.generation
    if let changed = changedRows, hasPrevious, changed.max() ?? -1 < rows.count {
      updateRows(changed, of: view)
      hasPrevious = false
      kept.takeData(of: previous.move(), refreshing: changed, comparing: comparison)
      previous.initialize(to: kept)
      hasPrevious = true
      return
    }
    kept.detachData(comparing: comparison)
    defer {
      if hasPrevious { previous.pointee = kept } else { previous.initialize(to: kept) }
      hasPrevious = true
    }
    isDirty = false
    dirtyRows.removeAll()
    let items = view.keyedElements
    let hadDuplicates = rowsHaveDuplicates
    let matches = match(items)
    if hadDuplicates != rowsHaveDuplicates {
      for row in rows { row.renaming.idRepeats = rowsHaveDuplicates }
    }
    var newRows: [ForEachRow] = []
    newRows.reserveCapacity(items.count)
    var changed = false
    let reusesBindingRows = hasPrevious && view.reusesBindingRows(since: previous.pointee)
    for (index, item) in items.enumerated() {
      if let old = matches[index] {
        let row = rows[old]
        // A row of `ForEach($items.filter { … })` whose binding addresses what its old one
        // did, built by the same closure, is the same row: what it read through the binding
        // re-runs it by itself (`isDirty`). A keystroke then runs one row, not every row.
        if reusesBindingRows, !row.isDirty, BindingElements.areSame(row.element, item.element) {
          row.element = item.element
          row.make = item.make
          changed = changed || old != newRows.count
          newRows.append(row)
          continue
        }
        row.isDirty = false
        row.element = item.element
        row.make = item.make
        if let new = replacement(for: row.node, with: evaluate(row)) {
          row.node = new
          changed = true
        }
        changed = changed || old != newRows.count
        newRows.append(row)
      } else {
        let row = ForEachRow(
          id: item.id, element: item.element, make: item.make, renames: renames)
        row.renaming.idRepeats = rowsHaveDuplicates
        row.node = graph.makeNode(for: evaluate(row), parent: self)
        newRows.append(row)
        changed = true
      }
    }
    let keptRows = Set(matches.compactMap { $0 })
    for (index, row) in rows.enumerated() where !keptRows.contains(index) {
      row.stopObserving()
      row.node.dismantle()
      changed = true
    }
    rows = newRows
    if changed {
      graph.widgetListChanges += 1
      widgetsChanged()
    }
  }

  /// The update when only the elements at `changed` differ and the content closure is the
  /// same: those rows and the rows whose reads changed re-run, the others are not touched
  /// (no closure run, no comparison), so an update costs the rows that changed, not N.
  private func updateRows(_ changed: [Int], of view: V) {
    var replaced = false
    for index in changed {
      let row = rows[index]
      // NB: the id is the row's already (`changedRows` compared them): not made again.
      let item = view.keyedRow(at: index)
      row.element = item.element
      row.make = item.make
      row.isDirty = true
      dirtyRows.append(row)
    }
    // NB: an unchanged row keeps its old `make`: the same function of the same captures.
    reevaluateDirtyRows(replaced: &replaced)
    isDirty = false
    if replaced {
      graph.widgetListChanges += 1
      widgetsChanged()
    }
  }

  private func reevaluateDirtyRows(replaced: inout Bool) {
    let dirty = dirtyRows
    dirtyRows.removeAll()
    // NB: the rows that changed, not a walk of all N: one row's write costs the same at any N.
    for row in dirty where row.isDirty && row.node != nil && !row.node.isDismantled {
      row.isDirty = false
      if let new = replacement(for: row.node, with: evaluate(row)) {
        row.node = new
        replaced = true
      }
    }
  }

  /// Re-runs the content closure of the rows whose reads changed, and only those.
  override func reevaluate() {
    isDirty = false
    var replaced = false
    reevaluateDirtyRows(replaced: &replaced)
    if replaced {
      graph.widgetListChanges += 1
      widgetsChanged()
    }
  }

  private func evaluate(_ row: ForEachRow) -> any View {
    row.evaluate(
      kind: ObjectIdentifier(Self.self),
      onChange: { [weak self, weak row] in
        guard let self, let row else { return }
        self.rowChanged(row)
      })
  }

  /// A value `row`'s content read changed: re-run it in the next update.
  private func rowChanged(_ row: ForEachRow) {
    guard !isDismantled, !row.isDirty else { return }
    row.isDirty = true
    dirtyRows.append(row)
    invalidate()
  }

  /// For each new item, the index of the old row that keeps its identity, if any.
  ///
  /// Ids should be unique (SwiftUI leaves duplicates undefined). When one repeats, a warning
  /// is logged once, and its occurrences are matched to the old rows of that id by element
  /// first (the row whose element is the same value or object), then in order: removing one
  /// duplicate never dismantles another's row, its state or its focus.
  private func match(_ items: [KeyedElement]) -> [Int?] {
    takeRenames(items)
    // The usual update: the same ids in the same order. No dictionary, no hashing.
    if !rowsHaveDuplicates, items.count == rows.count,
      zip(items, rows).allSatisfy({ $0.id == $1.id })
    {
      return Array(rows.indices)
    }
    var oldByID: [AnyHashable: [Int]] = [:]
    oldByID.reserveCapacity(rows.count)
    var hasDuplicates = false
    for (index, row) in rows.enumerated() {
      if oldByID[row.id] != nil { hasDuplicates = true }
      oldByID[row.id, default: []].append(index)
    }
    var newCounts: [AnyHashable: Int] = [:]
    newCounts.reserveCapacity(items.count)
    for item in items {
      let count = newCounts[item.id, default: 0] + 1
      newCounts[item.id] = count
      if count > 1 { hasDuplicates = true }
    }
    if hasDuplicates, !warnedDuplicate, newCounts.values.contains(where: { $0 > 1 }) {
      warnedDuplicate = true
      let id = newCounts.first { $0.value > 1 }!.key
      Log.warning("ForEach: the id \(id) appears more than once; ids must be unique")
    }
    rowsHaveDuplicates = newCounts.values.contains { $0 > 1 }
    var matches = [Int?](repeating: nil, count: items.count)
    guard hasDuplicates else {
      for (index, item) in items.enumerated() { matches[index] = oldByID[item.id]?.first }
      return matches
    }
    var used = Set<Int>()
    for exactOnly in [true, false] {
      for (index, item) in items.enumerated() where matches[index] == nil {
        let candidate = oldByID[item.id]?.first { old in
          !used.contains(old)
            && (!exactOnly
              || ViewEquality.isSame(matchable(rows[old].element), matchable(item.element)))
        }
        if let candidate {
          matches[index] = candidate
          used.insert(candidate)
        }
      }
    }
    return matches
  }

  /// Gives the rows whose element binding changed their element's id (`ForEachRowID`) that
  /// id, so they match it: typing into `ForEach($names, id: \.self)`'s field keeps the row.
  /// Only when the new id is in the data: if the app put the old value back, or removed the
  /// element, the rows match as they would have. (The old id may still be in the data: a
  /// duplicate the user's typing went through.)
  private func takeRenames(_ items: [KeyedElement]) {
    // NB: every update of the `ForEach` comes here; only a rename costs a pass over rows.
    guard renames.pending > 0 else { return }
    renames.pending = 0
    var renamed: [(row: ForEachRow, id: AnyHashable)] = []
    for row in rows {
      if let id = row.renaming.take() { renamed.append((row, id)) }
    }
    guard !renamed.isEmpty else { return }
    let ids = Set(items.map(\.id))
    for (row, id) in renamed where ids.contains(id) {
      row.id = id
    }
  }

  /// What duplicates are matched by: the element itself, not where a binding `ForEach`
  /// found it (its index changes when a duplicate before it goes).
  private func matchable(_ element: Any) -> Any {
    (element as? any BoundElementMatching)?.matchingElement ?? element
  }

  override func dismantle() {
    for row in rows {
      row.stopObserving()
      row.node.dismantle()
    }
    super.dismantle()
  }

  isolated deinit {
    if hasPrevious { previous.deinitialize(count: 1) }
    previous.deallocate()
  }
}

/// A `ForEach` row as the element bindings made for it see it: a binding whose own write
/// changes its element's id (`ForEach($names, id: \.self)`, where the id is the value) tells
/// the row, which takes the new id at the next update instead of being rebuilt.
@MainActor
final class ForEachRowID {
  /// The row whose content closure is running, if any: the row of the bindings it makes.
  static var current: ForEachRowID?
  /// Whether the row's id is not known to be its element's alone (its `ForEach` has an id
  /// more than once): the element bindings made for it then have no identity
  /// (`Binding.element(withID:…)`). Two elements with one id would otherwise be one
  /// collection to what observes `$group.items` of either: one `CollectionObserver`, reading
  /// one of them, and the other's fields never heard of its changes.
  var idRepeats = false
  private var renamedID: AnyHashable?
  private weak var renames: ForEachRenames?

  init(renames: ForEachRenames) {
    self.renames = renames
  }

  func renamed(to id: AnyHashable) {
    renamedID = id
    renames?.pending += 1
  }

  /// The id the row's element now has, once.
  func take() -> AnyHashable? {
    defer { renamedID = nil }
    return renamedID
  }
}

/// How many of a `ForEach`'s rows were renamed since its last update.
@MainActor
final class ForEachRenames {
  var pending = 0
}

/// One element of a `ForEach`: its id, the element, and how to build its view.
typealias KeyedElement = (id: AnyHashable, element: Any, make: @MainActor () -> any View)

/// Lets `ForEachNode` read any `ForEach` without knowing its generic arguments.
@MainActor
protocol KeyedViews {
  var keyedElements: [KeyedElement] { get }
  /// The element at `offset` (0-based) and how to build its view (its id is the row's).
  func keyedRow(at offset: Int) -> (element: Any, make: @MainActor () -> any View)
  /// The offsets of the elements that changed since `previous`, when nothing else did: the
  /// same ids in the same order and a content closure that is the same function of the
  /// same captures (`ClosureIdentity`). `nil` when that cannot be shown. `comparing`: what
  /// `elementComparison` answered.
  func changedRows(
    since previous: Self, comparing: (any ElementComparableCollection.Type)?, among: [Int]?
  ) -> [Int]?
  /// The observer that can tell which elements changed since the data was last kept
  /// (`CollectionObserver.changes(since:)`): for a binding `ForEach` over an array a state
  /// holds, while nothing was written since the data was read.
  func changeJournal() -> CollectionObserver?
  /// How the data's elements are compared (`ElementChanges.comparable`).
  var elementComparison: (any ElementComparableCollection.Type)? { get }
  /// Gives the data storage of its own (`ElementComparableCollection.detach`): what the
  /// node keeps must not share the app's collection, or the app's next write to one element
  /// would copy all of them.
  mutating func detachData(comparing: (any ElementComparableCollection.Type)?)
  /// Replaces the data with `previous`'s (detached), brought up to date at `offsets` in
  /// place; `previous` is let go. For an update whose only changes are at `offsets`.
  mutating func takeData(
    of previous: consuming Self, refreshing offsets: [Int],
    comparing: (any ElementComparableCollection.Type)?)
  /// `.onDelete`'s action, if any.
  var deleteAction: ((IndexSet) -> Void)? { get }
  /// `.onMove`'s action, if any.
  var moveAction: ((IndexSet, Int) -> Void)? { get }
  /// Whether this and `previous` are a `ForEach` over bindings with the same content closure:
  /// a row whose new binding addresses the storage its old one did is then the same row.
  func reusesBindingRows(since previous: Self) -> Bool
}

/// Rows a `List` can delete or move: a `ForEach` with `.onDelete` or `.onMove`.
@MainActor
protocol DeletableRows: AnyObject {
  /// The `.onDelete` action of the view last applied.
  var deleteAction: ((IndexSet) -> Void)? { get }
  /// The `.onMove` action of the view last applied.
  var moveAction: ((IndexSet, Int) -> Void)? { get }
  /// The offset of the row whose widgets include `widget`.
  func offset(ofRowWith widget: UnsafeMutablePointer<GtkWidget>) -> Int?
}

extension ForEachNode: DeletableRows {
  var deleteAction: ((IndexSet) -> Void)? {
    hasPrevious ? previous.pointee.deleteAction : nil
  }

  var moveAction: ((IndexSet, Int) -> Void)? {
    hasPrevious ? previous.pointee.moveAction : nil
  }

  func offset(ofRowWith widget: UnsafeMutablePointer<GtkWidget>) -> Int? {
    rows.firstIndex { row in row.node.widgets.contains { $0.pointer == widget } }
  }
}

/// Elements of a `ForEach` over bindings, compared as view inputs (`BindingInput`).
@MainActor
enum BindingElements {
  static func areSame(_ a: Any, _ b: Any) -> Bool {
    (a as? any BindingInput)?.isSameInput(asAny: b) ?? false
  }
}
