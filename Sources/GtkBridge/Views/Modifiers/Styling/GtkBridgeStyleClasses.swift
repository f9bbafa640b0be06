import CGtk

/// GtkBridge's own style classes, in one display-wide stylesheet at application priority.
@MainActor
enum GtkBridgeStyleClasses {
  private static var installed = false

  /// Control sizes: SwiftUI's `.controlSize`, relative to GTK's regular controls.
  static let css = """
    button.gtkbridge-control-mini, entry.gtkbridge-control-mini, \
    passwordentry.gtkbridge-control-mini { min-height: 18px; padding: 0 4px; font-size: 8pt; }
    button.gtkbridge-control-small, entry.gtkbridge-control-small, \
    passwordentry.gtkbridge-control-small { min-height: 24px; padding: 0 6px; font-size: 9pt; }
    button.gtkbridge-control-large, entry.gtkbridge-control-large, \
    passwordentry.gtkbridge-control-large { min-height: 40px; padding: 4px 16px; font-size: 12pt; }
    button.gtkbridge-control-extra-large, entry.gtkbridge-control-extra-large, \
    passwordentry.gtkbridge-control-extra-large { min-height: 48px; padding: 6px 20px; \
    font-size: 14pt; }
    button.gtkbridge-custom-button, button.gtkbridge-custom-button:hover, \
    button.gtkbridge-custom-button:active, button.gtkbridge-custom-button:checked, \
    button.gtkbridge-custom-button:disabled { background: none; border: none; \
    box-shadow: none; padding: 0; min-height: 0; min-width: 0; }
    """

  static func install() {
    guard !installed, let display = gdk_display_get_default() else { return }
    installed = true
    let provider = gtk_css_provider_new()!
    cgtk_css_provider_load(provider, css + AnyTransition.css)
    gtk_style_context_add_provider_for_display(
      display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    g_object_unref(provider)
  }
}
