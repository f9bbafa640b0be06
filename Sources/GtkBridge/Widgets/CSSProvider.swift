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
    /// application's plus the depth, so that of two modifiers' stylesheets on one widget the
    /// inner one, nearer the view, wins, as in SwiftUI, whichever GTK was given last (GTK
    /// prefers the later of two providers of one priority). A trait of the font
    /// (`modifiesFont`: `.bold()`, `.italic()`, `.fontWeight`) sits 100 higher: it wins
    /// over a font's own weight or style wherever that font is set, as SwiftUI applies it to
    /// the font. Depths from 99 on share one priority; all stay under the user's (800).
    case nested(depth: Int, modifiesFont: Bool = false)

    var value: guint {
      switch self {
      case .application: guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION)
      case .underApplication: guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) - 1
      case .nested(let depth, let modifiesFont):
        guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) + (modifiesFont ? 100 : 0)
          + guint(min(max(depth, 0), 99))
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
