extension View {
  /// Keeps a row from being deleted: SwiftUI's `deleteDisabled(_:)`. Delete on this row of a
  /// ``List`` runs no `.onDelete`, and a selection deleted together leaves it out.
  ///
  /// Applied to the row itself (the view a `ForEach` makes for an element), as in SwiftUI's
  /// examples; on a view inside the row it does nothing.
  ///
  /// ```swift
  /// ForEach(notes) { note in
  ///   Text(note.title).deleteDisabled(note.isPinned)
  /// }
  /// .onDelete { notes.remove(atOffsets: $0) }
  /// ```
  public func deleteDisabled(_ isDisabled: Bool) -> some View {
    modifier(DeleteDisabledModifier(isDisabled: isDisabled))
  }

  /// Keeps a row from being dragged to another place: SwiftUI's `moveDisabled(_:)`. A drag
  /// in a ``List`` does not start from this row, and a selection dragged together leaves it
  /// where it is; other rows may still land before or after it.
  ///
  /// Applied to the row itself (the view a `ForEach` makes for an element), as
  /// ``View/deleteDisabled(_:)`` is.
  ///
  /// ```swift
  /// ForEach(notes) { note in
  ///   Text(note.title).moveDisabled(note.isPinned)
  /// }
  /// .onMove { notes.move(fromOffsets: $0, toOffset: $1) }
  /// ```
  public func moveDisabled(_ isDisabled: Bool) -> some View {
    modifier(MoveDisabledModifier(isDisabled: isDisabled))
  }
}

/// Marks the modified view's widgets as rows a list's Delete leaves alone; read by
/// `ListNode` when Delete is pressed, from the view value.
@usableFromInline
struct DeleteDisabledModifier: WidgetModifier {
  static var isRecyclable: Bool { true }
  let isDisabled: Bool

  static var readsState: Bool { false }
}

@MainActor
protocol DeleteDisabledNode {
  var isDeleteDisabled: Bool { get }
}

extension ModifierNode: DeleteDisabledNode where Modifier == DeleteDisabledModifier {
  var isDeleteDisabled: Bool { modifier.isDisabled }
}

/// Marks the modified view's widgets as rows a list's drag leaves in place; read by the
/// lists when a drag starts, from the view value.
@usableFromInline
struct MoveDisabledModifier: WidgetModifier {
  static var isRecyclable: Bool { true }
  let isDisabled: Bool

  static var readsState: Bool { false }
}

@MainActor
protocol MoveDisabledNode {
  var isMoveDisabled: Bool { get }
}

extension ModifierNode: MoveDisabledNode where Modifier == MoveDisabledModifier {
  var isMoveDisabled: Bool { modifier.isDisabled }
}
