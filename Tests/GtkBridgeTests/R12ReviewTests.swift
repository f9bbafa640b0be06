import CGtk
import CGtkTesting
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

// Round 12: a second review of the view graph and focus ownership, as SwiftUI app code would
// break it: identity next to the cases issue 10 fixed (a `switch` over an enum with payloads,
// `@State` that must follow its row's id), focus states of both forms in one view, focus in
// containers that collapse or switch pages, bindings whose setter rewrites the text, models
// written from other threads while the user types, and inherited attributes at several depths.

/// What the views' state and actions are, reached from the test as the app would reach them.
@MainActor
private final class R12Probe {
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
private struct R12Counter: View {
  let title: String
  @State private var count = 0

  var body: some View {
    Button("\(title) \(count)") { count += 1 }
  }
}

/// The titles of every button in the window, in order.
@MainActor
private func buttonTitles(_ ui: ViewInspection<some View>) -> [String] {
  ui.findAll(Button<Text>.self).map { $0.title ?? "?" }
}

@MainActor
private func caret(_ field: InspectedView) -> Int32 {
  gtk_editable_get_position(OpaquePointer(field.widget.pointer))
}

@MainActor
private func setCaret(_ field: InspectedView, _ position: Int32) {
  gtk_editable_set_position(OpaquePointer(field.widget.pointer), position)
  MainLoop.drain()
}

// MARK: - Identity: a switch over an enum with payloads

private enum R12Mode: Equatable {
  case edit(Int)
  case preview(String)
  case empty
}

private struct R12SwitchScreen: View {
  let probe: R12Probe
  @State private var mode = R12Mode.edit(1)

  var body: some View {
    probe.actions["edit2"] = { mode = .edit(2) }
    probe.actions["preview"] = { mode = .preview("p") }
    probe.actions["empty"] = { mode = .empty }
    probe.actions["edit1"] = { mode = .edit(1) }
    return VStack {
      switch mode {
      case .edit(let number): R12Counter(title: "edit\(number)")
      case .preview(let text): R12Counter(title: text)
      case .empty: R12Counter(title: "empty")
      }
    }
  }
}

// MARK: - State: rows that move, leave and come back

private struct R12Row: Identifiable, Hashable {
  var id: String
  var name: String
}

private struct R12Rows: View {
  let probe: R12Probe
  @State private var rows = ["a", "b", "c"].map { R12Row(id: $0, name: $0) }

  var body: some View {
    probe.actions["reverse"] = { rows.reverse() }
    probe.actions["removeB"] = { rows.removeAll { $0.id == "b" } }
    probe.actions["addB"] = { rows.append(R12Row(id: "b", name: "b")) }
    probe.actions["removeAndAddB"] = {
      rows.removeAll { $0.id == "b" }
      rows.insert(R12Row(id: "b", name: "b"), at: 0)
    }
    return VStack {
      ForEach(rows) { row in
        R12Counter(title: row.name)
      }
    }
  }
}

/// A row whose id is a computed property (the key path SwiftUI apps write for derived keys).
private struct R12Person: Hashable {
  var first: String
  var last: String
  var key: String { "\(first) \(last)" }
}

private struct R12ComputedIDs: View {
  let probe: R12Probe
  @State private var people = [
    R12Person(first: "Ada", last: "L"), R12Person(first: "Alan", last: "T"),
  ]

  var body: some View {
    probe.actions["swap"] = { people.swapAt(0, 1) }
    probe.actions["rename"] = { people[0].last = "X" }
    return VStack {
      ForEach(people, id: \.key) { person in
        R12Counter(title: person.first)
      }
    }
  }
}

/// `@State` seeded from a parameter: SwiftUI keeps the first value.
private struct R12Seeded: View {
  @State private var value: Int

  init(seed: Int) {
    _value = State(initialValue: seed)
  }

  var body: some View {
    Button("seeded \(value)") { value += 10 }
  }
}

private struct R12SeedParent: View {
  let probe: R12Probe
  @State private var seed = 1

  var body: some View {
    probe.actions["bump"] = { seed += 1 }
    return VStack {
      Text("seed \(seed)")
      R12Seeded(seed: seed)
    }
  }
}

// MARK: - Focus: both forms of @FocusState in one view

private enum R12Field: Hashable {
  case name
  case email
}

private struct R12TwoStates: View {
  let probe: R12Probe
  @State private var search = ""
  @State private var name = ""
  @State private var email = ""
  @FocusState private var searching: Bool
  @FocusState private var field: R12Field?

  var body: some View {
    probe.actions["email"] = { field = .email }
    probe.actions["search"] = { searching = true }
    probe.actions["clearSearch"] = { searching = false }
    probe.reads["state"] = { "\(searching) \(field.map { "\($0)" } ?? "nil")" }
    return VStack {
      TextField("Search", text: $search).focused($searching)
      TextField("Name", text: $name).focused($field, equals: .name)
      TextField("Email", text: $email).focused($field, equals: .email)
    }
  }
}

// MARK: - Focus: a DisclosureGroup that collapses while its field has focus

@MainActor
@Observable
private final class R12Settings {
  var expanded = true
  var proxy = ""
  var port = ""
  var tab = 0
}

private struct R12Disclosure: View {
  let probe: R12Probe
  @Bindable var settings: R12Settings
  @FocusState private var field: R12Field?

  var body: some View {
    probe.reads["field"] = { field.map { "\($0)" } ?? "nil" }
    probe.actions["focusEmail"] = { field = .email }
    return Form {
      Section("General") {
        TextField("Name", text: $settings.port).focused($field, equals: .name)
      }
      DisclosureGroup("Advanced", isExpanded: $settings.expanded) {
        TextField("Proxy", text: $settings.proxy).focused($field, equals: .email)
      }
    }
  }
}

// MARK: - Focus: a TabView page switch while a field has focus

private struct R12Tabs: View {
  let probe: R12Probe
  @Bindable var settings: R12Settings
  @FocusState private var field: R12Field?

  var body: some View {
    probe.reads["field"] = { field.map { "\($0)" } ?? "nil" }
    return TabView(selection: $settings.tab) {
      TextField("Name", text: $settings.port).focused($field, equals: .name)
        .tabItem { Text("One") }.tag(0)
      TextField("Email", text: $settings.proxy).focused($field, equals: .email)
        .tabItem { Text("Two") }.tag(1)
    }
  }
}

// MARK: - Focus in onAppear

private struct R12AppearFocus: View {
  let probe: R12Probe
  @State private var showDetails = false
  @State private var name = ""
  @State private var note = ""
  @FocusState private var field: R12Field?

  var body: some View {
    probe.actions["show"] = { showDetails = true }
    probe.reads["field"] = { field.map { "\($0)" } ?? "nil" }
    return VStack {
      TextField("Name", text: $name).focused($field, equals: .name)
      if showDetails {
        TextField("Note", text: $note).focused($field, equals: .email)
          .onAppear { field = .email }
      }
    }
  }
}

private struct R12LaunchAppearFocus: View {
  let probe: R12Probe
  @State private var name = ""
  @State private var note = ""
  @FocusState private var field: R12Field?

  var body: some View {
    probe.reads["field"] = { field.map { "\($0)" } ?? "nil" }
    return VStack {
      TextField("Name", text: $name).focused($field, equals: .name)
      TextField("Note", text: $note).focused($field, equals: .email)
    }
    .onAppear { field = .email }
  }
}

// MARK: - Text: setters that rewrite the value

@MainActor
@Observable
private final class R12Text {
  var code = ""
  var short = ""
  var status = 0
  var note = ""
}

private struct R12Rewriting: View {
  @Bindable var model: R12Text

  var body: some View {
    VStack {
      TextField(
        "Code",
        text: Binding(get: { model.code }, set: { model.code = $0.uppercased() }))
      TextField(
        "Short",
        text: Binding(get: { model.short }, set: { model.short = String($0.prefix(5)) }))
    }
  }
}

private struct R12StateRewriting: View {
  let probe: R12Probe
  @State private var code = ""

  var body: some View {
    probe.reads["code"] = { code }
    return TextField(
      "Code", text: Binding(get: { code }, set: { code = $0.uppercased() }))
  }
}

// MARK: - Inherited attributes

private struct R12EnabledBadge: View {
  @Environment(\.isEnabled) private var isEnabled

  var body: some View {
    Text(isEnabled ? "enabled" : "disabled")
  }
}

@MainActor
@Observable
private final class R12Flags {
  var outerDisabled = false
  var innerDisabled = false
  var hidden = false
}

private struct R12Inherited: View {
  @Bindable var flags: R12Flags
  @State private var text = ""

  var body: some View {
    VStack {
      VStack {
        R12EnabledBadge()
        VStack {
          TextField("Deep", text: $text)
          R12EnabledBadge()
        }
        .disabled(flags.innerDisabled)
      }
      .disabled(flags.outerDisabled)
      VStack {
        TextField("Hidden", text: $text)
      }
      .hidden(flags.hidden)
    }
  }
}

extension View {
  /// `.hidden()` only when `hide` is true, as apps write it with a helper.
  @ViewBuilder fileprivate func hidden(_ hide: Bool) -> some View {
    if hide { self.hidden() } else { self }
  }
}

final class R12ReviewTests: GtkTestCase, @unchecked Sendable {
  func testASwitchOverAnEnumKeepsStateWithinACaseAndStartsAfreshAcrossCases() {
    MainActor.assumeIsolated {
      let probe = R12Probe()
      let ui = show { R12SwitchScreen(probe: probe) }
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
      let probe = R12Probe()
      let ui = show { R12Rows(probe: probe) }
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
      let probe = R12Probe()
      let ui = show { R12ComputedIDs(probe: probe) }
      ui.findAll(Button<Text>.self)[0].tap()
      XCTAssertEqual(buttonTitles(ui), ["Ada 1", "Alan 0"])
      probe.run("swap")
      XCTAssertEqual(buttonTitles(ui), ["Alan 0", "Ada 1"])
      probe.run("rename")
      XCTAssertEqual(buttonTitles(ui), ["Alan 0", "Ada 1"], "Alan T -> Alan X is a new key")
    }
  }

  func testStateSeededFromAParameterKeepsItsFirstValue() {
    MainActor.assumeIsolated {
      let probe = R12Probe()
      let ui = show { R12SeedParent(probe: probe) }
      XCTAssertEqual(buttonTitles(ui), ["seeded 1"])
      probe.run("bump")
      XCTAssertEqual(buttonTitles(ui), ["seeded 1"])
      ui.findAll(Button<Text>.self)[0].tap()
      probe.run("bump")
      XCTAssertEqual(buttonTitles(ui), ["seeded 11"])
    }
  }

  func testABoolAndAnEnumFocusStateInOneView() throws {
    try MainActor.assumeIsolated {
      let probe = R12Probe()
      let ui = show { R12TwoStates(probe: probe) }
      let search = try ui.find(TextField.self, title: "Search")
      let email = try ui.find(TextField.self, title: "Email")
      let name = try ui.find(TextField.self, title: "Name")
      XCTAssertTrue(search.isFocused, "launch focus")
      XCTAssertEqual(probe.read("state"), "true nil")
      probe.run("email")
      XCTAssertTrue(email.isFocused)
      XCTAssertEqual(probe.read("state"), "false email")
      probe.run("search")
      XCTAssertTrue(search.isFocused)
      XCTAssertEqual(probe.read("state"), "true nil")
      name.tap()
      XCTAssertEqual(probe.read("state"), "false name")
      probe.run("search")
      probe.run("clearSearch")
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertEqual(probe.read("state"), "false nil")
      waitForFrames(ui.window)
      XCTAssertEqual(probe.read("state"), "false nil")
    }
  }

  func testCollapsingADisclosureGroupWithTheFocusedFieldInAFormReadsNil() throws {
    try MainActor.assumeIsolated {
      let probe = R12Probe()
      let settings = R12Settings()
      let ui = show { R12Disclosure(probe: probe, settings: settings) }
      let proxy = try ui.find(TextField.self, title: "Proxy")
      proxy.type("abc")
      XCTAssertEqual(probe.read("field"), "email")
      settings.expanded = false
      MainLoop.drain()
      XCTAssertEqual(probe.read("field"), "nil")
      waitForFrames(ui.window)
      XCTAssertEqual(probe.read("field"), "nil")
      XCTAssertFalse(proxy.isFocused)
      typeAtFocus(ui.window, "z")
      XCTAssertEqual(settings.proxy, "abc")
      probe.run("focusEmail")
      XCTAssertEqual(probe.read("field"), "nil", "a collapsed field takes no focus")
      settings.expanded = true
      MainLoop.drain()
      probe.run("focusEmail")
      XCTAssertEqual(probe.read("field"), "email")
      XCTAssertTrue(proxy.isFocused)
      typeAtFocus(ui.window, "d")
      XCTAssertEqual(settings.proxy, "abcd")
      XCTAssertEqual(proxy.text, "abcd")
    }
  }

  func testATabSwitchWhileAFieldHasFocusMovesTheFocusState() throws {
    try MainActor.assumeIsolated {
      let probe = R12Probe()
      let settings = R12Settings()
      let ui = show { R12Tabs(probe: probe, settings: settings) }
      let name = try ui.find(TextField.self, title: "Name")
      XCTAssertTrue(name.isFocused)
      XCTAssertEqual(probe.read("field"), "name")
      settings.tab = 1
      MainLoop.drain()
      let email = try ui.find(TextField.self, title: "Email")
      XCTAssertTrue(MainLoop.run(timeout: 5) { email.isFocused })
      XCTAssertEqual(probe.read("field"), "email")
      typeAtFocus(ui.window, "x")
      XCTAssertEqual(settings.proxy, "x")
      settings.tab = 0
      MainLoop.drain()
      XCTAssertTrue(MainLoop.run(timeout: 5) { name.isFocused })
      XCTAssertEqual(probe.read("field"), "name")
    }
  }

  func testFocusWrittenInOnAppearOfAFieldThatAppears() throws {
    try MainActor.assumeIsolated {
      let probe = R12Probe()
      let ui = show { R12AppearFocus(probe: probe) }
      XCTAssertEqual(probe.read("field"), "name")
      probe.run("show")
      let note = try ui.find(TextField.self, title: "Note")
      XCTAssertTrue(note.isFocused)
      XCTAssertEqual(probe.read("field"), "email")
      waitForFrames(ui.window)
      XCTAssertTrue(note.isFocused)
    }
  }

  func testFocusWrittenInOnAppearAtLaunchWinsOverTheLaunchRule() throws {
    try MainActor.assumeIsolated {
      let probe = R12Probe()
      let ui = show { R12LaunchAppearFocus(probe: probe) }
      let note = try ui.find(TextField.self, title: "Note")
      XCTAssertTrue(note.isFocused)
      XCTAssertEqual(probe.read("field"), "email")
      waitForFrames(ui.window)
      XCTAssertTrue(note.isFocused)
      XCTAssertEqual(probe.read("field"), "email")
    }
  }

  func testARewritingSetterWhileTypingInTheMiddleKeepsTheCaretAfterTheTypedCharacter() throws {
    try MainActor.assumeIsolated {
      let model = R12Text()
      model.code = "ABCD"
      model.short = "abcd"
      let ui = show { R12Rewriting(model: model) }
      let code = try ui.find(TextField.self, title: "Code")
      code.tap()
      setCaret(code, 2)
      typeAtFocus(ui.window, "x")
      XCTAssertEqual(model.code, "ABXCD")
      XCTAssertEqual(code.text, "ABXCD")
      XCTAssertEqual(caret(code), 3)
      typeAtFocus(ui.window, "y")
      XCTAssertEqual(code.text, "ABXYCD")
      XCTAssertEqual(caret(code), 4)

      let short = try ui.find(TextField.self, title: "Short")
      short.tap()
      setCaret(short, 1)
      typeAtFocus(ui.window, "Z")
      XCTAssertEqual(model.short, "aZbcd")
      XCTAssertEqual(short.text, "aZbcd")
      XCTAssertEqual(caret(short), 2)
      typeAtFocus(ui.window, "Q")
      XCTAssertEqual(model.short, "aZQbc")
      XCTAssertEqual(short.text, "aZQbc")
      XCTAssertEqual(caret(short), 3)
    }
  }

  func testARewritingSetterOverStateWhileTypingInTheMiddle() throws {
    try MainActor.assumeIsolated {
      let probe = R12Probe()
      let ui = show { R12StateRewriting(probe: probe) }
      let code = try ui.find(TextField.self, title: "Code")
      code.type("abcd")
      XCTAssertEqual(code.text, "ABCD")
      XCTAssertEqual(caret(code), 4)
      setCaret(code, 1)
      typeAtFocus(ui.window, "x")
      XCTAssertEqual(probe.read("code"), "AXBCD")
      XCTAssertEqual(code.text, "AXBCD")
      XCTAssertEqual(caret(code), 2)
    }
  }

  func testDisabledAtTwoDepthsChangingAtOnceAndIsEnabledInACustomView() throws {
    try MainActor.assumeIsolated {
      let flags = R12Flags()
      let ui = show { R12Inherited(flags: flags) }
      let deep = try ui.find(TextField.self, title: "Deep")
      @MainActor func badges() -> [String] { ui.findAll(Text.self).compactMap { $0.text } }
      XCTAssertEqual(badges(), ["enabled", "enabled"])
      flags.outerDisabled = true
      flags.innerDisabled = true
      MainLoop.drain()
      XCTAssertFalse(deep.isEnabled)
      XCTAssertEqual(badges(), ["disabled", "disabled"])
      flags.outerDisabled = false
      MainLoop.drain()
      XCTAssertFalse(deep.isEnabled)
      XCTAssertEqual(badges(), ["enabled", "disabled"])
      flags.outerDisabled = true
      flags.innerDisabled = false
      MainLoop.drain()
      XCTAssertFalse(deep.isEnabled)
      XCTAssertEqual(badges(), ["disabled", "disabled"])
      flags.outerDisabled = false
      MainLoop.drain()
      XCTAssertTrue(deep.isEnabled)
      XCTAssertEqual(badges(), ["enabled", "enabled"])
    }
  }
}
