/// SwiftUI's text styles and font modifiers, on GNOME's type scale.
///
/// Each text style takes the size and weight of the GTK theme's matching style class
/// (`title-1` … `caption`), so `.font(.largeTitle)` looks like a GNOME `title-1` heading.
///
/// ```swift
/// Text("Welcome!").font(.largeTitle)
/// TextField("Code", text: $code).font(.body.monospaced())
/// ```
extension Font {
  /// A typeface design: SwiftUI's `Font.Design`.
  public enum Design: Hashable, Sendable {
    case `default`, serif, rounded, monospaced

    /// The CSS family it maps to; `nil` keeps the theme's.
    var cssFamily: String? {
      switch self {
      case .monospaced: "monospace"
      case .serif: "serif"
      case .default, .rounded: nil
      }
    }
  }

  /// A text style: SwiftUI's `Font.TextStyle`, for `Font.system(_:design:weight:)`.
  public enum TextStyle: Hashable, Sendable, CaseIterable {
    case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote
    case caption, caption2

    /// The style's font, as the static members below give it.
    var font: Font {
      switch self {
      case .largeTitle: .largeTitle
      case .title: .title
      case .title2: .title2
      case .title3: .title3
      case .headline: .headline
      case .subheadline: .subheadline
      case .body: .body
      case .callout: .callout
      case .footnote: .footnote
      case .caption: .caption
      case .caption2: .caption2
      }
    }
  }

  /// GTK's `title-1`: 20 pt, weight 800.
  public static let largeTitle = Font(size: 20, weight: .heavy)
  /// GTK's `title-2`: 15 pt, weight 800.
  public static let title = Font(size: 15, weight: .heavy)
  /// GTK's `title-3`: 15 pt, weight 700.
  public static let title2 = Font(size: 15, weight: .bold)
  /// GTK's `title-4`: 13 pt, weight 700.
  public static let title3 = Font(size: 13, weight: .bold)
  /// GTK's `heading`: 11 pt, weight 700.
  public static let headline = Font(size: 11, weight: .bold)
  /// Between `body` and `caption`: 10 pt.
  public static let subheadline = Font(size: 10, weight: .regular)
  /// GTK's `body`: 11 pt, weight 400.
  public static let body = Font(size: 11, weight: .regular)
  /// 10.5 pt.
  public static let callout = Font(size: 10.5, weight: .regular)
  /// 9.5 pt.
  public static let footnote = Font(size: 9.5, weight: .regular)
  /// GTK's `caption`: 9 pt, weight 400.
  public static let caption = Font(size: 9, weight: .regular)
  /// 8 pt.
  public static let caption2 = Font(size: 8, weight: .regular)

  /// The same font in the theme's monospace family (GTK's `monospace`).
  public func monospaced() -> Font {
    var font = self
    font.design = .monospaced
    return font
  }

  /// The same font, bold.
  public func bold() -> Font { weight(.bold) }

  /// The same font, italic.
  public func italic() -> Font {
    var font = self
    font.isItalic = true
    return font
  }

  /// The same font with another weight.
  public func weight(_ weight: Weight) -> Font {
    var font = self
    font.weight = weight
    return font
  }
}
