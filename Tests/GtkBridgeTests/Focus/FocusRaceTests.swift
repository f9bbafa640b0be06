import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
final class RaceModel {
  var focus: String?
  @ObservationIgnored var entries: [String: Widget] = [:]
}

/// An assignment made in the same main-loop turn as a focus move GTK made itself (here: the
/// first focusable widget, on present) must still move focus. Found while writing
/// Examples/custom-widgets (text-view): the state read `b` while GTK kept focus on `a`.
/// Still open (Focus/FocusGroup: the group adopts the next value after its own write, and
/// takes the app's assignment for it); runs with GTKBRIDGE_OPEN_CASES=1 until fixed.
final class FocusRaceTests: GtkTestCase, @unchecked Sendable {
  func testAnAssignmentRightAfterGTKsInitialFocusMovesFocus() throws {
    try XCTSkipUnless(
      ProcessEnvironment.value("GTKBRIDGE_OPEN_CASES") == "1",
      "still open; runs with GTKBRIDGE_OPEN_CASES=1")
    MainActor.assumeIsolated {
      let model = RaceModel()
      let binding = Binding(get: { model.focus }, set: { model.focus = $0 })
      let host = host {
        VStack {
          TextField("a", text: .constant("")).focused(binding, equals: "a")
            .configure { model.entries["a"] = $0 }
          TextField("b", text: .constant("")).focused(binding, equals: "b")
            .configure { model.entries["b"] = $0 }
        }
      }
      host.present()  // GTK focuses "a", the first focusable widget, and the state says so
      model.focus = "b"  // in the same turn, before the loop has run
      _ = MainLoop.run(timeout: 2) { holdsFocus(model.entries["b"]) }
      XCTAssertTrue(holdsFocus(model.entries["b"]), "focus stayed on a")
      XCTAssertEqual(model.focus, "b")
    }
  }
}
