/// The rows of a lazy `List`'s model, part by part: a section's header, a `ForEach`'s rows, a
/// section's footer, in the order the content lists them (``LazyListNode``).
///
/// The list view's model is the parts one after another: a `ForEach`'s rows start where the
/// parts before them end, and a change of its rows is one `items-changed` at that offset.
@MainActor
struct LazyListParts {
  enum Kind {
    /// A section's header or footer: one row that takes no focus and cannot be selected.
    case label(ViewNode, footer: Bool)
    /// A lazy `ForEach`'s rows.
    case rows(any LazyListSegmentRows)
  }

  struct Part {
    let kind: Kind
    /// How many rows of the model are the part's, as the list view was told.
    var count: Int

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

  /// Every part's rows.
  var allRows: [any LazyListSegmentRows] { parts.compactMap(\.rows) }

  /// How many rows the model has.
  var count: Int { parts.reduce(0) { $0 + $1.count } }

  mutating func append(_ kind: Kind, count: Int) {
    parts.append(Part(kind: kind, count: count))
  }

  mutating func removeAll() { parts.removeAll() }

  subscript(index: Int) -> Part { parts[index] }

  /// Where the part at `index` starts in the model.
  func start(of index: Int) -> Int {
    parts[..<index].reduce(0) { $0 + $1.count }
  }

  /// The index of the part that is `rows`' rows.
  func index(ofRows rows: ViewNode) -> Int? {
    parts.firstIndex { $0.rows.map { $0 === rows } ?? false }
  }

  /// The part the model's row at `position` belongs to, and where that part starts.
  func locate(_ position: Int) -> (index: Int, start: Int)? {
    guard position >= 0 else { return nil }
    var start = 0
    for (index, part) in parts.enumerated() {
      if position < start + part.count { return (index, start) }
      start += part.count
    }
    return nil
  }

  /// Notes that the part at `index` has `delta` rows more (fewer, when negative).
  mutating func add(_ delta: Int, toPartAt index: Int) {
    parts[index].count += delta
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
