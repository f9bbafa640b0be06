import CGtk
import CGtkTesting
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

// Both forms of `@FocusState` in one view and on one field, a row's own focus
// state, containers that collapse, hide, disable or open (with a focus write in the same
// action), the app selecting a list row, `isEnabled` through the environment, and the user's
// Tab meeting the app's write in one turn.

private struct TwoStates: View {
  let probe: StateIdentityProbe
  @State private var search = ""
  @State private var name = ""
  @State private var email = ""
  @FocusState private var searching: Bool
  @FocusState private var field: StateIdentityField?

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

@MainActor
@Observable
private final class FocusCoordinatorSettings {
  var expanded = true
  var proxy = ""
  var port = ""
  var tab = 0
}

private struct FocusCoordinatorDisclosure: View {
  let probe: StateIdentityProbe
  @Bindable var settings: FocusCoordinatorSettings
  @FocusState private var field: StateIdentityField?

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

/// A switch whose cases hold a field of one type each, and an action that changes the case
/// and writes the focus state together.
private struct SwitchFocus: View {
  let probe: StateIdentityProbe
  @State private var mode = StateIdentityMode.edit(1)
  @State private var a = ""
  @State private var b = ""
  @FocusState private var field: StateIdentityField?

  var body: some View {
    probe.actions["toPreviewFocused"] = {
      mode = .preview("p")
      field = .email
    }
    probe.actions["toEditFocused"] = {
      mode = .edit(1)
      field = .name
    }
    probe.reads["field"] = { field.map { "\($0)" } ?? "nil" }
    return VStack {
      switch mode {
      case .edit: TextField("A", text: $a).focused($field, equals: .name)
      case .preview: TextField("B", text: $b).focused($field, equals: .email)
      case .empty: Text("none")
      }
    }
  }
}

/// Rows with a focus state of their own and a label that reads it.
private struct FocusRow: View {
  @Binding var row: StateIdentityRow
  @FocusState private var editing: Bool

  var body: some View {
    HStack {
      TextField("Name", text: $row.name).focused($editing)
      Text(editing ? "editing \(row.id)" : "idle \(row.id)")
    }
    .onAppear { if row.name.isEmpty { editing = true } }
  }
}

private struct FocusCoordinatorFocusRows: View {
  let probe: StateIdentityProbe
  @State private var rows = ["a", "b", "c"].map { StateIdentityRow(id: $0, name: $0) }

  var body: some View {
    probe.actions["reverse"] = { rows.reverse() }
    probe.actions["add"] = { rows.append(StateIdentityRow(id: "n\(rows.count)", name: "")) }
    probe.actions["removeFirst"] = { rows.removeFirst() }
    probe.reads["names"] = { rows.map(\.name).joined(separator: ",") }
    return VStack {
      ForEach($rows) { $row in
        FocusRow(row: $row)
      }
    }
  }
}

/// Hidden and disabled at two depths, flipped in one update while a field inside has focus.
private struct HideAndDisable: View {
  let probe: StateIdentityProbe
  @State private var hide = false
  @State private var disable = false
  @State private var text = "x"
  @State private var other = ""
  @FocusState private var field: StateIdentityField?

  var body: some View {
    probe.actions["both"] = {
      hide = true
      disable = true
    }
    probe.actions["neither"] = {
      hide = false
      disable = false
    }
    probe.actions["focusName"] = { field = .name }
    probe.reads["field"] = { field.map { "\($0)" } ?? "nil" }
    return VStack {
      TextField("Other", text: $other).focused($field, equals: .email)
      VStack {
        Group {
          if hide {
            VStack { TextField("Inner", text: $text).focused($field, equals: .name) }.hidden()
          } else {
            VStack { TextField("Inner", text: $text).focused($field, equals: .name) }
          }
        }
      }
      .disabled(disable)
    }
  }
}

private struct Reveal: View {
  let probe: StateIdentityProbe
  @State private var expanded = false
  @State private var enabled = false
  @State private var shown = false
  @State private var tab = 0
  @State private var name = ""
  @State private var proxy = ""
  @State private var code = ""
  @State private var email = ""
  @State private var extra = ""
  @FocusState private var field: StateIdentitySlot?

  var body: some View {
    probe.actions["expand"] = {
      expanded = true
      field = .proxy
    }
    probe.actions["enable"] = {
      enabled = true
      field = .code
    }
    probe.actions["show"] = {
      shown = true
      field = .extra
    }
    probe.actions["tab"] = {
      tab = 1
      field = .email2
    }
    probe.actions["name"] = { field = .name }
    probe.reads["field"] = { field.map { "\($0)" } ?? "nil" }
    return VStack {
      TextField("Name", text: $name).focused($field, equals: .name)
      DisclosureGroup("Advanced", isExpanded: $expanded) {
        TextField("Proxy", text: $proxy).focused($field, equals: .proxy)
      }
      TextField("Code", text: $code).focused($field, equals: .code).disabled(!enabled)
      VStack {
        TextField("Extra", text: $extra).focused($field, equals: .extra)
      }
      .hiddenWhen(!shown)
      TabView(selection: $tab) {
        TextField("Email1", text: $email).focused($field, equals: .email1)
          .tabItem { Text("One") }.tag(0)
        VStack {
          TextField("Other", text: $email)
          TextField("Email2", text: $email).focused($field, equals: .email2)
        }
        .tabItem { Text("Two") }.tag(1)
      }
    }
  }
}

/// The focus write made before the container opens, in one action.
private struct RevealWriteFirst: View {
  let probe: StateIdentityProbe
  @State private var expanded = false
  @State private var enabled = false
  @State private var name = ""
  @State private var proxy = ""
  @State private var code = ""
  @FocusState private var field: StateIdentitySlot?

  var body: some View {
    probe.actions["expand"] = {
      field = .proxy
      expanded = true
    }
    probe.actions["enable"] = {
      field = .code
      enabled = true
    }
    probe.actions["name"] = { field = .name }
    probe.reads["field"] = { field.map { "\($0)" } ?? "nil" }
    return VStack {
      TextField("Name", text: $name).focused($field, equals: .name)
      DisclosureGroup("Advanced", isExpanded: $expanded) {
        TextField("Proxy", text: $proxy).focused($field, equals: .proxy)
      }
      TextField("Code", text: $code).focused($field, equals: .code).disabled(!enabled)
    }
  }
}

/// A DisclosureGroup inside each List row, collapsed while its field has focus.
private struct ListDisclosure: View {
  let probe: StateIdentityProbe
  @State private var rows = ["a", "b"].map { StateIdentityRow(id: $0, name: $0) }
  @State private var expanded: Set<String> = ["a", "b"]
  @FocusState private var focus: String?

  var body: some View {
    probe.actions["collapseB"] = { expanded.remove("b") }
    probe.actions["expandB"] = { expanded.insert("b") }
    probe.actions["focusB"] = { focus = "b" }
    probe.reads["focus"] = { focus ?? "nil" }
    probe.reads["names"] = { rows.map(\.name).joined(separator: ",") }
    return List {
      ForEach($rows) { $row in
        DisclosureGroup(
          row.id,
          isExpanded: Binding(
            get: { expanded.contains(row.id) },
            set: { if $0 { expanded.insert(row.id) } else { expanded.remove(row.id) } })
        ) {
          TextField("Name", text: $row.name).focused($focus, equals: row.id)
        }
      }
    }
  }
}

/// A List with a selection the app changes while a field in another row has focus.
private struct SelectWhileEditing: View {
  let probe: StateIdentityProbe
  @State private var rows = ["a", "b", "c"].map { StateIdentityRow(id: $0, name: $0) }
  @State private var selection: String?

  var body: some View {
    probe.actions["selectC"] = { selection = "c" }
    probe.reads["names"] = { rows.map(\.name).joined(separator: ",") }
    return List(selection: $selection) {
      ForEach($rows) { $row in
        TextField("Name", text: $row.name).tag(row.id)
      }
    }
  }
}

private struct DoublyBound: View {
  let probe: StateIdentityProbe
  @State private var name = ""
  @State private var email = ""
  @FocusState private var nameFocused: Bool
  @FocusState private var field: StateIdentityField?

  var body: some View {
    probe.actions["email"] = { field = .email }
    probe.actions["nameByBool"] = { nameFocused = true }
    probe.actions["clearBool"] = { nameFocused = false }
    probe.reads["state"] = { "\(nameFocused) \(field.map { "\($0)" } ?? "nil")" }
    return VStack {
      TextField("Name", text: $name)
        .focused($nameFocused)
        .focused($field, equals: .name)
      TextField("Email", text: $email).focused($field, equals: .email)
    }
  }
}

private struct FocusCoordinatorEnabledBadge: View {
  @Environment(\.isEnabled) private var isEnabled

  var body: some View {
    Text(isEnabled ? "enabled" : "disabled")
  }
}

/// `isEnabled` written through `.environment`, as some apps do instead of `.disabled`.
private struct EnvironmentEnabled: View {
  let probe: StateIdentityProbe
  @State private var enabled = true
  @State private var text = ""

  var body: some View {
    probe.actions["toggle"] = { enabled.toggle() }
    return VStack {
      TextField("Field", text: $text)
      FocusCoordinatorEnabledBadge()
    }
    .environment(\.isEnabled, enabled)
  }
}

/// The focus coordinator: several focus states, Tab and app writes in one turn, containers that
/// collapse, open, hide and disable around the focused field.
final class FocusCoordinatorTests: GtkTestCase, @unchecked Sendable {
  func testABoolAndAnEnumFocusStateInOneView() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { TwoStates(probe: probe) }
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

  func testTwoFocusStatesOnOneFieldBothReadItsFocus() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { DoublyBound(probe: probe) }
      let name = try ui.find(TextField.self, title: "Name")
      XCTAssertTrue(name.isFocused)
      XCTAssertEqual(probe.read("state"), "true name")
      probe.run("email")
      XCTAssertEqual(probe.read("state"), "false email")
      probe.run("nameByBool")
      XCTAssertTrue(name.isFocused)
      XCTAssertEqual(probe.read("state"), "true name")
      probe.run("clearBool")
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertEqual(probe.read("state"), "false nil")
      try ui.find(TextField.self, title: "Email").tap()
      XCTAssertEqual(probe.read("state"), "false email")
      name.tap()
      XCTAssertEqual(probe.read("state"), "true name")
    }
  }

  func testTabAndAnAppFocusWriteInOneTurn() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { TwoStates(probe: probe) }
      XCTAssertEqual(probe.read("state"), "true nil")
      // The user's Tab, then in the same turn (before GTK's frame) the app's write.
      ui.window.simulateMoveFocus(.tabForward)
      probe.actions["email"]?()
      MainLoop.drain()
      let email = try ui.find(TextField.self, title: "Email")
      XCTAssertTrue(email.isFocused)
      XCTAssertEqual(probe.read("state"), "false email")
      waitForFrames(ui.window)
      XCTAssertTrue(email.isFocused)
      XCTAssertEqual(probe.read("state"), "false email")
      // The app's write first, then the user's Tab in the same turn: the Tab is the later.
      probe.actions["search"]?()
      ui.window.simulateMoveFocus(.tabForward)
      MainLoop.drain()
      waitForFrames(ui.window)
      let focused = ui.findAll(TextField.self).first { $0.isFocused }?.title ?? "none"
      XCTAssertEqual(
        probe.read("state"),
        focused == "Name" ? "false name" : focused == "Search" ? "true nil" : "false email",
        "the state reads where focus is (\(focused))")
    }
  }

  func testCollapsingADisclosureGroupWithTheFocusedFieldInAFormReadsNil() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let settings = FocusCoordinatorSettings()
      let ui = show { FocusCoordinatorDisclosure(probe: probe, settings: settings) }
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

  func testCollapsingADisclosureGroupInAListRowWhileItsFieldHasFocus() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { ListDisclosure(probe: probe) }
      probe.run("focusB")
      XCTAssertEqual(probe.read("focus"), "b")
      typeAtFocus(ui.window, "1")
      probe.run("collapseB")
      XCTAssertEqual(probe.read("focus"), "nil")
      waitForFrames(ui.window)
      XCTAssertEqual(probe.read("focus"), "nil")
      typeAtFocus(ui.window, "2")
      XCTAssertEqual(probe.read("names"), "a,b1", "no key reached a hidden or other field")
      probe.run("focusB")
      XCTAssertEqual(probe.read("focus"), "nil")
      probe.run("expandB")
      probe.run("focusB")
      XCTAssertEqual(probe.read("focus"), "b")
      typeAtFocus(ui.window, "3")
      XCTAssertEqual(probe.read("names"), "a,b13")
    }
  }

  func testASwitchCaseChangeAndAFocusWriteInOneAction() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { SwitchFocus(probe: probe) }
      XCTAssertEqual(probe.read("field"), "name")
      probe.run("toPreviewFocused")
      let b = try ui.find(TextField.self, title: "B")
      XCTAssertTrue(b.isFocused)
      XCTAssertEqual(probe.read("field"), "email")
      waitForFrames(ui.window)
      XCTAssertTrue(b.isFocused)
      XCTAssertEqual(probe.read("field"), "email")
      probe.run("toEditFocused")
      let a = try ui.find(TextField.self, title: "A")
      XCTAssertTrue(a.isFocused)
      XCTAssertEqual(probe.read("field"), "name")
    }
  }

  func testARowsOwnFocusStateFollowsTheRowAndOnAppearFocusesANewRow() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { FocusCoordinatorFocusRows(probe: probe) }
      @MainActor func labels() -> [String] {
        ui.findAll(Text.self).compactMap { $0.text }
      }
      let fields = ui.findAll(TextField.self)
      fields[1].tap()
      XCTAssertEqual(labels(), ["idle a", "editing b", "idle c"])
      probe.run("reverse")
      XCTAssertEqual(labels(), ["idle c", "editing b", "idle a"])
      XCTAssertTrue(ui.findAll(TextField.self)[1].isFocused)
      typeAtFocus(ui.window, "!")
      XCTAssertEqual(probe.read("names"), "c,b!,a")
      probe.run("add")
      XCTAssertEqual(labels(), ["idle c", "idle b", "idle a", "editing n3"])
      XCTAssertTrue(ui.findAll(TextField.self)[3].isFocused)
      typeAtFocus(ui.window, "new")
      XCTAssertEqual(probe.read("names"), "c,b!,a,new")
      probe.run("removeFirst")
      XCTAssertEqual(labels(), ["idle b", "idle a", "editing n3"])
      XCTAssertTrue(ui.findAll(TextField.self)[2].isFocused)
    }
  }

  func testHiddenAndDisabledAtTwoDepthsInOneUpdateWhileFocused() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { HideAndDisable(probe: probe) }
      probe.run("focusName")
      XCTAssertEqual(probe.read("field"), "name")
      probe.run("both")
      XCTAssertEqual(probe.read("field"), "nil")
      waitForFrames(ui.window)
      XCTAssertEqual(probe.read("field"), "nil")
      XCTAssertNil(focusedEntry(ui.window))
      probe.run("focusName")
      XCTAssertEqual(probe.read("field"), "nil", "a hidden, disabled field takes no focus")
      probe.run("neither")
      let inner = try ui.find(TextField.self, title: "Inner")
      XCTAssertTrue(inner.isEnabled)
      probe.run("focusName")
      XCTAssertEqual(probe.read("field"), "name")
      XCTAssertTrue(inner.isFocused)
    }
  }

  func testOpeningAContainerAndWritingFocusInOneActionFocusesTheFieldInside() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { Reveal(probe: probe) }
      XCTAssertEqual(probe.read("field"), "name")
      for (action, title, value) in [
        ("expand", "Proxy", "proxy"), ("enable", "Code", "code"), ("show", "Extra", "extra"),
        ("tab", "Email2", "email2"),
      ] {
        probe.run("name")
        probe.run(action)
        let target = try ui.find(TextField.self, title: title)
        XCTAssertTrue(target.isFocused, action)
        XCTAssertEqual(probe.read("field"), value, action)
        waitForFrames(ui.window)
        XCTAssertTrue(target.isFocused, "\(action), a frame later")
        XCTAssertEqual(probe.read("field"), value, "\(action), a frame later")
      }
    }
  }

  func testAFocusWriteBeforeTheContainerOpensInOneAction() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { RevealWriteFirst(probe: probe) }
      for (action, title, value) in [("expand", "Proxy", "proxy"), ("enable", "Code", "code")] {
        probe.run("name")
        probe.run(action)
        let target = try ui.find(TextField.self, title: title)
        XCTAssertTrue(target.isFocused, action)
        XCTAssertEqual(probe.read("field"), value, action)
        waitForFrames(ui.window)
        XCTAssertTrue(target.isFocused, "\(action), a frame later")
      }
    }
  }

  func testTheAppSelectingAnotherRowLeavesFocusInTheFieldTheUserIsIn() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { SelectWhileEditing(probe: probe) }
      let first = ui.findAll(TextField.self)[0]
      first.tap()
      typeAtFocus(ui.window, "1")
      probe.run("selectC")
      waitForFrames(ui.window)
      XCTAssertTrue(first.isFocused)
      typeAtFocus(ui.window, "2")
      XCTAssertEqual(probe.read("names"), "a12,b,c")
    }
  }

  func testIsEnabledWrittenThroughTheEnvironmentDisablesFields() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { EnvironmentEnabled(probe: probe) }
      let field = try ui.find(TextField.self, title: "Field")
      XCTAssertTrue(field.isEnabled)
      probe.run("toggle")
      XCTAssertFalse(field.isEnabled)
      XCTAssertEqual(ui.findAll(Text.self).compactMap { $0.text }, ["disabled"])
      probe.run("toggle")
      XCTAssertTrue(field.isEnabled)
      XCTAssertEqual(ui.findAll(Text.self).compactMap { $0.text }, ["enabled"])
    }
  }
}
