import CGtk
import Foundation
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class DigitsModel {
  private var storage = "123"
  /// Keeps digits only: a setter that changes what it is given.
  var digits: String {
    get { storage }
    set { storage = newValue.filter(\.isNumber) }
  }
}

/// An observable model whose writes take a while between "will change" and the store, as a
/// large value's copy would: the window a re-render on the main thread can fall into.
private final class Feed: Observable, @unchecked Sendable {
  private let registrar = ObservationRegistrar()
  private var storage = "before"

  var headline: String {
    get {
      registrar.access(self, keyPath: \.headline)
      return storage
    }
    set {
      registrar.withMutation(of: self, keyPath: \.headline) {
        usleep(20_000)
        storage = newValue
      }
    }
  }
}

/// The widget shows what the model holds, whoever wrote it and from whichever thread
/// (issue 10 item 0).
final class ModelSyncTests: GtkTestCase, @unchecked Sendable {
  func testAFilteringSetterIsShownInTheField() {
    MainActor.assumeIsolated {
      let model = DigitsModel()
      let host = host {
        @Bindable var model = model
        return TextField("Digits", text: $model.digits)
      }
      show(host)
      let entry = host.textFieldEntries[0]
      XCTAssertEqual(entry.text, "123")
      entry.grabFocus()
      entry.cursorPosition = -1
      entry.simulateTyping("x")
      MainLoop.drain()
      XCTAssertEqual(model.digits, "123")
      XCTAssertEqual(entry.text, "123", "the field shows what the model holds")
      XCTAssertEqual(entry.cursorPosition, 3)
      entry.simulateTyping("4")
      MainLoop.drain()
      XCTAssertEqual(model.digits, "1234")
      XCTAssertEqual(entry.text, "1234")
      entry.cursorPosition = 1
      entry.simulateTyping("y")
      MainLoop.drain()
      XCTAssertEqual(entry.text, "1234")
      XCTAssertEqual(entry.cursorPosition, 1, "the cursor stays where the user was")
    }
  }

  func testAWriteFromAnotherThreadIsShownWithinOneMainLoopTurn() {
    MainActor.assumeIsolated {
      for round in 0..<5 {
        let feed = Feed()
        let host = host { Text(feed.headline) }
        show(host)
        XCTAssertEqual(host.labelTexts, ["before"])
        Thread.detachNewThread { feed.headline = "after \(round)" }
        // The main loop keeps turning while the other thread writes.
        let shown = MainLoop.run(timeout: 5) { host.labelTexts == ["after \(round)"] }
        XCTAssertTrue(shown, "round \(round): the label shows \(host.labelTexts)")
        host.close()
      }
    }
  }
}
