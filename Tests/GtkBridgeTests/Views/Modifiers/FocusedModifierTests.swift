import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

enum FocusedModifierField: Hashable { case a, b }

/// What a view's focus states hold, read by the test as an action would.
@MainActor
final class FocusReads {
  var first: () -> FocusedModifierField? = { nil }
  var second: () -> FocusedModifierField? = { nil }
  var setFirst: (FocusedModifierField?) -> Void = { _ in }
  var setSecond: (FocusedModifierField?) -> Void = { _ in }
}

/// A parent that passes its child one of two focus states, and the value it claims.
private struct FocusSwitch: View {
  let reads: FocusReads
  let actions: ViewActions
  @FocusState var first: FocusedModifierField?
  @FocusState var second: FocusedModifierField?
  @State var useSecond = false
  @State var claimsB = false

  var body: some View {
    VStack {
      FocusedChild(focus: useSecond ? $second : $first, value: claimsB ? .b : .a)
      TextField("other", text: .constant(""))
    }
    .onAppear {
      reads.first = { first }
      reads.second = { second }
      reads.setFirst = { first = $0 }
      reads.setSecond = { second = $0 }
      actions.named["useSecond"] = { useSecond = $0 == 1 }
      actions.named["claimsB"] = { claimsB = $0 == 1 }
    }
  }
}

private struct FocusedChild: View {
  let focus: FocusState<FocusedModifierField?>.Binding
  let value: FocusedModifierField
  @State var text = ""

  var body: some View {
    TextField("child", text: $text).focused(focus, equals: value)
  }
}

/// Rows in two `ForEach`es bound to one focus state; a row moves from one to the other.
private struct TwoColumns: View {
  let actions: ViewActions
  let focus: FocusBox
  @State var left = [0, 1, 2]
  @State var right = [3]
  @FocusState var focused: Int?

  var body: some View {
    VStack {
      ForEach(left, id: \.self) { i in
        TextField("f\(i)", text: .constant("")).focused($focused, equals: i)
      }
      Text("between")
      ForEach(right, id: \.self) { i in
        TextField("f\(i)", text: .constant("")).focused($focused, equals: i)
      }
    }
    .onAppear {
      focus.read = { focused }
      focus.write = { focused = $0 }
      actions.named["move"] = { i in
        left.removeAll { $0 == i }
        right.append(i)
      }
    }
  }
}

@MainActor
final class FocusBox {
  var read: () -> Int? = { nil }
  var write: (Int?) -> Void = { _ in }
}

@Observable
private final class Draft {
  var focus: FocusedModifierField?
  var name = ""
}

/// A draft model held in `@State`, replaced by "New"; its field is bound to its focus.
private struct DraftEditor: View {
  let actions: ViewActions
  let drafts: DraftReads
  @State var draft = Draft()

  var body: some View {
    VStack {
      TextField("draft", text: $draft.name).focused($draft.focus, equals: .a)
      TextField("elsewhere", text: .constant(""))
    }
    .onAppear {
      drafts.current = { draft }
      actions.named["new"] = { _ in draft = Draft() }
    }
  }
}

@MainActor
private final class DraftReads {
  var current: () -> Draft = { Draft() }
}

/// A focus state of a view in one window, passed to a view in a second window; both re-run
/// on `tick` while bound to the same state.
private struct FocusOwner: View {
  let actions: ViewActions
  let shared: SharedFocus
  @FocusState var focus: FocusedModifierField?
  @State var tick = 0

  var body: some View {
    VStack {
      TextField("here \(tick)", text: .constant("")).focused($focus, equals: .a)
      TextField("owner other", text: .constant(""))
    }
    .onAppear {
      shared.binding = $focus
      shared.read = { focus }
      shared.write = { focus = $0 }
      actions.named["tick"] = { tick = $0 }
    }
  }
}

private struct FocusGuest: View {
  let actions: ViewActions
  let binding: FocusState<FocusedModifierField?>.Binding
  @State var tick = 0

  var body: some View {
    VStack {
      TextField("there \(tick)", text: .constant("")).focused(binding, equals: .b)
      TextField("guest other", text: .constant(""))
    }
    .onAppear { actions.named["tick"] = { tick = $0 } }
  }
}

@MainActor
private final class SharedFocus {
  var binding: FocusState<FocusedModifierField?>.Binding?
  var read: () -> FocusedModifierField? = { nil }
  var write: (FocusedModifierField?) -> Void = { _ in }
}

/// A user view whose body switches between two kinds of field.
private struct FocusedModifierSwitching: View {
  let secure: Bool
  @State var text = ""

  var body: some View {
    if secure {
      SecureField("secret", text: $text)
    } else {
      TextField("plain", text: $text)
    }
  }
}

private struct Rebinding: View {
  let first: FocusedRowProbe
  let second: FocusedRowProbe
  let actions: ViewActions
  @FocusState var one: FocusedRowField?
  @FocusState var two: FocusedRowField?
  @State var useTwo = false
  @State var tag = FocusedRowField.a
  @State var secure = false
  @State var key = 0

  var body: some View {
    first.read = { one }
    first.write = { one = $0 }
    second.read = { two }
    second.write = { two = $0 }
    return VStack {
      FocusedModifierSwitching(secure: secure).id(key).focused(useTwo ? $two : $one, equals: tag)
      TextField("other", text: .constant("")).focused($one, equals: .d)
    }
    .onAppear {
      actions.named["useTwo"] = { useTwo = $0 == 1 }
      actions.named["tag"] = { tag = [FocusedRowField.a, .b, .c, .d][$0] }
      actions.named["secure"] = { secure = $0 == 1 }
      actions.named["key"] = { key = $0 }
    }
  }
}

/// `.focused` re-run with the same or another state, value or model.
final class FocusedModifierTests: GtkTestCase, @unchecked Sendable {
  // MARK: - FocusedModifier's same state (dc4fbb2)

  func testAChildPassedAnotherFocusStateFollowsTheNewOne() throws {
    try MainActor.assumeIsolated {
      let reads = FocusReads()
      let actions = ViewActions()
      let ui = show { FocusSwitch(reads: reads, actions: actions) }
      let child = try ui.find(TextField.self, title: "child")
      let other = try ui.find(TextField.self, title: "other")
      reads.setFirst(.a)
      MainLoop.drain()
      XCTAssertTrue(child.isFocused)
      other.tap()
      XCTAssertNil(reads.first())
      actions("useSecond", 1)
      MainLoop.drain()
      reads.setSecond(.a)
      MainLoop.drain()
      XCTAssertTrue(child.isFocused, "the new state moves focus")
      XCTAssertEqual(reads.second(), .a)
      XCTAssertNil(reads.first())
      other.tap()
      XCTAssertNil(reads.second())
      reads.setFirst(.a)
      MainLoop.drain()
      XCTAssertFalse(child.isFocused, "the old state still moved focus")
      XCTAssertNil(reads.first(), "no view claims .a for the old state")
      child.tap()
      XCTAssertEqual(reads.second(), .a)
      XCTAssertNil(reads.first())
      // And back again, while the child holds focus.
      actions("useSecond", 0)
      MainLoop.drain()
      XCTAssertEqual(reads.first(), .a, "the state it joins reads the truth")
      XCTAssertNil(reads.second())
      other.tap()
      reads.setSecond(.a)
      MainLoop.drain()
      XCTAssertFalse(child.isFocused)
      reads.setFirst(.a)
      MainLoop.drain()
      XCTAssertTrue(child.isFocused)
    }
  }

  func testANewEqualsValueForTheSameStateIsTheClaim() throws {
    try MainActor.assumeIsolated {
      let reads = FocusReads()
      let actions = ViewActions()
      let ui = show { FocusSwitch(reads: reads, actions: actions) }
      let child = try ui.find(TextField.self, title: "child")
      let other = try ui.find(TextField.self, title: "other")
      // GTK put focus in the first field as the window opened.
      XCTAssertEqual(reads.first(), .a)
      other.tap()
      XCTAssertNil(reads.first())
      actions("claimsB", 1)
      MainLoop.drain()
      reads.setFirst(.a)
      MainLoop.drain()
      XCTAssertFalse(child.isFocused)
      XCTAssertNil(reads.first())
      reads.setFirst(.b)
      MainLoop.drain()
      XCTAssertTrue(child.isFocused)
      // The claim changes while the child holds focus: the state reads the new value.
      actions("claimsB", 0)
      MainLoop.drain()
      XCTAssertTrue(child.isFocused)
      XCTAssertEqual(reads.first(), .a)
      other.tap()
      XCTAssertNil(reads.first())
      reads.setFirst(.a)
      MainLoop.drain()
      XCTAssertTrue(child.isFocused)
    }
  }

  /// One focus state bound in two windows, whose views re-run (the same state each time):
  /// a value claimed in one window moves focus there, and the state reads the truth.
  func testOneFocusStateInTwoWindowsFollowsWritesAcrossReRuns() throws {
    try MainActor.assumeIsolated {
      let shared = SharedFocus()
      let ownerActions = ViewActions()
      let guestActions = ViewActions()
      let owner = host { FocusOwner(actions: ownerActions, shared: shared) }
      show(owner)
      let binding = try XCTUnwrap(shared.binding)
      let guest = host { FocusGuest(actions: guestActions, binding: binding) }
      show(guest)
      XCTAssertTrue(MainLoop.run(timeout: 5) { guest.window.isActive })
      @MainActor func field(_ host: HostingWindow<AnyTestView>, _ prefix: String) -> Entry {
        host.textFieldEntries.first { ($0.placeholderText ?? "").hasPrefix(prefix) }!
      }
      for round in 1...3 {
        ownerActions("tick", round)
        guestActions("tick", round)
        MainLoop.drain()
        shared.write(.a)
        MainLoop.drain()
        XCTAssertTrue(MainLoop.run(timeout: 5) { owner.window.isActive }, "round \(round)")
        MainLoop.drain()
        XCTAssertTrue(holdsFocus(field(owner, "here")), "round \(round)")
        XCTAssertEqual(shared.read(), .a, "round \(round)")
        ownerActions("tick", 10 + round)
        guestActions("tick", 10 + round)
        MainLoop.drain()
        shared.write(.b)
        MainLoop.drain()
        XCTAssertTrue(MainLoop.run(timeout: 5) { guest.window.isActive }, "round \(round)")
        MainLoop.drain()
        XCTAssertTrue(holdsFocus(field(guest, "there")), "round \(round)")
        XCTAssertEqual(shared.read(), .b, "round \(round)")
      }
    }
  }

  func testARowMovedIntoAnotherForEachKeepsItsClaim() throws {
    try MainActor.assumeIsolated {
      let actions = ViewActions()
      let focus = FocusBox()
      let ui = show { TwoColumns(actions: actions, focus: focus) }
      focus.write(1)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(TextField.self, title: "f1").isFocused)
      try ui.find(TextField.self, title: "f0").tap()
      XCTAssertEqual(focus.read(), 0)
      actions("move", 1)
      MainLoop.drain()
      focus.write(1)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(TextField.self, title: "f1").isFocused)
      XCTAssertEqual(focus.read(), 1)
      // Moved again while it holds focus.
      actions("move", 2)
      MainLoop.drain()
      focus.write(2)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(TextField.self, title: "f2").isFocused)
      try ui.find(TextField.self, title: "f3").tap()
      XCTAssertEqual(focus.read(), 3)
    }
  }

  func testAFocusStateInAModelThatIsReplacedIsFollowed() throws {
    try MainActor.assumeIsolated {
      let actions = ViewActions()
      let drafts = DraftReads()
      let ui = show { DraftEditor(actions: actions, drafts: drafts) }
      let field = try ui.find(TextField.self, title: "draft")
      let elsewhere = try ui.find(TextField.self, title: "elsewhere")
      drafts.current().focus = .a
      MainLoop.drain()
      XCTAssertTrue(field.isFocused)
      // Replaced while the field holds focus: the new draft's `nil` is a request, as a write
      // of `nil` would be; whatever happens, the state tells the truth.
      actions("new")
      MainLoop.drain()
      XCTAssertEqual(drafts.current().focus, field.isFocused ? .a : nil)
      XCTAssertFalse(field.isFocused)
      elsewhere.tap()
      XCTAssertNil(drafts.current().focus)
      drafts.current().focus = .a
      MainLoop.drain()
      XCTAssertTrue(field.isFocused, "a write to the new draft's focus moves focus")
      elsewhere.tap()
      XCTAssertNil(drafts.current().focus)
      // Replaced while focus is elsewhere, then written.
      actions("new")
      MainLoop.drain()
      drafts.current().focus = .a
      MainLoop.drain()
      XCTAssertTrue(field.isFocused)
      field.type("x")
      XCTAssertEqual(drafts.current().name, "x")
    }
  }

  // MARK: - FocusedModifier's fast path

  func testAFocusedRowReValuedReBoundAndReMadeFollowsEachChange() throws {
    try MainActor.assumeIsolated {
      let one = FocusedRowProbe()
      let two = FocusedRowProbe()
      let actions = ViewActions()
      let ui = show { Rebinding(first: one, second: two, actions: actions) }
      let plain = try ui.find(TextField.self, title: "plain")
      one.focus = .a
      MainLoop.drain()
      XCTAssertTrue(plain.isFocused)
      // A new `equals:` value while focused: the same widget keeps focus, the state reads it.
      actions("tag", 1)
      MainLoop.drain()
      XCTAssertTrue(plain.isFocused)
      XCTAssertEqual(one.focus, .b)
      one.focus = .a
      MainLoop.drain()
      XCTAssertTrue(plain.isFocused, "the old value is claimed by nobody now")
      XCTAssertEqual(one.focus, .b, "and reads back the truth")
      // Re-bound to another @FocusState with the same value, while focused.
      actions("useTwo", 1)
      MainLoop.drain()
      XCTAssertTrue(plain.isFocused)
      XCTAssertNil(one.focus, "the old state lost its view")
      XCTAssertEqual(two.focus, .b, "the new state reads the truth")
      two.focus = nil
      MainLoop.drain()
      XCTAssertFalse(plain.isFocused)
      one.focus = .b
      MainLoop.drain()
      XCTAssertFalse(plain.isFocused, "the first state claims nothing with .b now")
      XCTAssertNil(one.focus)
      two.focus = .b
      MainLoop.drain()
      XCTAssertTrue(plain.isFocused)
      // The same value and state, another widget (if/else inside the modified view).
      actions("secure", 1)
      MainLoop.drain()
      let secret = try ui.find(SecureField.self, title: "secret")
      XCTAssertEqual(two.focus, secret.isFocused ? .b : nil, "the state reads GTK")
      two.focus = nil
      MainLoop.drain()
      two.focus = .b
      MainLoop.drain()
      XCTAssertTrue(secret.isFocused, "the new widget joined the state")
      // The same value and state, a new `.id`.
      actions("key", 1)
      MainLoop.drain()
      let renewed = try ui.find(SecureField.self, title: "secret")
      XCTAssertFalse(renewed.widget === secret.widget)
      XCTAssertEqual(two.focus, renewed.isFocused ? .b : nil, "the state reads GTK")
      two.focus = nil
      MainLoop.drain()
      two.focus = .b
      MainLoop.drain()
      XCTAssertTrue(renewed.isFocused, "the renewed row joined the state")
      // Back to the first state and the first value.
      actions("useTwo", 0)
      actions("tag", 0)
      MainLoop.drain()
      XCTAssertNil(two.focus)
      XCTAssertEqual(one.focus, .a)
      XCTAssertTrue(renewed.isFocused)
      try ui.find(TextField.self, title: "other").tap()
      XCTAssertEqual(one.focus, .d)
      one.focus = .a
      MainLoop.drain()
      XCTAssertTrue(renewed.isFocused)
    }
  }

  func testADetailViewReBoundToAnotherModelFollowsItAndItsHandMadeBinding() throws {
    try MainActor.assumeIsolated {
      let docs = [FocusedRowDoc("first"), FocusedRowDoc("second")]
      let library = FocusedRowLibrary(docs)
      let ui = show { Browser(library: library) }
      let name = try ui.find(TextField.self, title: "name")
      let notes = try ui.find(TextField.self, title: "notes")
      let hand = try ui.find(TextField.self, title: "hand")
      docs[0].focus = .a
      MainLoop.drain()
      XCTAssertTrue(name.isFocused)
      library.current = 1
      MainLoop.drain()
      XCTAssertTrue(name.isFocused, "the user stays where they are")
      XCTAssertNil(docs[0].focus)
      XCTAssertEqual(docs[1].focus, .a)
      docs[1].focus = .b
      MainLoop.drain()
      XCTAssertTrue(notes.isFocused)
      docs[0].focus = .a
      MainLoop.drain()
      XCTAssertTrue(notes.isFocused, "a model not shown moves nothing")
      // Shown again for the first model: it reads the truth, the second one nil.
      library.current = 0
      MainLoop.drain()
      XCTAssertTrue(notes.isFocused)
      XCTAssertEqual(docs[0].focus, .b)
      XCTAssertNil(docs[1].focus)
      docs[1].focus = .a
      MainLoop.drain()
      XCTAssertTrue(notes.isFocused, "the model no longer shown moves nothing")
      docs[0].focus = .a
      MainLoop.drain()
      XCTAssertTrue(name.isFocused, "the shown model does")
      // A hand-made Bool binding re-bound to another model: its state is followed.
      docs[0].editing = true
      MainLoop.drain()
      XCTAssertTrue(hand.isFocused)
      XCTAssertNil(docs[0].focus)
      library.current = 1
      MainLoop.drain()
      XCTAssertEqual(docs[1].editing, hand.isFocused, "the new model's Bool reads GTK")
      docs[1].editing = false
      MainLoop.drain()
      XCTAssertFalse(hand.isFocused)
      docs[1].editing = true
      MainLoop.drain()
      XCTAssertTrue(hand.isFocused, "the shown model's Bool moves focus")
      XCTAssertNil(docs[1].focus)
    }
  }
}
