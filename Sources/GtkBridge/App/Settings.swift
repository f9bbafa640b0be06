import CGtk

/// The app's settings window: SwiftUI's `Settings` scene (macOS). It opens from the primary
/// menu's "Preferences" item (Ctrl+,, GNOME's name and key for it), one window at a time,
/// over the focused window; choosing it again brings that window back.
///
/// ```swift
/// @main
/// struct NotesApp: App {
///   var body: some Scene {
///     WindowGroup { ContentView() }
///     Settings { SettingsView() }
///   }
/// }
/// ```
public struct Settings<Content: View>: Scene {
  let content: @MainActor () -> Content

  public init(@ViewBuilder content: @escaping @MainActor () -> Content) {
    self.content = content
  }
}

/// What the app runner needs of a ``Settings`` scene: a way to open its window.
@MainActor
protocol SettingsScene {
  func open(
    over parent: UnsafeMutablePointer<GtkWindow>?,
    environment: @escaping @MainActor () -> EnvironmentValues
  ) -> OpenWindow
}

extension Settings: SettingsScene {
  func open(
    over parent: UnsafeMutablePointer<GtkWindow>?,
    environment: @escaping @MainActor () -> EnvironmentValues
  ) -> OpenWindow {
    let host = HostingWindow(
      initializedTitle: "Preferences", subtitle: nil, headerBar: true, width: 560, height: 420,
      environment: environment, content: content)
    if let parent { gtk_window_set_transient_for(host.window.window, parent) }
    return OpenWindow(handle: host, window: host.window, graph: host.graph, present: host.present)
  }
}
