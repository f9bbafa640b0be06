/// A font for the typed `font` style property.
///
/// ```swift
/// $0.font = .system(size: 14, weight: .bold)
/// $0.font = .custom("DejaVu Sans Mono", size: 12)
/// ```
public struct Font: Hashable, Sendable {
  /// CSS font weights.
  public enum Weight: Int, Hashable, Sendable {
    case thin = 100
    case ultraLight = 200
    case light = 300
    case regular = 400
    case medium = 500
    case semibold = 600
    case bold = 700
    case heavy = 800
    case black = 900
  }

  /// The family name, or `nil` for the theme's font.
  public var family: String?
  /// The size in points, or `nil` for the theme's size.
  public var size: Double?
  public var weight: Weight?
  /// The typeface design: `.monospaced` becomes the theme's monospace family.
  public var design: Design?
  public var isItalic = false
  /// CSS declarations of the font's features (digits, small capitals, width), in the order
  /// they were asked for; see `Font+Features.swift`.
  var features: [String] = []

  public init(family: String? = nil, size: Double? = nil, weight: Weight? = nil) {
    self.family = family
    self.size = size
    self.weight = weight
  }

  /// The theme's font family at `size` points: SwiftUI's `system(size:weight:design:)`.
  public static func system(size: Double, weight: Weight? = nil, design: Design? = nil)
    -> Font
  {
    var font = Font(size: size, weight: weight)
    font.design = design
    return font
  }

  /// The theme's font family at `size` points in `design`: SwiftUI's `system(size:design:)`.
  public static func system(size: Double, design: Design) -> Font {
    system(size: size, weight: nil, design: design)
  }

  /// A text style's font in `design` and `weight`: SwiftUI's `system(_:design:weight:)`.
  ///
  /// ```swift
  /// Text("42").font(.system(.largeTitle, design: .rounded, weight: .bold))
  /// ```
  public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil)
    -> Font
  {
    var font = style.font
    font.design = design
    if let weight { font.weight = weight }
    return font
  }

  /// A named family at the size of a text style: SwiftUI's `custom(_:size:relativeTo:)`.
  /// The size is the one given: GtkBridge's text styles do not scale with a user setting.
  public static func custom(_ family: String, size: Double, relativeTo style: TextStyle) -> Font {
    Font(family: family, size: size)
  }

  /// A named family at a size that does not scale: SwiftUI's `custom(_:fixedSize:)`.
  public static func custom(_ family: String, fixedSize: Double) -> Font {
    Font(family: family, size: fixedSize)
  }

  /// A named family at `size` points.
  public static func custom(_ family: String, size: Double) -> Font {
    Font(family: family, size: size)
  }

  /// CSS declarations, or ``StyleError`` when a part cannot be expressed safely.
  func cssDeclarations() throws(StyleError) -> String {
    var parts: [String] = []
    if let family {
      // NB: only characters that need no quoting rules, so a family cannot end the string
      // or the rule it sits in.
      let allowed = family.unicodeScalars.allSatisfy {
        $0.properties.isAlphabetic || $0.properties.numericType != nil
          || " -_.".unicodeScalars
            .contains($0)
      }
      guard allowed, !family.trimmingSpaces().isEmpty else { throw .invalidFontFamily(family) }
      parts.append("font-family: \"\(family)\";")
    }
    if let size {
      guard size.isFinite, size > 0, size <= 1000 else { throw .invalidFontSize(size) }
      parts.append("font-size: \(size)pt;")
    }
    if let weight { parts.append("font-weight: \(weight.rawValue);") }
    if family == nil, let family = design?.cssFamily { parts.append("font-family: \(family);") }
    if isItalic { parts.append("font-style: italic;") }
    parts += features
    return parts.joined(separator: " ")
  }
}
