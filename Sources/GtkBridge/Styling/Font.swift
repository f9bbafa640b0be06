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

  public init(family: String? = nil, size: Double? = nil, weight: Weight? = nil) {
    self.family = family
    self.size = size
    self.weight = weight
  }

  /// The theme's font family at `size` points.
  public static func system(size: Double, weight: Weight = .regular, design: Design? = nil)
    -> Font
  {
    var font = Font(size: size, weight: weight)
    font.design = design
    return font
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
    return parts.joined(separator: " ")
  }
}
