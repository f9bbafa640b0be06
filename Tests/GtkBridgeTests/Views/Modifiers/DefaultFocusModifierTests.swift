import CGtk
import CGtkTesting
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

// Where focus goes when views appear: a `TabView` page's `.defaultFocus`, the `Bool`
// form of `.defaultFocus`, a default naming a disabled field, `.onAppear` writes in a new row,
// a sheet, a pushed page and at launch beside a `.defaultFocus`.

/// A TabView whose second page names its own default focus.
private struct TabDefault: View {
  let probe: StateIdentityProbe
  @State private var tab = 0
  @State private var a = ""
  @State private var b = ""
  @State private var c = ""
  @FocusState private var field: StateIdentitySlot?

  var body: some View {
    probe.actions["tab1"] = { tab = 1 }
    probe.actions["tab1Other"] = {
      tab = 1
      field = .extra
    }
    probe.actions["tab0"] = { tab = 0 }
    probe.reads["field"] = { field.map { "\($0)" } ?? "nil" }
    return TabView(selection: $tab) {
      TextField("Email1", text: $a).focused($field, equals: .email1)
        .tabItem { Text("One") }.tag(0)
      VStack {
        TextField("Other", text: $b).focused($field, equals: .extra)
        TextField("Email2", text: $c).focused($field, equals: .email2)
      }
      .defaultFocus($field, .email2)
      .tabItem { Text("Two") }.tag(1)
    }
  }
}

/// A sheet whose content focuses its second field in `onAppear`.
private struct SheetContent: View {
  let probe: StateIdentityProbe
  @State private var first = ""
  @State private var second = ""
  @FocusState private var field: StateIdentityField?

  var body: some View {
    probe.reads["sheetField"] = { field.map { "\($0)" } ?? "nil" }
    return VStack {
      TextField("SheetFirst", text: $first).focused($field, equals: .name)
      TextField("SheetSecond", text: $second).focused($field, equals: .email)
    }
    .onAppear { field = .email }
  }
}

private struct SheetParent: View {
  let probe: StateIdentityProbe
  @State private var showing = false
  @State private var text = ""

  var body: some View {
    probe.actions["present"] = { showing = true }
    return VStack {
      TextField("Main", text: $text)
    }
    .sheet(isPresented: $showing) { SheetContent(probe: probe) }
  }
}

/// A pushed page that focuses its second field in `onAppear`.
private struct PushedPage: View {
  let probe: StateIdentityProbe
  @State private var first = ""
  @State private var second = ""
  @FocusState private var field: StateIdentityField?

  var body: some View {
    probe.reads["pageField"] = { field.map { "\($0)" } ?? "nil" }
    return VStack {
      TextField("PageFirst", text: $first).focused($field, equals: .name)
      TextField("PageSecond", text: $second).focused($field, equals: .email)
    }
    .onAppear { field = .email }
  }
}

private struct DefaultFocusModifierStack: View {
  let probe: StateIdentityProbe
  @State private var path: [Int] = []
  @State private var text = ""

  var body: some View {
    probe.actions["push"] = { path.append(1) }
    return NavigationStack(path: $path) {
      TextField("Root", text: $text)
        .navigationDestination(for: Int.self) { _ in PushedPage(probe: probe) }
    }
  }
}

/// Each new row focuses itself in `onAppear`, through the list's one focus state.
private struct AppearRows: View {
  let probe: StateIdentityProbe
  @State private var rows = [StateIdentityRow(id: "a", name: "a")]
  @FocusState private var focus: String?

  var body: some View {
    probe.actions["add"] = { rows.append(StateIdentityRow(id: "n\(rows.count)", name: "")) }
    probe.reads["focus"] = { focus ?? "nil" }
    probe.reads["names"] = { rows.map(\.name).joined(separator: ",") }
    return VStack {
      ForEach($rows) { $row in
        TextField("Row", text: $row.name).focused($focus, equals: row.id)
          .onAppear { if row.name.isEmpty { focus = row.id } }
      }
    }
  }
}

/// SwiftUI's `Bool` form of `.defaultFocus`, on a field that is not the first.
private struct BoolDefault: View {
  let probe: StateIdentityProbe
  @State private var name = ""
  @State private var query = ""
  @FocusState private var searching: Bool

  var body: some View {
    probe.reads["searching"] = { "\(searching)" }
    return VStack {
      TextField("Name", text: $name)
      TextField("Search", text: $query).focused($searching)
    }
    .defaultFocus($searching, true)
  }
}

/// `.defaultFocus` naming a disabled field, and `.onAppear` writing another.
private struct DefaultDisabled: View {
  let probe: StateIdentityProbe
  @State private var a = ""
  @State private var b = ""
  @FocusState private var field: StateIdentityField?

  var body: some View {
    probe.reads["field"] = { field.map { "\($0)" } ?? "nil" }
    return VStack {
      TextField("A", text: $a).focused($field, equals: .name)
      TextField("B", text: $b).focused($field, equals: .email).disabled(true)
    }
    .defaultFocus($field, .email)
  }
}

private struct DefaultAndAppear: View {
  let probe: StateIdentityProbe
  @State private var a = ""
  @State private var b = ""
  @State private var c = ""
  @FocusState private var field: StateIdentitySlot?

  var body: some View {
    probe.reads["field"] = { field.map { "\($0)" } ?? "nil" }
    return VStack {
      TextField("A", text: $a).focused($field, equals: .name)
      TextField("B", text: $b).focused($field, equals: .proxy)
      TextField("C", text: $c).focused($field, equals: .code)
    }
    .defaultFocus($field, .proxy)
    .onAppear { field = .code }
  }
}

/// `.defaultFocus` against tab pages, disabled fields, `.onAppear` writes, sheets and pushed
/// pages.
final class DefaultFocusModifierTests: GtkTestCase, @unchecked Sendable {
  func testATabPagesDefaultFocusWinsWhenFocusMovesIntoIt() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { TabDefault(probe: probe) }
      XCTAssertEqual(probe.read("field"), "email1")
      probe.run("tab1")
      let target = try ui.find(TextField.self, title: "Email2")
      XCTAssertTrue(MainLoop.run(timeout: 5) { target.isFocused })
      XCTAssertEqual(probe.read("field"), "email2")
      // A focus write made with the switch wins over the page's default.
      probe.run("tab0")
      XCTAssertTrue(
        MainLoop.run(timeout: 5) {
          (try? ui.find(TextField.self, title: "Email1"))?.isFocused == true
        })
      probe.run("tab1Other")
      let other = try ui.find(TextField.self, title: "Other")
      XCTAssertTrue(MainLoop.run(timeout: 5) { other.isFocused })
      waitForFrames(ui.window)
      XCTAssertTrue(other.isFocused)
      XCTAssertEqual(probe.read("field"), "extra")
    }
  }

  func testTheBoolFormOfDefaultFocus() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { BoolDefault(probe: probe) }
      let search = try ui.find(TextField.self, title: "Search")
      XCTAssertTrue(search.isFocused)
      XCTAssertEqual(probe.read("searching"), "true")
    }
  }

  func testADefaultFocusOnADisabledFieldLeavesTheLaunchRule() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { DefaultDisabled(probe: probe) }
      waitForFrames(ui.window)
      let a = try ui.find(TextField.self, title: "A")
      let focused = ui.findAll(TextField.self).first { $0.isFocused }?.title
      XCTAssertEqual(
        probe.read("field"), focused == "A" ? "name" : "nil", "the state reads the truth")
      XCTAssertTrue(a.isFocused, "the launch rule's first field, as if no default were named")
    }
  }

  func testAnOnAppearWriteWinsOverDefaultFocus() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { DefaultAndAppear(probe: probe) }
      waitForFrames(ui.window)
      XCTAssertTrue(try ui.find(TextField.self, title: "C").isFocused)
      XCTAssertEqual(probe.read("field"), "code")
    }
  }

  func testANewRowFocusingItselfInOnAppearThroughTheListsState() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { AppearRows(probe: probe) }
      XCTAssertEqual(probe.read("focus"), "a")
      probe.run("add")
      XCTAssertTrue(ui.findAll(TextField.self)[1].isFocused)
      XCTAssertEqual(probe.read("focus"), "n1")
      typeAtFocus(ui.window, "x")
      probe.run("add")
      XCTAssertTrue(ui.findAll(TextField.self)[2].isFocused)
      XCTAssertEqual(probe.read("focus"), "n2")
      typeAtFocus(ui.window, "y")
      waitForFrames(ui.window)
      XCTAssertEqual(probe.read("names"), "a,x,y")
    }
  }

  func testASheetsOnAppearFocusWinsOverItsFirstField() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { SheetParent(probe: probe) }
      probe.run("present")
      XCTAssertTrue(MainLoop.run(timeout: 5) { probe.reads["sheetField"] != nil })
      waitForFrames(ui.window)
      XCTAssertEqual(probe.read("sheetField"), "email")
      let list = gtk_window_get_toplevels()!
      var focusedTitle = "none"
      for index in 0..<g_list_model_get_n_items(list) {
        guard let item = g_list_model_get_item(list, index) else { continue }
        g_object_unref(item)
        let window = item.assumingMemoryBound(to: GtkWindow.self)
        guard gtk_window_get_transient_for(window) == ui.window.window,
          let focus = gtk_window_get_focus(window),
          let entry = gtk_widget_get_parent(focus), isA(entry, gtk_entry_get_type()),
          let placeholder = gtk_entry_get_placeholder_text(entry.cast(to: GtkEntry.self))
        else { continue }
        focusedTitle = String(cString: placeholder)
      }
      XCTAssertEqual(focusedTitle, "SheetSecond")
    }
  }

  func testAPushedPagesOnAppearFocusWinsOverItsFirstField() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { DefaultFocusModifierStack(probe: probe) }
      probe.run("push")
      let second = try ui.find(TextField.self, title: "PageSecond")
      XCTAssertTrue(MainLoop.run(timeout: 5) { second.isFocused })
      XCTAssertEqual(probe.read("pageField"), "email")
      waitForFrames(ui.window)
      XCTAssertTrue(second.isFocused)
      XCTAssertEqual(probe.read("pageField"), "email")
    }
  }
}
