import CGtk

/// Gives the GTK widgets of one kind in the modified view (buttons, entries) a set of style
/// classes, and takes away the other classes of the same family: how `.buttonStyle`,
/// `.textFieldStyle` and `.controlSize` reach GTK's own styles (`suggested-action`, `flat`).
///
/// Applied on every update of the modified view, so controls its parent adds later get the
/// classes too (SwiftUI passes these styles down the environment).
@usableFromInline
struct StyleClassModifier: WidgetModifier {
  static var isRecyclable: Bool { true }
  /// `gtk_button_get_type()` and the like.
  let types: @MainActor () -> [GType]
  let add: [String]
  /// The family's classes; those not in `add` are removed.
  let family: [String]

  func update(_ storage: Void, node: ModifierNode<some View, Self>) {
    if family.contains(where: \.isGtkBridgeClass) { GtkBridgeStyleClasses.install() }
    let types = types()
    for widget in node.widgets {
      for type in types {
        for control in widget.gtkDescendants(ofType: type) {
          for name in family where !add.contains(name) {
            gtk_widget_remove_css_class(control, name)
          }
          for name in add { gtk_widget_add_css_class(control, name) }
        }
      }
    }
  }
}

extension String {
  fileprivate var isGtkBridgeClass: Bool { hasPrefix("gtkbridge-") }
}

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
