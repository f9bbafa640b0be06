extension Font {
  /// The space between lines: SwiftUI's `Font.Leading`. Accepted: GTK labels keep the
  /// theme's line spacing.
  public enum Leading: Hashable, Sendable {
    case standard, tight, loose
  }

  /// How wide the letters are: SwiftUI's `Font.Width`, CSS `font-stretch` (shown when the
  /// family has such faces).
  public struct Width: Hashable, Sendable {
    /// SwiftUI's scale: -1 (narrowest) to 1 (widest), 0 for the standard width.
    public var value: Double

    public init(_ value: Double) {
      self.value = value.isFinite ? min(max(value, -1), 1) : 0
    }

    public static let compressed = Width(-0.3)
    public static let condensed = Width(-0.2)
    public static let standard = Width(0)
    public static let expanded = Width(0.2)

    /// The CSS `font-stretch` keyword GTK parses: a step of 0.1 on SwiftUI's scale is one
    /// of CSS's nine widths (`.condensed` is `condensed`, `.expanded` is `expanded`).
    var cssKeyword: String {
      let keywords = [
        "ultra-condensed", "extra-condensed", "condensed", "semi-condensed", "normal",
        "semi-expanded", "expanded", "extra-expanded", "ultra-expanded",
      ]
      return keywords[min(max(Int((value * 10).rounded()), -4), 4) + 4]
    }
  }

  /// The same font with digits of one width, for numbers that line up in columns: SwiftUI's
  /// `monospacedDigit()`, CSS `font-variant-numeric: tabular-nums`.
  ///
  /// ```swift
  /// Text(elapsed, format: .number).font(.body.monospacedDigit())
  /// ```
  public func monospacedDigit() -> Font { adding("font-variant-numeric: tabular-nums;") }

  /// The same font in small capitals: SwiftUI's `smallCaps()`, CSS
  /// `font-variant-caps: small-caps`.
  public func smallCaps() -> Font { adding("font-variant-caps: small-caps;") }

  /// Lower-case letters as small capitals: SwiftUI's `lowercaseSmallCaps()`.
  public func lowercaseSmallCaps() -> Font { adding("font-variant-caps: small-caps;") }

  /// Capital letters as small capitals: SwiftUI's `uppercaseSmallCaps()`, CSS
  /// `font-variant-caps: all-small-caps` (GTK has no upper-case-only setting).
  public func uppercaseSmallCaps() -> Font { adding("font-variant-caps: all-small-caps;") }

  /// The same font with other line spacing: SwiftUI's `leading(_:)`. Accepted (see
  /// ``Leading``).
  public func leading(_ leading: Leading) -> Font { self }

  /// The same font with wider or narrower letters: SwiftUI's `width(_:)`, CSS
  /// `font-stretch` (shown when the family has such faces).
  public func width(_ width: Width) -> Font { adding("font-stretch: \(width.cssKeyword);") }

  private func adding(_ declaration: String) -> Font {
    var font = self
    font.features.removeAll {
      $0.prefix(while: { $0 != ":" }) == declaration.prefix(while: { $0 != ":" })
    }
    font.features.append(declaration)
    return font
  }
}
