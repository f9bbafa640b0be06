/// Light or dark: SwiftUI's `ColorScheme`.
///
/// `@Environment(\.colorScheme)` reads GTK's: dark when the app prefers GTK's dark theme
/// (`.preferredColorScheme(.dark)`, or the "gtk-application-prefer-dark-theme" setting) or
/// the theme's name ends in "-dark"; light otherwise.
///
/// ```swift
/// @Environment(\.colorScheme) var colorScheme
/// Text("Hi").foregroundStyle(colorScheme == .dark ? .white : .black)
/// ```
public enum ColorScheme: Hashable, Sendable, CaseIterable {
  case light, dark

  /// GTK's scheme now, read so that the reader runs again when it changes (see
  /// ``Appearance``).
  @MainActor
  static var current: ColorScheme { Appearance.shared.colorScheme }
}

private struct ColorSchemeKey: EnvironmentKey {
  static var defaultValue: ColorScheme? { nil }
}

extension EnvironmentValues {
  /// Whether views here are shown light or dark: SwiftUI's `colorScheme`, GTK's (see
  /// ``ColorScheme``) unless a view above set it.
  public var colorScheme: ColorScheme {
    get { self[ColorSchemeKey.self] ?? .current }
    set { self[ColorSchemeKey.self] = newValue }
  }
}

extension View {
  /// Asks for a light or dark appearance: SwiftUI's `preferredColorScheme(_:)`. GTK's
  /// dark-theme preference ("gtk-application-prefer-dark-theme") while the view shows, so the
  /// theme's dark variant for the whole app (GTK has no per-window theme); `nil` leaves the
  /// preference as it is. When the view goes, the preference the app started with comes back.
  ///
  /// ```swift
  /// ContentView().preferredColorScheme(.dark)
  /// ```
  public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View {
    modifier(PreferredColorSchemeModifier(colorScheme: colorScheme))
  }
}

/// Sets GTK's dark-theme preference while the modified view shows.
struct PreferredColorSchemeModifier: WidgetModifier {
  let colorScheme: ColorScheme?

  /// The preference before the first such view, put back when the last one goes.
  @MainActor
  final class Storage {
    var applied = false
    /// The scheme the views below were given (`nil` before the first update), to tell them
    /// when it changes.
    var last: ColorScheme??
  }

  @MainActor private static var original: Bool?
  @MainActor private static var active = 0

  static var readsState: Bool { false }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage { Storage() }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    // NB: the views below read this value from the environment, not GTK's (Observation does
    // not see them): their `@Environment(\.colorScheme)` readers re-run when it changes.
    if storage.last != .some(colorScheme) {
      if storage.last != nil {
        EnvironmentDependents.changed(.value(\EnvironmentValues.colorScheme), below: node)
      }
      storage.last = .some(colorScheme)
    }
    guard let colorScheme else { return }
    if !storage.applied {
      storage.applied = true
      if Self.active == 0 { Self.original = DisplaySettings.prefersDarkTheme }
      Self.active += 1
    }
    DisplaySettings.prefersDarkTheme = colorScheme == .dark
  }

  func dismantle(_ storage: Storage, node: ModifierNode<some View, Self>) {
    guard storage.applied else { return }
    Self.active -= 1
    if Self.active == 0, let original = Self.original {
      DisplaySettings.prefersDarkTheme = original
      Self.original = nil
    }
  }

  func modifyEnvironment(_ environment: inout EnvironmentValues) {
    if let colorScheme { environment.colorScheme = colorScheme }
  }
}
