import CGtk

// What the graph and the focus coordinator ask of a widget they know only by its
// `GtkWidget *` (the window's focus widget, a page of a stack, a widget found by walking the
// tree): the pointer holds no reference, so it is read at once, never kept past the widget.
extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// The widget's parent. Wraps `gtk_widget_get_parent`.
  @MainActor var parent: Self? { gtk_widget_get_parent(self) }

  /// The window the widget is in, if any. Wraps `gtk_widget_get_root`.
  @MainActor var root: Root? { gtk_widget_get_root(self).map { Root(UnsafeMutableRawPointer($0)) } }

  /// Whether the widget is `ancestor` or inside it. Wraps `gtk_widget_is_ancestor`.
  @MainActor func isInside(_ ancestor: Self) -> Bool {
    self == ancestor || gtk_widget_is_ancestor(self, ancestor) != 0
  }

  /// The widget's own `visible` flag (not its parents'). Wraps `gtk_widget_get_visible`.
  @MainActor var isVisible: Bool {
    get { gtk_widget_get_visible(self) != 0 }
    nonmutating set { gtk_widget_set_visible(self, newValue ? 1 : 0) }
  }

  /// Whether its parent shows it (a page a `GtkStack` does not show is not).
  /// Wraps `gtk_widget_get_child_visible`.
  @MainActor var isChildVisible: Bool { gtk_widget_get_child_visible(self) != 0 }

  /// Whether the widget is mapped (shown on screen with all its parents).
  /// Wraps `gtk_widget_get_mapped`.
  @MainActor var isMapped: Bool { gtk_widget_get_mapped(self) != 0 }

  /// The widget's own `sensitive` flag. Wraps `gtk_widget_get_sensitive`.
  @MainActor var isSensitive: Bool { gtk_widget_get_sensitive(self) != 0 }

  /// Whether the widget and all its parents are sensitive. Wraps `gtk_widget_is_sensitive`.
  @MainActor var isEffectivelySensitive: Bool { gtk_widget_is_sensitive(self) != 0 }

  /// The `can-focus` flag: off, neither the widget nor anything inside it takes focus.
  /// Wraps `gtk_widget_get_can_focus` / `gtk_widget_set_can_focus`.
  @MainActor var canFocus: Bool {
    get { gtk_widget_get_can_focus(self) != 0 }
    nonmutating set { gtk_widget_set_can_focus(self, newValue ? 1 : 0) }
  }

  /// The `focusable` flag: the widget itself takes focus. Wraps `gtk_widget_get_focusable`.
  @MainActor var isFocusable: Bool { gtk_widget_get_focusable(self) != 0 }

  /// Whether the widget is its window's focus widget. Wraps `gtk_widget_has_focus`.
  @MainActor var hasFocus: Bool { gtk_widget_has_focus(self) != 0 }

  /// Wraps `gtk_widget_get_first_child`.
  @MainActor var firstChild: Self? { gtk_widget_get_first_child(self) }

  /// Wraps `gtk_widget_get_next_sibling`.
  @MainActor var nextSibling: Self? { gtk_widget_get_next_sibling(self) }

  /// Wraps `gtk_widget_has_css_class`.
  @MainActor func hasCSSClass(_ name: String) -> Bool { gtk_widget_has_css_class(self, name) != 0 }

  /// The surface (window or popover) the widget is drawn on. Wraps `gtk_widget_get_native`.
  @MainActor var native: UnsafeMutableRawPointer? {
    gtk_widget_get_native(self).map { UnsafeMutableRawPointer($0) }
  }

  /// The frame clock of the widget's surface, once it is realized.
  /// Wraps `gtk_widget_get_frame_clock`.
  @MainActor var frameClock: UnsafeMutableRawPointer? {
    gtk_widget_get_frame_clock(self).map { UnsafeMutableRawPointer($0) }
  }

  /// Whether the widget is a `GtkText`, the text inside an entry.
  @MainActor var isText: Bool { isA(gtk_text_get_type()) }

  /// Whether the widget is a `GtkSpinButton`.
  @MainActor var isSpinButton: Bool { isA(gtk_spin_button_get_type()) }

  /// Whether the widget is editable: call only on a `GtkEditable` (``isText``).
  /// Wraps `gtk_editable_get_editable`.
  @MainActor var isEditable: Bool { gtk_editable_get_editable(OpaquePointer(self)) != 0 }

  /// Whether the widget is in a popover menu (a menu GTK shows, which holds the keyboard
  /// while it is open). Wraps `gtk_widget_get_ancestor`.
  @MainActor var popoverMenu: UnsafeMutableRawPointer? {
    gtk_widget_get_ancestor(self, gtk_popover_menu_get_type()).map { UnsafeMutableRawPointer($0) }
  }

  /// Whether the widget is a menu, or what one opens from: a menu button or a menu bar.
  /// Wraps `gtk_widget_get_ancestor`.
  @MainActor var isWhereAMenuHangs: Bool {
    popoverMenu != nil
      || gtk_widget_get_ancestor(self, gtk_menu_button_get_type()) != nil
      || gtk_widget_get_ancestor(self, gtk_popover_menu_bar_get_type()) != nil
  }

  /// Moves keyboard focus here, as GTK does (a `GtkText`'s text is selected). Returns whether
  /// GTK accepted. Wraps `gtk_widget_grab_focus`.
  @MainActor func grabFocus() -> Bool { gtk_widget_grab_focus(self) != 0 }

  /// Moves keyboard focus here without selecting a `GtkText`'s text; any other widget is
  /// grabbed as ``grabFocus()`` does. Returns whether GTK accepted.
  /// Wraps `gtk_text_grab_focus_without_selecting`.
  ///
  /// NB: unlike `gtk_widget_grab_focus`, the "without selecting" variant does not refuse an
  /// insensitive widget or one inside a container that cannot take focus.
  @MainActor func grabFocusWithoutSelecting() -> Bool {
    guard isText else { return grabFocus() }
    return gtk_text_grab_focus_without_selecting(cast(to: GtkText.self)) != 0
  }

  /// The text of a `GtkEditable`. Wraps `gtk_editable_get_text`.
  @MainActor var editableText: String? {
    gtk_editable_get_text(OpaquePointer(self)).map { String(cString: $0) }
  }

  /// The text selected in a `GtkText` with a selection: the end it was started from
  /// (`bound`) and the end the caret is at; `nil` for any other widget or no selection.
  /// NB: GTK keeps a field's caret through the moment it leaves the window, and drops its
  /// selection; ``selectText(_:)`` with these puts both ends back, direction included
  /// (Shift+arrows go on from the caret).
  /// Wraps `gtk_editable_get_selection_bounds` and `gtk_editable_get_position`.
  @MainActor var textSelection: (bound: Int32, cursor: Int32)? {
    guard isText else { return nil }
    let editable = OpaquePointer(self)
    var start: Int32 = 0
    var end: Int32 = 0
    guard gtk_editable_get_selection_bounds(editable, &start, &end) != 0 else { return nil }
    let cursor = gtk_editable_get_position(editable)
    return (cursor == start ? end : start, cursor)
  }

  /// Whether a `GtkEditable` has text selected. Wraps `gtk_editable_get_selection_bounds`.
  @MainActor var hasSelectedText: Bool {
    gtk_editable_get_selection_bounds(OpaquePointer(self), nil, nil) != 0
  }

  /// Selects from `bound` to `cursor` in a `GtkEditable`, the caret at `cursor`.
  /// Wraps `gtk_editable_select_region`.
  @MainActor func selectText(_ selection: (bound: Int32, cursor: Int32)) {
    gtk_editable_select_region(OpaquePointer(self), selection.bound, selection.cursor)
  }

  /// Waits until the display server has handled every request sent so far (its answers,
  /// such as a selection's owner changing, are then queued). Wraps `gdk_display_sync`.
  @MainActor func syncDisplay() {
    gdk_display_sync(gtk_widget_get_display(self))
  }

  @MainActor private func isA(_ type: GType) -> Bool {
    let instance = UnsafeMutableRawPointer(self).assumingMemoryBound(to: GTypeInstance.self)
    return g_type_check_instance_is_a(instance, type) != 0
  }
}
