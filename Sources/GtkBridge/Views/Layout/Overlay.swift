import CGtk

extension View {
  /// Lays `overlay` over this view, at its size: SwiftUI's `overlay(_:alignment:)`, in a
  /// `GtkOverlay`. The overlay does not change the view's size; a shape fills it, so
  /// `.overlay(RoundedRectangle(cornerRadius: 8).stroke(.gray))` draws a frame.
  ///
  /// ```swift
  /// TextField("Email", text: $email)
  ///   .padding(10)
  ///   .overlay(RoundedRectangle(cornerRadius: 8).stroke(Color.gray, lineWidth: 1))
  /// ```
  public func overlay<V: View>(_ overlay: V, alignment: Alignment = .center) -> some View {
    OverlayView(content: self, overlay: overlay, alignment: alignment)
  }

  /// The iOS 15 form: `.overlay(alignment: .topTrailing) { Badge() }`.
  public func overlay<V: View>(
    alignment: Alignment = .center, @ViewBuilder content: () -> V
  ) -> some View {
    OverlayView(content: self, overlay: content(), alignment: alignment)
  }
}

struct OverlayView<Content: View, Overlay: View>: View, PrimitiveView {
  let content: Content
  let overlay: Overlay
  let alignment: Alignment

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    OverlayNode(graph: graph, parent: parent, view: self)
  }
}

/// The node of an overlay: a `GtkOverlay` with the content's widgets as its child and the
/// overlay's widgets over it.
@MainActor
final class OverlayNode<Content: View, Overlay: View>: ViewNode {
  private let container = OverlayWidget()
  private var content: ViewNode!
  private var overlay: ViewNode!
  private var alignment: Alignment
  /// Holds the content's widgets when it has several (a `GtkOverlay` has one child).
  private var contentBox: Box?
  private var inherited = InheritedAttributes()

  init(graph: ViewGraph, parent: ViewNode?, view: OverlayView<Content, Overlay>) {
    alignment = view.alignment
    super.init(graph: graph, parent: parent)
    content = graph.makeNode(for: view.content, parent: self)
    overlay = graph.makeNode(for: view.overlay, parent: self)
    sync()
    applyInheritedAttributes()
  }

  override func applyInheritedAttributes() {
    inherited.apply(InheritedAttributes(environment), to: container)
  }

  override var childNodes: [ViewNode] { [content, overlay] }
  override var widgets: [Widget] { [container] }

  override func update(to view: any View) -> Bool {
    guard let view = view as? OverlayView<Content, Overlay> else { return false }
    isDirty = false
    alignment = view.alignment
    if let new = replacement(for: content, with: view.content) { content = new }
    if let new = replacement(for: overlay, with: view.overlay) { overlay = new }
    sync()
    return true
  }

  override func widgetsChanged() {
    if content != nil, overlay != nil { sync() }
  }

  private func sync() {
    let main = content.widgets
    if main.count == 1 {
      contentBox = nil
      container.child = main[0]
    } else {
      let box = contentBox ?? Box(orientation: GTK_ORIENTATION_VERTICAL, spacing: 8)
      contentBox = box
      box.setChildren(main)
      container.child = box
    }
    // NB: the overlay's own hexpand would make the GtkOverlay claim extra space; its size
    // is the content's.
    let overlays = overlay.widgets
    for widget in overlays {
      gtk_widget_set_halign(widget.pointer, alignment.horizontal.gtkFill)
      gtk_widget_set_valign(widget.pointer, alignment.vertical.gtkFill)
    }
    container.setOverlays(overlays)
  }

  override func dismantle() {
    content.dismantle()
    overlay.dismantle()
    super.dismantle()
  }
}

extension HorizontalAlignment {
  /// Centre fills (a shape takes the whole width); the edges align.
  fileprivate var gtkFill: GtkAlign { self == .center ? GTK_ALIGN_FILL : gtk }
}

extension VerticalAlignment {
  fileprivate var gtkFill: GtkAlign { self == .center ? GTK_ALIGN_FILL : gtk }
}
