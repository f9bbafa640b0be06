/// What the tracked read running now (a `DependencyReader`'s run) has read: the one way every
/// source of state reports a read. A `@State` box, an element binding and an `@Environment`
/// property each call `record` here; `@Observable` models report to Observation, which the
/// reader runs around the same read.
///
/// Nested runs: a `@State` read inside an inner run counts for the outer run too (as
/// Observation's nested access lists do); elements and environment keys count for the
/// innermost run only (a row's element is the row's dependency, not its parent's).
@MainActor
enum TrackedReads {
  /// The dependencies one run read, by kind.
  struct Reads {
    var states: [StateStorage] = []
    var elements: [ElementSource] = []
    var environment: [EnvironmentDependency] = []
  }

  // NB: not checked for overlapping access at run time: see `UpdateScheduler`'s note.
  /// The reads of the run in progress; `nil` when no run is.
  @exclusivity(unchecked) private static var current: Reads?
  /// Above zero while an element binding reads its collection for a run: the element is the
  /// dependency, so the collection's own storage is not.
  @exclusivity(unchecked) private(set) static var untracked = 0

  static var isRecording: Bool { current != nil }

  /// Starts recording for a run; pass the result to `end(_:)`.
  static func begin() -> Reads? {
    let outer = current
    current = Reads()
    return outer
  }

  /// Ends the recording `begin()` started: what was read since. The outer run, if any, also
  /// gets the `@State` values.
  static func end(_ outer: Reads?) -> Reads {
    let read = current ?? Reads()
    current = outer
    if outer != nil {
      for box in read.states { record(box) }
    }
    return read
  }

  /// A `@State` value was read (`StateBox`).
  static func record(_ box: StateStorage) {
    guard current != nil, untracked == 0 else { return }
    for known in current!.states where known === box { return }
    current!.states.append(box)
  }

  /// An element binding reads its element through `read`: a run depends on the element,
  /// not on the collection (whose `@State` read is not recorded meanwhile; an `@Observable`
  /// model's read cannot be kept from Observation, so a reader of a model's array still
  /// hears of any change of it, and compares).
  static func read<T>(_ source: ElementSource?, _ read: () -> T) -> T {
    guard let source, current != nil else { return read() }
    current!.elements.append(source)
    untracked += 1
    defer { untracked -= 1 }
    return read()
  }

  /// An `@Environment` (or `@EnvironmentObject`) property was read.
  static func record(_ dependency: EnvironmentDependency) {
    guard current != nil else { return }
    for known in current!.environment where known == dependency { return }
    current!.environment.append(dependency)
  }
}
