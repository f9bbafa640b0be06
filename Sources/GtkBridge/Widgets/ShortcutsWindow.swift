import CGtk

/// A handle on a `GtkShortcutsWindow` (GNOME's list of an app's keyboard shortcuts), built
/// from GtkBuilder XML: GTK 4.8 can fill one no other way (its `add_section`/`add_group` API
/// arrived in 4.14). It is transient for a parent window and destroyed with it.
@MainActor
final class ShortcutsWindow {
  /// GtkBuilder refused the XML: GTK's message.
  struct BuildError: Error {
    let message: String
  }

  /// The `GtkShortcutsWindow *`.
  let pointer: UnsafeMutablePointer<GtkWindow>

  /// Builds the object `id` of `xml`, a `GtkShortcutsWindow`, over `parent`. Wraps
  /// `gtk_builder_add_from_string`, `gtk_window_set_transient_for` and
  /// `gtk_window_set_destroy_with_parent`.
  init(building id: String, from xml: String, over parent: UnsafeMutablePointer<GtkWindow>)
    throws(BuildError)
  {
    let builder = gtk_builder_new()
    defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
    var error: UnsafeMutablePointer<GError>?
    guard gtk_builder_add_from_string(builder, xml, -1, &error) != 0,
      let object = gtk_builder_get_object(builder, id)
    else {
      let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
      g_clear_error(&error)
      throw BuildError(message: message)
    }
    pointer = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWindow.self)
    // NB: the builder's reference goes with it; the toplevel list holds the window.
    g_object_ref(object)
    gtk_window_set_transient_for(pointer, parent)
    gtk_window_set_destroy_with_parent(pointer, 1)
  }

  isolated deinit {
    g_object_unref(pointer)
  }

  /// Wraps `gtk_window_present`.
  func present() {
    gtk_window_present(pointer)
  }

  /// Wraps `gtk_window_destroy`.
  func close() {
    gtk_window_destroy(pointer)
  }

  /// The title of `window`, a window GtkBridge has no handle on (a shortcuts list's parent).
  /// Wraps `gtk_window_get_title`.
  static func title(of window: UnsafeMutablePointer<GtkWindow>) -> String {
    gtk_window_get_title(window).map { String(cString: $0) } ?? ""
  }
}
