/// An sRGB colour for GtkBridge's typed style properties.
///
/// A `Color` always serialises to a CSS `rgba(…)` value built from numbers, so no colour can
/// smuggle other CSS rules into a stylesheet. Text from outside goes through
/// ``init(css:)``, which accepts only well-formed colours.
///
/// ```swift
/// $0.textColor = .red
/// $0.caretColor = Color(red: 0.2, green: 0.4, blue: 1)
/// $0.backgroundColor = try Color(css: "#fafafa")
/// ```
public struct Color: Hashable, Sendable {
  /// Components from 0 to 1; values outside are clamped.
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double
  /// A colour the GTK theme defines (`@theme_fg_color`), as a CSS expression; the components
  /// are then unused. Set by the semantic colours (``primary``, ``accentColor``, …).
  var themeExpression: String?
  /// The colour in a dark theme, for colours with two appearances (an asset catalogue's,
  /// UIKit's system colours); `nil` for one colour in both.
  var darkVariant: DarkVariant?

  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    func clamp(_ x: Double) -> Double { x.isNaN ? 0 : min(max(x, 0), 1) }
    self.red = clamp(red)
    self.green = clamp(green)
    self.blue = clamp(blue)
    self.alpha = clamp(alpha)
  }

  /// Parses `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` or a CSS colour name from
  /// ``namedColors``.
  ///
  /// - Throws: ``StyleError/invalidColor(_:)`` for anything else, including text that tries
  ///   to close the rule and add others (`"red; } * { color: blue"`).
  public init(css: String) throws(StyleError) {
    let text = css.trimmingSpaces().lowercased()
    if let named = Color.namedColors[text] {
      self = named
      return
    }
    guard text.hasPrefix("#") else { throw .invalidColor(css) }
    let digits = Array(text.dropFirst())
    guard [3, 4, 6, 8].contains(digits.count),
      digits.allSatisfy({ $0.isHexDigit })
    else { throw .invalidColor(css) }
    let perComponent = digits.count <= 4 ? 1 : 2
    var components: [Double] = []
    var index = 0
    while index < digits.count {
      var hex = String(digits[index..<index + perComponent])
      if perComponent == 1 { hex += hex }
      components.append(Double(Int(hex, radix: 16)!) / 255)
      index += perComponent
    }
    self.init(
      red: components[0], green: components[1], blue: components[2],
      alpha: components.count == 4 ? components[3] : 1)
  }

  /// The CSS value GTK parses: `rgba(r,g,b,a)` with integer channels.
  var cssValue: String {
    if let darkVariant, ColorScheme.appearsDark {
      return Color(
        red: darkVariant.red, green: darkVariant.green, blue: darkVariant.blue,
        alpha: darkVariant.alpha * alpha
      ).cssValue
    }
    if let themeExpression {
      return alpha == 1 ? themeExpression : "alpha(\(themeExpression), \(alphaText))"
    }
    func byte(_ x: Double) -> Int { Int((x * 255).rounded()) }
    return "rgba(\(byte(red)),\(byte(green)),\(byte(blue)),\(alphaText))"
  }

  private var alphaText: String {
    alpha == 1 ? "1" : String(Double(Int((alpha * 1000).rounded())) / 1000)
  }

  public static let black = Color(red: 0, green: 0, blue: 0)
  public static let white = Color(red: 1, green: 1, blue: 1)
  public static let red = Color(red: 1, green: 0, blue: 0)
  public static let green = Color(red: 0, green: 0.5, blue: 0)
  public static let blue = Color(red: 0, green: 0, blue: 1)
  public static let yellow = Color(red: 1, green: 1, blue: 0)
  public static let orange = Color(red: 1, green: 0.647, blue: 0)
  public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
  public static let gray = Color(red: 0.5, green: 0.5, blue: 0.5)
  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

  /// The names ``init(css:)`` accepts, with CSS's values.
  public static let namedColors: [String: Color] = [
    "black": .black, "white": .white, "red": .red, "green": .green, "blue": .blue,
    "yellow": .yellow, "orange": .orange, "purple": .purple, "gray": .gray, "grey": .gray,
    "transparent": .clear,
  ]
}

extension String {
  func trimmingSpaces() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else {
      return ""
    }
    let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
    return String(scalars[first...last])
  }
}
