import CGtk

extension Widget {
  /// The list row (`GtkListBoxRow`) that holds this widget, if any. Wraps
  /// `gtk_widget_get_ancestor`.
  var enclosingListRow: UnsafeMutablePointer<GtkWidget>? {
    gtk_widget_get_ancestor(pointer, gtk_list_box_row_get_type())
  }
}
