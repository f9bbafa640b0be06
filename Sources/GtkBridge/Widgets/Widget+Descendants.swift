import CGtk

/// Whether the GTK widget `widget` is an instance of `type` (such as `gtk_button_get_type()`)
/// or of a type derived from it. Wraps `g_type_check_instance_is_a`.
func gtkIsA(_ widget: UnsafeMutablePointer<GtkWidget>, _ type: GType) -> Bool {
  g_type_check_instance_is_a(
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type) != 0
}

extension Widget {
  /// This widget and the GTK widgets below it that are instances of `type` (such as
  /// `gtk_button_get_type()`), outermost first. The inside of a match is not searched: an
  /// entry's inner `GtkText` is part of the entry, a button's label part of the button.
  func gtkDescendants(ofType type: GType) -> [UnsafeMutablePointer<GtkWidget>] {
    gtkWidgets(where: { gtkIsA($0, type) }, notInside: { gtkIsA($0, type) })
  }

  /// This widget and the GTK widgets below it for which `match` holds, outermost first; the
  /// inside of a widget for which `notInside` holds is not searched.
  func gtkWidgets(
    where match: (UnsafeMutablePointer<GtkWidget>) -> Bool,
    notInside: (UnsafeMutablePointer<GtkWidget>) -> Bool
  ) -> [UnsafeMutablePointer<GtkWidget>] {
    var found: [UnsafeMutablePointer<GtkWidget>] = []
    func visit(_ widget: UnsafeMutablePointer<GtkWidget>) {
      if match(widget) { found.append(widget) }
      if notInside(widget) { return }
      var child = gtk_widget_get_first_child(widget)
      while let current = child {
        visit(current)
        child = gtk_widget_get_next_sibling(current)
      }
    }
    visit(pointer)
    return found
  }

  /// The text of the first label with text at or below this widget, in order (depth first):
  /// what a list of shortcuts calls a button whose label is inside it.
  var firstLabelText: String? {
    var stack = [pointer]
    while let node = stack.popLast() {
      if g_type_check_instance_is_a(
        UnsafeMutableRawPointer(node).assumingMemoryBound(to: GTypeInstance.self),
        gtk_label_get_type()) != 0, let text = gtk_label_get_text(OpaquePointer(node))
      {
        let title = String(cString: text)
        if !title.isEmpty { return title }
      }
      var children: [UnsafeMutablePointer<GtkWidget>] = []
      var child = gtk_widget_get_first_child(node)
      while let current = child {
        children.append(current)
        child = gtk_widget_get_next_sibling(current)
      }
      stack.append(contentsOf: children.reversed())
    }
    return nil
  }
}
