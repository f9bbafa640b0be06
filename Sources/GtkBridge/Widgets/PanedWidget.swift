import CGtk

/// A handle on a horizontal `GtkPaned`, the two columns behind ``NavigationSplitView``: a
/// start child and an end child with a handle between them the user drags.
@MainActor
final class PanedWidget: Widget {
  /// A paned of `start` and `end`, neither of which shrinks below what its widgets need (so
  /// no field is cut off). Wraps `gtk_paned_new` and `gtk_paned_set_shrink_*_child`.
  init(start: Widget, end: Widget?) {
    super.init(retaining: UnsafeMutableRawPointer(gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)))
    gtk_paned_set_start_child(paned, start.pointer)
    if let end { gtk_paned_set_end_child(paned, end.pointer) }
    gtk_paned_set_shrink_start_child(paned, 0)
    gtk_paned_set_shrink_end_child(paned, 0)
  }

  private var paned: OpaquePointer { opaquePointer }

  /// Wraps `gtk_paned_set_end_child`.
  func setEndChild(_ child: Widget) {
    gtk_paned_set_end_child(paned, child.pointer)
  }

  /// Whether the start child takes a share of the width the paned gains (off: it keeps its
  /// width as the window grows). Wraps `gtk_paned_set_resize_start_child`.
  var resizesStartChild: Bool {
    get { gtk_paned_get_resize_start_child(paned) != 0 }
    set { gtk_paned_set_resize_start_child(paned, newValue ? 1 : 0) }
  }
}
