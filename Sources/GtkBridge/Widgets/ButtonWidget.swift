import CGtk

/// A handle on a `GtkButton`, the widget behind ``Button``.
@MainActor
public final class ButtonWidget: Widget {
  /// Wraps `gtk_button_new_with_label`.
  /// Like SwiftUI's buttons, a click leaves keyboard focus where it is (Tab still reaches
  /// the button). Wraps `gtk_widget_set_focus_on_click`.
  public init(label: String) {
    super.init(retaining: UnsafeMutableRawPointer(gtk_button_new_with_label(label)))
    gtk_widget_set_focus_on_click(pointer, 0)
  }

  private var button: UnsafeMutablePointer<GtkButton> { pointer.cast(to: GtkButton.self) }

  /// Wraps `gtk_button_get_label` / `gtk_button_set_label`.
  public var label: String {
    get { gtk_button_get_label(button).map { String(cString: $0) } ?? "" }
    set { gtk_button_set_label(button, newValue) }
  }

  /// The widget the button shows instead of a title, if any. Wraps `gtk_button_set_child`.
  public var child: Widget? {
    didSet {
      guard child !== oldValue else { return }
      gtk_button_set_child(button, child?.pointer)
      // NB: from GTK 4.10 a button made with a title is labelled by its title's label (the
      // labelled-by relation), which `gtk_button_set_child` leaves in place: the relation then
      // named the button after a label it no longer shows, and a screen reader read nothing.
      if child != nil { cgtk_accessible_set_labelled_by(pointer, nil) }
    }
  }

  /// Whether the pointer or a key holds the button down: GTK's active state
  /// (`GTK_STATE_FLAG_ACTIVE`). Wraps `gtk_widget_get_state_flags`.
  public var isPressed: Bool {
    gtk_widget_get_state_flags(pointer).rawValue & GTK_STATE_FLAG_ACTIVE.rawValue != 0
  }

  /// Runs `handler` when ``isPressed`` may have changed: GtkWidget::state-flags-changed.
  func connectStateFlagsChanged(_ handler: @escaping VoidHandler) -> SignalConnection {
    // NB: the signal has an argument (the old flags): connected the any-arguments way.
    SignalConnection.connect(rawPointer, "state-flags-changed", handler)
  }

  /// GtkButton::clicked.
  func connectClicked(_ handler: @escaping VoidHandler) -> SignalConnection {
    Signals.connect(rawPointer, "clicked", handler)
  }
}
