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

  /// Accepted so SwiftUI code compiles: SwiftUI's `onMove(perform:)`, whose rows are dragged
  /// to new places. GtkBridge's list rows are not dragged, so `action` is not run; reorder
  /// the data from a command instead (`todos.move(fromOffsets:toOffset:)`), and the rows,
  /// with the focus and caret in them, follow.
  public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> ForEach {
    self
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
