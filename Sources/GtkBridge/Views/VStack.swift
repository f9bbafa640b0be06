import CGtk

/// Views stacked top to bottom in a vertical `GtkBox`: SwiftUI's `VStack`.
///
/// ```swift
/// VStack(spacing: 12) {
///   LegacyTextField(text: $first, isFirstResponder: $firstFocused)
///   LegacyTextField(text: $second, isFirstResponder: $secondFocused)
/// }
/// ```
public struct VStack<Content: View>: View, PrimitiveView {
  let spacing: Int
  let content: Content

  /// - Parameters:
  ///   - spacing: pixels between children.
  ///   - content: the children, top first.
  public init(spacing: Int = 8, @ViewBuilder content: () -> Content) {
    self.spacing = spacing
    self.content = content()
  }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    StackNode(
      graph: graph, parent: parent,
      box: Box(orientation: GTK_ORIENTATION_VERTICAL, spacing: spacing),
      content: self)
  }
}
