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

  /// Lays `background` behind this view, at its size: SwiftUI's `background(_:alignment:)`
  /// with a view. A shape fills the view, so
  /// `.background(RoundedRectangle(cornerRadius: 8).fill(.gray.opacity(0.2)))` is a field's
  /// rounded backdrop. (A colour or style alone is `background(_:)`, CSS.)
  ///
  /// ```swift
  /// TextField("Code", text: $code)
  ///   .padding(8)
  ///   .background(RoundedRectangle(cornerRadius: 8).stroke(.gray))
  /// ```
  // NB: disfavoured so that `.background(Color.red)` stays the CSS background of a style.
  @_disfavoredOverload
  public func background<V: View>(_ background: V, alignment: Alignment = .center) -> some View {
    OverlayView(content: self, overlay: background, alignment: alignment, behind: true)
  }

  /// The iOS 15 form: `.background(alignment: .leading) { Capsule().fill(.blue) }`.
  public func background<V: View>(
    alignment: Alignment = .center, @ViewBuilder content: () -> V
  ) -> some View {
    OverlayView(content: self, overlay: content(), alignment: alignment, behind: true)
  }
}

@usableFromInline
struct OverlayView<Content: View, Overlay: View>: View, PrimitiveView {
  @usableFromInline var body: Never { unbuiltBody() }
  let content: Content
  let overlay: Overlay
  let alignment: Alignment
  /// A background: the overlay's widgets are the `GtkOverlay`'s main child, drawn first, and
  /// the content's are a measured overlay over them, so the content still sets the size.
  var behind = false

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
  private let behind: Bool
  /// Holds the overlay's widgets behind the content when it has several.
  private var backgroundBox: Box?
  /// Holds the content's widgets when it has several (a `GtkOverlay` has one child).
  private var contentBox: Box?
  private var inherited = InheritedAttributes()

  init(graph: ViewGraph, parent: ViewNode?, view: OverlayView<Content, Overlay>) {
    alignment = view.alignment
    behind = view.behind
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
    guard let view = view as? OverlayView<Content, Overlay>, view.behind == behind else {
      return false
    }
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
    if behind { return syncBackground() }
    container.child = single(content.widgets, in: &contentBox)
    // NB: the overlay's own hexpand would make the GtkOverlay claim extra space; its size
    // is the content's.
    let overlays = overlay.widgets
    align(overlays)
    container.setOverlays(overlays)
  }

  /// The background as the main child (GTK draws it first), the content as an overlay
  /// measured for the size.
  private func syncBackground() {
    let back = overlay.widgets
    align(back)
    let main = single(back, in: &backgroundBox)
    if container.child !== main { container.setOverlays([]) }
    container.child = main
    container.setOverlays([single(content.widgets, in: &contentBox)], measured: true)
  }

  private func align(_ widgets: [Widget]) {
    for widget in widgets {
      gtk_widget_set_halign(widget.pointer, alignment.horizontal.gtkFill)
      gtk_widget_set_valign(widget.pointer, alignment.vertical.gtkFill)
    }
  }

  /// `widgets` as one widget: itself, or a vertical box holding them (a `GtkOverlay` child is
  /// one widget); an empty box for none.
  private func single(_ widgets: [Widget], in holder: inout Box?) -> Widget {
    if widgets.count == 1 {
      holder = nil
      return widgets[0]
    }
    let box = holder ?? Box(orientation: GTK_ORIENTATION_VERTICAL, spacing: 8)
    holder = box
    box.setChildren(widgets)
    return box
  }

  override func dismantle() {
    content.dismantle()
    overlay.dismantle()
    super.dismantle()
  }
}

extension HorizontalAlignment {
  /// Centre fills (a shape takes the whole width); the edges align.
  var gtkFill: GtkAlign { self == .center ? GTK_ALIGN_FILL : gtk }
}

extension VerticalAlignment {
  var gtkFill: GtkAlign { self == .center ? GTK_ALIGN_FILL : gtk }
}
