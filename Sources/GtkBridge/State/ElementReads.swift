/// Which collection elements a tracked read (a `body`, a `ForEach` row's content, a
/// control's update) read through element bindings, so the reader depends on those elements
/// instead of the whole collection.
///
/// A row like `{ $item in TextField("", text: $item.name).onChange(of: item.name) { … } }`,
/// or a row view whose `body` reads its `@Binding var item`, reads `item` through an element
/// binding, which reads the whole collection: tracked as is, every row would re-run when any
/// element changes. While a node's read is tracked, element bindings record their element
/// here and read a `@State` collection without registering the read; the node then
/// subscribes to its elements through `CollectionObserver`. (A model property cannot be read
/// unregistered: readers of an `@Observable` model's array still re-run on any change of it,
/// and compare.)
@MainActor
enum ElementReads {
  // NB: not checked for overlapping access at run time: see `UpdateScheduler`'s note.
  /// The elements read by the row being evaluated; `nil` when no row is.
  @exclusivity(unchecked) private(set) static var recorded: [ElementSource]?
  /// Above zero while an element binding reads for a recording row.
  @exclusivity(unchecked) private(set) static var untracked = 0

  /// Runs `evaluate` recording the element bindings it reads.
  static func recording<T>(_ evaluate: () -> T) -> (T, [ElementSource]) {
    let outer = recorded
    recorded = []
    defer { recorded = outer }
    let result = evaluate()
    return (result, recorded ?? [])
  }

  /// An element binding's read of its collection: recorded, and unregistered, when a row
  /// is recording and the binding's element can be observed.
  static func read<T>(_ source: ElementSource?, _ read: () -> T) -> T {
    guard let source, recorded != nil else { return read() }
    recorded?.append(source)
    untracked += 1
    defer { untracked -= 1 }
    return read()
  }
}
