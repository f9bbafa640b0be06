import GtkBridge

/// Small apps heard with the Orca screen reader beside their C peers (`scripts/orca-speech`,
/// `scripts/screen-reader-peers/`): a form, a list, a sheet, an alert and a navigation stack,
/// each as an app writes it in SwiftUI. The sample is the first argument (default `form`).
@main
struct ScreenReaderSamples: App {
  static var applicationID: String { "org.gtkbridge.ScreenReaderSamples" }

  var body: some Scene {
    WindowGroup("Samples", width: 480, height: 360) {
      Sample(kind: CommandLine.arguments.dropFirst().first ?? "form")
    }
  }
}
