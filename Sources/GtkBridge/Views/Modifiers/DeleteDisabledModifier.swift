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

  /// Accepted so SwiftUI code compiles: SwiftUI's `moveDisabled(_:)`. GtkBridge's list rows
  /// are not dragged (see `onMove`), so there is nothing to disable.
  ///
  /// ```swift
  /// Text(note.title).moveDisabled(note.isPinned)
  /// ```
  public func moveDisabled(_ isDisabled: Bool) -> some View {
    self
  }
}

/// Marks the modified view's widgets as rows a list's Delete leaves alone; read by
/// `ListNode` when Delete is pressed, from the view value.
@usableFromInline
struct DeleteDisabledModifier: WidgetModifier {
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
