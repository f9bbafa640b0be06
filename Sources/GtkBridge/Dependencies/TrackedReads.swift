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
    /// Which run this is: each run (nested ones too) has its own number.
    var run: UInt64 = 0
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

  @exclusivity(unchecked) private static var runs: UInt64 = 0

  /// The emptied `states` of a run that ended, kept with its capacity for the next run.
  ///
  /// NB: a run that reads a `@State` appended to a new array, allocated and freed again
  /// (about 300 instructions a run, measured on W2's keystroke, whose `body` reads one).
  @exclusivity(unchecked) private static var spareStates: [StateStorage] = []

  /// The number of the run in progress (`nil` when none is): a value read from the data in
  /// this run is still the data's until the run ends, unless the run itself writes it.
  static var currentRun: UInt64? { current?.run }

  /// Starts recording for a run; pass the result to `end(_:)`.
  static func begin() -> Reads? {
    let outer = current
    runs &+= 1
    var states: [StateStorage] = []
    swap(&states, &spareStates)
    current = Reads(run: runs, states: states)
    return outer
  }

  /// Takes back the `states` of a run's reads once its reader is done with them: the next
  /// run records into the same buffer.
  static func recycle(_ states: inout [StateStorage]) {
    guard spareStates.capacity == 0 else { return }
    states.empty()
    swap(&states, &spareStates)
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
  ///
  /// An element binding of an element binding (`$item` of `$group.items`) reads its
  /// collection through the outer one: only the innermost element is the dependency. The
  /// outer element changes whenever any of its elements does, and each of the group's rows
  /// then heard of a keystroke into one of them (and compared what it shows).
  static func read<T>(_ source: ElementSource?, _ read: () -> T) -> T {
    guard let source, current != nil, untracked == 0 else { return read() }
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
