import CGtk

/// A handle on a `GtkHeaderBar`, the title bar GtkBridge draws for a window: the title in
/// the middle, a box of widgets at each end.
@MainActor
final class HeaderBar: Widget {
  /// The widgets at the start (left in left-to-right locales), in order.
  let start = Box(orientation: GTK_ORIENTATION_HORIZONTAL, spacing: 6)
  /// The widgets at the end, in order (the last one at the very end).
  let end = Box(orientation: GTK_ORIENTATION_HORIZONTAL, spacing: 6)

  /// Takes the header bar `pointer` (one `Window.useHeaderBar` made) or makes one.
  /// Wraps `gtk_header_bar_new`, `gtk_header_bar_pack_start` and `gtk_header_bar_pack_end`.
  init(existing pointer: UnsafeMutablePointer<GtkWidget>?) {
    super.init(retaining: pointer ?? gtk_header_bar_new())
    gtk_header_bar_pack_start(opaquePointer, start.pointer)
    gtk_header_bar_pack_end(opaquePointer, end.pointer)
  }

  /// Puts `button` at the very end, after the end box (the primary menu's place). Wraps
  /// `gtk_header_bar_remove` and `gtk_header_bar_pack_end`.
  func packPrimaryMenu(_ button: UnsafeMutablePointer<GtkWidget>) {
    // NB: each `pack_end` goes inside the previous one; the end box leaves and comes back
    // so the button is outermost.
    gtk_header_bar_remove(opaquePointer, end.pointer)
    gtk_header_bar_pack_end(opaquePointer, button)
    gtk_header_bar_pack_end(opaquePointer, end.pointer)
  }

  /// The label of a title widget made by `Window.useHeaderBar(subtitle:)`, if there is one
  /// (the header bar shows the window's title otherwise).
  var titleLabel: UnsafeMutablePointer<GtkWidget>? {
    guard let titles = gtk_header_bar_get_title_widget(opaquePointer) else { return nil }
    var child = gtk_widget_get_first_child(titles)
    while let current = child {
      if gtk_widget_has_css_class(current, "title") != 0 { return current }
      child = gtk_widget_get_next_sibling(current)
    }
    return nil
  }
}

/// A handle on a `GtkActionBar`: a bar under a window's content for ``ToolbarItem``s placed
/// at the `.bottomBar` or, while a text field has focus, the `.keyboard`. Its items sit in
/// one box that fills the bar, so a ``Spacer`` among them pushes its neighbours apart.
@MainActor
final class ActionBar: Widget {
  let items = Box(orientation: GTK_ORIENTATION_HORIZONTAL, spacing: 6)

  /// Wraps `gtk_action_bar_new` and `gtk_action_bar_set_center_widget`.
  init(cssClass: String) {
    super.init(retaining: UnsafeMutableRawPointer(gtk_action_bar_new()))
    // NB: the bar lays out a center box; only its center widget can expand (packed
    // widgets keep their natural width), so the items' box is the center, expanding.
    gtk_widget_set_hexpand(items.pointer, 1)
    gtk_action_bar_set_center_widget(opaquePointer, items.pointer)
    gtk_widget_add_css_class(pointer, cssClass)
  }

  /// The CSS class of the `.keyboard` toolbar's bar.
  static let keyboardBarClass = "gtkbridge-keyboard-bar"

  /// Whether `focus` is editing text: a text field's `GtkText` or a `GtkTextView`, for which
  /// the keyboard bar shows.
  static func isEditing(_ focus: UnsafeMutablePointer<GtkWidget>) -> Bool {
    let instance = UnsafeMutableRawPointer(focus).assumingMemoryBound(to: GTypeInstance.self)
    return g_type_check_instance_is_a(instance, gtk_text_get_type()) != 0
      || g_type_check_instance_is_a(instance, gtk_text_view_get_type()) != 0
  }

  /// Whether `widget` is in a keyboard bar that F6 opened (one that can take focus now; see
  /// `KeyboardBarReach`).
  static func isInOpenKeyboardBar(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    var current: UnsafeMutablePointer<GtkWidget>? = widget
    while let node = current {
      if gtk_widget_has_css_class(node, keyboardBarClass) != 0 {
        return gtk_widget_get_can_focus(node) != 0
      }
      current = gtk_widget_get_parent(node)
    }
    return false
  }
}
