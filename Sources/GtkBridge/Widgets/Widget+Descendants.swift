import CGtk

extension Widget {
  /// This widget and the GTK widgets below it that are instances of `type` (such as
  /// `gtk_button_get_type()`), outermost first. The inside of a match is not searched: an
  /// entry's inner `GtkText` is part of the entry, a button's label part of the button.
  func gtkDescendants(ofType type: GType) -> [UnsafeMutablePointer<GtkWidget>] {
    var found: [UnsafeMutablePointer<GtkWidget>] = []
    func visit(_ widget: UnsafeMutablePointer<GtkWidget>) {
      let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
      if g_type_check_instance_is_a(instance, type) != 0 {
        found.append(widget)
        return
      }
      var child = gtk_widget_get_first_child(widget)
      while let current = child {
        visit(current)
        child = gtk_widget_get_next_sibling(current)
      }
    }
    visit(pointer)
    return found
  }
}
