import CGtk

extension Widget {
  /// Adds a GTK style class such as `suggested-action`. Wraps `gtk_widget_add_css_class`.
  public func addCSSClass(_ name: String) {
    gtk_widget_add_css_class(pointer, name)
  }

  /// Wraps `gtk_widget_remove_css_class`.
  public func removeCSSClass(_ name: String) {
    gtk_widget_remove_css_class(pointer, name)
  }

  /// Wraps `gtk_widget_has_css_class`.
  public func hasCSSClass(_ name: String) -> Bool {
    gtk_widget_has_css_class(pointer, name) != 0
  }

  /// Adds style classes to a GTK widget that has no handle (a label made by a widget handle
  /// for its own use, such as a section's header). Wraps `gtk_widget_add_css_class`.
  static func addCSSClasses(_ names: [String], to widget: UnsafeMutablePointer<GtkWidget>) {
    for name in names { gtk_widget_add_css_class(widget, name) }
  }
}
