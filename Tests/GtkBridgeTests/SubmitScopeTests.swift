import GtkBridgeTesting
import XCTest

@testable import GtkBridge

/// `.submitScope` and `.submitLabel` on real text fields (Return is GtkText's "activate").
final class SubmitScopeTests: GtkTestCase, @unchecked Sendable {
  func testASubmitScopeKeepsReturnInsideFromRunningOuterActions() throws {
    try MainActor.assumeIsolated {
      let model = KeyModel()
      let host = host {
        VStack {
          TextField("Search", text: .constant(""))
            .onSubmit { model.ran.append("search") }
            .submitScope()
            .submitLabel(.search)
          TextField("Name", text: .constant("")).submitLabel(.done)
          VStack {
            TextField("Free", text: .constant(""))
          }
          .submitScope(false)
        }
        .onSubmit { model.ran.append("save") }
      }
      let ui = show(host)
      try ui.find(TextField.self, title: "Search").press(.return)
      XCTAssertEqual(model.ran, ["search"], "the outer action stays out of the scope")
      try ui.find(TextField.self, title: "Name").press(.return)
      XCTAssertEqual(model.ran, ["search", "save"])
      try ui.find(TextField.self, title: "Free").press(.return)
      XCTAssertEqual(model.ran, ["search", "save", "save"], "a non-blocking scope blocks nothing")
    }
  }
}
