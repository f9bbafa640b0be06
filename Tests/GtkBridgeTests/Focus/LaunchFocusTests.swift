import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

/// A field whose text `.onAppear` loads, before the window's launch focus reaches it.
private struct Prefilled: View {
  @State var text = ""

  var body: some View {
    VStack {
      TextField("name", text: $text)
      Text("text \(text)")
    }
    .onAppear { text = "prefilled" }
  }
}

/// The focus a window takes as it opens.
final class LaunchFocusTests: GtkTestCase, @unchecked Sendable {
  func testAFieldLoadedOnAppearTakesLaunchFocusWithTheCursorAtTheEnd() throws {
    try MainActor.assumeIsolated {
      let ui = show { Prefilled() }
      let field = try ui.find(TextField.self, title: "name")
      let entry = try XCTUnwrap(field.widget as? EditableWidget)
      XCTAssertTrue(field.isFocused, "launch focus")
      XCTAssertEqual(entry.text, "prefilled")
      XCTAssertEqual(entry.cursorPosition, 9)
      XCTAssertNil(entry.selection)
      entry.simulateTyping("!")
      MainLoop.drain()
      XCTAssertEqual(inspectedTexts(ui), ["text prefilled!"])
    }
  }
}
