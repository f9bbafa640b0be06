import CGtk

/// A handle on a `GtkScrolledWindow`: the widget behind ``ScrollView``.
@MainActor
final class ScrolledWindowWidget: Widget {
  /// The box that holds content which does not scroll itself.
  let box: Box

  /// A scrolled window whose box stacks its content top to bottom, or leading to trailing
  /// when `horizontal`.
  init(horizontal: Bool) {
    box = Box(
      orientation: horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL,
      spacing: 8)
    super.init(retaining: gtk_scrolled_window_new()!)
  }

  private var window: OpaquePointer { OpaquePointer(pointer) }

  /// A window that scrolls `content` (a ``List``'s list box, a ``Form``'s box) vertically
  /// only: as tall as the content when there is room (up to what it is given), and taking
  /// the height offered, as GNOME Settings' pages do.
  convenience init(scrollingVertically content: Widget) {
    self.init(horizontal: false)
    gtk_scrolled_window_set_child(window, content.pointer)
    gtk_scrolled_window_set_policy(window, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    // NB: as tall as its rows when there is room, so a form in a VStack is not squeezed.
    propagatesNaturalHeight = true
    gtk_widget_set_vexpand(pointer, 1)
  }

  /// Which axes scroll, with or without scroll bars; a scrolling axis expands. Wraps
  /// `gtk_scrolled_window_set_policy`.
  func setScrolling(horizontal: Bool, vertical: Bool, showsIndicators: Bool) {
    func policy(_ scrolls: Bool) -> GtkPolicyType {
      scrolls ? (showsIndicators ? GTK_POLICY_AUTOMATIC : GTK_POLICY_EXTERNAL) : GTK_POLICY_NEVER
    }
    gtk_scrolled_window_set_policy(window, policy(horizontal), policy(vertical))
    gtk_widget_set_hexpand(pointer, horizontal ? 1 : 0)
    gtk_widget_set_vexpand(pointer, vertical ? 1 : 0)
  }

  /// Whether the window asks for its content's natural height (up to what it is given), as a
  /// list does. Wraps `gtk_scrolled_window_set_propagate_natural_height`.
  var propagatesNaturalHeight: Bool {
    get { gtk_scrolled_window_get_propagate_natural_height(window) != 0 }
    set { gtk_scrolled_window_set_propagate_natural_height(window, newValue ? 1 : 0) }
  }

  /// Shows `widgets`: one that scrolls itself (a `GtkScrollable`, such as the list view of a
  /// ``LazyVStack``) as the window's own child, so GTK makes only the rows on screen; any
  /// other content in the box, which GTK scrolls through a viewport.
  func setContent(_ widgets: [Widget]) {
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
    // NB: GTK wraps the box in a viewport: the viewport is the child then, the box its child.
    if gtk_widget_get_parent(box.pointer) == nil {
      gtk_scrolled_window_set_child(window, box.pointer)
    }
    box.setChildren(widgets)
  }
}
