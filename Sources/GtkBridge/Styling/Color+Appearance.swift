import Foundation

/// The components of a colour's dark appearance.
struct DarkVariant: Hashable, Sendable {
  var red: Double
  var green: Double
  var blue: Double
  var alpha: Double
}

extension Color {
  /// A colour with a light and a dark appearance: `light` in a light theme, `dark` when GTK
  /// shows its dark theme (see ``ColorScheme``). The appearance is read when a style using
  /// the colour is applied.
  ///
  /// ```swift
  /// let card = Color(light: .white, dark: Color(white: 0.15))
  /// ```
  public init(light: Color, dark: Color) {
    self = light
    darkVariant = DarkVariant(red: dark.red, green: dark.green, blue: dark.blue, alpha: dark.alpha)
  }

  /// The colour as it appears in a light or dark theme, with one appearance: its CSS value
  /// then reads no scheme.
  func appearance(dark: Bool) -> Color {
    var color = self
    if let darkVariant = color.darkVariant, dark {
      color.red = darkVariant.red
      color.green = darkVariant.green
      color.blue = darkVariant.blue
      color.alpha = darkVariant.alpha * alpha
    }
    color.darkVariant = nil
    return color
  }
}

extension ColorScheme {
  /// Whether GTK shows its dark theme now, for a colour's CSS value. Read on the main thread
  /// (where styles are applied); elsewhere, light.
  nonisolated static var appearsDark: Bool {
    guard Thread.isMainThread else { return false }
    return MainActor.assumeIsolated { ColorScheme.current == .dark }
  }
}
