import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

/// A counter keeping its taps in its own state.
private struct NewCounter: View {
  let title: String
  @State private var count = 0
  var body: some View {
    Button("\(title) \(count)") { count += 1 }
  }
}

/// Rows whose editor is an `AnyView` from a function: a secure field for secret rows, a text
/// field for the others; `.focused` inside the erased view or outside it.
private struct ErasedFocusRows: View {
  let model: NewModel
  let probe: NewProbe<Int>
  let inside: Bool
  @FocusState private var focus: Int?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return VStack {
      ForEach(model.ids, id: \.self) { id in
        if inside {
          focusedEditor(id)
        } else {
          editor(id).focused($focus, equals: id)
        }
      }
      Button("Done") {}
    }
  }

  func editor(_ id: Int) -> AnyView {
    if model.secret.contains(id) {
      return AnyView(SecureField("S\(id)", text: model.text(id)))
    }
    return AnyView(TextField("T\(id)", text: model.text(id)))
  }

  func focusedEditor(_ id: Int) -> AnyView {
    if model.secret.contains(id) {
      return AnyView(SecureField("S\(id)", text: model.text(id)).focused($focus, equals: id))
    }
    return AnyView(TextField("T\(id)", text: model.text(id)).focused($focus, equals: id))
  }
}

/// `AnyView(AnyView(x))`, an AnyView of an `if`/`else`, and an `.id` on an AnyView.
private struct ErasedNesting: View {
  let model: NewModel
  var body: some View {
    VStack {
      AnyView(AnyView(inner))
      Text("middle")
      AnyView(branches)
      AnyView(NewCounter(title: "keyed")).id(model.key)
      Text("end")
    }
  }

  var inner: AnyView {
    model.kind == 0 ? AnyView(NewCounter(title: "nested")) : AnyView(Text("plain"))
  }

  @ViewBuilder var branches: some View {
    if model.flag {
      NewCounter(title: "yes")
    } else {
      NewCounter(title: "no")
    }
  }
}

/// An AnyView as a NavigationStack's destination and as a sheet's content, each a field
/// focused by state.
private struct ErasedPlaces: View {
  @Bindable var model: NewModel
  let probe: NewProbe<NewField>
  @FocusState private var focus: NewField?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return NavigationStack(path: $model.path) {
      VStack {
        TextField("Root", text: model.text(0)).focused($focus, equals: .search)
      }
      .navigationDestination(for: Int.self) { id in
        page(id)
      }
    }
    .sheet(isPresented: $model.sheet) {
      AnyView(
        TextField("Sheet", text: model.text(99)).focused($focus, equals: .body)
      )
    }
  }

  func page(_ id: Int) -> AnyView {
    AnyView(
      VStack {
        TextField("Page \(id)", text: model.text(id)).focused($focus, equals: .name(id))
      }
      .defaultFocus($focus, .name(id)))
  }
}

/// `AnyView` as a row, destination, sheet, option and item.
final class AnyViewContentTests: GtkTestCase, @unchecked Sendable {
  func testAnAnyViewRowEditorSwappingTypeWhileFocusedThenRefocusedTakesTyping() throws {
    try MainActor.assumeIsolated {
      for inside in [false, true] {
        let model = NewModel()
        let probe = NewProbe<Int>()
        let ui = show { ErasedFocusRows(model: model, probe: probe, inside: inside) }
        probe.setFocus(2)
        MainLoop.drain()
        XCTAssertTrue(try ui.find(title: "T2").isFocused, "inside \(inside)")
        typeAtFocus(ui.window, "ab")
        XCTAssertEqual(model.texts[2], "ab")
        model.secret.insert(2)
        MainLoop.drain()
        let secure = try ui.find(title: "S2")
        XCTAssertEqual(secure.text, "ab", "inside \(inside)")
        XCTAssertNil(probe.focus(), "inside \(inside): the focused view left")
        probe.setFocus(2)
        MainLoop.drain()
        XCTAssertTrue(secure.isFocused, "inside \(inside): the new editor takes the value")
        XCTAssertEqual(probe.focus(), 2)
        typeAtFocus(ui.window, "c")
        XCTAssertEqual(model.texts[2], "abc", "inside \(inside)")
        ui.press(.tab)
        XCTAssertTrue(try ui.find(title: "T3").isFocused, "inside \(inside): Tab to the next row")
        XCTAssertEqual(probe.focus(), 3, "inside \(inside)")
        ui.press(.shiftTab)
        XCTAssertTrue(secure.isFocused, "inside \(inside): Shift-Tab back")
        XCTAssertEqual(probe.focus(), 2, "inside \(inside)")
        // Back to a text field, then a row moved: focus follows the value.
        model.secret.remove(2)
        MainLoop.drain()
        probe.setFocus(2)
        MainLoop.drain()
        XCTAssertTrue(try ui.find(title: "T2").isFocused, "inside \(inside)")
        model.ids = [2, 3, 1]
        MainLoop.drain()
        XCTAssertTrue(try ui.find(title: "T2").isFocused, "inside \(inside): moved, kept")
        typeAtFocus(ui.window, "d")
        XCTAssertEqual(model.texts[2], "abcd", "inside \(inside)")
        ui.host.close()
        MainLoop.drain()
      }
    }
  }

  func testNestedAnyViewsIfElseInsideAndIdOnAnAnyViewGiveFreshStateOnlyOnAChange() throws {
    try MainActor.assumeIsolated {
      let model = NewModel()
      let ui = show { ErasedNesting(model: model) }
      try ui.find(title: "nested 0").tap()
      try ui.find(title: "no 0").tap()
      try ui.find(title: "keyed 0").tap()
      MainLoop.drain()
      for _ in 0..<2 {
        model.kind = 1
        MainLoop.drain()
        XCTAssertNoThrow(try ui.find(title: "plain"))
        model.kind = 0
        MainLoop.drain()
        let fresh = try ui.find(title: "nested 0")
        XCTAssertEqual(
          gtk_widget_get_next_sibling(fresh.widget.pointer),
          try ui.find(title: "middle").widget.pointer, "in its place")
        fresh.tap()
      }
      XCTAssertNoThrow(try ui.find(title: "no 1"), "the other views kept their state")
      XCTAssertNoThrow(try ui.find(title: "keyed 1"))
      model.flag = true
      MainLoop.drain()
      XCTAssertNoThrow(try ui.find(title: "yes 0"), "another branch inside: fresh")
      model.flag = false
      MainLoop.drain()
      XCTAssertNoThrow(try ui.find(title: "no 0"))
      model.key = 1
      MainLoop.drain()
      XCTAssertNoThrow(try ui.find(title: "keyed 0"), "a new id: fresh")
      XCTAssertEqual(
        gtk_widget_get_next_sibling(try ui.find(title: "keyed 0").widget.pointer),
        try ui.find(title: "end").widget.pointer)
    }
  }

  func testAnAnyViewDestinationAndSheetTakeFocusFromState() throws {
    try MainActor.assumeIsolated {
      let model = NewModel()
      let probe = NewProbe<NewField>()
      let ui = show { ErasedPlaces(model: model, probe: probe) }
      model.path = [7]
      MainLoop.drain()
      waitForFrames(ui.window)
      let page = try ui.find(title: "Page 7")
      XCTAssertTrue(page.isFocused, "the destination's default focus")
      XCTAssertEqual(probe.focus(), .name(7))
      typeAtFocus(ui.window, "p")
      XCTAssertEqual(model.texts[7], "p")
      model.path = [7, 8]
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertTrue(try ui.find(title: "Page 8").isFocused)
      model.path = [7]
      MainLoop.drain()
      probe.setFocus(.name(7))
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "Page 7").isFocused)
      model.sheet = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { noteSheetWindow(over: ui.window) != nil })
      let sheet = try XCTUnwrap(noteSheetWindow(over: ui.window))
      probe.setFocus(.body)
      XCTAssertTrue(MainLoop.run(timeout: 5) { probe.focus() == .body })
      let focused = try XCTUnwrap(gtk_window_get_focus(sheet), "the sheet's field")
      cgtk_text_insert_at_cursor(focused, "s")
      MainLoop.drain()
      XCTAssertEqual(model.texts[99], "s")
      model.sheet = false
      XCTAssertTrue(MainLoop.run(timeout: 5) { ui.window.isActive })
      MainLoop.drain()
      XCTAssertEqual(probe.focus(), .name(7), "focus back on the page")
      XCTAssertTrue(try ui.find(title: "Page 7").isFocused)
    }
  }

  func testAnyViewOptionsAndItemsShowInPickersMenusAndTabs() throws {
    try MainActor.assumeIsolated {
      let model = NewModel()
      model.choice = 1
      @MainActor func option(_ index: Int) -> AnyView {
        AnyView(Label("Option \(index)", systemImage: "star"))
      }
      @MainActor func item(_ title: String) -> AnyView {
        AnyView(Button(title) { model.kind += 1 })
      }
      let ui = show {
        TabView {
          VStack {
            Picker("Kind", selection: Bindable(model).choice) {
              ForEach(0..<3) { option($0) }
              AnyView(Text("Other")).tag(9)
              AnyView(Text("Last").tag(10))
            }
            Menu("Actions") {
              item("Copy")
              AnyView(Divider())
              item("Paste")
            }
          }
          .tabItem { AnyView(Text("Erased tab")) }
          Text("Two").tabItem { Text("Plain tab") }
        }
      }
      let dropDown = try XCTUnwrap(findWidgets("GtkDropDown", in: ui).first)
      let list = try XCTUnwrap(gtk_drop_down_get_model(OpaquePointer(dropDown)))
      let titles = (0..<g_list_model_get_n_items(list)).map {
        String(cString: gtk_string_list_get_string(list, $0))
      }
      XCTAssertEqual(titles, ["Option 0", "Option 1", "Option 2", "Other", "Last"])
      XCTAssertEqual(gtk_drop_down_get_selected(OpaquePointer(dropDown)), 1)
      gtk_drop_down_set_selected(OpaquePointer(dropDown), 4)
      MainLoop.drain()
      XCTAssertEqual(model.choice, 10)
      let button = try XCTUnwrap(
        descendants(ui.window.pointer).first {
          isA(UnsafeMutableRawPointer($0), gtk_menu_button_get_type())
        })
      let menu = try XCTUnwrap(gtk_menu_button_get_menu_model(OpaquePointer(button)))
      XCTAssertEqual(menuItems(menu).map(\.label), ["Copy", "|", "Paste"])
      gtk_widget_activate_action_variant(button, "menu.item-0", nil)
      MainLoop.drain()
      XCTAssertEqual(model.kind, 1, "the erased button's action runs")
      XCTAssertTrue(
        descendants(ui.window.pointer).contains {
          isA(UnsafeMutableRawPointer($0), gtk_label_get_type()) && labelText($0) == "Erased tab"
        },
        "the erased tab label shows")
    }
  }
}
