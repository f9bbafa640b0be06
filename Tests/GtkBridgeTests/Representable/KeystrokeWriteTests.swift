import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@Observable
private final class Typing {
  var source = ""
  var target = ""
  var shows = true
  var log: [String] = []
}

/// `.onChange` of one field types into another field's widget (a write during the pass).
private struct TypesDuringPass: View {
  @Bindable var typing: Typing
  let widgets: WidgetBox

  var body: some View {
    VStack {
      TextField("source", text: $typing.source)
      if typing.shows {
        TextField("target", text: $typing.target)
          .configure { widgets.target = $0 as? EditableWidget }
      }
      Text("target \(typing.target)")
    }
    .onChange(of: typing.source) { _, new in
      typing.log.append("change \(new)")
      widgets.type(String(new.last ?? "_"))
      if new.hasSuffix("!") { typing.shows = false }
    }
  }
}

/// A row whose content, re-run in the update that removes the next row, types into that
/// row's field: the keystroke is written after the pass, when the field is gone.
private struct TypedWhileRemoved: View {
  let actions: ViewActions
  @Bindable var typing: Typing
  let widgets: WidgetBox
  @State var ids = [0, 1]
  @State var go = 0

  var body: some View {
    VStack {
      ForEach(ids, id: \.self) { id in
        if id == 0 {
          // NB: once per `go`: a row re-run for another reason (every parent run, with the
          // runtime tricks off) must not type again.
          let _ = go > widgets.typedFor ? widgets.type("z", for: go) : ()
          Text("first \(go)")
        } else {
          TextField("target", text: $typing.target)
            .configure { widgets.target = $0 as? EditableWidget }
        }
      }
      Text("target \(typing.target)")
    }
    .onAppear {
      actions.named["go"] = { _ in go += 1 }
      actions.named["goAndRemove"] = { _ in
        go += 1
        ids = [0]
      }
    }
  }
}

@MainActor
private final class WidgetBox {
  weak var target: EditableWidget?
  /// Whether each keystroke `type` made was typed inside an update pass.
  var typedInPass: [Bool] = []

  /// The last `go` that `type(_:for:)` typed for.
  var typedFor = 0

  func type(_ text: String) {
    guard let target else { return }
    typedInPass.append(UpdateScheduler.shared.isUpdating)
    target.simulateTyping(text)
  }

  func type(_ text: String, for go: Int) {
    typedFor = go
    type(text)
  }
}

/// A row's content types into a field whose binding keeps upper case, inside the pass.
private struct ReshapedInPass: View {
  let actions: ViewActions
  @Bindable var typing: Typing
  let widgets: WidgetBox
  @State var go = 0

  var body: some View {
    VStack {
      ForEach([0, 1], id: \.self) { id in
        if id == 0 {
          let _ = go > 0 ? widgets.type("z") : ()
          Text("go \(go)")
        } else {
          TextField(
            "upper",
            text: Binding(get: { typing.target }, set: { typing.target = $0.uppercased() })
          )
          .configure { widgets.target = $0 as? EditableWidget }
        }
      }
    }
    .onAppear { actions.named["go"] = { _ in go += 1 } }
  }
}

@MainActor
private func entry(_ view: InspectedView) -> Entry {
  view.widget as! Entry
}

/// A keystroke written in place during an update pass, into fields that move, reshape or go.
final class KeystrokeWriteTests: GtkTestCase, @unchecked Sendable {
  // MARK: - Keystrokes written in place (06ef1d2)

  func testTypingDuringAPassIntoAnotherFieldLandsAndARemovedFieldsWriteToo() throws {
    try MainActor.assumeIsolated {
      let typing = Typing()
      let widgets = WidgetBox()
      let ui = show { TypesDuringPass(typing: typing, widgets: widgets) }
      let source = try ui.find(TextField.self, title: "source")
      let target = try ui.find(TextField.self, title: "target")
      source.typeAtEnd("ab")
      XCTAssertEqual(typing.log, ["change a", "change ab"])
      // NB: `.onChange` runs after the pass: these keystrokes take the in-place write.
      XCTAssertEqual(widgets.typedInPass, [false, false])
      XCTAssertEqual(typing.target, "ab", "keystrokes typed during a pass were lost")
      XCTAssertEqual(target.text, "ab")
      XCTAssertEqual(try ui.find(Text.self).text, "target ab")
      // Typed in the same pass that removes the field.
      source.typeAtEnd("!")
      XCTAssertEqual(typing.target, "ab!", "the removed field's last keystroke was lost")
      XCTAssertThrowsError(try ui.find(TextField.self, title: "target"))
      XCTAssertEqual(try ui.find(Text.self).text, "target ab!")
      XCTAssertEqual(source.text, "ab!")
    }
  }

  func testAKeystrokeTypedInTheUpdateThatRemovesItsFieldStillLands() throws {
    try MainActor.assumeIsolated {
      let typing = Typing()
      let widgets = WidgetBox()
      let actions = ViewActions()
      let ui = show { TypedWhileRemoved(actions: actions, typing: typing, widgets: widgets) }
      try ui.find(TextField.self, title: "target").typeAtEnd("ab")
      XCTAssertEqual(typing.target, "ab")
      actions("go")
      MainLoop.drain()
      XCTAssertEqual(widgets.typedInPass, [true])
      XCTAssertEqual(typing.target, "abz", "the keystroke typed during the pass was lost")
      XCTAssertEqual(try ui.find(TextField.self, title: "target").text, "abz")
      actions("goAndRemove")
      MainLoop.drain()
      XCTAssertEqual(widgets.typedInPass, [true, true])
      XCTAssertThrowsError(try ui.find(TextField.self, title: "target"))
      XCTAssertNil(widgets.target, "the removed field's widget is still alive")
      XCTAssertEqual(typing.target, "abzz", "the keystroke into the removed field was lost")
      XCTAssertEqual(try ui.find(Text.self, title: "target abzz").text, "target abzz")
    }
  }

  func testUndoAfterInPlaceWritesRestoresTheModel() throws {
    try MainActor.assumeIsolated {
      let typing = Typing()
      let widgets = WidgetBox()
      let ui = show { TypesDuringPass(typing: typing, widgets: widgets) }
      let target = try ui.find(TextField.self, title: "target")
      target.typeAtEnd("xyz")
      XCTAssertEqual(typing.target, "xyz")
      entry(target).simulateUndo()
      MainLoop.drain()
      XCTAssertEqual(target.text, typing.target)
      XCTAssertNotEqual(typing.target, "xyz", "undo did nothing")
      XCTAssertEqual(try ui.find(Text.self).text, "target \(typing.target)")
      entry(target).simulateRedo()
      MainLoop.drain()
      XCTAssertEqual(typing.target, "xyz")
      XCTAssertEqual(target.text, "xyz")
    }
  }

  func testAKeystrokeTypedDuringAPassIntoAReshapingFieldShowsTheModel() throws {
    try MainActor.assumeIsolated {
      let typing = Typing()
      let widgets = WidgetBox()
      let actions = ViewActions()
      let ui = show { ReshapedInPass(actions: actions, typing: typing, widgets: widgets) }
      let field = try ui.find(TextField.self, title: "upper")
      field.typeAtEnd("ab")
      XCTAssertEqual(typing.target, "AB")
      XCTAssertEqual(field.text, "AB")
      actions("go")
      MainLoop.drain()
      XCTAssertEqual(widgets.typedInPass, [true])
      XCTAssertEqual(typing.target, "ABZ")
      XCTAssertEqual(field.text, "ABZ", "the field shows what was typed, not what the model kept")
      actions("go")
      MainLoop.drain()
      XCTAssertEqual(typing.target, "ABZZ")
      XCTAssertEqual(field.text, "ABZZ")
    }
  }
}

// MARK: - Probes: bindings through replaced objects and other threads' writes

/// Not main-actor bound: the probes write it from another thread, as a network callback would.
@Observable
private final class Person: @unchecked Sendable {
  var name: String
  /// Digits only: the setter keeps the digits of what it is given.
  var phone: String {
    get { storedPhone }
    set { storedPhone = newValue.filter(\.isNumber) }
  }
  private var storedPhone = ""
  init(_ name: String) { self.name = name }
}

@Observable
private final class People: @unchecked Sendable {
  var current: Person
  var all: [Row]
  init(current: Person, all: [Row]) {
    self.current = current
    self.all = all
  }

  struct Row: Identifiable {
    let id: Int
    var text: String
  }
}

private struct CurrentPersonForm: View {
  @Bindable var people: People

  var body: some View {
    VStack {
      TextField("name", text: $people.current.name)
      TextField("phone", text: $people.current.phone)
      ForEach($people.all) { $row in TextField("row\(row.id)", text: $row.text) }
    }
  }
}

extension KeystrokeWriteTests {
  func testAFieldBoundThroughAReplacedObjectEditsAndFollowsTheNewOne() throws {
    try MainActor.assumeIsolated {
      let (first, second) = (Person("ann"), Person("bob"))
      let people = People(current: first, all: [])
      let ui = show { CurrentPersonForm(people: people) }
      let name = try ui.find(TextField.self, title: "name")
      name.typeAtEnd("!")
      XCTAssertEqual(first.name, "ann!")
      people.current = second
      MainLoop.drain()
      XCTAssertEqual(name.text, "bob")
      name.typeAtEnd("?")
      XCTAssertEqual(second.name, "bob?")
      XCTAssertEqual(first.name, "ann!", "a keystroke went to the replaced object")
      first.name = "stale"
      MainLoop.drain()
      XCTAssertEqual(name.text, "bob?", "the replaced object's change is shown")
      let done = expectation(description: "written")
      Task.detached {
        second.name = "from afar"
        done.fulfill()
      }
      wait(for: [done], timeout: 5)
      XCTAssertTrue(MainLoop.run(timeout: 5) { name.text == "from afar" }, name.text ?? "nil")
    }
  }

  func testADigitsOnlySetterThroughAReplacedObjectShowsWhatItKept() throws {
    try MainActor.assumeIsolated {
      let (first, second) = (Person("ann"), Person("bob"))
      let people = People(current: first, all: [])
      let ui = show { CurrentPersonForm(people: people) }
      let phone = try ui.find(TextField.self, title: "phone")
      phone.typeAtEnd("1a2")
      XCTAssertEqual(first.phone, "12")
      XCTAssertEqual(phone.text, "12")
      people.current = second
      MainLoop.drain()
      XCTAssertEqual(phone.text, "")
      phone.typeAtEnd("x")
      XCTAssertEqual(second.phone, "")
      XCTAssertEqual(phone.text, "", "the refused keystroke stays shown")
      phone.typeAtEnd("7")
      XCTAssertEqual(phone.text, "7")
      XCTAssertEqual(first.phone, "12")
    }
  }

  func testRowsWrittenFromAnotherThreadAndRemovedWhileTypedKeepEveryFieldRight() throws {
    try MainActor.assumeIsolated {
      let people = People(
        current: Person("ann"), all: (0..<3).map { People.Row(id: $0, text: "r\($0)") })
      let ui = show { CurrentPersonForm(people: people) }
      let row1 = try ui.find(TextField.self, title: "row1")
      row1.typeAtEnd("x")
      XCTAssertEqual(people.all[1].text, "r1x")
      let done = expectation(description: "written")
      Task.detached {
        people.all[2].text = "far"
        done.fulfill()
      }
      wait(for: [done], timeout: 5)
      XCTAssertTrue(
        MainLoop.run(timeout: 5) {
          (try? ui.find(TextField.self, title: "row2").text) == "far"
        })
      XCTAssertEqual(row1.text, "r1x")
      people.all.remove(at: 0)
      row1.typeAtEnd("y")
      MainLoop.drain()
      XCTAssertEqual(people.all.map(\.text), ["r1xy", "far"])
      XCTAssertEqual(try ui.find(TextField.self, title: "row1").text, "r1xy")
      XCTAssertEqual(try ui.find(TextField.self, title: "row2").text, "far")
    }
  }
}
