// The demo's only direct GTK calls, for what GtkBridge 0.1 does not offer yet. Everything
// else in the demo's views uses GtkBridge's public API alone.
import CGtk
import GtkBridge

/// Puts a `GtkHeaderBar` on the window that holds `anchor`.
///
/// NB: GtkBridge has no header bar or toolbar API (`WindowGroup` and `HostingWindow` take a
/// title only). A header bar also makes GTK draw its own title bar, so the window looks
/// the same under Xvfb, which has no window manager to decorate it.
@MainActor
final class WindowChrome {
  /// Any widget of the window's content; its root is the window.
  weak var anchor: Widget?

  /// Installs the header bar once, before the window is presented (called from `onAppear`).
  func installHeaderBar(title: String, subtitle: String) {
    guard let anchor, let root = gtk_widget_get_root(anchor.gtkWidget) else { return }
    let window = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWindow.self)
    guard gtk_window_get_titlebar(window) == nil else { return }
    let titleBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    gtk_widget_set_valign(titleBox, GTK_ALIGN_CENTER)
    let titleLabel = gtk_label_new(title)!
    gtk_widget_add_css_class(titleLabel, "title")
    let subtitleLabel = gtk_label_new(subtitle)!
    gtk_widget_add_css_class(subtitleLabel, "subtitle")
    let box = UnsafeMutableRawPointer(titleBox).assumingMemoryBound(to: GtkBox.self)
    gtk_box_append(box, titleLabel)
    gtk_box_append(box, subtitleLabel)
    let headerBar = gtk_header_bar_new()!
    gtk_header_bar_set_title_widget(OpaquePointer(headerBar), titleBox)
    gtk_window_set_titlebar(window, headerBar)
  }
}

extension View {
  /// Lets a click on this button leave keyboard focus where it is.
  ///
  /// NB: GtkBridge's `Button` keeps GTK's default `focus-on-click`, so a mouse click moves
  /// focus to the button before its action runs: "Done" would find focus already gone, and a
  /// toggle of `isFirstResponder` would read `false` and set `true` again. SwiftUI's buttons
  /// do not take focus from a text field on click. Wraps `gtk_widget_set_focus_on_click`.
  func keepsFieldFocusOnClick() -> some View {
    configure { gtk_widget_set_focus_on_click($0.gtkWidget, 0) }
  }
}

extension Widget {
  /// The `GtkWidget *` behind the handle.
  fileprivate var gtkWidget: UnsafeMutablePointer<GtkWidget> {
    rawPointer.assumingMemoryBound(to: GtkWidget.self)
  }
}

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

/// Flexible space for an `HStack`: expands horizontally only, as SwiftUI's `Spacer` does in
/// a horizontal stack.
///
/// NB: GtkBridge's `Spacer` sets both `hexpand` and `vexpand`, whatever its stack. GTK
/// propagates expansion to every ancestor, so a `Spacer` in an `HStack` makes the row, its
/// card and its column all take extra height: gaps open around the row. Clears `vexpand`
/// (`gtk_widget_set_vexpand`), which also stops the propagation.
struct HSpacer: View {
  var body: some View {
    Spacer()
      .configure { gtk_widget_set_vexpand($0.gtkWidget, 0) }
  }
}

extension View {
  /// Lets the view take any extra width its container has: SwiftUI's
  /// `.frame(maxWidth: .infinity)`.
  ///
  /// NB: GtkBridge has no `.frame` modifier. Wraps `gtk_widget_set_hexpand`.
  func fillsWidth() -> some View {
    configure { gtk_widget_set_hexpand($0.gtkWidget, 1) }
  }
}
