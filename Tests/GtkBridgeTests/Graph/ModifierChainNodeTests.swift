import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

/// A view whose stored properties leave odd sizes: a Bool then an Int8.
private struct Odd: View {
  let flag: Bool
  let small: Int8

  var body: some View {
    Text("odd \(flag) \(small)")
  }
}

/// A view with a Bool then an Int: padding inside the view.
private struct Padded: View {
  let flag: Bool
  let number: Int

  var body: some View {
    TextField("padded \(flag) \(number)", text: .constant(""))
  }
}

enum Payload: Hashable {
  case plain
  case named(String)
  case pair(Int8, Bool)
}

private struct OddModifiers: View {
  let actions: ViewActions
  let reads: OddReads
  @State var flag = false
  @State var small: Int8 = 1
  @FocusState var byte: Int8?
  @FocusState var yes: Bool?
  @FocusState var word: String?
  @FocusState var payload: Payload?
  @State var appeared = 0

  var body: some View {
    VStack {
      EmptyView().onAppear { appeared += 1 }.padding(3).tag(UInt8(7))
      Odd(flag: flag, small: small).tag(UInt8(small)).padding(Int(small))
      Padded(flag: flag, number: Int(small)).focused($byte, equals: Int8(2))
      TextField("yes \(flag)", text: .constant("")).focused($yes, equals: true)
      TextField("word", text: .constant("")).padding(1).focused($word, equals: "w")
      Padded(flag: !flag, number: 99).focused($payload, equals: .named("p\(small)"))
      Odd(flag: true, small: -1).focusable().focused($payload, equals: .pair(small, flag))
      Text("appeared \(appeared)")
    }
    .onAppear {
      reads.byte = { byte }
      reads.yes = { yes }
      reads.word = { word }
      reads.payload = { payload }
      reads.setByte = { byte = $0 }
      reads.setYes = { yes = $0 }
      reads.setWord = { word = $0 }
      reads.setPayload = { payload = $0 }
      actions.named["flag"] = { flag = $0 == 1 }
      actions.named["small"] = { small = Int8($0) }
    }
  }
}

@MainActor
private final class OddReads {
  var byte: () -> Int8? = { nil }
  var yes: () -> Bool? = { nil }
  var word: () -> String? = { nil }
  var payload: () -> Payload? = { nil }
  var setByte: (Int8?) -> Void = { _ in }
  var setYes: (Bool?) -> Void = { _ in }
  var setWord: (String?) -> Void = { _ in }
  var setPayload: (Payload?) -> Void = { _ in }
}

private struct DeepChain: View {
  let actions: ViewActions
  @FocusState var focus: BindingIdentityField?
  @State var title = "t0"
  @State var other = false
  @State var key = 0
  @State var note = ""

  var body: some View {
    VStack {
      Row6(title: title)
        .padding(1).tag(1).padding(2).accessibilityLabel("deep \(title)").padding(3)
        .onSubmit { note = "submitted \(title)" }.tag("x").padding(4)
        .focused($focus, equals: .name).padding(5)
      if other {
        Text("same modifier \(title)").padding(7).tag(2)
      } else {
        TextField("same modifier \(title)", text: .constant("")).padding(7).tag(2)
      }
      Row6(title: "keyed").padding(2).id(key).focused($focus, equals: .mail)
      Text("note \(note)")
    }
    .onAppear {
      actions.named["title"] = { title = "t\($0)" }
      actions.named["other"] = { other = $0 == 1 }
      actions.named["key"] = { key = $0 }
      actions.named["focus"] = { focus = [nil, .name, .mail][$0] }
    }
  }
}

/// Modifiers read in place on odd layouts and long chains.
final class ModifierChainNodeTests: GtkTestCase, @unchecked Sendable {
  func testModifiersOnOddLayoutsReadTheirValues() throws {
    try MainActor.assumeIsolated {
      let reads = OddReads()
      let actions = ViewActions()
      let ui = show { OddModifiers(actions: actions, reads: reads) }
      @MainActor func labels() -> [String] { ui.findAll(Text.self).compactMap(\.text) }
      let appeared = labels().last
      XCTAssertEqual(labels().dropLast(), ["odd false 1", "odd true -1"])
      let padded = try ui.find(TextField.self, title: "padded false 1")
      let word = try ui.find(TextField.self, title: "word")
      try ui.find(TextField.self, title: "yes false").tap()
      XCTAssertEqual(reads.yes(), true)
      reads.setByte(2)
      MainLoop.drain()
      XCTAssertTrue(padded.isFocused)
      XCTAssertNil(reads.yes())
      reads.setWord("w")
      MainLoop.drain()
      XCTAssertTrue(word.isFocused)
      XCTAssertNil(reads.byte())
      actions("flag", 1)
      actions("small", 2)
      MainLoop.drain()
      XCTAssertEqual(labels(), ["odd true 2", "odd true -1", appeared])
      XCTAssertTrue(word.isFocused)
      let padded2 = try ui.find(TextField.self, title: "padded true 2")
      reads.setByte(2)
      MainLoop.drain()
      XCTAssertTrue(padded2.isFocused)
      reads.setPayload(.named("p2"))
      MainLoop.drain()
      let payloadField = try ui.find(TextField.self, title: "padded false 99")
      XCTAssertTrue(payloadField.isFocused)
      reads.setPayload(.named("p1"))
      MainLoop.drain()
      XCTAssertTrue(payloadField.isFocused, "no view claims p1 now: focus stays")
      XCTAssertEqual(reads.payload(), .named("p2"), "the state reads the truth")
      reads.setPayload(.pair(2, true))
      MainLoop.drain()
      XCTAssertEqual(reads.payload(), .pair(2, true), "the focusable view took the claim")
      XCTAssertFalse(payloadField.isFocused)
      reads.setYes(true)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(TextField.self, title: "yes true").isFocused)
      XCTAssertNil(reads.payload())
    }
  }

  func testATenModifierChainOnAUserViewKeepsItsStateAndFollowsChanges() throws {
    try MainActor.assumeIsolated {
      let actions = ViewActions()
      let ui = show { DeepChain(actions: actions) }
      let field = try ui.find(TextField.self, title: "t0")
      field.typeAtEnd("ab")
      XCTAssertEqual(field.text, "ab")
      actions("title", 1)
      MainLoop.drain()
      let renamed = try ui.find(TextField.self, title: "t1")
      XCTAssertTrue(renamed.widget === field.widget, "the row kept its widget")
      XCTAssertEqual(renamed.text, "ab", "the row kept its state")
      XCTAssertTrue(renamed.isFocused)
      ui.press(.return)
      XCTAssertEqual(try ui.find(Text.self, title: "note submitted t1").text, "note submitted t1")
      actions("focus", 0)
      MainLoop.drain()
      XCTAssertFalse(renamed.isFocused)
      actions("focus", 1)
      MainLoop.drain()
      XCTAssertTrue(renamed.isFocused)
      // The same modifiers on another kind of view.
      XCTAssertNoThrow(try ui.find(TextField.self, title: "same modifier t1"))
      actions("other", 1)
      MainLoop.drain()
      XCTAssertNoThrow(try ui.find(Text.self, title: "same modifier t1"))
      XCTAssertThrowsError(try ui.find(TextField.self, title: "same modifier t1"))
      actions("title", 2)
      MainLoop.drain()
      XCTAssertNoThrow(try ui.find(Text.self, title: "same modifier t2"))
      actions("other", 0)
      MainLoop.drain()
      XCTAssertNoThrow(try ui.find(TextField.self, title: "same modifier t2"))
      // `.id` inside modifiers: a new key is a new row, with fresh state and no focus.
      let keyed = try ui.find(TextField.self, title: "keyed")
      keyed.typeAtEnd("k")
      XCTAssertEqual(keyed.text, "k")
      actions("key", 1)
      MainLoop.drain()
      let fresh = try ui.find(TextField.self, title: "keyed")
      XCTAssertFalse(fresh.widget === keyed.widget)
      XCTAssertEqual(fresh.text, "")
      actions("focus", 2)
      MainLoop.drain()
      XCTAssertTrue(fresh.isFocused, "the new row joined the focus state")
    }
  }
}
