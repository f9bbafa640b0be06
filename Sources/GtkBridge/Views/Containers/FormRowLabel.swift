import CGtk

/// The label a text field shows when it is a ``Form`` row by itself: macOS forms put a
/// field's title at the row's leading edge.
///
/// A field records its title on its widget (`setTitle`); a form list that makes a row for
/// such a widget puts it in a box after a label (`makeRowContent`), and a later title
/// change reaches that label.
@MainActor
enum FormRowLabel {
  static let rowClass = "gtkbridge-form-row"
  private static let key = "gtkbridge-form-label"

  /// Records `title` as `widget`'s form label, and shows it if the widget is in a form row.
  /// The caller compares with the title it set last (`EditableFieldCoordinator`).
  static func setTitle(_ title: String, of widget: Widget) {
    let object = UnsafeMutableRawPointer(widget.pointer).assumingMemoryBound(to: GObject.self)
    g_object_set_data_full(object, key, strdup(title)) { free($0) }
    if let row = gtk_widget_get_parent(widget.pointer),
      gtk_widget_has_css_class(row, rowClass) != 0,
      let label = gtk_widget_get_first_child(row)
    {
      gtk_label_set_text(OpaquePointer(label), title)
      gtk_widget_set_visible(label, title.isEmpty ? 0 : 1)
      tie(label, to: widget.pointer, shown: !title.isEmpty)
    }
  }

  /// While the row's label shows, it names the field for screen readers, as
  /// `gtk_label_set_mnemonic_widget` does in a C program; under `.labelsHidden()` the field's
  /// own name (its title) is read.
  private static func tie(
    _ label: UnsafeMutablePointer<GtkWidget>, to field: UnsafeMutablePointer<GtkWidget>,
    shown: Bool
  ) {
    guard let control = Widget(retaining: field).firstAccessibleControl else { return }
    Widget(retaining: control).setAccessibleLabel(by: shown ? label : nil)
  }

  /// The form label recorded on `widget`, if any.
  static func title(of widget: UnsafeMutablePointer<GtkWidget>) -> String? {
    let object = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self)
    return g_object_get_data(object, key).map {
      String(cString: $0.assumingMemoryBound(to: CChar.self))
    }
  }

  /// What a form row holds for `widget`: the widget itself, or a box of its label and it.
  /// The label joins `labelWidths`, the form list's size group: every titled field of the
  /// list then starts at one edge, as macOS lines a form's fields up after their labels.
  static func makeRowContent(
    for widget: UnsafeMutablePointer<GtkWidget>, labelWidths: UnsafeMutablePointer<GtkSizeGroup>?
  ) -> UnsafeMutablePointer<GtkWidget> {
    guard let title = title(of: widget) else { return widget }
    let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
    gtk_widget_add_css_class(box, rowClass)
    let label = gtk_label_new(title)!
    gtk_label_set_xalign(OpaquePointer(label), 0)
    LabelWidget.wrapAsText(label)
    gtk_widget_set_visible(label, title.isEmpty ? 0 : 1)
    // NB: GTK 4 leaves hidden widgets out of a size group's width, so an untitled field's
    // empty label widens nothing.
    if let labelWidths { gtk_size_group_add_widget(labelWidths, label) }
    let isMultiLine =
      g_type_check_instance_is_a(
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self),
        VerticalTextFieldWidget.frameType) != 0
    if isMultiLine {
      // As a Mac form: beside a multi-line field the label is level with its first line, not
      // centred on the field (the frame's border, then the space above the lines).
      gtk_widget_set_valign(label, GTK_ALIGN_START)
      gtk_widget_set_margin_top(label, VerticalTextFieldWidget.verticalMargin + 1)
    }
    gtk_box_append(UnsafeMutableRawPointer(box).assumingMemoryBound(to: GtkBox.self), label)
    gtk_widget_set_hexpand(widget, 1)
    gtk_box_append(UnsafeMutableRawPointer(box).assumingMemoryBound(to: GtkBox.self), widget)
    tie(label, to: widget, shown: !title.isEmpty)
    // The label is the field's: it dims with a disabled field and vanishes with a hidden one.
    // GLib drops the bindings when either widget goes.
    for property in ["sensitive", "opacity"] {
      g_object_bind_property(
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), property,
        UnsafeMutableRawPointer(label).assumingMemoryBound(to: GObject.self), property,
        G_BINDING_SYNC_CREATE)
    }
    return box
  }
}
