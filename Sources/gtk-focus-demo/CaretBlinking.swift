// The demo's only direct GTK call, for what GtkBridge does not offer: GtkSettings.
// Everything else in the demo uses GtkBridge's public API alone.
import CGtk
import GtkBridge

/// Stops carets blinking, so each of the tour's screenshots shows the focused field's caret
/// (a blinking caret is caught hidden about a third of the time).
///
/// NB: GtkBridge has no API for `GtkSettings`. Sets GtkSettings:gtk-cursor-blink to FALSE.
@MainActor
func stopCaretBlinking() {
  guard let settings = gtk_settings_get_default() else { return }
  var value = GValue()
  g_value_init(&value, g_type_from_name("gboolean"))
  g_value_set_boolean(&value, 0)
  let object = UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self)
  g_object_set_property(object, "gtk-cursor-blink", &value)
  g_value_unset(&value)
}
