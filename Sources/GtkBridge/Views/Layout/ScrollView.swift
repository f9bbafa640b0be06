import CGtk

/// Content that scrolls, in a `GtkScrolledWindow`: SwiftUI's `ScrollView`.
///
/// The content's views are stacked in a box inside the scrolled window: top to bottom for a
/// vertical scroll view (the default), leading first for `ScrollView(.horizontal)`. The
/// scroll view expands along the axes it scrolls, as SwiftUI's takes the space offered.
///
/// ```swift
/// ScrollView {
///   ForEach(messages) { message in Text(message.subject) }
/// }
/// ScrollView(.horizontal, showsIndicators: false) {
///   ForEach(tags, id: \.self) { Text($0) }
/// }
/// ```
public struct ScrollView<Content: View>: View, PrimitiveView {
  let axes: Axis.Set
  let showsIndicators: Bool
  let content: Content

  /// - Parameters:
  ///   - axes: the directions the content scrolls in; `.vertical` unless told.
  ///   - showsIndicators: whether scroll bars show (GTK's overlay indicators when `true`,
  ///     none when `false`; the content still scrolls).
  ///   - content: the scrolled views.
  public init(
    _ axes: Axis.Set = .vertical, showsIndicators: Bool = true,
    @ViewBuilder content: () -> Content
  ) {
    self.axes = axes
    self.showsIndicators = showsIndicators
    self.content = content()
  }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    ScrollNode(graph: graph, parent: parent, view: self)
  }
}
