import CGtk

extension Widget {
  /// The list row that holds this widget, if any: its `GtkListBoxRow`, or, in a ``List``
  /// made lazily, the row widget of the `GtkListView` (GTK's list item widget, whose type is
  /// private: it is the list view's child on the way up). Wraps `gtk_widget_get_ancestor`.
  var enclosingListRow: UnsafeMutablePointer<GtkWidget>? {
    if let row = gtk_widget_get_ancestor(pointer, gtk_list_box_row_get_type()) { return row }
    var current = pointer
    while let parent = gtk_widget_get_parent(current) {
      if g_type_check_instance_is_a(
        UnsafeMutableRawPointer(parent).assumingMemoryBound(to: GTypeInstance.self),
        gtk_list_view_get_type()) != 0
      {
        return current
      }
      current = parent
    }
    return nil
  }
}
