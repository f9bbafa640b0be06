import CGtk

/// A handle on a `GtkCssProvider`: a stylesheet GTK has parsed, given to one widget (a view's
/// own style, ``ScopedStyleSheet``; a control's tint, ``TintStyleSheet``) or to the whole
/// display (``ListCSS``). The handle owns
/// the provider's reference; a widget or display it was given to holds its own.
@MainActor
final class CSSProvider {
  /// Where a display-wide stylesheet sits among GTK's.
  enum DisplayPriority {
    /// Just above the theme, under any application's (600) or user's stylesheet.
    /// NB: GTK 4.8 loads its theme at SETTINGS priority (400), not THEME (200): measured, a
    /// rule at 399 loses to the theme's `list > row` whatever its specificity, one at 401 wins.
    case aboveTheme

    var value: guint {
      switch self {
      case .aboveTheme: guint(GTK_STYLE_PROVIDER_PRIORITY_SETTINGS) + 1
      }
    }
  }

  private let provider: UnsafeMutablePointer<GtkCssProvider>

  /// An empty stylesheet. Wraps `gtk_css_provider_new`.
  init() {
    provider = gtk_css_provider_new()
  }

  isolated deinit {
    g_object_unref(provider)
  }

  /// Whether there is a display to style (none before GTK is initialised, or without one).
  static var hasDisplay: Bool { gdk_display_get_default() != nil }

  /// Parses `css` into the provider, and returns the first error GTK's parser reported, if
  /// any (GTK goes on past an error, keeping the rules it could read). Wraps
  /// `gtk_css_provider_load_from_data` and the provider's "parsing-error" signal.
  @discardableResult
  func load(_ css: String) -> CSSError? {
    var first: CSSError?
    let connection = Signals.connectParsingError(provider) { error in
      if first == nil { first = error }
    }
    cgtk_css_provider_load(provider, css)
    connection.disconnect()
    return first
  }

  /// Styles every widget of the default display with this stylesheet, for the display's life.
  /// Returns `false` when there is no display. Wraps `gtk_style_context_add_provider_for_display`.
  @discardableResult
  func addToDisplay(priority: DisplayPriority) -> Bool {
    guard let display = gdk_display_get_default() else { return false }
    gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), priority.value)
    return true
  }

  /// Where a stylesheet given to one widget sits among GTK's.
  enum WidgetPriority {
    /// The application's (600): a view's own style.
    case application
    /// Just under the application's, above the theme's: what the app styles itself wins.
    case underApplication
    /// A view modifier's style, `depth` nodes below the root of the view tree: the
    /// application's plus 199 less the depth (down to the application's for a depth of 199
    /// and more), under the user's (800). Of two modifiers' stylesheets on one widget the
    /// outer one wins, as GTK's later provider of one priority did when both were made (the
    /// outer modifier applies after the inner), and keeps winning when the inner one is
    /// given again (a change of its input or of the tint it reads).
    case nested(depth: Int)

    var value: guint {
      switch self {
      case .application: guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION)
      case .underApplication: guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) - 1
      case .nested(let depth):
        guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) + guint(199 - min(max(depth, 0), 199))
      }
    }
  }

  /// Styles `widget`'s own CSS node (and the nodes inside it that are no widget of their
  /// own), at the application's priority unless told: the stylesheet cannot reach any other
  /// widget. Wraps `gtk_style_context_add_provider` on the widget's context.
  func add(to widget: UnsafeMutablePointer<GtkWidget>, priority: WidgetPriority = .application) {
    cgtk_widget_add_provider(widget, provider, priority.value)
  }

  /// Takes the stylesheet off `widget` again.
  func remove(from widget: UnsafeMutablePointer<GtkWidget>) {
    cgtk_widget_remove_provider(widget, provider)
  }
}
