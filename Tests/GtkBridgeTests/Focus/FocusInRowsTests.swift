import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

private struct Task6: Identifiable {
  let id: Int
  var title: String
  var editing = false
}

/// Each row's field bound to its own `Bool` through the row's binding.
private struct FocusRows: View {
  let actions: ViewActions
  @Bindable var list: TaskList

  var body: some View {
    VStack {
      ForEach($list.tasks) { $task in
        TextField("task \(task.id)", text: $task.title).focused($task.editing)
      }
      TextField("outside", text: .constant(""))
    }
  }
}

@Observable
private final class TaskList {
  var tasks = (0..<3).map { Task6(id: $0, title: "t\($0)") }
}

private struct FocusInRowsRow: Identifiable {
  let id: Int
  var name: String
  var isFocused = false
}

@Observable
private final class RowModel {
  var rows = [FocusInRowsRow(id: 0, name: "zero"), FocusInRowsRow(id: 1, name: "one")]
}

/// Each row's focus is a Bool of its element, bound through a binding `ForEach`.
private struct FocusedRows: View {
  @Bindable var model: RowModel

  var body: some View {
    VStack {
      ForEach($model.rows) { $row in
        TextField("row \(row.id)", text: $row.name).focused($row.isFocused)
      }
    }
  }
}

private struct ListRows: View {
  let model: StructureModel
  let probe: StructureProbe
  @FocusState private var focus: StructureField?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return List(model.ids, id: \.self) { id in
      TextField("row \(id)", text: model.text(id))
        .focused($focus, equals: .row(id))
        .disabled(model.versions[id, default: 0] == 3)
    }
  }
}

/// Focus bound per row: rows that move, reorder and change.
final class FocusInRowsTests: GtkTestCase, @unchecked Sendable {
  func testEachRowsOwnFocusBoolFollowsItsRowThroughAReorder() throws {
    try MainActor.assumeIsolated {
      let list = TaskList()
      let actions = ViewActions()
      let ui = show { FocusRows(actions: actions, list: list) }
      try ui.find(TextField.self, title: "outside").tap()
      XCTAssertEqual(list.tasks.map(\.editing), [false, false, false])
      list.tasks[1].editing = true
      MainLoop.drain()
      XCTAssertTrue(try ui.find(TextField.self, title: "task 1").isFocused)
      list.tasks.reverse()
      MainLoop.drain()
      XCTAssertTrue(try ui.find(TextField.self, title: "task 1").isFocused)
      XCTAssertEqual(list.tasks.map(\.editing), [false, true, false])
      // The row now at the position task 1 had before moves focus by its own value.
      list.tasks[0].editing = true
      MainLoop.drain()
      XCTAssertTrue(try ui.find(TextField.self, title: "task 2").isFocused)
      XCTAssertEqual(list.tasks.map(\.id), [2, 1, 0])
      XCTAssertEqual(list.tasks.map(\.editing), [true, false, false])
      try ui.find(TextField.self, title: "task 0").tap()
      XCTAssertEqual(list.tasks.map(\.editing), [false, false, true])
    }
  }

  func testEachRowsBoolFocusOfAnElementFollowsFocusBothWays() throws {
    try MainActor.assumeIsolated {
      let model = RowModel()
      let ui = show { FocusedRows(model: model) }
      model.rows[1].isFocused = true
      MainLoop.drain()
      XCTAssertTrue(try ui.find(TextField.self, title: "row 1").isFocused)
      try ui.find(TextField.self, title: "row 0").tap()
      XCTAssertEqual(model.rows.map(\.isFocused), [true, false])
      let zero = try XCTUnwrap(
        try ui.find(TextField.self, title: "row 0").widget as? EditableWidget)
      model.rows[1].name = "written"
      MainLoop.drain()
      model.rows[1].isFocused = true
      MainLoop.drain()
      let one = try ui.find(TextField.self, title: "row 1")
      XCTAssertTrue(one.isFocused)
      XCTAssertFalse(holdsFocus(zero))
      XCTAssertEqual(model.rows.map(\.isFocused), [false, true])
      XCTAssertEqual((one.widget as? EditableWidget)?.cursorPosition, 7)
    }
  }

  func testListRowsThatMoveKeepFocusCaretAndTheirOwnDisabled() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      let probe = StructureProbe()
      let ui = show(host { ListRows(model: model, probe: probe) })
      let second = try ui.find(title: "row 2")
      second.type("abcd")
      let entry = try XCTUnwrap(second.widget as? EditableWidget)
      entry.cursorPosition = 1
      XCTAssertEqual(probe.focus(), .row(2))
      model.ids = [2, 3, 1]
      model.versions[3] = 3
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertEqual(ui.findAll(TextField.self).map(\.title), ["row 2", "row 3", "row 1"])
      XCTAssertTrue(try ui.find(title: "row 2").isFocused)
      XCTAssertEqual(probe.focus(), .row(2))
      XCTAssertEqual(structureCaret(try ui.find(title: "row 2")), 1)
      XCTAssertFalse(try ui.find(title: "row 3").isEnabled)
      XCTAssertTrue(try ui.find(title: "row 1").isEnabled)
      model.ids = [3, 1, 2]
      model.versions = [1: 3]
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertTrue(try ui.find(title: "row 3").isEnabled)
      XCTAssertFalse(try ui.find(title: "row 1").isEnabled)
      XCTAssertTrue(try ui.find(title: "row 2").isFocused)
      XCTAssertEqual(probe.focus(), .row(2))
      // The focused row is disabled as it moves.
      model.ids = [2, 3, 1]
      model.versions = [2: 3]
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertNil(probe.focus())
    }
  }
}
