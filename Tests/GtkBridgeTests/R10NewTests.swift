import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

// Probes of today's pieces as a SwiftUI developer porting a macOS app uses them: AnyView
// returned from functions in focused rows, NavigationSplitView as a notes app, and Tab order
// through nested stacks.

@MainActor
@Observable
private final class NewModel {
  var ids = [1, 2, 3]
  var secret: Set<Int> = []
  var texts: [Int: String] = [:]
  var flag = false
  var kind = 0
  var key = 0
  var selection: Int?
  var columns = NavigationSplitViewVisibility.all
  var showHeader = false
  var disabled = false
  var sheet = false
  var path: [Int] = []
  var choice = 0
  var on = false
  var next = 100

  func text(_ key: Int) -> Binding<String> {
    Binding(get: { self.texts[key, default: ""] }, set: { self.texts[key] = $0 })
  }
}

private enum NewField: Hashable {
  case search, title, body
  case name(Int), value(Int)
}

@MainActor
private final class NewProbe<Focus: Hashable> {
  var focus: () -> Focus? = { nil }
  var setFocus: (Focus?) -> Void = { _ in }
}

/// The title of the view holding GTK's focus.
@MainActor
private func focusedTitle(_ ui: ViewInspection<some View>) -> String? {
  ui.focusedView?.title
}

/// The visible window presented over `window` (a sheet), if one is.
@MainActor
private func sheetWindow(over window: Window) -> UnsafeMutablePointer<GtkWindow>? {
  windowsOver(window).first
}

// MARK: - AnyView

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

// MARK: - NavigationSplitView

/// A macOS notes app: a search field and a list in the sidebar, the selected note's title and
/// body in the detail, a header the detail shows on demand.
private struct NotesApp: View {
  @Bindable var model: NewModel
  let probe: NewProbe<NewField>
  @FocusState private var focus: NewField?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return NavigationSplitView(columnVisibility: $model.columns) {
      TextField("Search", text: model.text(0)).focused($focus, equals: .search)
      List(model.ids, id: \.self, selection: $model.selection) { id in Text("Note \(id)") }
    } detail: {
      detail
    }
    .disabled(model.disabled)
  }

  /// The detail: an editor for even notes, a read-only label for odd ones, a prompt without
  /// a selection.
  var detail: AnyView {
    guard let id = model.selection else { return AnyView(Text("Choose a note")) }
    if id % 2 == 1 { return AnyView(Text("Read-only \(id)")) }
    return AnyView(
      VStack {
        if model.showHeader { Text("Header") }
        TextField("Title", text: model.text(id)).focused($focus, equals: .title)
        TextField("Body", text: model.text(id * 10)).focused($focus, equals: .body)
      })
  }
}

/// A detail whose column holds several views directly (no stack), one of them optional.
private struct LooseColumns: View {
  let model: NewModel
  let probe: NewProbe<NewField>
  @FocusState private var focus: NewField?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return NavigationSplitView {
      TextField("Search", text: model.text(0)).focused($focus, equals: .search)
    } detail: {
      if model.showHeader {
        Text("Header")
        Button("Extra") {}
      }
      TextField("Body", text: model.text(1)).focused($focus, equals: .body)
    }
  }
}

// MARK: - Tab order

/// HStack rows in a VStack, a hidden and a disabled field, a focusable box, then controls.
private struct TabGrid: View {
  @Bindable var model: NewModel
  var body: some View {
    VStack {
      HStack {
        TextField("A1", text: model.text(1))
        TextField("A2", text: model.text(2))
      }
      HStack {
        TextField("B1", text: model.text(3))
        TextField("Hidden", text: model.text(4)).hidden()
        TextField("Disabled", text: model.text(5)).disabled(true)
        TextField("B2", text: model.text(6))
      }
      HStack {
        Text("Box")
      }
      .focusable()
      HStack {
        Button("Go") {}
        Toggle("On", isOn: $model.on)
        Picker("Choice", selection: $model.choice) {
          Text("Zero").tag(0)
          Text("One").tag(1)
        }
      }
    }
  }
}

/// Rows of two fields in HStacks; Return in a row's name inserts a row after it and focuses
/// its name. In a plain stack or in a NavigationSplitView's detail.
private struct InsertingRows: View {
  let model: NewModel
  let probe: NewProbe<NewField>
  let split: Bool
  @FocusState private var focus: NewField?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return Group {
      if split {
        NavigationSplitView {
          Text("Sidebar")
        } detail: {
          rows
        }
      } else {
        rows
      }
    }
  }

  var rows: some View {
    VStack {
      ForEach(model.ids, id: \.self) { id in
        HStack {
          TextField("N\(id)", text: model.text(id)).focused($focus, equals: .name(id))
            .onSubmit {
              let new = model.next
              model.next += 1
              model.ids.insert(new, at: model.ids.firstIndex(of: id)! + 1)
              focus = .name(new)
            }
          TextField("V\(id)", text: model.text(-id)).focused($focus, equals: .value(id))
        }
      }
    }
  }
}

final class R10NewTests: GtkTestCase, @unchecked Sendable {
  // MARK: AnyView

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
      XCTAssertTrue(MainLoop.run(timeout: 5) { sheetWindow(over: ui.window) != nil })
      let sheet = try XCTUnwrap(sheetWindow(over: ui.window))
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

  // MARK: NavigationSplitView

  func testNotesAppTabsAcrossColumnsAndTheDetailSwapsTypes() throws {
    try MainActor.assumeIsolated {
      let model = NewModel()
      model.selection = 2
      let probe = NewProbe<NewField>()
      let ui = show { NotesApp(model: model, probe: probe) }
      probe.setFocus(.title)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "Title").isFocused)
      typeAtFocus(ui.window, "T")
      ui.press(.tab)
      XCTAssertEqual(focusedTitle(ui), "Body")
      XCTAssertEqual(probe.focus(), .body)
      typeAtFocus(ui.window, "b")
      XCTAssertEqual(model.texts[2], "T")
      XCTAssertEqual(model.texts[20], "b")
      ui.press(.shiftTab)
      ui.press(.shiftTab)
      let search = try ui.find(title: "Search")
      XCTAssertFalse(try ui.find(title: "Title").isFocused, "Shift-Tab leaves the detail")
      // The app selects another note: the same editor, its text.
      probe.setFocus(.body)
      MainLoop.drain()
      model.selection = 4
      MainLoop.drain()
      XCTAssertEqual(try ui.find(title: "Body").text, "")
      XCTAssertTrue(try ui.find(title: "Body").isFocused, "the same editor keeps focus")
      typeAtFocus(ui.window, "x")
      XCTAssertEqual(model.texts[40], "x")
      XCTAssertEqual(model.texts[20], "b")
      // A header added above the focused field keeps its focus.
      model.showHeader = true
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "Body").isFocused)
      typeAtFocus(ui.window, "y")
      XCTAssertEqual(model.texts[40], "xy")
      // Another type of detail: the focus leaves with the editor.
      model.selection = 3
      MainLoop.drain()
      XCTAssertNoThrow(try ui.find(title: "Read-only 3"))
      XCTAssertNil(probe.focus())
      model.selection = 2
      MainLoop.drain()
      probe.setFocus(.search)
      MainLoop.drain()
      XCTAssertTrue(search.isFocused)
      // Hidden while focused, shown, focused again.
      model.columns = .detailOnly
      MainLoop.drain()
      XCTAssertFalse(search.isFocused)
      XCTAssertNil(probe.focus())
      model.columns = .all
      MainLoop.drain()
      probe.setFocus(.search)
      MainLoop.drain()
      XCTAssertTrue(search.isFocused, "the shown sidebar's field takes focus again")
      typeAtFocus(ui.window, "q")
      XCTAssertEqual(model.texts[0], "q")
    }
  }

  func testTabAndShiftTabCrossTheSplitViewsColumnsToTheSelectedRow() throws {
    try MainActor.assumeIsolated {
      let model = NewModel()
      model.selection = 2
      let probe = NewProbe<NewField>()
      let ui = show { NotesApp(model: model, probe: probe) }
      let split = try XCTUnwrap(gtk_window_get_child(ui.window.window))
      let sidebar = try XCTUnwrap(gtk_paned_get_start_child(OpaquePointer(split)))
      probe.setFocus(.search)
      MainLoop.drain()
      waitForFrames(ui.window)
      ui.press(.tab)
      var focus = try XCTUnwrap(focusWidget(ui.window))
      XCTAssertEqual(enclosingRow(focus), focus, "a list row")
      XCTAssertNotEqual(gtk_widget_is_ancestor(focus, sidebar), 0)
      XCTAssertNil(probe.focus())
      XCTAssertEqual(model.selection, 2, "Tab enters the list at the selected row")
      probe.setFocus(.title)
      MainLoop.drain()
      ui.press(.tab)
      XCTAssertEqual(probe.focus(), .body)
      ui.press(.shiftTab)
      ui.press(.shiftTab)
      focus = try XCTUnwrap(focusWidget(ui.window))
      XCTAssertEqual(
        enclosingRow(focus), focus, "Shift-Tab from the detail to the list's row")
      XCTAssertNotEqual(gtk_widget_is_ancestor(focus, sidebar), 0)
      XCTAssertEqual(model.selection, 2)
      XCTAssertNil(probe.focus())
    }
  }

  func testDisablingTheWholeSplitViewDisablesBothColumns() throws {
    try MainActor.assumeIsolated {
      let model = NewModel()
      model.selection = 2
      let probe = NewProbe<NewField>()
      let ui = show { NotesApp(model: model, probe: probe) }
      probe.setFocus(.body)
      MainLoop.drain()
      model.disabled = true
      MainLoop.drain()
      let search = try ui.find(title: "Search")
      let body = try ui.find(title: "Body")
      XCTAssertEqual(gtk_widget_is_sensitive(search.widget.pointer), 0)
      XCTAssertEqual(gtk_widget_is_sensitive(body.widget.pointer), 0)
      XCTAssertFalse(body.isFocused)
      XCTAssertNil(probe.focus())
      probe.setFocus(.search)
      MainLoop.drain()
      XCTAssertNil(probe.focus(), "a disabled field refuses focus")
      model.disabled = false
      MainLoop.drain()
      XCTAssertNotEqual(gtk_widget_is_sensitive(body.widget.pointer), 0)
      XCTAssertFalse(body.isFocused, "enabling grabs nothing")
      probe.setFocus(.search)
      MainLoop.drain()
      XCTAssertTrue(search.isFocused)
    }
  }

  func testALooseDetailColumnGrowingAndShrinkingKeepsTheFocusedField() throws {
    try MainActor.assumeIsolated {
      let model = NewModel()
      let probe = NewProbe<NewField>()
      let ui = show { LooseColumns(model: model, probe: probe) }
      probe.setFocus(.body)
      MainLoop.drain()
      let body = try ui.find(title: "Body")
      XCTAssertTrue(body.isFocused)
      typeAtFocus(ui.window, "a")
      model.showHeader = true
      MainLoop.drain()
      let column = try XCTUnwrap(gtk_widget_get_parent(body.widget.pointer))
      XCTAssertEqual(
        gtk_widget_get_first_child(column), try ui.find(title: "Header").widget.pointer)
      XCTAssertTrue(body.isFocused)
      typeAtFocus(ui.window, "b")
      ui.press(.shiftTab)
      XCTAssertEqual(focusedTitle(ui), "Extra", "Shift-Tab to the button above")
      ui.press(.tab)
      XCTAssertTrue(body.isFocused)
      model.showHeader = false
      MainLoop.drain()
      XCTAssertTrue(body.isFocused)
      typeAtFocus(ui.window, "c")
      XCTAssertEqual(model.texts[1], "abc")
      waitForFrames(ui.window)
      XCTAssertGreaterThan(gtk_widget_get_allocated_height(body.widget.pointer), 0)
    }
  }

  func testTwoWindowsEachWithASplitViewOverOneModel() throws {
    try MainActor.assumeIsolated {
      let model = NewModel()
      model.selection = 2
      let first = NewProbe<NewField>()
      let second = NewProbe<NewField>()
      let one = show { NotesApp(model: model, probe: first) }
      let two = show { NotesApp(model: model, probe: second) }
      first.setFocus(.body)
      second.setFocus(.title)
      MainLoop.drain()
      typeAtFocus(one.window, "1")
      typeAtFocus(two.window, "2")
      XCTAssertEqual(try one.find(title: "Title").text, "2")
      XCTAssertEqual(try two.find(title: "Body").text, "1")
      XCTAssertTrue(try one.find(title: "Body").isFocused)
      XCTAssertTrue(try two.find(title: "Title").isFocused)
      model.selection = 3
      MainLoop.drain()
      XCTAssertNil(first.focus())
      XCTAssertNil(second.focus())
      model.selection = 4
      MainLoop.drain()
      first.setFocus(.title)
      MainLoop.drain()
      XCTAssertTrue(try one.find(title: "Title").isFocused)
      XCTAssertFalse(try two.find(title: "Title").isFocused, "each window its own focus")
    }
  }

  func testASplitViewInATabViewAndAsASheetsContent() throws {
    try MainActor.assumeIsolated {
      let model = NewModel()
      model.selection = 2
      let probe = NewProbe<NewField>()
      let sheetProbe = NewProbe<NewField>()
      let ui = show {
        TabView {
          NotesApp(model: model, probe: probe).tabItem { Text("Notes") }
          Text("Other").tabItem { Text("Other") }
        }
        .sheet(isPresented: Bindable(model).sheet) {
          NotesApp(model: model, probe: sheetProbe)
        }
      }
      probe.setFocus(.title)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "Title").isFocused)
      typeAtFocus(ui.window, "t")
      model.sheet = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { sheetWindow(over: ui.window) != nil })
      let sheet = try XCTUnwrap(sheetWindow(over: ui.window))
      sheetProbe.setFocus(.body)
      XCTAssertTrue(MainLoop.run(timeout: 5) { sheetProbe.focus() == .body })
      let focused = try XCTUnwrap(gtk_window_get_focus(sheet), "the sheet's body")
      cgtk_text_insert_at_cursor(focused, "s")
      MainLoop.drain()
      XCTAssertEqual(model.texts[20], "s", "the sheet's split view edits the model")
      XCTAssertEqual(try ui.find(title: "Body").text, "s", "and the window shows it")
      model.sheet = false
      XCTAssertTrue(MainLoop.run(timeout: 5) { ui.window.isActive })
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "Title").isFocused, "focus back in the window")
      XCTAssertEqual(model.texts[2], "t")
    }
  }

  // MARK: Tab order

  func testTabWalksNestedRowsSkipsHiddenAndDisabledAndReachesControls() throws {
    try MainActor.assumeIsolated {
      let model = NewModel()
      let ui = show { TabGrid(model: model) }
      gtk_widget_grab_focus((try ui.find(title: "A1").widget as! EditableWidget).delegate)
      var order: [String] = []
      for _ in 0..<9 {
        ui.press(.tab)
        order.append(focusedTitle(ui) ?? (typeName(focusWidget(ui.window)) ?? "nil"))
      }
      // The hidden and disabled fields are skipped; the focusable box is a stop; past the
      // picker (its drop-down's button) Tab wraps to the first field, as on macOS (the header
      // bar has no stop).
      XCTAssertEqual(order[0..<5], ["A2", "B1", "B2", "CgtkFocusBox", "Go"])
      XCTAssertEqual(order[5], "On")
      let picker = try XCTUnwrap(findWidgets("GtkDropDown", in: ui).first)
      XCTAssertEqual(order[7], "A1")
      var back: [String] = []
      gtk_widget_grab_focus((try ui.find(title: "A1").widget as! EditableWidget).delegate)
      ui.press(.shiftTab)
      XCTAssertNotEqual(
        gtk_widget_is_ancestor(try XCTUnwrap(focusWidget(ui.window)), picker), 0,
        "Shift-Tab from the first field wraps to the last control")
      for _ in 0..<2 {
        ui.press(.shiftTab)
        back.append(focusedTitle(ui) ?? (typeName(focusWidget(ui.window)) ?? "nil"))
      }
      XCTAssertEqual(back, ["On", "Go"])
    }
  }

  func testTabRightAfterReturnInsertedARowInHStackRowsAndInASplitColumn() throws {
    try MainActor.assumeIsolated {
      for split in [false, true] {
        let model = NewModel()
        model.next = 100
        let probe = NewProbe<NewField>()
        let ui = show { InsertingRows(model: model, probe: probe, split: split) }
        probe.setFocus(.name(1))
        MainLoop.drain()
        waitForFrames(ui.window)
        // NB: no frame between the keys.
        ui.press(.return)
        XCTAssertEqual(probe.focus(), .name(100), "split \(split)")
        ui.press(.tab)
        XCTAssertEqual(focusedTitle(ui), "V100", "split \(split): Tab to the new row's value")
        ui.press(.return)
        probe.setFocus(.name(100))
        MainLoop.drain()
        probe.setFocus(.name(2))
        MainLoop.drain()
        waitForFrames(ui.window)
        ui.press(.return)
        XCTAssertEqual(probe.focus(), .name(101), "split \(split)")
        ui.press(.shiftTab)
        XCTAssertEqual(focusedTitle(ui), "V2", "split \(split): Shift-Tab to the row above")
        ui.host.close()
        MainLoop.drain()
      }
    }
  }
}
