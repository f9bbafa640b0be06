/// Opens the app's ``Settings`` window (or brings it back): SwiftUI's `OpenSettingsAction`,
/// read as `@Environment(\.openSettings)`. In an app without a `Settings` scene, or in a view
/// not shown by an ``App`` (a ``HostingWindow`` of its own), it does nothing and logs why once.
///
/// ```swift
/// struct Toolbar: View {
///   @Environment(\.openSettings) private var openSettings
///   var body: some View {
///     Button("Preferences") { openSettings() }
///   }
/// }
/// ```
public struct OpenSettingsAction: Sendable {
  let action: @MainActor @Sendable () -> Void

  init(_ action: @escaping @MainActor @Sendable () -> Void) { self.action = action }

  /// Opens the settings window.
  @MainActor
  public func callAsFunction() { action() }
}

private struct OpenSettingsKey: EnvironmentKey {
  static let defaultValue = OpenSettingsAction {
    Log.warning("GtkBridge: openSettings() outside an App with a Settings scene does nothing")
  }
}

extension EnvironmentValues {
  /// Opens the app's settings window: `@Environment(\.openSettings) var openSettings`.
  public internal(set) var openSettings: OpenSettingsAction {
    get { self[OpenSettingsKey.self] }
    set { self[OpenSettingsKey.self] = newValue }
  }
}

/// A button that opens the app's ``Settings`` window: SwiftUI's `SettingsLink`.
///
/// ```swift
/// SettingsLink()                                   // "Preferences…"
/// SettingsLink { Label("Settings", systemImage: "gear") }
/// ```
public struct SettingsLink<Label: View>: View {
  @Environment(\.openSettings) private var openSettings
  let label: Label

  /// A button showing `label`.
  public init(@ViewBuilder label: () -> Label) {
    self.label = label()
  }

  public var body: some View {
    let openSettings = openSettings
    Button(action: { openSettings() }, label: { label })
  }
}

extension SettingsLink where Label == Text {
  /// A button titled "Preferences…", GNOME's name for it.
  public init() {
    self.init { Text(verbatim: "Preferences…") }
  }
}
