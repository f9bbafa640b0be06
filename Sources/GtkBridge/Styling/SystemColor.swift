/// UIKit's and AppKit's named colours, as Xcode projects use them: `Color(.systemBlue)`,
/// `Color(uiColor: .secondaryLabel)`, `Color(nsColor: .windowBackgroundColor)`.
///
/// `UIColor` and `NSColor` are this type here. The system colours (`systemBlue`, …) are
/// Apple's, with their dark-mode values in GTK's dark theme; the semantic ones name the GTK
/// theme's colours:
///
/// | UIKit / AppKit | GTK |
/// |---|---|
/// | `label`, `labelColor`, `textColor`, `darkText` | `@theme_fg_color` |
/// | `secondaryLabel`, `tertiaryLabel`, `quaternaryLabel`, `placeholderText` | `@theme_fg_color` at 60 %, 30 %, 18 %, 30 % |
/// | `systemBackground`, `secondarySystemGroupedBackground`, `textBackgroundColor`, `controlBackgroundColor` | `@theme_base_color` (entries, lists) |
/// | `secondarySystemBackground`, `tertiarySystemBackground`, `systemGroupedBackground`, `windowBackgroundColor` | `@theme_bg_color` (the window) |
/// | `separator`, `opaqueSeparator`, `separatorColor` | `@borders` |
/// | `link`, `linkColor`, `tintColor`, `controlAccentColor`, `selectedContentBackgroundColor` | `@theme_selected_bg_color` |
/// | `systemFill` … `quaternarySystemFill` | `@theme_fg_color` at 20 %, 16 %, 12 %, 8 % |
///
/// ```swift
/// Text("Total").foregroundColor(Color(.secondaryLabel))
/// RoundedRectangle(cornerRadius: 8).fill(Color(uiColor: .systemGroupedBackground))
/// ```
public struct SystemColor: Hashable, Sendable {
  let color: Color

  init(_ color: Color) { self.color = color }

  /// Apple's system colour: `light` in a light theme, `dark` in GTK's dark theme (0-255).
  private init(_ light: (Int, Int, Int), _ dark: (Int, Int, Int)) {
    func component(_ value: Int) -> Double { Double(value) / 255 }
    color = Color(
      light: Color(red: component(light.0), green: component(light.1), blue: component(light.2)),
      dark: Color(red: component(dark.0), green: component(dark.1), blue: component(dark.2)))
  }

  private init(theme expression: String, opacity: Double = 1) {
    color = Color(theme: expression).opacity(opacity)
  }

  // MARK: System colours (UIKit and AppKit)

  public static let systemRed = SystemColor((255, 59, 48), (255, 69, 58))
  public static let systemOrange = SystemColor((255, 149, 0), (255, 159, 10))
  public static let systemYellow = SystemColor((255, 204, 0), (255, 214, 10))
  public static let systemGreen = SystemColor((52, 199, 89), (48, 209, 88))
  public static let systemMint = SystemColor((0, 199, 190), (99, 230, 226))
  public static let systemTeal = SystemColor((48, 176, 199), (64, 200, 224))
  public static let systemCyan = SystemColor((50, 173, 230), (100, 210, 255))
  public static let systemBlue = SystemColor((0, 122, 255), (10, 132, 255))
  public static let systemIndigo = SystemColor((88, 86, 214), (94, 92, 230))
  public static let systemPurple = SystemColor((175, 82, 222), (191, 90, 242))
  public static let systemPink = SystemColor((255, 45, 85), (255, 55, 95))
  public static let systemBrown = SystemColor((162, 132, 94), (172, 142, 104))
  public static let systemGray = SystemColor((142, 142, 147), (142, 142, 147))
  public static let systemGray2 = SystemColor((174, 174, 178), (99, 99, 102))
  public static let systemGray3 = SystemColor((199, 199, 204), (72, 72, 74))
  public static let systemGray4 = SystemColor((209, 209, 214), (58, 58, 60))
  public static let systemGray5 = SystemColor((229, 229, 234), (44, 44, 46))
  public static let systemGray6 = SystemColor((242, 242, 247), (28, 28, 30))

  // MARK: Plain colours (UIColor.red, NSColor.white, …)

  public static let black = SystemColor(.black)
  public static let white = SystemColor(.white)
  public static let red = SystemColor(.red)
  public static let green = SystemColor(Color(red: 0, green: 1, blue: 0))
  public static let blue = SystemColor(.blue)
  public static let yellow = SystemColor(.yellow)
  public static let orange = SystemColor(Color(red: 1, green: 0.5, blue: 0))
  public static let purple = SystemColor(.purple)
  public static let brown = SystemColor(Color(red: 0.6, green: 0.4, blue: 0.2))
  public static let cyan = SystemColor(Color(red: 0, green: 1, blue: 1))
  public static let magenta = SystemColor(Color(red: 1, green: 0, blue: 1))
  public static let gray = SystemColor(.gray)
  public static let darkGray = SystemColor(Color(white: 1.0 / 3))
  public static let lightGray = SystemColor(Color(white: 2.0 / 3))
  public static let clear = SystemColor(.clear)
  public static let lightText = SystemColor(Color(white: 1, opacity: 0.6))
  public static let darkText = SystemColor(theme: "@theme_fg_color")

  // MARK: UIKit's semantic colours

  public static let label = SystemColor(theme: "@theme_fg_color")
  public static let secondaryLabel = SystemColor(theme: "@theme_fg_color", opacity: 0.6)
  public static let tertiaryLabel = SystemColor(theme: "@theme_fg_color", opacity: 0.3)
  public static let quaternaryLabel = SystemColor(theme: "@theme_fg_color", opacity: 0.18)
  public static let placeholderText = SystemColor(theme: "@theme_fg_color", opacity: 0.3)
  public static let link = SystemColor(theme: "@theme_selected_bg_color")
  public static let tintColor = SystemColor(theme: "@theme_selected_bg_color")
  public static let separator = SystemColor(theme: "@borders")
  public static let opaqueSeparator = SystemColor(theme: "@borders")
  public static let systemBackground = SystemColor(theme: "@theme_base_color")
  public static let secondarySystemBackground = SystemColor(theme: "@theme_bg_color")
  public static let tertiarySystemBackground = SystemColor(theme: "@theme_bg_color")
  public static let systemGroupedBackground = SystemColor(theme: "@theme_bg_color")
  public static let secondarySystemGroupedBackground = SystemColor(theme: "@theme_base_color")
  public static let tertiarySystemGroupedBackground = SystemColor(theme: "@theme_bg_color")
  public static let systemFill = SystemColor(theme: "@theme_fg_color", opacity: 0.2)
  public static let secondarySystemFill = SystemColor(theme: "@theme_fg_color", opacity: 0.16)
  public static let tertiarySystemFill = SystemColor(theme: "@theme_fg_color", opacity: 0.12)
  public static let quaternarySystemFill = SystemColor(theme: "@theme_fg_color", opacity: 0.08)

  // MARK: AppKit's semantic colours

  public static let labelColor = SystemColor.label
  public static let secondaryLabelColor = SystemColor.secondaryLabel
  public static let tertiaryLabelColor = SystemColor.tertiaryLabel
  public static let quaternaryLabelColor = SystemColor.quaternaryLabel
  public static let textColor = SystemColor.label
  public static let placeholderTextColor = SystemColor.placeholderText
  public static let linkColor = SystemColor.link
  public static let separatorColor = SystemColor.separator
  public static let textBackgroundColor = SystemColor.systemBackground
  public static let controlBackgroundColor = SystemColor.systemBackground
  public static let windowBackgroundColor = SystemColor.secondarySystemBackground
  public static let underPageBackgroundColor = SystemColor.secondarySystemBackground
  public static let controlAccentColor = SystemColor.link
  public static let selectedContentBackgroundColor = SystemColor.link
  public static let controlTextColor = SystemColor.label
  public static let disabledControlTextColor = SystemColor.tertiaryLabel
  public static let systemFillColor = SystemColor.systemFill
}

/// UIKit's colour type, as `Color(uiColor:)` and `Color(.systemBlue)` take it.
public typealias UIColor = SystemColor
/// AppKit's colour type, as `Color(nsColor:)` takes it.
public typealias NSColor = SystemColor

extension Color {
  /// A UIKit or AppKit colour: SwiftUI's `Color(_:)` with a `UIColor` or `NSColor`,
  /// `Color(.systemBlue)`.
  public init(_ color: SystemColor) {
    self = color.color
  }

  /// A UIKit colour: SwiftUI's `Color(uiColor:)`.
  public init(uiColor: SystemColor) {
    self = uiColor.color
  }

  /// An AppKit colour: SwiftUI's `Color(nsColor:)`.
  public init(nsColor: SystemColor) {
    self = nsColor.color
  }
}
