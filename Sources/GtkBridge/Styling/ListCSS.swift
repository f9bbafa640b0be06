/// The look of ``Form`` and ``List``: libadwaita's `boxed-list` (GNOME Settings' preference
/// rows) for GTK 4.8, whose default theme does not have it, in one display-wide stylesheet
/// just above the theme (so an app's or user's CSS still wins), plus section headers and
/// footers.
@MainActor
enum ListCSS {
  static let headerClass = "gtkbridge-section-header"
  static let footerClass = "gtkbridge-section-footer"
  /// A list row that holds a section's header or footer label rather than content.
  static let labelRowClass = "gtkbridge-label-row"
  /// A `List` row header: the section labels before a row.
  static let listHeaderClass = "gtkbridge-list-header"
  static let formClass = "gtkbridge-form"
  /// A boxed section's box: a form places it as it is instead of in a row.
  static let sectionClass = "gtkbridge-section"
  /// The list view of a ``LazyVStack`` or ``LazyHStack``: rows with no look of their own.
  static let lazyStackClass = "gtkbridge-lazy-stack"

  private static var installed = false

  static let css = """
    list.boxed-list { border: 1px solid @borders; border-radius: 12px; \
    background-color: @theme_base_color; }
    list.boxed-list > row { padding: 6px 12px; min-height: 38px; \
    border-bottom: 1px solid alpha(@borders, 0.6); }
    list.boxed-list > row:first-child { border-top-left-radius: 12px; \
    border-top-right-radius: 12px; }
    list.boxed-list > row:last-child { border-bottom-left-radius: 12px; \
    border-bottom-right-radius: 12px; border-bottom-color: transparent; }
    list.boxed-list > row:hover { background-color: transparent; }
    .gtkbridge-form label.gtkbridge-section-header { margin: 0 6px; }
    .gtkbridge-form label.gtkbridge-section-footer { margin: 0 6px; }
    list > row.gtkbridge-label-row { padding: 12px 8px 4px 8px; background-color: transparent; }
    list > .gtkbridge-list-header { padding: 12px 8px 4px 8px; }
    list > row.gtkbridge-label-row label:disabled { color: inherit; }
    list > row.gtkbridge-label-row:disabled { color: inherit; }
    .gtkbridge-form { margin: 12px; }
    listview.gtkbridge-lazy-stack { background-color: transparent; }
    listview.gtkbridge-lazy-stack > row { padding: 0; background-color: transparent; }
    list > row.gtkbridge-drop-before, listview > row.gtkbridge-drop-before { \
    box-shadow: inset 0 2px @theme_selected_bg_color; }
    list > row.gtkbridge-drop-after, listview > row.gtkbridge-drop-after { \
    box-shadow: inset 0 -2px @theme_selected_bg_color; }
    """

  static func install() {
    guard !installed, CSSProvider.hasDisplay else { return }
    installed = true
    let provider = CSSProvider()
    provider.load(css)
    // NB: above the theme (which the rules must beat), never above an application's
    // stylesheet (which must beat them); the display keeps the provider.
    provider.addToDisplay(priority: .aboveTheme)
  }

  /// Styles a section's header label (`heading`, dimmed) or footer label (`caption`, dimmed).
  static func styleLabel(_ label: UnsafeMutablePointer<GtkWidget>, footer: Bool) {
    install()
    Widget.addCSSClasses(
      [footer ? footerClass : headerClass, footer ? "caption" : "heading", "dim-label"],
      to: label)
  }
}
