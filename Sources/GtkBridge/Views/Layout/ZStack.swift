import CGtk

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
public struct ZStack<Content: View>: View, PrimitiveView {
  let alignment: Alignment
  let content: Content

  public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
    self.alignment = alignment
    self.content = content()
  }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    ZStackNode(graph: graph, parent: parent, view: self)
  }
}

/// The node of a ``ZStack``: a `GtkOverlay` whose first child is its content's first widget
/// and whose overlays are the rest, each measured.
@MainActor
final class ZStackNode<Content: View>: ViewNode {
  private let container = OverlayWidget()
  private var content: ViewNode!
  private var alignment: Alignment
  private var inherited = InheritedAttributes()

  init(graph: ViewGraph, parent: ViewNode?, view: ZStack<Content>) {
    alignment = view.alignment
    super.init(graph: graph, parent: parent)
    content = graph.makeNode(for: view.content, parent: self)
    sync()
    applyInheritedAttributes()
  }

  override func applyInheritedAttributes() {
    inherited.apply(InheritedAttributes(environment), to: container)
  }

  override var childNodes: [ViewNode] { [content] }
  override var widgets: [Widget] { [container] }

  override func update(to view: any View) -> Bool {
    guard let view = view as? ZStack<Content> else { return false }
    isDirty = false
    alignment = view.alignment
    if let new = replacement(for: content, with: view.content) { content = new }
    sync()
    return true
  }

  override func widgetsChanged() {
    if content != nil { sync() }
  }

  private func sync() {
    let widgets = content.widgets
    // NB: a widget that moves from an overlay to the front must leave the overlays first.
    if container.child !== widgets.first { container.setOverlays([]) }
    container.child = widgets.first
    let overlays = Array(widgets.dropFirst())
    for widget in overlays {
      let horizontal = alignment.horizontal.gtkFill
      let vertical = alignment.vertical.gtkFill
      if gtk_widget_get_halign(widget.pointer) != horizontal {
        gtk_widget_set_halign(widget.pointer, horizontal)
      }
      if gtk_widget_get_valign(widget.pointer) != vertical {
        gtk_widget_set_valign(widget.pointer, vertical)
      }
    }
    container.setOverlays(overlays, measured: true)
  }

  override func dismantle() {
    content.dismantle()
    super.dismantle()
  }
}
