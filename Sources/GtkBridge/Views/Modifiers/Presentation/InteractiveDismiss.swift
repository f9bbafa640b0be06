extension View {
  /// Keeps the user from dismissing the sheet this view is in by Escape or the window's close
  /// button: SwiftUI's `interactiveDismissDisabled(_:)`. The sheet's own buttons (a
  /// `.cancellationAction` item, a `.keyboardShortcut(.cancelAction)` button, `dismiss()`)
  /// still close it; Escape runs those as before. Outside a presented window it does nothing.
  ///
  /// ```swift
  /// EditorForm(draft: $draft)
  ///   .interactiveDismissDisabled(draft.hasChanges)
  /// ```
  public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View {
    modifier(InteractiveDismissModifier(isDisabled: isDisabled))
  }
}

/// Sets its presented window's flag while the view is there.
@usableFromInline
struct InteractiveDismissModifier: WidgetModifier {
  static var readsState: Bool { false }

  let isDisabled: Bool

  func update(_ storage: Void, node: ModifierNode<some View, Self>) {
    node.graph.presentedWindow?.isInteractiveDismissDisabled = isDisabled
  }

  func dismantle(_ storage: Void, node: ModifierNode<some View, Self>) {
    node.graph.presentedWindow?.isInteractiveDismissDisabled = false
  }
}
