import CGtk
import CGtkTesting
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

// Identity and `@State` next to the cases issue 10 fixed (a `switch` over
// an enum with payloads, `if let`, `AnyView` with an `.id`, rows keyed by a computed or an
// `enumerated()` key, rows that leave and come back, nested binding `ForEach`es in a `List`),
// and helpers FocusCoordinatorTests and others share. Focus: FocusCoordinatorTests.swift and
// DefaultFocusModifierTests.swift; text: TextFieldTypingTests.swift.

/// What the views' state and actions are, reached from the test as the app would reach them.
@MainActor
final class StateIdentityProbe {
  var actions: [String: () -> Void] = [:]
  var reads: [String: () -> String] = [:]
  var log: [String] = []

  func run(_ name: String) {
    actions[name]?()
    MainLoop.drain()
  }

  func read(_ name: String) -> String { reads[name]?() ?? "?" }
}

/// A button that counts its clicks in `@State`: "title count".
struct StateIdentityCounter: View {
  let title: String
  @State private var count = 0

  var body: some View {
    Button("\(title) \(count)") { count += 1 }
  }
}

/// The titles of every button in the window, in order.
@MainActor
func buttonTitles(_ ui: ViewInspection<some View>) -> [String] {
  ui.findAll(Button<Text>.self).map { $0.title ?? "?" }
}

@MainActor
func r12Caret(_ field: InspectedView) -> Int32 {
  gtk_editable_get_position(OpaquePointer(field.widget.pointer))
}

@MainActor
func r12SetCaret(_ field: InspectedView, _ position: Int32) {
  gtk_editable_set_position(OpaquePointer(field.widget.pointer), position)
  MainLoop.drain()
}

enum StateIdentityMode: Equatable {
  case edit(Int)
  case preview(String)
  case empty
}

struct StateIdentityRow: Identifiable, Hashable {
  var id: String
  var name: String
}

/// Sections of rows, both bound, in a List: SwiftUI's nested binding ForEach.
struct StateIdentitySection: Identifiable, Hashable {
  var id: String
  var rows: [StateIdentityRow]
}

enum StateIdentityField: Hashable {
  case name
  case email
}

enum StateIdentitySlot: Hashable {
  case name, proxy, code, extra, email1, email2
}

@MainActor
@Observable
final class StateIdentityText {
  var code = ""
  var short = ""
  var status = 0
  var note = ""
}

extension View {
  /// `.hidden()` only when `hide` is true, as apps write it with a helper.
  @ViewBuilder func hiddenWhen(_ hide: Bool) -> some View {
    if hide { self.hidden() } else { self }
  }
}

private struct SwitchScreen: View {
  let probe: StateIdentityProbe
  @State private var mode = StateIdentityMode.edit(1)

  var body: some View {
    probe.actions["edit2"] = { mode = .edit(2) }
    probe.actions["preview"] = { mode = .preview("p") }
    probe.actions["empty"] = { mode = .empty }
    probe.actions["edit1"] = { mode = .edit(1) }
    return VStack {
      switch mode {
      case .edit(let number): StateIdentityCounter(title: "edit\(number)")
      case .preview(let text): StateIdentityCounter(title: text)
      case .empty: StateIdentityCounter(title: "empty")
      }
    }
  }
}

private struct StateIdentityRows: View {
  let probe: StateIdentityProbe
  @State private var rows = ["a", "b", "c"].map { StateIdentityRow(id: $0, name: $0) }

  var body: some View {
    probe.actions["reverse"] = { rows.reverse() }
    probe.actions["removeB"] = { rows.removeAll { $0.id == "b" } }
    probe.actions["addB"] = { rows.append(StateIdentityRow(id: "b", name: "b")) }
    probe.actions["removeAndAddB"] = {
      rows.removeAll { $0.id == "b" }
      rows.insert(StateIdentityRow(id: "b", name: "b"), at: 0)
    }
    return VStack {
      ForEach(rows) { row in
        StateIdentityCounter(title: row.name)
      }
    }
  }
}

/// A row whose id is a computed property (the key path SwiftUI apps write for derived keys).
private struct StateIdentityPerson: Hashable {
  var first: String
  var last: String
  var key: String { "\(first) \(last)" }
}

private struct ComputedIDs: View {
  let probe: StateIdentityProbe
  @State private var people = [
    StateIdentityPerson(first: "Ada", last: "L"), StateIdentityPerson(first: "Alan", last: "T"),
  ]

  var body: some View {
    probe.actions["swap"] = { people.swapAt(0, 1) }
    probe.actions["rename"] = { people[0].last = "X" }
    return VStack {
      ForEach(people, id: \.key) { person in
        StateIdentityCounter(title: person.first)
      }
    }
  }
}

/// `if let` over an optional selection.
private struct StateIdentityIfLet: View {
  let probe: StateIdentityProbe
  @State private var selected: String? = "one"

  var body: some View {
    probe.actions["two"] = { selected = "two" }
    probe.actions["none"] = { selected = nil }
    probe.actions["one"] = { selected = "one" }
    return VStack {
      if let selected {
        StateIdentityCounter(title: selected)
      }
    }
  }
}

/// `AnyView` around the same type with an `.id` that changes.
private struct AnyIDs: View {
  let probe: StateIdentityProbe
  @State private var version = 0
  @State private var label = "v"

  var body: some View {
    probe.actions["newVersion"] = { version += 1 }
    probe.actions["relabel"] = { label = "w" }
    return VStack {
      AnyView(StateIdentityCounter(title: label).id(version))
    }
  }
}

/// Rows whose content is a `switch` over the row's kind, reordered with a kind change in one
/// update; and rows keyed again by `.id(version)`.
private enum StateIdentityKind: Hashable { case counter, label }

private struct KindRow: Identifiable, Hashable {
  var id: String
  var kind: StateIdentityKind
  var version = 0
}

private struct KindRows: View {
  let probe: StateIdentityProbe
  @State private var rows = [
    KindRow(id: "a", kind: .counter), KindRow(id: "b", kind: .counter),
    KindRow(id: "c", kind: .counter),
  ]

  var body: some View {
    probe.actions["flipAAndReverse"] = {
      rows[0].kind = .label
      rows.reverse()
    }
    probe.actions["bumpB"] = {
      if let index = rows.firstIndex(where: { $0.id == "b" }) { rows[index].version += 1 }
    }
    return VStack {
      ForEach(rows) { row in
        Group {
          switch row.kind {
          case .counter: StateIdentityCounter(title: row.id)
          case .label: Text("label \(row.id)")
          }
        }
        .id(row.version)
      }
    }
  }
}

/// `enumerated()` rows keyed by the element's id, SwiftUI's idiom for an index beside a row.
private struct StateIdentityEnumerated: View {
  let probe: StateIdentityProbe
  @State private var rows = ["a", "b", "c"].map { StateIdentityRow(id: $0, name: $0) }

  var body: some View {
    probe.actions["reverse"] = { rows.reverse() }
    probe.actions["removeFirst"] = { rows.removeFirst() }
    return VStack {
      ForEach(Array(rows.enumerated()), id: \.element.id) { index, row in
        HStack {
          Text("\(index)")
          StateIdentityCounter(title: row.name)
        }
      }
    }
  }
}

private struct ListCounters: View {
  let probe: StateIdentityProbe
  let inForm: Bool
  @State private var rows = ["a", "b", "c"].map { StateIdentityRow(id: $0, name: $0) }

  var body: some View {
    probe.actions["reverse"] = { rows.reverse() }
    probe.actions["removeB"] = { rows.removeAll { $0.id == "b" } }
    probe.actions["addB"] = { rows.insert(StateIdentityRow(id: "b", name: "b"), at: 0) }
    probe.reads["names"] = { rows.map(\.name).joined(separator: ",") }
    return Group {
      if inForm {
        Form {
          Section("Rows") {
            ForEach($rows) { $row in
              HStack {
                TextField("Name", text: $row.name)
                StateIdentityCounter(title: row.id)
              }
            }
          }
        }
      } else {
        List {
          ForEach($rows) { $row in
            HStack {
              TextField("Name", text: $row.name)
              StateIdentityCounter(title: row.id)
            }
          }
        }
      }
    }
  }
}

private struct StateIdentitySections: View {
  let probe: StateIdentityProbe
  @State private var sections = [
    StateIdentitySection(
      id: "s1", rows: [StateIdentityRow(id: "a", name: "a"), StateIdentityRow(id: "b", name: "b")]),
    StateIdentitySection(
      id: "s2", rows: [StateIdentityRow(id: "c", name: "c"), StateIdentityRow(id: "d", name: "d")]),
  ]

  var body: some View {
    probe.actions["insertBeforeC"] = {
      sections[1].rows.insert(StateIdentityRow(id: "x", name: "x"), at: 0)
    }
    probe.actions["removeS1"] = { sections.removeFirst() }
    probe.actions["moveDUp"] = {
      sections[sections.count - 1].rows.swapAt(0, sections[sections.count - 1].rows.count - 1)
    }
    probe.actions["insertS0"] = {
      sections.insert(
        StateIdentitySection(id: "s0", rows: [StateIdentityRow(id: "z", name: "z")]), at: 0)
    }
    probe.reads["all"] = {
      sections.map { $0.rows.map(\.name).joined(separator: ",") }.joined(separator: "|")
    }
    return List {
      ForEach($sections) { $section in
        Section(section.id) {
          ForEach($section.rows) { $row in
            TextField("Row", text: $row.name)
          }
        }
      }
    }
  }
}

/// A row moved from one section's ForEach to another's while the user types in it.
private struct MoveAcross: View {
  let probe: StateIdentityProbe
  @State private var sections = [
    StateIdentitySection(
      id: "s1", rows: [StateIdentityRow(id: "a", name: "a"), StateIdentityRow(id: "b", name: "b")]),
    StateIdentitySection(id: "s2", rows: [StateIdentityRow(id: "c", name: "c")]),
  ]
  @FocusState private var focus: String?

  var body: some View {
    probe.actions["moveB"] = {
      let row = sections[0].rows.remove(at: 1)
      sections[1].rows.insert(row, at: 0)
    }
    probe.reads["focus"] = { focus ?? "nil" }
    probe.reads["all"] = {
      sections.map { $0.rows.map(\.name).joined(separator: ",") }.joined(separator: "|")
    }
    return VStack {
      ForEach($sections) { $section in
        VStack {
          Text(section.id)
          ForEach($section.rows) { $row in
            TextField("Row", text: $row.name).focused($focus, equals: row.id)
          }
        }
      }
    }
  }
}

private struct StateIdentityTags: View {
  let probe: StateIdentityProbe
  @State private var tags = ["ab", "a", "x"]

  var body: some View {
    probe.reads["tags"] = { tags.joined(separator: ",") }
    probe.actions["appendEmpty"] = { tags.append("") }
    return VStack {
      ForEach($tags, id: \.self) { $tag in
        TextField("Tag", text: $tag)
      }
    }
  }
}

/// Which view keeps its `@State`: switch cases, row ids, `if let`, `AnyView` ids, enumerated
/// and sectioned rows.
final class StateIdentityTests: GtkTestCase, @unchecked Sendable {
  func testASwitchOverAnEnumKeepsStateWithinACaseAndStartsAfreshAcrossCases() {
    MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { SwitchScreen(probe: probe) }
      let counter = ui.findAll(Button<Text>.self)[0]
      counter.tap()
      counter.tap()
      XCTAssertEqual(buttonTitles(ui), ["edit1 2"])
      probe.run("edit2")
      XCTAssertEqual(buttonTitles(ui), ["edit2 2"], "the same case with another payload")
      probe.run("preview")
      XCTAssertEqual(buttonTitles(ui), ["p 0"])
      probe.run("empty")
      XCTAssertEqual(buttonTitles(ui), ["empty 0"])
      probe.run("edit1")
      XCTAssertEqual(buttonTitles(ui), ["edit1 0"])
    }
  }

  func testRowStateFollowsItsIDAndARowThatCameBackStartsAfresh() {
    MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { StateIdentityRows(probe: probe) }
      ui.findAll(Button<Text>.self)[1].tap()
      ui.findAll(Button<Text>.self)[1].tap()
      XCTAssertEqual(buttonTitles(ui), ["a 0", "b 2", "c 0"])
      probe.run("reverse")
      XCTAssertEqual(buttonTitles(ui), ["c 0", "b 2", "a 0"])
      probe.run("removeB")
      probe.run("addB")
      XCTAssertEqual(buttonTitles(ui), ["c 0", "a 0", "b 0"])
      ui.findAll(Button<Text>.self)[2].tap()
      probe.run("removeAndAddB")
      XCTAssertEqual(
        buttonTitles(ui), ["b 1", "c 0", "a 0"],
        "removed and added in one update: the same id, so a move (SwiftUI diffs by id)")
    }
  }

  func testForEachByAComputedKeyFollowsTheKey() {
    MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { ComputedIDs(probe: probe) }
      ui.findAll(Button<Text>.self)[0].tap()
      XCTAssertEqual(buttonTitles(ui), ["Ada 1", "Alan 0"])
      probe.run("swap")
      XCTAssertEqual(buttonTitles(ui), ["Alan 0", "Ada 1"])
      probe.run("rename")
      XCTAssertEqual(buttonTitles(ui), ["Alan 0", "Ada 1"], "Alan T -> Alan X is a new key")
    }
  }

  func testIfLetKeepsStateWhileSomeAndStartsAfreshAfterNil() {
    MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { StateIdentityIfLet(probe: probe) }
      ui.findAll(Button<Text>.self)[0].tap()
      XCTAssertEqual(buttonTitles(ui), ["one 1"])
      probe.run("two")
      XCTAssertEqual(buttonTitles(ui), ["two 1"], "some to some: the same view")
      probe.run("none")
      XCTAssertEqual(buttonTitles(ui), [])
      probe.run("one")
      XCTAssertEqual(buttonTitles(ui), ["one 0"])
    }
  }

  func testAnAnyViewAroundTheSameTypeWithANewIDIsANewView() {
    MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { AnyIDs(probe: probe) }
      ui.findAll(Button<Text>.self)[0].tap()
      probe.run("relabel")
      XCTAssertEqual(buttonTitles(ui), ["w 1"])
      probe.run("newVersion")
      XCTAssertEqual(buttonTitles(ui), ["w 0"])
    }
  }

  func testRowsWithASwitchAndAnIDKeepStateByRowCaseAndVersion() {
    MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { KindRows(probe: probe) }
      for button in ui.findAll(Button<Text>.self) { button.tap() }
      ui.findAll(Button<Text>.self)[1].tap()
      XCTAssertEqual(buttonTitles(ui), ["a 1", "b 2", "c 1"])
      probe.run("flipAAndReverse")
      XCTAssertEqual(buttonTitles(ui), ["c 1", "b 2"])
      XCTAssertEqual(ui.findAll(Text.self).compactMap { $0.text }.last, "label a")
      probe.run("bumpB")
      XCTAssertEqual(buttonTitles(ui), ["c 1", "b 0"])
    }
  }

  func testEnumeratedRowsKeyedByTheElementIDKeepTheirState() {
    MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { StateIdentityEnumerated(probe: probe) }
      ui.findAll(Button<Text>.self)[0].tap()
      XCTAssertEqual(buttonTitles(ui), ["a 1", "b 0", "c 0"])
      probe.run("reverse")
      XCTAssertEqual(buttonTitles(ui), ["c 0", "b 0", "a 1"])
      XCTAssertEqual(
        ui.findAll(Text.self).compactMap { $0.text }.filter { $0.count == 1 }, ["0", "1", "2"])
      probe.run("removeFirst")
      XCTAssertEqual(buttonTitles(ui), ["b 0", "a 1"])
      XCTAssertEqual(
        ui.findAll(Text.self).compactMap { $0.text }.filter { $0.count == 1 }, ["0", "1"])
    }
  }

  func testRowStateAndFocusFollowTheRowInAListAndAForm() throws {
    try MainActor.assumeIsolated {
      for inForm in [false, true] {
        let probe = StateIdentityProbe()
        let ui = show { ListCounters(probe: probe, inForm: inForm) }
        ui.findAll(Button<Text>.self)[1].tap()
        ui.findAll(TextField.self)[1].tap()
        typeAtFocus(ui.window, "1")
        probe.run("reverse")
        XCTAssertEqual(buttonTitles(ui), ["c 0", "b 1", "a 0"], "form: \(inForm)")
        typeAtFocus(ui.window, "2")
        XCTAssertEqual(probe.read("names"), "c,b12,a", "form: \(inForm)")
        probe.run("removeB")
        XCTAssertNil(focusedEntry(ui.window), "form: \(inForm)")
        typeAtFocus(ui.window, "3")
        XCTAssertEqual(probe.read("names"), "c,a", "form: \(inForm)")
        probe.run("addB")
        XCTAssertEqual(buttonTitles(ui), ["b 0", "c 0", "a 0"], "form: \(inForm)")
        XCTAssertEqual(
          ui.findAll(TextField.self).map { $0.text ?? "?" }, ["b", "c", "a"], "form: \(inForm)")
      }
    }
  }

  func testTypingInANestedSectionRowWhileSectionsAndRowsChange() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { StateIdentitySections(probe: probe) }
      ui.findAll(TextField.self)[3].tap()  // "d"
      typeAtFocus(ui.window, "1")
      XCTAssertEqual(probe.read("all"), "a,b|c,d1")
      probe.run("insertBeforeC")
      typeAtFocus(ui.window, "2")
      XCTAssertEqual(probe.read("all"), "a,b|x,c,d12")
      probe.run("removeS1")
      typeAtFocus(ui.window, "3")
      XCTAssertEqual(probe.read("all"), "x,c,d123")
      probe.run("moveDUp")
      typeAtFocus(ui.window, "4")
      XCTAssertEqual(probe.read("all"), "d1234,c,x")
      probe.run("insertS0")
      typeAtFocus(ui.window, "5")
      XCTAssertEqual(probe.read("all"), "z|d12345,c,x")
      XCTAssertEqual(
        ui.findAll(TextField.self).map { $0.text ?? "?" }, ["z", "d12345", "c", "x"])
    }
  }

  func testARowMovedToAnotherSectionWhileFocusedTakesNoKeysElsewhere() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { MoveAcross(probe: probe) }
      ui.findAll(TextField.self)[1].tap()
      typeAtFocus(ui.window, "1")
      XCTAssertEqual(probe.read("focus"), "b")
      probe.run("moveB")
      waitForFrames(ui.window)
      typeAtFocus(ui.window, "2")
      let all = probe.read("all")
      XCTAssertTrue(
        all == "a|b12,c" || all == "a|b1,c", "typed text lands in b or nowhere: \(all)")
      let focused = ui.findAll(TextField.self).first { $0.isFocused }?.text
      XCTAssertEqual(
        probe.read("focus"), focused.map { $0.hasPrefix("b") ? "b" : "?" } ?? "nil",
        "the state reads where focus is")
    }
  }

  func testTypingARowKeyedByItsTextIntoAnotherRowsValueAndOn() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { StateIdentityTags(probe: probe) }
      let second = ui.findAll(TextField.self)[1]
      second.tap()
      typeAtFocus(ui.window, "b")
      XCTAssertEqual(probe.read("tags"), "ab,ab,x")
      typeAtFocus(ui.window, "c")
      XCTAssertEqual(probe.read("tags"), "ab,abc,x")
      XCTAssertEqual(ui.findAll(TextField.self).map { $0.text ?? "?" }, ["ab", "abc", "x"])
      XCTAssertTrue(ui.findAll(TextField.self)[1].isFocused)
      // Back through the duplicate, by Backspace.
      ui.findAll(TextField.self)[1].backspace()
      XCTAssertEqual(probe.read("tags"), "ab,ab,x")
      ui.findAll(TextField.self)[1].backspace()
      XCTAssertEqual(probe.read("tags"), "ab,a,x")
      XCTAssertEqual(ui.findAll(TextField.self).map { $0.text ?? "?" }, ["ab", "a", "x"])
      // Two empty rows, then typing into the second.
      probe.run("appendEmpty")
      probe.run("appendEmpty")
      ui.findAll(TextField.self)[4].tap()
      typeAtFocus(ui.window, "z")
      XCTAssertEqual(probe.read("tags"), "ab,a,x,,z")
      XCTAssertEqual(ui.findAll(TextField.self).map { $0.text ?? "?" }, ["ab", "a", "x", "", "z"])
    }
  }
}
