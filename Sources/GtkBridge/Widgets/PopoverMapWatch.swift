import CGtk

/// Popovers as they open. GTK makes the popovers of menus (the primary menu, a menu bar's,
/// a `Menu`'s) itself, so code that must reach each one (the app's command keys) finds it
/// when it maps.
@MainActor
enum PopoverMapWatch {
  /// Calls `body` with each popover of the process as it maps, and the window it is in.
  /// Installed once, for the process's life: a second call does nothing (see
  /// `WidgetEmissionHook`). Wraps `gtk_widget_get_root`.
  static func install(
    _ body: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>, OpaquePointer) -> Void
  ) {
    WidgetEmissionHook.install("map") { widget in
      let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
      guard g_type_check_instance_is_a(instance, gtk_popover_get_type()) != 0,
        let root = gtk_widget_get_root(widget)
      else { return }
      body(widget, root)
    }
  }
}
