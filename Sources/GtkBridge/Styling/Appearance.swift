import Observation

/// Whether GTK shows its dark theme, as a value views observe: a view, modifier or style
/// that reads it (through a colour with a dark appearance, an asset-catalogue colour or
/// image, `@Environment(\.colorScheme)`) is drawn again when the theme switches at run time,
/// by `.preferredColorScheme` or by the "gtk-application-prefer-dark-theme" and
/// "gtk-theme-name" settings.
@MainActor
@Observable
final class Appearance {
  static let shared = Appearance()

  /// GTK's scheme, kept in step with its settings once they exist.
  private var scheme = ColorScheme.light
  /// The settings' "notify" connections, made once a display is there.
  @ObservationIgnored private var darkPreferenceChanged: SignalConnection?
  @ObservationIgnored private var themeChanged: SignalConnection?

  private init() {}

  /// GTK's scheme now; a tracked read, so the reader runs again when it changes.
  var colorScheme: ColorScheme {
    if darkPreferenceChanged == nil { watchSettings() }
    // NB: read fresh while nothing watches (no display yet): the kept value would be stale.
    return darkPreferenceChanged == nil ? DisplaySettings.colorScheme : scheme
  }

  private func watchSettings() {
    let refresh: @MainActor () -> Void = { [weak self] in self?.refresh() }
    darkPreferenceChanged = DisplaySettings.connectChanged(
      "gtk-application-prefer-dark-theme", refresh)
    themeChanged = DisplaySettings.connectChanged("gtk-theme-name", refresh)
    if darkPreferenceChanged != nil { self.refresh() }
  }

  private func refresh() {
    let now = DisplaySettings.colorScheme
    if now != scheme { scheme = now }
  }
}
