import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

// NavigationSplitView as a macOS app writes it: a sidebar list choosing what the detail
// edits, focus moved between columns by state, columns hidden by the app.

@MainActor
@Observable
private final class SplitModel {
  var notes = ["Groceries", "Ideas"]
  var selection: String?
  var texts: [String: String] = [:]
  var columns = NavigationSplitViewVisibility.all

  func text(_ key: String) -> Binding<String> {
    Binding(get: { self.texts[key, default: ""] }, set: { self.texts[key] = $0 })
  }
}

private enum SplitField: Hashable {
  case search, body
}

/// What the view's actions do, reached from the test as a button would.
@MainActor
private final class SplitActions {
  var focus: (SplitField?) -> Void = { _ in }
  var read: () -> SplitField? = { nil }
}

private struct Notes: View {
  @Bindable var model: SplitModel
  let actions: SplitActions
  @FocusState private var focus: SplitField?

  var body: some View {
    NavigationSplitView(columnVisibility: $model.columns) {
      TextField("Search", text: model.text("search"))
        .focused($focus, equals: .search)
      List(model.notes, id: \.self, selection: $model.selection) { note in Text(note) }
    } detail: {
      if let note = model.selection {
        TextField("Body", text: model.text(note))
          .focused($focus, equals: .body)
      } else {
        Text("Choose a note")
      }
    }
    .onAppear {
      actions.focus = { focus = $0 }
      actions.read = { focus }
    }
  }
}

private struct ThreeColumns: View {
  @Bindable var model: SplitModel
  var body: some View {
    NavigationSplitView(columnVisibility: $model.columns) {
      Text("Folders")
    } content: {
      Text("Notes")
    } detail: {
      Text("Note")
    }
  }
}

@MainActor
private func paned(_ window: Window) throws -> UnsafeMutablePointer<GtkWidget> {
  let child = try XCTUnwrap(gtk_window_get_child(window.window))
  XCTAssertEqual(typeName(child), "GtkPaned")
  return child
}

@MainActor
private func isInside(_ widget: Widget, _ ancestor: UnsafeMutablePointer<GtkWidget>?) -> Bool {
  guard let ancestor else { return false }
  return gtk_widget_is_ancestor(widget.pointer, ancestor) != 0
}

@MainActor
private func start(_ paned: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
  gtk_paned_get_start_child(OpaquePointer(paned))
}

@MainActor
private func end(_ paned: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
  gtk_paned_get_end_child(OpaquePointer(paned))
}

final class NavigationSplitViewTests: GtkTestCase, @unchecked Sendable {
  func testTheSidebarChoosesWhatTheDetailBesideItEdits() throws {
    try MainActor.assumeIsolated {
      let model = SplitModel()
      let ui = show(host { Notes(model: model, actions: SplitActions()) })
      let split = try paned(ui.window)
      XCTAssertTrue(isInside(try ui.find(title: "Search").widget, start(split)))
      XCTAssertTrue(isInside(try ui.find(title: "Choose a note").widget, end(split)))
      model.selection = "Ideas"
      MainLoop.drain()
      let body = try ui.find(title: "Body")
      XCTAssertTrue(isInside(body.widget, end(split)), "the detail is on the end side")
      body.type("milk")
      XCTAssertEqual(model.texts["Ideas"], "milk")
      waitForFrames(ui.window)
      XCTAssertGreaterThan(
        gtk_widget_get_allocated_width(try XCTUnwrap(end(split))),
        gtk_widget_get_allocated_width(try XCTUnwrap(start(split))), "the detail is the wider")
    }
  }

  func testFocusMovesBetweenColumnsByState() throws {
    try MainActor.assumeIsolated {
      let model = SplitModel()
      model.selection = "Groceries"
      let actions = SplitActions()
      let ui = show(host { Notes(model: model, actions: actions) })
      actions.focus(.search)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "Search").isFocused)
      actions.focus(.body)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "Body").isFocused)
      XCTAssertEqual(actions.read(), .body)
    }
  }

  func testDetailOnlyHidesTheSidebarAndTheFocusInIt() throws {
    try MainActor.assumeIsolated {
      let model = SplitModel()
      let actions = SplitActions()
      let ui = show(host { Notes(model: model, actions: actions) })
      let split = try paned(ui.window)
      let search = try ui.find(title: "Search")
      actions.focus(.search)
      MainLoop.drain()
      XCTAssertTrue(search.isFocused)
      model.columns = .detailOnly
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertEqual(gtk_widget_get_visible(try XCTUnwrap(start(split))), 0)
      XCTAssertFalse(search.isFocused)
      XCTAssertNil(actions.read(), "the focus state reads the truth")
      actions.focus(.search)
      MainLoop.drain()
      XCTAssertFalse(search.isFocused)
      XCTAssertNil(actions.read(), "a request for a hidden field reads back nil")
      model.columns = .all
      MainLoop.drain()
      XCTAssertNotEqual(gtk_widget_get_visible(try XCTUnwrap(start(split))), 0)
      XCTAssertFalse(search.isFocused, "showing the sidebar grabs nothing")
    }
  }

  func testThreeColumnsAreTwoPanedsAndDoubleColumnHidesTheSidebar() throws {
    try MainActor.assumeIsolated {
      let model = SplitModel()
      let ui = show(host { ThreeColumns(model: model) })
      let split = try paned(ui.window)
      let inner = try XCTUnwrap(end(split))
      XCTAssertTrue(isInside(try ui.find(title: "Folders").widget, start(split)))
      XCTAssertTrue(isInside(try ui.find(title: "Notes").widget, start(inner)))
      XCTAssertTrue(isInside(try ui.find(title: "Note").widget, end(inner)))
      model.columns = .doubleColumn
      MainLoop.drain()
      XCTAssertEqual(gtk_widget_get_visible(try XCTUnwrap(start(split))), 0)
      XCTAssertNotEqual(gtk_widget_get_visible(try XCTUnwrap(start(inner))), 0)
      model.columns = .detailOnly
      MainLoop.drain()
      XCTAssertEqual(gtk_widget_get_visible(try XCTUnwrap(start(inner))), 0)
      XCTAssertNotEqual(gtk_widget_get_visible(try XCTUnwrap(end(inner))), 0)
    }
  }
}

private struct WideSidebar: View {
  var body: some View {
    NavigationSplitView {
      List(["Inbox", "Drafts"], id: \.self) { Text($0) }
        .navigationSplitViewColumnWidth(min: 250, ideal: 300)
    } detail: {
      Text("Detail")
    }
  }
}

extension NavigationSplitViewTests {
  func testAColumnWidthIsTheColumnsSmallestWidth() throws {
    try MainActor.assumeIsolated {
      let ui = show(host { WideSidebar() })
      let split = try paned(ui.window)
      waitForFrames(ui.window)
      XCTAssertGreaterThanOrEqual(gtk_widget_get_allocated_width(try XCTUnwrap(start(split))), 250)
      gtk_paned_set_position(OpaquePointer(split), 40)
      waitForFrames(ui.window)
      XCTAssertGreaterThanOrEqual(
        gtk_widget_get_allocated_width(try XCTUnwrap(start(split))), 250,
        "a drag cannot make it narrower")
    }
  }
}

private struct SplitWithChrome: View {
  @Bindable var model: SplitModel
  var body: some View {
    NavigationSplitView {
      List(model.notes, id: \.self, selection: $model.selection) { note in Text(note) }
        .navigationTitle("Notes")
    } detail: {
      NavigationStack {
        VStack {
          TextField("Body", text: model.text(model.selection ?? ""))
          NavigationLink("History") { Text("Old versions") }
        }
        .toolbar { Button("Share") {} }
      }
    }
  }
}

extension NavigationSplitViewTests {
  func testTitlesToolbarsAndAStackInTheDetailWorkAsAtTheRoot() throws {
    try MainActor.assumeIsolated {
      let model = SplitModel()
      model.selection = "Ideas"
      let ui = show(host { SplitWithChrome(model: model) })
      XCTAssertEqual(ui.window.title, "Notes")
      XCTAssertNoThrow(try ui.find(title: "Share"), "the toolbar item is shown")
      let body = try ui.find(title: "Body")
      body.type("a")
      XCTAssertEqual(model.texts["Ideas"], "a")
      try ui.find(title: "History").tap()
      MainLoop.drain()
      waitForFrames(ui.window)
      let page = try ui.find(title: "Old versions")
      XCTAssertNotEqual(gtk_widget_get_mapped(page.widget.pointer), 0, "the pushed page shows")
      let split = try paned(ui.window)
      XCTAssertTrue(isInside(page.widget, end(split)), "in the detail column")
      XCTAssertNotEqual(
        gtk_widget_get_mapped(try ui.find(title: "Ideas").widget.pointer), 0,
        "the sidebar stays")
    }
  }
}
