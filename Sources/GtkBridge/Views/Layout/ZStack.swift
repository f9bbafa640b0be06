/// Views laid over each other, the first at the back: SwiftUI's `ZStack`, in a `GtkOverlay`.
/// The first view is the overlay's main child; the others are overlays over it, placed by
/// `alignment` (the centre fills, so a shape covers the stack). The stack is as large as its
/// largest child (`gtk_overlay_set_measure_overlay`).
///
/// ```swift
/// ZStack {
///   RoundedRectangle(cornerRadius: 8).fill(Color.gray.opacity(0.2))
///   TextField("", text: $digit).multilineTextAlignment(.center)
/// }
/// .frame(width: 40, height: 48)
/// ```
public struct ZStack<Content: View>: View, PrimitiveView, StackView {
  let alignment: Alignment
  let content: Content

  public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
    self.alignment = alignment
    self.content = content()
  }

  typealias Layout = OverlayStackLayout
  var layout: Alignment { alignment }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    StackNode(graph: graph, parent: parent, stack: self)
  }
}
