import CGtk
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

@MainActor
private final class SubmitLog {
  var entries: [String] = []
}

/// `.submitScope` and `.submitLabel` (issue 13).
final class SubmitScopeTests: GtkTestCase, @unchecked Sendable {
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
