import CGtk

/// A handle on a `GtkWindow`.
///
/// ```swift
/// let window = Window(title: "Sign in")
/// window.present()
/// ```
@MainActor
public final class Window: Widget {
  /// Creates a window; nothing is shown until ``present()``. Wraps `gtk_window_new`.
  public init(title: String = "", width: Int = 640, height: Int = 480) {
    super.init(retaining: UnsafeMutableRawPointer(gtk_window_new()))
    self.title = title
    gtk_window_set_default_size(window, gint(width), gint(height))
  }

  var window: UnsafeMutablePointer<GtkWindow> { pointer.cast(to: GtkWindow.self) }

  /// Wraps `gtk_window_set_title`.
  public var title: String {
    get { gtk_window_get_title(window).map { String(cString: $0) } ?? "" }
    set { gtk_window_set_title(window, newValue) }
  }

  /// Whether the window is the active one (receives keyboard input).
  /// Wraps `gtk_window_is_active`.
  public var isActive: Bool { gtk_window_is_active(window) != 0 }

  /// Puts a GNOME header bar on the window showing its title and `subtitle`: GTK then draws
  /// the title bar itself (client-side decorations), the same with or without a window
  /// manager. Wraps `gtk_header_bar_new` and `gtk_window_set_titlebar`.
  public func useHeaderBar(subtitle: String? = nil) {
    let headerBar = gtk_header_bar_new()!
    if let subtitle {
      let titles = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
      gtk_widget_set_valign(titles, GTK_ALIGN_CENTER)
      let box = titles.cast(to: GtkBox.self)
      for (text, cssClass) in [(title, "title"), (subtitle, "subtitle")] {
        let label = gtk_label_new(text)!
        gtk_widget_add_css_class(label, cssClass)
        gtk_box_append(box, label)
      }
      gtk_header_bar_set_title_widget(OpaquePointer(headerBar), titles)
    }
    gtk_window_set_titlebar(window, headerBar)
  }

  /// Wraps `gtk_window_set_child`.
  func setChild(_ child: Widget?) {
    gtk_window_set_child(window, child?.pointer)
  }

  /// Shows the window and asks the window system to raise and activate it.
  /// Wraps `gtk_window_present`.
  ///
  /// The first time, GtkBridge's launch rule decides what takes focus (see ``LaunchFocus``):
  /// the first text field, unselected, or nothing; never a button.
  /// Makes Return in every text field now in the window run the window's default widget, as
  /// Return in an alert's text field runs its default button on macOS. Wraps
  /// `gtk_text_set_activates_default`.
  func letTextFieldsActivateTheDefault() {
    for text in gtkDescendants(ofType: gtk_text_get_type()) {
      gtk_text_set_activates_default(
        UnsafeMutableRawPointer(text).assumingMemoryBound(to: GtkText.self), 1)
    }
  }

  public func present() {
    let window = window
    FocusCoordinator.coordinator(for: OpaquePointer(pointer)).presentWindow {
      gtk_window_present(window)
    }
  }

  /// Destroys the window; its views are dismantled and their coordinators released.
  /// Wraps `gtk_window_destroy`.
  public func destroy() {
    popDownMenus()
    gtk_window_destroy(window)
  }

  /// Closes the popover menus open in the window. NB: GTK 4.8 destroying a window with a
  /// menu open leaves something behind: the next menu shown, in any window, logs
  /// "GDK_IS_SURFACE (surface)" criticals. Wraps `gtk_popover_popdown`.
  private func popDownMenus() {
    var stack = [pointer]
    while let widget = stack.popLast() {
      let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
      if g_type_check_instance_is_a(instance, gtk_popover_menu_get_type()) != 0,
        gtk_widget_get_visible(widget) != 0
      {
        gtk_popover_popdown(widget.cast(to: GtkPopover.self))
      }
      var child = gtk_widget_get_first_child(widget)
      while let current = child {
        stack.append(current)
        child = gtk_widget_get_next_sibling(current)
      }
    }
  }
}
