import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

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

/// `NavigationSplitView`: Tab across columns, disabling, detail swaps, windows, tabs and sheets.
final class NavigationSplitViewFocusTests: GtkTestCase, @unchecked Sendable {
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
      XCTAssertEqual(focusedNoteTitle(ui), "Body")
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
      XCTAssertEqual(focusedNoteTitle(ui), "Extra", "Shift-Tab to the button above")
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
      XCTAssertTrue(MainLoop.run(timeout: 5) { noteSheetWindow(over: ui.window) != nil })
      let sheet = try XCTUnwrap(noteSheetWindow(over: ui.window))
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
}
