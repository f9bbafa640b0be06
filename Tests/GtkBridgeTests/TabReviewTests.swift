import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class ReviewModel {
  var tabs = ["One", "Two"]
  var tab = "One"
  var texts: [String: String] = [:]
}

private struct Page: View {
  let name: String
  @State var count = 0
  @State var text = ""
  @FocusState var focused: Bool

  var body: some View {
    VStack {
      TextField(name, text: $text).focused($focused)
      Text("\(name) \(focused ? "in" : "out")")
      Button("\(name) \(count)") { count += 1 }
    }
  }
}

private struct GrowingTabs: View {
  @Bindable var model: ReviewModel

  var body: some View {
    TabView(selection: $model.tab) {
      ForEach(model.tabs, id: \.self) { name in
        Page(name: name).tabItem { Text(name) }.tag(name)
      }
    }
  }
}

private struct SharedField: View {
  @FocusState var focused: Bool
  @State var text = ""

  var body: some View {
    HStack {
      TextField("Shared", text: $text).focused($focused)
      Text(focused ? "in" : "out")
    }
  }
}

private struct TwoShared: View {
  let field = SharedField()
  var body: some View {
    VStack {
      field
      field
    }
  }
}

final class TabReviewTests: GtkTestCase, @unchecked Sendable {
  @MainActor private func stack(in window: Window) throws -> UnsafeMutablePointer<GtkWidget> {
    try XCTUnwrap(
      descendants(window.pointer).first { isA(UnsafeMutableRawPointer($0), gtk_stack_get_type()) }
    )
  }

  @MainActor private func tabButtons(_ window: Window) -> [UnsafeMutablePointer<GtkWidget>] {
    descendants(window.pointer).filter {
      isA(UnsafeMutableRawPointer($0), gtk_toggle_button_get_type())
        && gtk_widget_get_ancestor($0, gtk_stack_switcher_get_type()) != nil
    }
  }

  @MainActor private func shownTitle(_ stack: UnsafeMutablePointer<GtkWidget>) -> String? {
    gtk_stack_get_visible_child(OpaquePointer(stack)).flatMap {
      gtk_stack_page_get_title(gtk_stack_get_page(OpaquePointer(stack), $0))
    }.map { String(cString: $0) }
  }

  func testAddingATabKeepsFocusInTheShownTabsField() throws {
    try MainActor.assumeIsolated {
      let model = ReviewModel()
      let ui = show(host { GrowingTabs(model: model) })
      let one = try ui.find(TextField.self, title: "One")
      XCTAssertTrue(one.isFocused, "launch focus")
      one.type("abc")
      model.tabs.append("Three")
      MainLoop.drain()
      let stack = try stack(in: ui.window)
      XCTAssertEqual(tabButtons(ui.window).count, 3)
      XCTAssertEqual(shownTitle(stack), "One")
      XCTAssertTrue(try ui.find(TextField.self, title: "One").isFocused, "focus stays")
      XCTAssertEqual(try ui.find(TextField.self, title: "One").text, "abc")
    }
  }

  func testInsertingATabBeforeTheShownOneKeepsItsFocusAndFocusState() throws {
    try MainActor.assumeIsolated {
      let model = ReviewModel()
      model.tab = "Two"
      let ui = show(host { GrowingTabs(model: model) })
      let two = try ui.find(TextField.self, title: "Two")
      XCTAssertTrue(two.isFocused, "launch focus")
      XCTAssertNoThrow(try ui.find(Text.self, title: "Two in"))
      model.tabs.insert("Zero", at: 0)
      MainLoop.drain()
      let stack = try stack(in: ui.window)
      XCTAssertEqual(shownTitle(stack), "Two")
      XCTAssertTrue(try ui.find(TextField.self, title: "Two").isFocused, "focus stays")
      XCTAssertNoThrow(try ui.find(Text.self, title: "Two in"))
      var start: Int32 = 0
      var end: Int32 = 0
      _ = gtk_editable_get_selection_bounds(OpaquePointer(two.widget.pointer), &start, &end)
      XCTAssertEqual(start, end, "nothing selected")
    }
  }

  func testEachPageOfOneViewTypeKeepsItsStateAcrossSwitches() throws {
    try MainActor.assumeIsolated {
      let model = ReviewModel()
      let ui = show(host { GrowingTabs(model: model) })
      try ui.find(Button<Text>.self, title: "One 0").tap()
      try ui.find(Button<Text>.self, title: "One 1").tap()
      model.tab = "Two"
      MainLoop.drain()
      try ui.find(Button<Text>.self, title: "Two 0").tap()
      cgtk_emit(tabButtons(ui.window)[0], "clicked")
      MainLoop.drain()
      XCTAssertEqual(model.tab, "One")
      XCTAssertNoThrow(try ui.find(Button<Text>.self, title: "One 2"))
      XCTAssertNoThrow(try ui.find(Button<Text>.self, title: "Two 1"))
    }
  }

  func testRemovingTheShownTab() throws {
    try MainActor.assumeIsolated {
      let model = ReviewModel()
      model.tabs = ["One", "Two", "Three"]
      model.tab = "Two"
      let ui = show(host { GrowingTabs(model: model) })
      let stack = try stack(in: ui.window)
      XCTAssertEqual(shownTitle(stack), "Two")
      model.tabs.remove(at: 1)
      MainLoop.drain()
      XCTAssertEqual(tabButtons(ui.window).count, 2)
      print("PROBE removed shown: shown=\(shownTitle(stack) ?? "nil") selection=\(model.tab)")
      print("PROBE focus=\(String(describing: ui.focusedView?.title))")
      model.tab = "Nope"
      MainLoop.drain()
      print("PROBE bad selection: shown=\(shownTitle(stack) ?? "nil") selection=\(model.tab)")
      model.tabs = []
      MainLoop.drain()
      print("PROBE empty: shown=\(shownTitle(stack) ?? "nil") selection=\(model.tab)")
      model.tabs = ["A"]
      MainLoop.drain()
      print("PROBE one: shown=\(shownTitle(stack) ?? "nil") selection=\(model.tab)")
    }
  }

  func testASelectionSetterThatRefusesKeepsThePageShown() throws {
    try MainActor.assumeIsolated {
      let ui = show(
        host {
          TabView(selection: Binding(get: { 1 }, set: { _ in })) {
            Text("One").tabItem { Text("First") }.tag(1)
            Text("Two").tabItem { Text("Second") }.tag(2)
          }
        })
      let stack = try stack(in: ui.window)
      cgtk_emit(tabButtons(ui.window)[1], "clicked")
      MainLoop.drain()
      XCTAssertEqual(shownTitle(stack), "First")
      XCTAssertEqual(
        gtk_toggle_button_get_active(
          UnsafeMutableRawPointer(tabButtons(ui.window)[0]).assumingMemoryBound(
            to: GtkToggleButton.self)), 1, "its tab button shows it")
      XCTAssertEqual(
        gtk_toggle_button_get_active(
          UnsafeMutableRawPointer(tabButtons(ui.window)[1]).assumingMemoryBound(
            to: GtkToggleButton.self)), 0)
    }
  }

  func testADisabledTabViewDisablesItsTabsAndPages() throws {
    try MainActor.assumeIsolated {
      let ui = show(
        host {
          TabView {
            TextField("F", text: .constant("")).tabItem { Text("First") }
            Text("Two").tabItem { Text("Second") }
          }
          .disabled(true)
        })
      XCTAssertFalse(try ui.find(TextField.self, title: "F").isEnabled)
      for button in tabButtons(ui.window) {
        XCTAssertEqual(gtk_widget_is_sensitive(button), 0)
      }
    }
  }

  func testNestedTabViewsTitleTheirOwnPages() throws {
    try MainActor.assumeIsolated {
      let ui = show(
        host {
          TabView {
            TabView {
              Text("a").tabItem { Text("Inner A") }
              Text("b").tabItem { Text("Inner B") }
            }
            .tabItem { Text("Outer 1") }
            Text("c").tabItem { Text("Outer 2") }
          }
        })
      let titles = descendants(ui.window.pointer).filter {
        isA(UnsafeMutableRawPointer($0), gtk_toggle_button_get_type())
      }.compactMap { button -> String? in
        descendants(button).first { isA(UnsafeMutableRawPointer($0), gtk_label_get_type()) }
          .flatMap { gtk_label_get_text(OpaquePointer($0)) }.map { String(cString: $0) }
      }
      XCTAssertEqual(titles, ["Outer 1", "Outer 2", "Inner A", "Inner B"])
    }
  }

  func testAFocusStateInAViewShownTwiceIsEachPlacesOwn() throws {
    try MainActor.assumeIsolated {
      let ui = show(host { TwoShared() })
      let fields = ui.findAll(TextField.self)
      XCTAssertEqual(fields.count, 2)
      print("PROBE shared launch: \(ui.findAll(Text.self).compactMap(\.title))")
      gtk_widget_grab_focus(fields[1].widget.pointer)
      MainLoop.drain()
      XCTAssertTrue(fields[1].isFocused)
      XCTAssertEqual(ui.findAll(Text.self).compactMap(\.title), ["out", "in"])
      gtk_widget_grab_focus(fields[0].widget.pointer)
      MainLoop.drain()
      XCTAssertEqual(ui.findAll(Text.self).compactMap(\.title), ["in", "out"])
    }
  }
}
