import GtkBridgeTesting
import XCTest

@testable import GtkBridge

@MainActor
private final class SubmitLog {
  var entries: [String] = []
}

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

  func testASubmitScopeKeepsReturnFromTheOnSubmitActionsAroundIt() {
    MainActor.assumeIsolated {
      let log = SubmitLog()
      let ui = show {
        VStack {
          TextField("Outside", text: .constant(""))
          VStack {
            TextField("Scoped", text: .constant(""))
              .onSubmit { log.entries.append("inner") }
            TextField("Bare", text: .constant(""))
          }
          .submitScope()
          TextField("Open", text: .constant("")).submitScope(false)
        }
        .onSubmit { log.entries.append("outer") }
        .submitLabel(.next)
      }
      for title in ["Outside", "Scoped", "Bare", "Open"] {
        let field = try! ui.find(TextField.self, title: title)
        field.tap()
        log.entries.append("[\(title)]")
        field.press(.return)
      }
      XCTAssertEqual(
        log.entries, ["[Outside]", "outer", "[Scoped]", "inner", "[Bare]", "[Open]", "outer"])
    }
  }
}
