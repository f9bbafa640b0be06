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
}

extension ColorScheme {
  /// Whether GTK shows its dark theme now, for a colour's CSS value. Read on the main thread
  /// (where styles are applied); elsewhere, light.
  nonisolated static var appearsDark: Bool {
    guard Thread.isMainThread else { return false }
    return MainActor.assumeIsolated { ColorScheme.current == .dark }
  }
}
