import CGtk

extension UnsafeMutablePointer<GtkWidget> {
  /// Names a popover menu (this widget) after what opens it: its menu button's label or
  /// tooltip ("Main Menu"), or its menu bar item's label ("File"). GTK 4.8 names an open
  /// popover menu by its type, and its main page too: Orca read "GtkPopoverMenu menu.
  /// GtkStackPage panel. New Window." (C programs as well; GTK 4.18 names the menu after its
  /// button and reads no page). Each page of the menu's `GtkStack` takes the menu's name, or
  /// a submenu's page its title, on GTK before 4.10 (the stack is GTK's own part of the menu;
  /// see the Private GTK behaviour article). Nothing is named when nothing names the opener
  /// (a context menu). Wraps `gtk_accessible_update_property`.
  @MainActor func nameMenuAfterWhatOpensIt() {
    guard let name = menuOpenerName else { return }
    cgtk_accessible_set_label(self, name)
    guard !GTKVersion.isAtLeast(4, 10) else { return }
    for stack in Widget(retaining: self).gtkDescendants(ofType: gtk_stack_get_type()) {
      let box = OpaquePointer(stack)
      var child = gtk_widget_get_first_child(stack)
      while let current = child {
        if let page = gtk_stack_get_page(box, current) {
          let title = gtk_stack_page_get_name(page).map { String(cString: $0) }
          // NB: gtkpopovermenu.c names the menu's first page "main", a submenu's page by
          // the item's label.
          cgtk_accessible_object_set_label(
            UnsafeMutableRawPointer(page), title == nil || title == "main" ? name : title)
        }
        child = gtk_widget_get_next_sibling(current)
      }
    }
  }

  /// The label of the menu button or menu bar item a popover menu hangs from.
  @MainActor private var menuOpenerName: String? {
    guard let opener = gtk_widget_get_parent(self) else { return nil }
    let instance = UnsafeMutableRawPointer(opener).assumingMemoryBound(to: GTypeInstance.self)
    if g_type_check_instance_is_a(instance, gtk_menu_button_get_type()) != 0 {
      let button = OpaquePointer(opener)
      let label = gtk_menu_button_get_label(button).map { String(cString: $0) }
      let tooltip = gtk_widget_get_tooltip_text(opener).map { String(cString: $0) }
      return [label, tooltip].compactMap { $0 }.first { !$0.isEmpty }
    }
    // A menu bar item (GtkPopoverMenuBarItem, a private type): the text of its label.
    let labels = Widget(retaining: opener).gtkDescendants(ofType: gtk_label_get_type())
    guard gtk_widget_get_ancestor(opener, gtk_popover_menu_bar_get_type()) != nil,
      let label = labels.first, let text = gtk_label_get_text(OpaquePointer(label))
    else { return nil }
    let name = String(cString: text)
    return name.isEmpty ? nil : name
  }
}
