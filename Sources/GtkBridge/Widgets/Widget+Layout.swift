import CGtk

// How a widget sits in the space its parent gives it, and whether it is drawn and reached:
// GTK's own properties, under GTK's names.
extension Widget {
  /// Where the widget sits across its allocated width. Wraps `gtk_widget_set_halign`.
  var halign: GtkAlign {
    get { gtk_widget_get_halign(pointer) }
    set { gtk_widget_set_halign(pointer, newValue) }
  }

  /// Where the widget sits across its allocated height. Wraps `gtk_widget_set_valign`.
  var valign: GtkAlign {
    get { gtk_widget_get_valign(pointer) }
    set { gtk_widget_set_valign(pointer, newValue) }
  }

  /// Whether the widget takes extra width its parent has. Wraps `gtk_widget_set_hexpand`.
  var hexpand: Bool {
    get { gtk_widget_get_hexpand(pointer) != 0 }
    set { gtk_widget_set_hexpand(pointer, newValue ? 1 : 0) }
  }

  /// Whether the widget takes extra height its parent has. Wraps `gtk_widget_set_vexpand`.
  var vexpand: Bool {
    get { gtk_widget_get_vexpand(pointer) != 0 }
    set { gtk_widget_set_vexpand(pointer, newValue ? 1 : 0) }
  }

  /// The least size the widget asks for; -1 leaves a dimension to the widget.
  /// Wraps `gtk_widget_set_size_request`.
  func setSizeRequest(width: Int, height: Int) {
    gtk_widget_set_size_request(pointer, gint(width), gint(height))
  }

  /// Wraps `gtk_widget_set_opacity`.
  var opacity: Double {
    get { gtk_widget_get_opacity(pointer) }
    set { gtk_widget_set_opacity(pointer, newValue) }
  }

  /// Whether pointer input can reach the widget. Wraps `gtk_widget_set_can_target`.
  var canTarget: Bool {
    get { gtk_widget_get_can_target(pointer) != 0 }
    set { gtk_widget_set_can_target(pointer, newValue ? 1 : 0) }
  }

  /// Whether the widget or anything inside it can take keyboard focus.
  /// Wraps `gtk_widget_set_can_focus`.
  var canFocus: Bool {
    get { gtk_widget_get_can_focus(pointer) != 0 }
    set { gtk_widget_set_can_focus(pointer, newValue ? 1 : 0) }
  }

  /// Whether `descendant` is this widget or inside it. Wraps `gtk_widget_is_ancestor`.
  func contains(_ descendant: UnsafeMutablePointer<GtkWidget>) -> Bool {
    descendant.isInside(pointer)
  }
}
