import CGtk

/// The node of a ``ScrollView``: a `GtkScrolledWindow` whose child is a box of the
/// content's widgets.
@MainActor
final class ScrollNode<Content: View>: ViewNode {
  let scrolled: Widget
  let box: Box
  private var child: ViewNode!
  private var axes: Axis.Set
  private var showsIndicators: Bool
  private var inherited = InheritedAttributes()

  init(graph: ViewGraph, parent: ViewNode?, view: ScrollView<Content>) {
    scrolled = Widget(retaining: gtk_scrolled_window_new()!)
    let horizontalOnly = view.axes == .horizontal
    box = Box(
      orientation: horizontalOnly ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL,
      spacing: 8)
    axes = view.axes
    showsIndicators = view.showsIndicators
    super.init(graph: graph, parent: parent)
    applyPolicy()
    child = graph.makeNode(for: view.content, parent: self)
    showContent()
    applyInheritedAttributes()
  }

  private func applyPolicy() {
    func policy(_ axis: Axis.Set) -> GtkPolicyType {
      axes.contains(axis)
        ? (showsIndicators ? GTK_POLICY_AUTOMATIC : GTK_POLICY_EXTERNAL) : GTK_POLICY_NEVER
    }
    gtk_scrolled_window_set_policy(
      OpaquePointer(scrolled.pointer), policy(.horizontal), policy(.vertical))
    gtk_widget_set_hexpand(scrolled.pointer, axes.contains(.horizontal) ? 1 : 0)
    gtk_widget_set_vexpand(scrolled.pointer, axes.contains(.vertical) ? 1 : 0)
  }

  override func applyInheritedAttributes() {
    inherited.apply(InheritedAttributes(environment), to: scrolled)
  }

  override var childNodes: [ViewNode] { [child] }
  override var widgets: [Widget] { [scrolled] }

  override func update(to view: any View) -> Bool {
    guard let view = view as? ScrollView<Content> else { return false }
    // The box's direction is fixed when the node is made; a view that changes it is new.
    if (view.axes == .horizontal) != (axes == .horizontal) { return false }
    isDirty = false
    if view.axes != axes || view.showsIndicators != showsIndicators {
      axes = view.axes
      showsIndicators = view.showsIndicators
      applyPolicy()
    }
    let previous = (child: child, changes: graph.widgetListChanges)
    if let new = replacement(for: child, with: view.content) { child = new }
    if graph.widgetListChanges != previous.changes || child !== previous.child {
      showContent()
    }
    return true
  }

  override func widgetsChanged() {
    if child != nil { showContent() }
  }

  /// Puts the content in the scrolled window: a content that scrolls itself (the list view
  /// of a ``LazyVStack``, a `GtkScrollable`) directly, so GTK makes only the rows on screen;
  /// any other in the box, which GTK scrolls through a viewport.
  private func showContent() {
    let widgets = child.widgets
    let window = OpaquePointer(scrolled.pointer)
    if widgets.count == 1,
      g_type_check_instance_is_a(
        UnsafeMutableRawPointer(widgets[0].pointer).assumingMemoryBound(to: GTypeInstance.self),
        gtk_scrollable_get_type()) != 0
    {
      box.setChildren([])
      if gtk_scrolled_window_get_child(window) != widgets[0].pointer {
        gtk_scrolled_window_set_child(window, widgets[0].pointer)
      }
      return
    }
    if gtk_scrolled_window_get_child(window) != box.pointer
      && gtk_widget_get_parent(box.pointer) == nil
    {
      gtk_scrolled_window_set_child(window, box.pointer)
    } else if gtk_scrolled_window_get_child(window) == nil {
      gtk_scrolled_window_set_child(window, box.pointer)
    }
    box.setChildren(widgets)
  }

  override func dismantle() {
    child.dismantle()
    super.dismantle()
  }
}
