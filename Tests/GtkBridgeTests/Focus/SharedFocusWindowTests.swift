import CGtk
import XCTest

@testable import GtkBridge

/// Found by the random-operation test after the focus and graph work merged: a focus group
/// made where a closed window's group had been allocated was never registered (the registry
/// found the dead entry under the same object identity), so the second window's truth never
/// reached the shared state.
final class SharedFocusWindowTests: GtkTestCase, @unchecked Sendable {
  func testASecondWindowSharingTheStateReadsItsTruthEveryTimeItOpens() {
    MainActor.assumeIsolated {
      let run = FuzzRun()
      let model = run.model
      for round in 0..<3 {
        let other = try! HostingWindow(title: "shared", width: 160, height: 80) {
          TextField("Other", text: .constant(""))
            .focused(model.activeFocusBinding, equals: FuzzModel.otherWindowID)
        }
        other.present()
        XCTAssertTrue(MainLoop.run(timeout: 5) { other.window.isActive })
        MainLoop.drain()
        XCTAssertEqual(model.activeFocus, FuzzModel.otherWindowID, "round \(round)")
        other.close()
        run.host.present()
        MainLoop.run(timeout: 5) { run.host.window.isActive }
        MainLoop.drain()
      }
      run.close()
    }
  }
}
