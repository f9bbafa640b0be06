import CGtk

extension Widget {
  /// Whether a keyboard shortcut may run the widget: sensitive (its ancestors too), shown,
  /// and under no `.hidden()`, which stops input by turning off `can-target` on a container
  /// around it. Wraps `gtk_widget_is_sensitive`, `gtk_widget_is_visible` and
  /// `gtk_widget_get_can_target`.
  var canActivateByShortcut: Bool {
    guard gtk_widget_is_sensitive(pointer) != 0, gtk_widget_is_visible(pointer) != 0 else {
      return false
    }
    var current: UnsafeMutablePointer<GtkWidget>? = pointer
    while let node = current {
      if gtk_widget_get_can_target(node) == 0 { return false }
      current = gtk_widget_get_parent(node)
    }
    return true
  }

  /// Runs the widget as a click would: a button's "clicked" at once (GTK's keyboard
  /// activation would wait for its press animation), anything else's activation (a toggle
  /// flips). Wraps `gtk_widget_activate`.
  func activateByShortcut() {
    if g_type_check_instance_is_a(
      rawPointer.assumingMemoryBound(to: GTypeInstance.self), gtk_button_get_type()) != 0
    {
      cgtk_emit(pointer, "clicked")
    } else {
      gtk_widget_activate(pointer)
    }
  }
}
