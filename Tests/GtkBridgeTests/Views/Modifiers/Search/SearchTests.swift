import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class SearchModel {
  var query = ""
  var note = ""
  let names = ["Ada", "Alan", "Grace", "Linus"]
  var filtered: [String] {
    query.isEmpty ? names : names.filter { $0.localizedCaseInsensitiveContains(query) }
  }
}

private struct Contacts: View {
  @Bindable var model: SearchModel

  var body: some View {
    VStack {
      TextField("Note", text: $model.note)
      Button("Clear") { model.note = "" }
      ForEach(model.filtered, id: \.self) { Text($0) }
    }
    .searchable(text: $model.query, prompt: "Find a contact")
  }
}

/// The label texts shown in `window` (outside the search bar).
@MainActor
private func rows(_ window: Window) -> [String] {
  window.gtkDescendants(ofType: gtk_label_get_type()).compactMap {
    gtk_label_get_text(OpaquePointer($0)).map { String(cString: $0) }
  }.filter { ["Ada", "Alan", "Grace", "Linus"].contains($0) }
}

/// `.searchable` as GNOME's search bar (issue 17, item 3), on real widgets.
final class SearchTests: GtkTestCase, @unchecked Sendable {
  func testTheSearchBarSitsUnderTheChromeHiddenUntilNeededAndFiltersAsTheUserTypes() throws {
    try MainActor.assumeIsolated {
      let model = SearchModel()
      let ui = show(host { Contacts(model: model) })
      let search = try XCTUnwrap(ui.window.gtkDescendants(ofType: gtk_search_bar_get_type()).first)
      let entry = try XCTUnwrap(
        Widget(retaining: UnsafeMutableRawPointer(search)).gtkDescendants(
          ofType: gtk_search_entry_get_type()
        ).first)
      XCTAssertEqual(gtk_search_bar_get_search_mode(OpaquePointer(search)), 0, "hidden at first")
      XCTAssertEqual(rows(ui.window), ["Ada", "Alan", "Grace", "Linus"])
      let note = try ui.find(title: "Note")
      XCTAssertTrue(note.isFocused, "launch focus stays on the content's field")
      var barBounds = graphene_rect_t()
      var noteBounds = graphene_rect_t()
      gtk_search_bar_set_search_mode(OpaquePointer(search), 1)
      waitForFrames(ui.window)
      XCTAssertNotEqual(gtk_widget_compute_bounds(search, ui.window.pointer, &barBounds), 0)
      _ = gtk_widget_compute_bounds(note.widget.pointer, ui.window.pointer, &noteBounds)
      XCTAssertLessThan(barBounds.origin.y, noteBounds.origin.y, "above the content")
      gtk_search_bar_set_search_mode(OpaquePointer(search), 0)
      XCTAssertTrue(MainLoop.run(timeout: 5) { note.isFocused })
      let editable = EditableWidgetProbe(entry)
      XCTAssertEqual(editable.placeholder, "Find a contact")

      // What Ctrl+F does (the real key is the next test's).
      gtk_search_bar_set_search_mode(OpaquePointer(search), 1)
      XCTAssertTrue(holdsFocus(editable.widget), "the revealed search takes focus")
      cgtk_text_insert_at_cursor(editable.text, "al")
      MainLoop.drain()
      XCTAssertEqual(model.query, "al")
      XCTAssertEqual(rows(ui.window), ["Alan"], "the bound text filters as the user types")
      // The cursor stays where the user puts it: type in the middle.
      gtk_editable_set_position(OpaquePointer(entry), 1)
      cgtk_text_insert_at_cursor(editable.text, "d")
      MainLoop.drain()
      XCTAssertEqual(model.query, "adl")
      XCTAssertEqual(gtk_editable_get_position(OpaquePointer(entry)), 2, "cursor not moved")
      XCTAssertTrue(holdsFocus(editable.widget))

      // Escape in the entry: GtkSearchEntry's "stop-search".
      cgtk_emit(entry, "stop-search")
      MainLoop.drain()
      XCTAssertEqual(model.query, "", "Escape clears the search")
      XCTAssertEqual(gtk_search_bar_get_search_mode(OpaquePointer(search)), 0, "and hides it")
      XCTAssertTrue(note.isFocused, "focus is back where it was")
      XCTAssertEqual(rows(ui.window), ["Ada", "Alan", "Grace", "Linus"])

      model.query = "gr"
      MainLoop.drain()
      XCTAssertNotEqual(gtk_search_bar_get_search_mode(OpaquePointer(search)), 0, "app text shows")
      XCTAssertEqual(String(cString: gtk_editable_get_text(OpaquePointer(entry))), "gr")
      XCTAssertEqual(rows(ui.window), ["Grace"])
      XCTAssertTrue(note.isFocused, "an app write does not take focus")
    }
  }

  func testCtrlFOrTypingRevealsAndFocusesTheSearchAndEscapeClearsItAndReturnsFocus() throws {
    guard try runsInChildProcess(in: "SearchTests") else { return }
    try MainActor.assumeIsolated {
      let model = SearchModel()
      let ui = show(host { Contacts(model: model) })
      let note = try ui.find(title: "Note")
      XCTAssertTrue(note.isFocused)
      try xdotool(on: ui.window, ["key", "ctrl+f"])
      let search = try XCTUnwrap(ui.window.gtkDescendants(ofType: gtk_search_bar_get_type()).first)
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { gtk_search_bar_get_search_mode(OpaquePointer(search)) != 0 })
      XCTAssertFalse(note.isFocused)
      try xdotool(on: ui.window, ["type", "--delay", "30", "gra"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.query == "gra" }, "got \(model.query)")
      XCTAssertEqual(rows(ui.window), ["Grace"])
      XCTAssertEqual(model.note, "", "the keys went to the search, not the note")
      try xdotool(on: ui.window, ["key", "Escape"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.query.isEmpty })
      XCTAssertTrue(MainLoop.run(timeout: 5) { note.isFocused }, "focus is back in Note")
      XCTAssertEqual(gtk_search_bar_get_search_mode(OpaquePointer(search)), 0)

      // Typing where no field takes the keys (a button has focus) reveals the search too.
      XCTAssertNotEqual(gtk_widget_grab_focus(try ui.find(title: "Clear").widget.pointer), 0)
      try xdotool(on: ui.window, ["type", "--delay", "30", "li"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.query == "li" }, "got \(model.query)")
      XCTAssertNotEqual(gtk_search_bar_get_search_mode(OpaquePointer(search)), 0)
      XCTAssertEqual(rows(ui.window), ["Linus"])
      try xdotool(on: ui.window, ["key", "Escape"])
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { (try? ui.find(title: "Clear").isFocused) == true },
        "back on the button")
    }
  }

  func testSearchFocusedReadsAndMovesTheSearchFieldsFocus() throws {
    try MainActor.assumeIsolated {
      let model = SearchModel()
      final class Probe {
        var read: () -> Bool = { false }
        var write: (Bool) -> Void = { _ in }
      }
      struct Searching: View {
        @Bindable var model: SearchModel
        @FocusState var searching: Bool
        let probe: Probe
        var body: some View {
          probe.read = { searching }
          probe.write = { searching = $0 }
          return Contacts(model: model).searchFocused($searching)
        }
      }
      let probe = Probe()
      let ui = show(host { Searching(model: model, probe: probe) })
      let note = try ui.find(title: "Note")
      let search = try XCTUnwrap(ui.window.gtkDescendants(ofType: gtk_search_bar_get_type()).first)
      let entry = try XCTUnwrap(
        Widget(retaining: UnsafeMutableRawPointer(search)).gtkDescendants(
          ofType: gtk_search_entry_get_type()
        ).first)
      XCTAssertTrue(note.isFocused)
      XCTAssertFalse(probe.read())

      probe.write(true)
      MainLoop.drain()
      XCTAssertNotEqual(gtk_search_bar_get_search_mode(OpaquePointer(search)), 0, "revealed")
      XCTAssertTrue(holdsFocus(SearchEntryHandle(entry)), "focus moved into the search field")
      XCTAssertTrue(probe.read())

      cgtk_emit(entry, "stop-search")
      MainLoop.drain()
      XCTAssertTrue(note.isFocused, "Escape gives focus back")
      XCTAssertFalse(probe.read(), "and the state reads false")

      gtk_search_bar_set_search_mode(OpaquePointer(search), 1)
      MainLoop.drain()
      XCTAssertTrue(probe.read(), "the user's reveal (Ctrl+F) focuses it: true")
      probe.write(false)
      MainLoop.drain()
      XCTAssertFalse(holdsFocus(SearchEntryHandle(entry)), "false gives focus up")
    }
  }

  func testTheSearchBarGoesWithTheLastSearchableView() throws {
    try MainActor.assumeIsolated {
      let model = SearchModel()
      let ui = show(
        host {
          VStack {
            if model.note.isEmpty {
              Text("Results").searchable(text: Bindable(model).query)
            }
          }
        })
      let search = try XCTUnwrap(ui.window.gtkDescendants(ofType: gtk_search_bar_get_type()).first)
      let entry = try XCTUnwrap(
        Widget(retaining: UnsafeMutableRawPointer(search)).gtkDescendants(
          ofType: gtk_search_entry_get_type()
        ).first)
      model.query = "gr"
      MainLoop.drain()
      XCTAssertNotEqual(gtk_search_bar_get_search_mode(OpaquePointer(search)), 0)
      model.note = "gone"
      MainLoop.drain()
      XCTAssertEqual(gtk_widget_get_visible(search), 0, "no searchable view, no search bar")
      XCTAssertEqual(model.query, "gr", "the binding of the view that left is not written")
      model.note = ""
      MainLoop.drain()
      XCTAssertNotEqual(gtk_widget_get_visible(search), 0)
      XCTAssertEqual(
        String(cString: gtk_editable_get_text(OpaquePointer(entry))), "gr",
        "a new view shows its text")
    }
  }

  func testASearchableNavigationStackOfAListFiltersItsRows() {
    MainActor.assumeIsolated {
      let model = SearchModel()
      let ui = show(
        host {
          NavigationStack {
            List {
              ForEach(model.filtered, id: \.self) { name in
                NavigationLink {
                  Text("Detail \(name)")
                } label: {
                  Text(name)
                }
              }
            }
            .navigationTitle("Contacts")
          }
          .searchable(text: Bindable(model).query)
        })
      XCTAssertEqual(rows(ui.window), ["Ada", "Alan", "Grace", "Linus"])
      let search = ui.window.gtkDescendants(ofType: gtk_search_bar_get_type())
      XCTAssertEqual(search.count, 1)
      model.query = "a"
      MainLoop.drain()
      XCTAssertEqual(rows(ui.window), ["Ada", "Alan", "Grace"])
      XCTAssertNotEqual(gtk_search_bar_get_search_mode(OpaquePointer(search[0])), 0)
    }
  }
}

/// The search entry's handle for a test: its inner `GtkText` and placeholder.
@MainActor
private struct EditableWidgetProbe {
  let widget: Widget
  init(_ entry: UnsafeMutablePointer<GtkWidget>) {
    widget = SearchEntryHandle(entry)
  }
  var text: UnsafeMutablePointer<GtkWidget> {
    UnsafeMutableRawPointer(gtk_editable_get_delegate(OpaquePointer(widget.pointer))!)
      .assumingMemoryBound(to: GtkWidget.self)
  }
  var placeholder: String? {
    gtk_text_get_placeholder_text(text.cast(to: GtkText.self)).map { String(cString: $0) }
  }
}

@MainActor
private final class SearchEntryHandle: EditableWidget {
  init(_ pointer: UnsafeMutablePointer<GtkWidget>) {
    super.init(retaining: UnsafeMutableRawPointer(pointer))
  }
}
