/// Where a change of a collection happened, when an element binding made it: the write's
/// position travels with the change, so the collection's observer compares that element
/// instead of every element (`TypedCollectionObserver`), and a binding `ForEach` learns from
/// the observer which rows changed since its last update (`CollectionObserver.changes(since:)`).
///
/// A state says only that its value changed. Found by comparison, one keystroke into a row of
/// `ForEach($items)` cost two passes over the array's bytes (about 37,000 instructions each
/// at 10,000 rows); told, it costs the one element.
///
/// Only for an array a `@State` holds through stored properties (`Binding.modifiesPlainValue`):
/// there the write changes its element and nothing else, since no code of the app's runs on
/// the way (no object's setter, no computed property; an element's own setters can reach only
/// that element, the state being under exclusive access meanwhile). Every other write is
/// compared as before, as are small arrays, whose comparison costs less than the telling.
@MainActor
enum ElementWrite {
  /// From this many elements on, a write tells its position (and a `ForEach` asks for it):
  /// below, comparing the bytes is cheaper than looking the observer up.
  static let minimumCount = 256

  // NB: not checked for overlapping access at run time (each check cost about 80
  // instructions): main-actor state whose every access is instantaneous.
  /// The element (of its collection) of the element write under way, if it told its position.
  /// NB: the binding's source, a reference it holds anyway: a `BindingID` copied into every
  /// element binding cost about 1,000 instructions a row's run.
  @exclusivity(unchecked) private static var source: ElementSource?
  @exclusivity(unchecked) private static var offset = 0
  /// `StateStorage.writes` once the state has taken that write.
  @exclusivity(unchecked) private static var write: UInt = 0

  /// Called by an element binding's write into `collection` (the element's `source`; see
  /// `notesWrites`), once it has found the element at `index` and before it changes it.
  ///
  /// NB: the state counts the write before its readers hear of it: while the count is the one
  /// noted here, the change they hear of is this write (a reader's own write meanwhile, or a
  /// write that never reached the state, leaves the count elsewhere and the note unused).
  static func note<C: Collection>(_ source: ElementSource, at index: C.Index, of collection: C) {
    guard collection.count >= minimumCount, ElementChanges.comparable(C.self) != nil else {
      return
    }
    // NB: `Int` indices (`notesWrites`), read as such: no cast.
    offset =
      withUnsafeBytes(of: index) { $0.load(as: Int.self) }
      - withUnsafeBytes(of: collection.startIndex) { $0.load(as: Int.self) }
    self.source = source
    write = StateStorage.writes &+ 1
  }

  /// The element binding's write is over (its readers heard of it).
  static func end() {
    write = 0
    source = nil
  }

  /// The offset of the element whose write the readers of `collection` are hearing of, if
  /// the change is that one element binding's write; otherwise `nil` (compare the whole).
  static func offset(changing collection: BindingID) -> Int? {
    guard write != 0, write == StateStorage.writes, let source, source.collection == collection
    else { return nil }
    return offset
  }
}
