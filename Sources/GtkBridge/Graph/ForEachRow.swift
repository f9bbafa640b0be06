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
  /// The tracking of the content closure's last run.
  var tracking: ReaderTracking?
  /// Whether the content closure read an `@Observable` model; see `observeOnMain`.
  var readsModels = false

  func stopObserving() {
    tracking?.cancel()
    tracking = nil
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
  /// rename it (`ForEachRowID`).
  func evaluate(onChange: @escaping @MainActor () -> Void) -> any View {
    // NB: a row re-evaluated because the ForEach updated may not have fired its last
    // tracking: this run takes it over, or its registrations would pile up in the models it
    // read.
    let previous = tracking
    tracking = nil
    let outerRow = ForEachRowID.current
    ForEachRowID.current = renaming
    defer { ForEachRowID.current = outerRow }
    let (view, tracking) = ReaderTracking.track(
      make, replacing: previous, readsModels: &readsModels, onChange: onChange)
    self.tracking = tracking
    return view
  }
}
