import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

/// `\.isEnabled` written through the environment.
final class IsEnabledTests: GtkTestCase, @unchecked Sendable {
  func testEnvironmentIsEnabledSetDirectlyDisablesAndEnablesTheControlsBelow() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      model.flag = true
      let ui = show(
        host {
          VStack {
            TextField("Field", text: model.text(1))
            StructureEnabledReader()
          }
          .environment(\.isEnabled, model.flag)
        })
      XCTAssertTrue(try ui.find(title: "Field").isEnabled)
      for enabled in [false, true, false] {
        model.flag = enabled
        MainLoop.drain()
        XCTAssertEqual(try ui.find(title: "Field").isEnabled, enabled, "\(enabled)")
        XCTAssertEqual(try ui.find(Text.self).text, enabled ? "enabled" : "disabled")
      }
    }
  }
}
