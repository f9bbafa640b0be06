import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

/// Fields bound to `@AppStorage` keys: two views of one key, and a field switched between two.
private struct StoredFields: View {
  let actions: ViewActions
  @AppStorage("r6 first") var first = "f"
  @AppStorage("r6 first") var firstAgain = "f"
  @AppStorage("r6 second") var second = "s"
  @State var useSecond = false

  var body: some View {
    VStack {
      TextField("first", text: $first)
      TextField("first again", text: $firstAgain)
      TextField("switched", text: useSecond ? $second : $first)
      Text("first \(first) second \(second)")
    }
    .onAppear { actions.named["second"] = { useSecond = $0 == 1 } }
  }
}

/// Two `@AppStorage`s of one key with different defaults, and a field switched between them.
private struct StoredDefaults: View {
  let actions: ViewActions
  @AppStorage("r6 shared") var plain = "plain default"
  @AppStorage("r6 shared") var fancy = "fancy default"
  @State var useFancy = false

  var body: some View {
    VStack {
      TextField("switched", text: useFancy ? $fancy : $plain)
      Text("plain \(plain) fancy \(fancy)")
    }
    .onAppear { actions.named["fancy"] = { useFancy = $0 == 1 } }
  }
}

/// Fields bound to `@AppStorage` keys: switched keys, shared keys and other windows' writes.
final class AppStorageFieldTests: AppStorageTestCase, @unchecked Sendable {
  func testAFieldSwitchedBetweenTwoDefaultsOfOneUnsetKeyShowsEach() throws {
    try MainActor.assumeIsolated {
      let actions = ViewActions()
      let ui = show { StoredDefaults(actions: actions) }
      let field = try ui.find(TextField.self, title: "switched")
      XCTAssertEqual(field.text, "plain default")
      XCTAssertEqual(try ui.find(Text.self).text, "plain plain default fancy fancy default")
      actions("fancy", 1)
      MainLoop.drain()
      XCTAssertEqual(field.text, "fancy default", "an unset key reads each wrapper's default")
      field.typeAtEnd("!")
      XCTAssertEqual(try ui.find(Text.self).text, "plain fancy default! fancy fancy default!")
      actions("fancy", 0)
      MainLoop.drain()
      XCTAssertEqual(field.text, "fancy default!")
    }
  }

  func testFieldsOnOneKeyShareItAndASwitchedFieldShowsTheOtherKey() throws {
    try MainActor.assumeIsolated {
      let actions = ViewActions()
      let ui = show { StoredFields(actions: actions) }
      let first = try ui.find(TextField.self, title: "first")
      let again = try ui.find(TextField.self, title: "first again")
      let switched = try ui.find(TextField.self, title: "switched")
      first.typeAtEnd("1")
      XCTAssertEqual([first.text, again.text, switched.text], ["f1", "f1", "f1"])
      actions("second", 1)
      MainLoop.drain()
      XCTAssertEqual(switched.text, "s")
      switched.typeAtEnd("2")
      XCTAssertEqual([first.text, again.text, switched.text], ["f1", "f1", "s2"])
      again.typeAtEnd("3")
      XCTAssertEqual(try ui.find(Text.self).text, "first f13 second s2")
      actions("second", 0)
      MainLoop.drain()
      XCTAssertEqual(switched.text, "f13")
    }
  }

  func testAnAppStorageFieldShowsAWriteFromAnotherWindow() throws {
    try MainActor.assumeIsolated {
      struct Editor: View {
        @AppStorage("r8v name") var name = ""
        let title: String
        var body: some View { TextField(title, text: $name) }
      }
      let one = show(host { Editor(title: "one") })
      let two = show(host { Editor(title: "two") })
      try one.find(TextField.self).type("Ada")
      XCTAssertEqual(try two.find(TextField.self).text, "Ada")
      try two.find(TextField.self).backspace(2)
      XCTAssertEqual(try one.find(TextField.self).text, "A")
    }
  }
}
