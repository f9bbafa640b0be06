import CGtk
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

/// `.preferredColorScheme` on GTK's dark-theme preference, and `\.colorScheme`.
final class ColorSchemeTests: GtkTestCase, @unchecked Sendable {
  private struct SchemeLabel: View {
    @Environment(\.colorScheme) var colorScheme
    var body: some View { Text(colorScheme == .dark ? "dark" : "light") }
  }

  func testPreferredColorSchemeSetsGtksDarkPreferenceWhileTheViewShows() throws {
    try MainActor.assumeIsolated {
      XCTAssertFalse(DisplaySettings.prefersDarkTheme, "the tests start light")
      let ui = show(
        host {
          VStack {
            SchemeLabel()
          }
          .preferredColorScheme(.dark)
        })
      XCTAssertTrue(DisplaySettings.prefersDarkTheme)
      let label = try XCTUnwrap(
        contentTree(of: ui.window).first { widgetTypeName($0) == "GtkLabel" })
      XCTAssertEqual(labelText(label), "dark", "the views inside read the scheme they asked for")
      ui.host.close()
      MainLoop.drain()
      XCTAssertFalse(DisplaySettings.prefersDarkTheme, "the app's own preference comes back")
    }
  }

  func testColorSchemeFollowsGtk() throws {
    try MainActor.assumeIsolated {
      XCTAssertEqual(EnvironmentValues().colorScheme, .light)
      DisplaySettings.prefersDarkTheme = true
      defer { DisplaySettings.prefersDarkTheme = false }
      XCTAssertEqual(EnvironmentValues().colorScheme, .dark)
      let ui = show(host { SchemeLabel() })
      let label = try XCTUnwrap(
        contentTree(of: ui.window).first { widgetTypeName($0) == "GtkLabel" })
      XCTAssertEqual(labelText(label), "dark")
    }
  }
}
