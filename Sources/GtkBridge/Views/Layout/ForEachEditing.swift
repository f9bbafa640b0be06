import Foundation

extension ForEach {
  /// Lets the user delete rows: SwiftUI's `onDelete(perform:)`.
  ///
  /// In a ``List``, Delete or Backspace on a focused row runs `action` with the row's offset
  /// in the data (with every selected row's, when the focused row is selected), as Delete
  /// does on a Mac. A control inside the row keeps its keys: Backspace in a text field deletes
  /// text. Outside a `List` there are no rows to delete, as in SwiftUI.
  ///
  /// ```swift
  /// List {
  ///   ForEach($todos) { $todo in TextField("Title", text: $todo.title) }
  ///     .onDelete { todos.remove(atOffsets: $0) }
  /// }
  /// ```
  public func onDelete(perform action: ((IndexSet) -> Void)?) -> ForEach {
    var copy = self
    copy.deleteAction = action
    return copy
  }

  /// Lets the user drag rows to new places: SwiftUI's `onMove(perform:)`.
  ///
  /// In a ``List``, the user drags a row by its non-text area (a drag on a text field selects
  /// text) and a line shows where it will land (held near the list's top or bottom edge, the
  /// drag scrolls the list); dropped, `action` runs with the offsets of the rows moved and
  /// the offset they go before, in the data as it was before the move (`count`: to the end),
  /// which is what `move(fromOffsets:toOffset:)` takes. A row dragged while selected takes
  /// every selected row of this `ForEach` with it, as on a Mac. Rows move within their own
  /// `ForEach` only (in a sectioned list, within their section), and a row marked
  /// `.moveDisabled(true)` is not dragged. The rows keep their identity by id, so a row
  /// holding the focus keeps it, and its caret, after the move. A drop that leaves every row
  /// where it was runs nothing. Outside a `List` there are no rows to drag, as in SwiftUI.
  ///
  /// ```swift
  /// List {
  ///   ForEach($todos) { $todo in TextField("Title", text: $todo.title) }
  ///     .onMove { todos.move(fromOffsets: $0, toOffset: $1) }
  /// }
  /// ```
  public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> ForEach {
    var copy = self
    copy.moveAction = action
    return copy
  }
}

extension RangeReplaceableCollection where Self: MutableCollection {
  /// Removes the elements at `offsets` (from the start): SwiftUI's `remove(atOffsets:)`, what
  /// an `onDelete` action calls.
  public mutating func remove(atOffsets offsets: IndexSet) {
    for offset in offsets.reversed() {
      remove(at: index(startIndex, offsetBy: offset))
    }
  }
}

extension MutableCollection {
  /// Moves the elements at `source` (offsets from the start, in their order) to before the
  /// element at `destination` as it was before the move (`count`: to the end): SwiftUI's
  /// `move(fromOffsets:toOffset:)`, what an `onMove` action calls.
  public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
    precondition(destination >= 0 && destination <= count, "destination out of range")
    let kept = (0..<count).filter { !source.contains($0) }
    let before = kept.filter { $0 < destination }
    let order = before + source + kept.dropFirst(before.count)
    let values = order.map { self[index(startIndex, offsetBy: $0)] }
    var position = startIndex
    for value in values {
      self[position] = value
      formIndex(after: &position)
    }
  }
}

/// What `onMove`'s offsets mean, as `move(fromOffsets:toOffset:)` reads them.
enum RowMoveOffsets {
  /// Whether moving the elements at `source` to before `destination` changes their order.
  static func changesOrder(_ source: IndexSet, to destination: Int) -> Bool {
    guard let first = source.first, let last = source.last else { return false }
    // The rows stay put when they are one run that the destination touches.
    let isRun = last - first + 1 == source.count
    return !(isRun && destination >= first && destination <= last + 1)
  }

  /// A drop of the rows at `source` before `destination`: runs `action` (the `ForEach`'s
  /// `onMove`) after the update in progress, unless the drop leaves every row where it is.
  /// Whether the drop is taken (some row was dragged).
  @MainActor
  static func drop(
    _ source: IndexSet, at destination: Int, running action: @escaping (IndexSet, Int) -> Void
  ) -> Bool {
    guard !source.isEmpty else { return false }
    if changesOrder(source, to: destination) {
      UpdateScheduler.shared.performOutsideUpdate { action(source, destination) }
    }
    return true
  }
}
