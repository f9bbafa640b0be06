/// The rows of a lazy `List`'s model, part by part: a section's header, a `ForEach`'s rows, a
/// section's footer, in the order the content lists them (``LazyListNode``).
///
/// The list view's model is the parts one after another: a `ForEach`'s rows start where the
/// parts before them end, and a change of its rows is one `items-changed` at that offset.
///
/// Where each part starts is kept (a running sum, brought up to date from the part that
/// changed on), so finding a row's part is a binary search and a `ForEach`'s offset a lookup:
/// a list of a thousand sections binds a row as fast as a list of one.
@MainActor
struct LazyListParts {
  enum Kind {
    /// A section's header or footer: one row that takes no focus and cannot be selected.
    case label(ViewNode, footer: Bool)
    /// A lazy `ForEach`'s rows.
    case rows(any LazyListSegmentRows)
    /// Where a `ForEach` of sections (``LazySectionForEachNode``) starts: no row; its
    /// sections' parts follow it, so a section inserted first has its place.
    case anchor(ViewNode)
  }

  struct Part {
    let kind: Kind
    /// How many rows of the model are the part's, as the list view was told.
    var count: Int
    /// The section node the part belongs to (a header, rows and footer share it), or the
    /// node of a `ForEach` outside any section, or of a `ForEach` of sections for its anchor.
    let owner: ObjectIdentifier

    /// Whether the part is a header or footer.
    var isLabel: Bool {
      if case .label = kind { return true }
      return false
    }

    var rows: (any LazyListSegmentRows)? {
      if case .rows(let rows) = kind { return rows }
      return nil
    }
  }

  private(set) var parts: [Part] = []
  /// Where each part starts in the model, and one more: the model's count.
  private var starts: [Int] = [0]
  /// The index of each `ForEach`'s part.
  private var rowsIndex: [ObjectIdentifier: Int] = [:]

  /// How many rows the model has.
  var count: Int { starts[parts.count] }

  /// Whether any part is a header or footer.
  var hasLabels: Bool { parts.contains(where: \.isLabel) }

  mutating func append(_ kind: Kind, count: Int, owner: ViewNode) {
    replaceSubrange(
      parts.count..<parts.count,
      with: [Part(kind: kind, count: count, owner: ObjectIdentifier(owner))])
  }

  /// Puts `new` in place of the parts in `range`; the starts after it follow.
  mutating func replaceSubrange(_ range: Range<Int>, with new: [Part]) {
    parts.replaceSubrange(range, with: new)
    starts.removeSubrange((range.lowerBound + 1)...)
    for index in range.lowerBound..<parts.count {
      starts.append(starts[index] + parts[index].count)
    }
    // NB: the indexes after the range moved: made again (a pass over the parts, not rows).
    rowsIndex.removeAll(keepingCapacity: true)
    for (index, part) in parts.enumerated() {
      if let rows = part.rows { rowsIndex[ObjectIdentifier(rows)] = index }
    }
  }

  mutating func removeAll() {
    parts.removeAll()
    starts = [0]
    rowsIndex.removeAll()
  }

  subscript(index: Int) -> Part { parts[index] }

  /// Where the part at `index` starts in the model.
  func start(of index: Int) -> Int { starts[index] }

  /// The index of the part that is `rows`' rows.
  func index(ofRows rows: ViewNode) -> Int? { rowsIndex[ObjectIdentifier(rows)] }

  /// The index of the anchor of the `ForEach` of sections `segment`.
  func index(ofAnchor segment: ViewNode) -> Int? {
    parts.firstIndex {
      if case .anchor(let node) = $0.kind { return node === segment }
      return false
    }
  }

  /// The index just past the last part of `owner` (a section), if it has one.
  func end(ofOwner owner: ViewNode) -> Int? {
    let id = ObjectIdentifier(owner)
    return parts.lastIndex { $0.owner == id }.map { $0 + 1 }
  }

  /// The part the model's row at `position` belongs to, and where that part starts.
  func locate(_ position: Int) -> (index: Int, start: Int)? {
    guard position >= 0, position < count else { return nil }
    // The last part that starts at or before `position`: parts without rows (anchors, empty
    // `ForEach`es) start where the next part does, so that is the part holding it.
    var low = 0
    var high = parts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= position { low = middle } else { high = middle - 1 }
    }
    return (low, starts[low])
  }

  /// Notes that the part at `index` has `delta` rows more (fewer, when negative).
  mutating func add(_ delta: Int, toPartAt index: Int) {
    parts[index].count += delta
    for later in (index + 1)..<starts.count { starts[later] += delta }
  }
}

/// A lazy `ForEach`'s rows as one part of a lazy `List`'s model among others.
@MainActor
protocol LazyListSegmentRows: LazyListRows {
  /// GTK binds `item` to a row outside these rows (another part of the same list): whatever
  /// row of these it showed goes, and the item's box is left to its new row.
  func handOver(_ item: OpaquePointer)
}

extension LazyForEachNode: LazyListSegmentRows {}

/// A node of a lazy `List`'s content made of labels and rows: a ``LazySectionNode``.
@MainActor
protocol LazyListSegmentNode: ViewNode {
  /// The section's header, rows and footer, in the model's order.
  var sectionParts: (header: ViewNode?, rows: ViewNode, footer: ViewNode?) { get }
}

/// A lazy `List` as the host of a `ForEach` of sections (``LazySectionForEachNode``): its
/// sections come, go and move as the data's groups do, each change one `items-changed`.
@MainActor
protocol LazySectionsHost: LazyRowsHost {
  /// Replaces the `removing` sections of `segment` that follow `previous` (the segment's
  /// start when nil) with `new` (``LazyListSegmentNode``s): their headers, rows and footers
  /// become the model's rows there, in one `items-changed`. The sections removed are the
  /// caller's to dismantle, afterwards.
  func replaceSections(
    of segment: ViewNode, after previous: ViewNode?, removing: Int, with new: [ViewNode])
  /// The section node whose header, row or footer is the model's row at `position` (as
  /// ``LazyListParts/Part/owner``).
  func sectionID(at position: Int) -> ObjectIdentifier?
  /// Rows came or went outside an update of the list (a section's own state changed): the
  /// selection is shown again by id.
  func sectionsChanged()
}
