import CGtk

extension Widget {
  /// Whether what the widget holds is cut at its edges (its CSS `border-radius` included):
  /// `GTK_OVERFLOW_HIDDEN`. Wraps `gtk_widget_set_overflow` / `gtk_widget_get_overflow`.
  public var clipsContent: Bool {
    get { gtk_widget_get_overflow(pointer) == GTK_OVERFLOW_HIDDEN }
    set {
      let overflow = newValue ? GTK_OVERFLOW_HIDDEN : GTK_OVERFLOW_VISIBLE
      if gtk_widget_get_overflow(pointer) != overflow { gtk_widget_set_overflow(pointer, overflow) }
    }
  }

  /// Whether the widget is a `GtkLabel`, whose shadow is its text's.
  var isLabel: Bool { isA(gtk_label_get_type()) }

  /// Whether the widget is a `GtkImage`, whose shadow is its icon's.
  var isImage: Bool { isA(gtk_image_get_type()) }

  private func isA(_ type: GType) -> Bool {
    g_type_check_instance_is_a(
      UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GTypeInstance.self), type) != 0
  }
}
