import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

// A List is one Tab stop, as on macOS: Tab lands on its selected row (the first row when none
// is) without changing the selection, then goes on to the controls inside the rows, then out.
// GTK 4.8's own list walked Tab row by row and selected every row it passed.

@MainActor
@Observable
private final class Sidebar {
  var notes = ["Groceries", "Ideas", "Trips"]
  var selection: String?
  var before = ""
  var after = ""
  var bodies: [String: String] = [:]
}

private struct TabRow: Identifiable {
  let id: Int
  var name: String
}

@MainActor
private func list(in window: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
  listWidget(in: window)!
}

@MainActor
private func selected(_ list: UnsafeMutablePointer<GtkWidget>) -> [Bool] {
  rows(of: list).map(isSelectedRow)
}

final class ListTabStopTests: GtkTestCase, @unchecked Sendable {
  func testTabLandsOnTheSelectedRowOnceAndLeavesTheSelectionAlone() throws {
    try MainActor.assumeIsolated {
      let model = Sidebar()
      model.selection = "Ideas"
      let ui = show {
        VStack {
          TextField("Before", text: Bindable(model).before)
          List(model.notes, id: \.self, selection: Bindable(model).selection) { Text($0) }
          TextField("After", text: Bindable(model).after)
        }
      }
      let list = list(in: ui.window.pointer)
      XCTAssertTrue(try ui.find(TextField.self, title: "Before").isFocused)
      ui.press(.tab)
      XCTAssertEqual(focusWidget(ui.window), rows(of: list)[1], "the selected row")
      XCTAssertEqual(model.selection, "Ideas")
      ui.press(.tab)
      XCTAssertTrue(try ui.find(TextField.self, title: "After").isFocused, "one Tab stop")
      XCTAssertEqual(model.selection, "Ideas", "Tab through the list selected nothing")
      ui.press(.shiftTab)
      XCTAssertEqual(focusWidget(ui.window), rows(of: list)[1])
      ui.press(.shiftTab)
      XCTAssertTrue(try ui.find(TextField.self, title: "Before").isFocused)
      XCTAssertEqual(selected(list), [false, true, false])
      XCTAssertEqual(model.selection, "Ideas")
    }
  }

  func testWithNothingSelectedTabLandsOnTheFirstRowAndSelectsNothing() throws {
    try MainActor.assumeIsolated {
      let model = Sidebar()
      let ui = show {
        VStack {
          TextField("Before", text: Bindable(model).before)
          List(model.notes, id: \.self, selection: Bindable(model).selection) { Text($0) }
          TextField("After", text: Bindable(model).after)
        }
      }
      let list = list(in: ui.window.pointer)
      ui.press(.tab)
      XCTAssertEqual(focusWidget(ui.window), rows(of: list)[0])
      XCTAssertNil(model.selection)
      XCTAssertEqual(selected(list), [false, false, false])
      // Return on the focused row chooses it, as before.
      ui.press(.return)
      XCTAssertEqual(model.selection, "Groceries")
      ui.press(.tab)
      XCTAssertTrue(try ui.find(TextField.self, title: "After").isFocused)
      // Shift-Tab into the list from after it lands on the selected row too.
      ui.press(.shiftTab)
      XCTAssertEqual(focusWidget(ui.window), rows(of: list)[0])
      XCTAssertEqual(model.selection, "Groceries")
    }
  }

  func testFieldsInRowsAreTabStopsAfterTheListsOwnInRowOrder() throws {
    try MainActor.assumeIsolated {
      struct Editor: View {
        @State var items = [
          TabRow(id: 1, name: "a"), TabRow(id: 2, name: "b"), TabRow(id: 3, name: "c"),
        ]
        @State var after = ""
        var body: some View {
          VStack {
            List {
              ForEach($items) { $item in
                TextField("Row \(item.id)", text: $item.name)
              }
            }
            TextField("After", text: $after)
          }
        }
      }
      let ui = show { Editor() }
      let list = list(in: ui.window.pointer)
      @MainActor func focused() -> String {
        if let view = ui.focusedView, let title = view.title { return title }
        if let index = rows(of: list).firstIndex(where: { focusWidget(ui.window) == $0 }) {
          return "row \(index)"
        }
        return "elsewhere"
      }
      // The launch rule focuses the first field; walk back to the list's stop from it.
      XCTAssertEqual(focused(), "Row 1")
      ui.press(.shiftTab)
      XCTAssertEqual(focused(), "row 0", "the list's own stop, before its fields")
      var forward: [String] = []
      for _ in 0..<4 {
        ui.press(.tab)
        forward.append(focused())
      }
      XCTAssertEqual(forward, ["Row 1", "Row 2", "Row 3", "After"])
      var backward: [String] = []
      for _ in 0..<4 {
        ui.press(.shiftTab)
        backward.append(focused())
      }
      XCTAssertEqual(backward, ["Row 3", "Row 2", "Row 1", "row 0"])
    }
  }

  func testTabFromASplitViewsSidebarReachesTheDetailWithoutSwitchingIt() throws {
    try MainActor.assumeIsolated {
      let model = Sidebar()
      model.selection = "Groceries"
      struct Notes: View {
        @Bindable var model: Sidebar
        var body: some View {
          NavigationSplitView {
            List(model.notes, id: \.self, selection: $model.selection) { Text($0) }
          } detail: {
            if let note = model.selection {
              TextField(
                "Body",
                text: Binding(
                  get: { model.bodies[note, default: ""] }, set: { model.bodies[note] = $0 }))
            }
          }
        }
      }
      let ui = show { Notes(model: model) }
      let list = list(in: ui.window.pointer)
      XCTAssertTrue(focusListRow(rows(of: list)[0]))
      MainLoop.drain()
      ui.press(.tab)
      XCTAssertTrue(try ui.find(TextField.self, title: "Body").isFocused, "one Tab to the detail")
      XCTAssertEqual(model.selection, "Groceries", "the detail shown is the one the user chose")
      ui.press(.shiftTab)
      XCTAssertEqual(focusWidget(ui.window), rows(of: list)[0])
      XCTAssertEqual(model.selection, "Groceries")
    }
  }

  func testRealTabKeysWalkTheSameStops() throws {
    guard try runsInChildProcess(in: "ListTabStopTests") else { return }
    try MainActor.assumeIsolated {
      let model = Sidebar()
      model.selection = "Trips"
      let ui = show {
        VStack {
          TextField("Before", text: Bindable(model).before)
          List(model.notes, id: \.self, selection: Bindable(model).selection) { Text($0) }
          TextField("After", text: Bindable(model).after)
        }
      }
      let list = list(in: ui.window.pointer)
      let after = try ui.find(TextField.self, title: "After")
      try xdotool(on: ui.window, ["key", "Tab"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { focusWidget(ui.window) == rows(of: list)[2] })
      try xdotool(on: ui.window, ["key", "Tab"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { after.isFocused }, "one Tab past the list")
      try xdotool(on: ui.window, ["key", "shift+Tab", "shift+Tab"])
      XCTAssertTrue(
        MainLoop.run(timeout: 5) {
          (try? ui.find(TextField.self, title: "Before").isFocused) == true
        })
      XCTAssertEqual(model.selection, "Trips", "the keyboard walked past without choosing")
      XCTAssertEqual(selected(list), [false, false, true])
    }
  }
}
