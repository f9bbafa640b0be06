/// One row of a `ForEachNode` (or, as a `LazyRow`, of a `LazyForEachNode`). A class, so an update changes rows in place instead of
/// copying their fields.
///
/// NB: not nested in the generic node: a type nested in a generic class is generic too, and
/// unspecialized code looked up the metadata of it and of an array of it at run time on every row
/// update (about 330 instructions a lookup, several per keystroke).
@MainActor
class ForEachRow {
  /// Changes only when an element binding of the row changed its element's id.
  var id: AnyHashable
  let renaming: ForEachRowID
  /// Made right after the row (its content is evaluated with the row's tracking first).
  var node: ViewNode!
  /// The element the row was last built from, for matching rows with duplicate ids.
  var element: Any
  var make: @MainActor () -> any View
  /// Set when a value the content closure read changed since it last ran.
  var isDirty = false
  /// What the content closure's last run read.
  var reader: DependencyReader?

  func stopObserving() {
    reader?.cancel()
  }

  init(
    id: AnyHashable, element: Any, make: @escaping @MainActor () -> any View,
    renames: ForEachRenames
  ) {
    self.id = id
    renaming = ForEachRowID(renames: renames)
    self.element = element
    self.make = make
  }
}

extension ForEachRow {
  /// Runs the row's content closure under its own tracking: a value it reads that changes
  /// later calls `onChange`. The element bindings the closure makes learn their row, to
  /// rename it (`ForEachRowID`). `kind`: the rows' node's type (the rows of one kind read
  /// alike: see `DependencyReader.init`).
  func evaluate(kind: ObjectIdentifier, onChange: @autoclosure () -> @MainActor () -> Void)
    -> any View
  {
    // NB: `onChange` is made for the first run only (it must be the same handler every
    // time): an autoclosure, so later runs allocate no closure context.
    if reader == nil { reader = DependencyReader(kind: kind, onChange: onChange()) }
    let outerRow = ForEachRowID.current
    ForEachRowID.current = renaming
    defer { ForEachRowID.current = outerRow }
    return reader!.run(make)
  }
}
