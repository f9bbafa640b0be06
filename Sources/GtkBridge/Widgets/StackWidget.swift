import CGtk

/// A handle on a `GtkStack`, the container behind ``NavigationStack``: one child shown at a
/// time, the change animated by a slide (to the left towards later children, to the right
/// back towards earlier ones).
@MainActor
final class StackWidget: Widget {
  /// A stack whose changes slide, or (`slides: false`) switch at once, as tabs do.
  init(slides: Bool = true) {
    super.init(retaining: UnsafeMutableRawPointer(gtk_stack_new()))
    gtk_stack_set_transition_type(
      opaquePointer,
      slides ? GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT : GTK_STACK_TRANSITION_TYPE_NONE)
    // NB: each page asks for its own size, not the largest page's: a short pushed page with
    // a bar under it must not make the window taller than the root page needs.
    gtk_stack_set_vhomogeneous(opaquePointer, 0)
    gtk_stack_set_hhomogeneous(opaquePointer, 0)
  }

  /// Wraps `gtk_stack_add_child`. The page is untitled: GTK 4.8 read an untitled page to
  /// screen readers by its type name ("GtkStackPage panel"); a tab's title replaces it.
  func add(_ child: Widget) {
    gtk_stack_page_set_title(gtk_stack_add_child(opaquePointer, child.pointer), "")
  }

  /// Wraps `gtk_stack_remove`; a widget that is not a child is left alone.
  func remove(_ child: Widget) {
    remove(page: child.pointer)
  }

  /// The same for a page known by its pointer.
  func remove(page child: UnsafeMutablePointer<GtkWidget>) {
    guard gtk_widget_get_parent(child) == pointer else { return }
    gtk_stack_remove(opaquePointer, child)
  }

  /// The child shown. Wraps `gtk_stack_set_visible_child`.
  func show(_ child: Widget) {
    show(page: child.pointer)
  }

  /// The same for a page known by its pointer.
  func show(page child: UnsafeMutablePointer<GtkWidget>) {
    gtk_stack_set_visible_child(opaquePointer, child)
  }

  /// The child shown, if any. Wraps `gtk_stack_get_visible_child`.
  var visibleChild: UnsafeMutablePointer<GtkWidget>? {
    gtk_stack_get_visible_child(opaquePointer)
  }

  /// The title of `child`'s page (a tab's label); `nil` for a widget that is no page.
  /// Wraps `gtk_stack_page_get_title`.
  func title(of child: Widget) -> String? {
    guard let page = gtk_stack_get_page(opaquePointer, child.pointer) else { return nil }
    return gtk_stack_page_get_title(page).map { String(cString: $0) }
  }

  /// Wraps `gtk_stack_page_set_title`.
  func setTitle(_ title: String, of child: Widget) {
    gtk_stack_page_set_title(gtk_stack_get_page(opaquePointer, child.pointer), title)
  }

  /// Whether a slide is under way. Wraps `gtk_stack_get_transition_running`.
  var isTransitionRunning: Bool { gtk_stack_get_transition_running(opaquePointer) != 0 }
}
