/// The style a configuration closure stages on a widget: typed properties and raw CSS.
///
/// It becomes one stylesheet for that widget alone. Raw CSS comes first and the typed
/// properties after it, so a typed property wins over the same property in raw CSS.
struct WidgetStyle: Equatable {
  var textColor: Color?
  var caretColor: Color?
  var backgroundColor: Color?
  var font: Font?
  var rawCSS: [String] = []

  /// Whether a typed colour has a dark appearance, so the stylesheet differs in dark mode.
  var hasDarkVariants: Bool {
    textColor?.darkVariant != nil || caretColor?.darkVariant != nil
      || backgroundColor?.darkVariant != nil
  }

  /// The stylesheet text, and the generated line on which the raw CSS starts.
  func stylesheet() throws(StyleError) -> (css: String, rawFirstLine: Int, rawLineCount: Int) {
    var typed: [String] = []
    if let textColor { typed.append("color: \(textColor.cssValue);") }
    if let caretColor { typed.append("caret-color: \(caretColor.cssValue);") }
    if let backgroundColor {
      typed.append("background-color: \(backgroundColor.cssValue); background-image: none;")
    }
    if let font { typed.append(try font.cssDeclarations()) }
    var css = ""
    var rawLineCount = 0
    if !rawCSS.isEmpty {
      let raw = rawCSS.joined(separator: "\n")
      rawLineCount = raw.split(separator: "\n", omittingEmptySubsequences: false).count
      css += "* {\n\(raw)\n}\n"
    }
    if !typed.isEmpty {
      css += "* { \(typed.joined(separator: " ")) }\n"
    }
    // NB: an explicit text colour beats the theme's dimmed one (`button:disabled`,
    // `label:disabled`), and a label in a button inherits the button's. SwiftUI on macOS dims
    // a disabled control's label whatever its colour, but resolves a colour outside a control
    // as it is, disabled or not: so the colour is halved (GTK's own dimming, Adwaita's
    // insensitive text, is about half) only in or on a disabled button or check button.
    if let textColor {
      css +=
        "button:disabled, button:disabled *, checkbutton:disabled, checkbutton:disabled * {"
        + " color: \(textColor.opacity(0.5).cssValue); }\n"
    }
    return (css, 2, rawLineCount)
  }
}
