/// One widget's own `GtkCssProvider`, swapped only when its text changes.
///
/// The provider is attached to the widget's style context, so whatever the CSS says it
/// cannot reach other widgets. A new stylesheet is parsed into a fresh provider first; if
/// GTK reports an error, the old provider stays in place.
@MainActor
final class ScopedStyleSheet {
  private var provider: CSSProvider?
  private var appliedStyle = WidgetStyle()
  private var rejectedStyle: WidgetStyle?
  private(set) var error: StyleError?

  /// Number of stylesheets handed to GTK's parser; tests prove idempotence with it.
  private(set) var loadCount = 0

  /// The scheme the applied stylesheet was written for, when it holds a colour with a dark
  /// appearance; `nil` when the stylesheet is the same in either.
  private var appliedScheme: ColorScheme?

  /// Applies `style`, at `priority` among the widget's stylesheets; returns the error to
  /// report, once per distinct rejected style.
  ///
  /// A style with a colour that has a dark appearance is written again when GTK's scheme has
  /// changed since; reading the scheme here makes the caller's update run again when it does.
  func apply(
    _ style: WidgetStyle, to widget: UnsafeMutablePointer<GtkWidget>,
    priority: CSSProvider.WidgetPriority = .application
  ) -> StyleError? {
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
      provider?.remove(from: widget)
      provider = next
      next?.add(to: widget, priority: priority)
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
    -> CSSProvider?
  {
    if css.isEmpty { return nil }
    let provider = CSSProvider()
    loadCount += 1
    if var error = provider.load(css) {
      // The error's line in the text given to `css(_:)`, not in the whole stylesheet.
      let line = error.line - rawFirstLine + 1
      error.line = (1...max(rawLines, 1)).contains(line) && rawLines > 0 ? line : 0
      throw .css(error)
    }
    return provider
  }
}
