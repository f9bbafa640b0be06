import CGtk

/// The header bar's button that shows and hides a split view's sidebar: a `GtkToggleButton`
/// with GNOME's sidebar icon, also pressed by F9 (GNOME's key for a sidebar; macOS's is
/// Ctrl-Cmd-S from `SidebarCommands`).
///
/// Active while the sidebar shows. It takes no focus when clicked, as a macOS toolbar
/// button: the field the user was typing in keeps it.
@MainActor
final class SidebarToggleButton: Widget {
  private var toggled: SignalConnection?
  /// Set while the app's state moves the button, so that move is not taken for a click.
  private var isSyncing = false

  /// - Parameter onToggle: runs with the button's new state after a click or F9.
  init(onToggle: @escaping @MainActor (_ showsSidebar: Bool) -> Void) {
    super.init(retaining: UnsafeMutableRawPointer(gtk_toggle_button_new()))
    let theme = gtk_icon_theme_get_for_display(gtk_widget_get_display(pointer))
    if gtk_icon_theme_has_icon(theme, "sidebar-show-symbolic") != 0 {
      gtk_button_set_icon_name(pointer.cast(to: GtkButton.self), "sidebar-show-symbolic")
    } else {
      gtk_button_set_label(pointer.cast(to: GtkButton.self), "Sidebar")
    }
    gtk_widget_set_tooltip_text(pointer, "Toggle Sidebar")
    cgtk_accessible_set_label(pointer, "Toggle Sidebar")
    gtk_widget_set_focus_on_click(pointer, 0)
    let controller = gtk_shortcut_controller_new()!
    gtk_shortcut_controller_set_scope(controller, GTK_SHORTCUT_SCOPE_GLOBAL)
    // NB: the shared activate action is returned unowned and the shortcut takes one
    // reference: without this one, the shortcut's end finalized GTK's singleton (a GTK error).
    let activate = g_object_ref(UnsafeMutableRawPointer(gtk_activate_action_get()))
    gtk_shortcut_controller_add_shortcut(
      controller,
      gtk_shortcut_new(gtk_shortcut_trigger_parse_string("F9"), OpaquePointer(activate)))
    gtk_widget_add_controller(pointer, controller)
    toggled = Signals.connect(rawPointer, "toggled") { [weak self] in
      guard let self, !self.isSyncing else { return }
      onToggle(self.isActive)
    }
  }

  /// Whether the button is pressed in (the sidebar shows).
  var isActive: Bool {
    get { gtk_toggle_button_get_active(pointer.cast(to: GtkToggleButton.self)) != 0 }
    set {
      guard newValue != isActive else { return }
      isSyncing = true
      gtk_toggle_button_set_active(pointer.cast(to: GtkToggleButton.self), newValue ? 1 : 0)
      isSyncing = false
    }
  }
}
