import CGtk

/// One widget's own `GtkCssProvider`, swapped only when its text changes.
///
/// The provider is attached to the widget's style context, so whatever the CSS says it
/// cannot reach other widgets. A new stylesheet is parsed into a fresh provider first; if
/// GTK reports an error, the old provider stays in place.
@MainActor
final class ScopedStyleSheet {
  private var provider: UnsafeMutablePointer<GtkCssProvider>?
  private var appliedStyle = WidgetStyle()
  private var rejectedStyle: WidgetStyle?
  private(set) var error: StyleError?

  /// Number of stylesheets handed to GTK's parser; tests prove idempotence with it.
  private(set) var loadCount = 0

  isolated deinit {
    if let provider { g_object_unref(provider) }
  }

  /// The scheme the applied stylesheet was written for, when it holds a colour with a dark
  /// appearance; `nil` when the stylesheet is the same in either.
  private var appliedScheme: ColorScheme?

  /// Applies `style`; returns the error to report, once per distinct rejected style.
  ///
  /// A style with a colour that has a dark appearance is written again when GTK's scheme has
  /// changed since; reading the scheme here makes the caller's update run again when it does.
  func apply(_ style: WidgetStyle, to widget: UnsafeMutablePointer<GtkWidget>) -> StyleError? {
    let scheme = style.hasDarkVariants ? ColorScheme.current : nil
    if style == appliedStyle, scheme == appliedScheme {
      error = nil
      rejectedStyle = nil
      return nil
    }
    if style == rejectedStyle { return nil }
    do throws(StyleError) {
      let sheet = try style.stylesheet()
      let next = try load(sheet.css, rawFirstLine: sheet.rawFirstLine, rawLines: sheet.rawLineCount)
      if let provider {
        cgtk_widget_remove_provider(widget, provider)
        g_object_unref(provider)
      }
      provider = next
      if let next {
        cgtk_widget_add_provider(widget, next, guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
      }
      appliedStyle = style
      appliedScheme = scheme
      rejectedStyle = nil
      error = nil
      return nil
    } catch {
      rejectedStyle = style
      self.error = error
      return error
    }
  }

  /// Parses `css` into a new provider (`nil` for an empty sheet), or throws its first error.
  private func load(_ css: String, rawFirstLine: Int, rawLines: Int) throws(StyleError)
    -> UnsafeMutablePointer<GtkCssProvider>?
  {
    if css.isEmpty { return nil }
    let provider = gtk_css_provider_new()!
    var first: CSSError?
    let connection = Signals.connectParsingError(provider) { error in
      guard first == nil else { return }
      var located = error
      let line = error.line - rawFirstLine + 1
      located.line = (1...max(rawLines, 1)).contains(line) && rawLines > 0 ? line : 0
      first = located
    }
    loadCount += 1
    cgtk_css_provider_load(provider, css)
    connection.disconnect()
    if let first {
      g_object_unref(provider)
      throw .css(first)
    }
    return provider
  }
}
