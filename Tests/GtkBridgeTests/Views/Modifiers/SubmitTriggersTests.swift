import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class Finder {
  var query = ""
  var note = ""
  var searched: [String] = []
  var submitted: [String] = []
}

/// `.onSubmit(of: .search)` beside `.onSubmit`, as a SwiftUI search screen writes them.
private struct FinderView: View {
  @Bindable var model: Finder

  var body: some View {
    VStack {
      TextField("Note", text: $model.note)
      Text("\(model.searched.count) searches")
    }
    .searchable(text: $model.query)
    .onSubmit(of: .search) { model.searched.append(model.query) }
    .onSubmit { model.submitted.append("text:" + model.note) }
    .onSubmit(of: [.text, .search]) { model.submitted.append("both") }
  }
}

/// Return in the search field runs `.onSubmit(of: .search)` and not the text fields'
/// actions; Return in a text field runs `.onSubmit` (`.text`) and not the search's.
final class SubmitTriggersTests: GtkTestCase, @unchecked Sendable {
  func testReturnInTheSearchFieldRunsTheSearchActionsOnly() throws {
    guard try runsInChildProcess(in: "SubmitTriggersTests") else { return }
    try MainActor.assumeIsolated {
      let model = Finder()
      let ui = show(host { FinderView(model: model) })
      let note = try ui.find(title: "Note")
      XCTAssertTrue(note.isFocused)
      try xdotool(on: ui.window, ["type", "--delay", "30", "hi"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.note == "hi" })
      try xdotool(on: ui.window, ["key", "Return"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.submitted.count == 2 })
      XCTAssertEqual(model.submitted, ["text:hi", "both"], "outermost last, as SwiftUI orders")
      XCTAssertEqual(model.searched, [], "a text field's Return is not a search")

      try xdotool(on: ui.window, ["key", "ctrl+f"])
      let bar = try XCTUnwrap(ui.window.gtkDescendants(ofType: gtk_search_bar_get_type()).first)
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { gtk_search_bar_get_search_mode(OpaquePointer(bar)) != 0 })
      try xdotool(on: ui.window, ["type", "--delay", "30", "ada"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.query == "ada" }, "got \(model.query)")
      try xdotool(on: ui.window, ["key", "Return"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.searched == ["ada"] }, "\(model.searched)")
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.submitted.count == 3 })
      XCTAssertEqual(model.submitted, ["text:hi", "both", "both"], "the text action did not run")
      XCTAssertEqual(try ui.find(Text.self).text, "1 searches")
      XCTAssertNotEqual(gtk_search_bar_get_search_mode(OpaquePointer(bar)), 0, "the bar stays")
    }
  }

  func testASubmitScopeBlocksTheSearchTriggerToo() throws {
    try MainActor.assumeIsolated {
      let model = Finder()
      let ui = show(
        host {
          VStack {
            Text("Results").searchable(text: Bindable(model).query).submitScope()
          }
          .onSubmit(of: .search) { model.searched.append(model.query) }
        })
      let entry = try XCTUnwrap(ui.window.gtkDescendants(ofType: gtk_search_entry_get_type()).first)
      cgtk_emit(entry, "activate")
      MainLoop.drain()
      XCTAssertEqual(model.searched, [], "SwiftUI: a submit scope stops every trigger")
    }
  }
}
