import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

/// An editor with its own `@State` draft, titled by what it shows.
private struct ConditionalContentEditor: View {
  let title: String
  let probe: StructureProbe
  @State private var draft = ""

  var body: some View {
    probe.draft = { draft }
    return TextField(title, text: $draft).focused(probe.binding, equals: .a)
  }
}

private struct RouteSwitch: View {
  let model: StructureModel
  let probe: StructureProbe
  @FocusState private var focus: StructureField?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    probe.binding = $focus
    return VStack {
      Text("Top")
      switch model.route {
      case .edit(let id): ConditionalContentEditor(title: "Edit \(id)", probe: probe)
      case .preview(let id): ConditionalContentEditor(title: "Preview \(id)", probe: probe)
      case .empty: Text("Nothing")
      }
    }
  }
}

private struct ConditionalContentIfLet: View {
  let model: StructureModel
  let probe: StructureProbe
  @FocusState private var focus: StructureField?

  var body: some View {
    probe.focus = { focus }
    probe.binding = $focus
    return VStack {
      if let id = model.selected {
        ConditionalContentEditor(title: "Item \(id)", probe: probe)
      }
      if case .edit(let id) = model.route {
        Text("editing \(id)")
      } else {
        Text("not editing")
      }
    }
  }
}

private struct NestedIfRows: View {
  let model: StructureModel
  let probe: StructureProbe
  @FocusState private var focus: StructureField?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return VStack {
      ForEach(model.ids, id: \.self) { id in
        if model.expanded.contains(id) {
          if model.flag {
            TextField("field \(id)", text: model.text(id)).focused($focus, equals: .row(id))
          } else {
            TextField("field \(id)", text: model.text(id)).focused($focus, equals: .row(id))
          }
        } else {
          Text("label \(id)")
        }
      }
    }
  }
}

/// The root is a `Group` of an optional banner before a field: one widget, then two.
private struct ConditionalContentGrowingRoot: View {
  let model: StructureModel
  let probe: StructureProbe
  @FocusState private var focus: StructureField?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return Group {
      if model.flag {
        Text("Banner")
        TextField("Extra", text: model.text(2)).focused($focus, equals: .b)
      }
      TextField("Main", text: model.text(1)).focused($focus, equals: .a)
    }
  }
}

/// `if`, `if let`, `switch` and nested conditionals keeping or resetting their views.
final class ConditionalContentTests: GtkTestCase, @unchecked Sendable {
  func testASwitchOverAnEnumWithPayloadsKeepsTheCaseAndResetsAcrossCases() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      let probe = StructureProbe()
      let ui = show(host { RouteSwitch(model: model, probe: probe) })
      let edit = try ui.find(title: "Edit 1")
      edit.type("draft")
      XCTAssertEqual(probe.focus(), .a)
      let widget = edit.widget.pointer
      // The same case with another payload: the same view, as in SwiftUI.
      model.route = .edit(2)
      MainLoop.drain()
      waitForFrames(ui.window)
      let edit2 = try ui.find(title: "Edit 2")
      XCTAssertEqual(edit2.widget.pointer, widget)
      XCTAssertEqual(edit2.text, "draft")
      XCTAssertTrue(edit2.isFocused)
      XCTAssertEqual(probe.focus(), .a)
      XCTAssertEqual(structureCaret(edit2), 5)
      // Another case of the same view type: a new view.
      model.route = .preview(2)
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      let preview = try ui.find(title: "Preview 2")
      XCTAssertNotEqual(preview.widget.pointer, widget)
      XCTAssertEqual(preview.text, "")
      XCTAssertEqual(probe.draft(), "")
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertNil(probe.focus())
      // A write in the same update as the case change lands on the new view.
      model.route = .edit(3)
      probe.setFocus(.a)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "Edit 3").isFocused)
      XCTAssertEqual(probe.focus(), .a)
      // To a case with no field and back.
      model.route = .empty
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertNil(probe.focus())
      XCTAssertNil(focusWidget(ui.window))
      model.route = .edit(3)
      MainLoop.drain()
      XCTAssertEqual(try ui.find(title: "Edit 3").text, "")
      XCTAssertNil(probe.focus())
    }
  }

  func testIfLetKeepsTheViewWhileTheValueChangesAndIfCaseSwaps() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      let probe = StructureProbe()
      let ui = show(host { ConditionalContentIfLet(model: model, probe: probe) })
      let item = try ui.find(title: "Item 1")
      item.type("x")
      XCTAssertEqual(probe.focus(), .a)
      model.selected = 2
      model.route = .preview(1)
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertEqual(try ui.find(title: "Item 2").widget.pointer, item.widget.pointer)
      XCTAssertEqual(try ui.find(title: "Item 2").text, "x")
      XCTAssertEqual(probe.focus(), .a)
      XCTAssertTrue(try ui.find(title: "Item 2").isFocused)
      XCTAssertEqual(try ui.find(Text.self).text, "not editing")
      model.selected = nil
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertNil(probe.focus())
      XCTAssertNil(focusWidget(ui.window))
      model.selected = 2
      MainLoop.drain()
      XCTAssertEqual(try ui.find(title: "Item 2").text, "", "nil and back is a new view")
    }
  }

  func testNestedIfsInsideForEachRowsKeepTheFocusedRowAndDropARemovedOne() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      model.expanded = [1]
      let probe = StructureProbe()
      let ui = show(host { NestedIfRows(model: model, probe: probe) })
      let first = try ui.find(title: "field 1")
      first.type("abcd")
      let entry = try XCTUnwrap(first.widget as? EditableWidget)
      entry.cursorPosition = 2
      XCTAssertEqual(probe.focus(), .row(1))
      // Another row opens, above nothing of row 1: row 1 keeps focus and caret.
      model.expanded = [1, 2, 3]
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertTrue(first.isFocused)
      XCTAssertEqual(structureCaret(first), 2)
      XCTAssertEqual(probe.focus(), .row(1))
      // Rows reorder: focus moves with the row.
      model.ids = [3, 1, 2]
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertEqual(try ui.find(title: "field 1").widget.pointer, first.widget.pointer)
      XCTAssertTrue(first.isFocused)
      XCTAssertEqual(structureCaret(first), 2)
      XCTAssertEqual(probe.focus(), .row(1))
      // The inner `if` flips: every open row is a new view; focus leaves.
      model.flag = true
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertNotEqual(try ui.find(title: "field 1").widget.pointer, first.widget.pointer)
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertNil(probe.focus())
      XCTAssertEqual(try ui.find(title: "field 1").text, "abcd", "the model's text is kept")
      probe.setFocus(.row(2))
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "field 2").isFocused)
      // The focused row closes; the other rows stay.
      model.expanded = [1, 3]
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertNil(probe.focus())
      XCTAssertEqual(ui.findAll(TextField.self).map(\.title), ["field 3", "field 1"])
    }
  }

  func testARootGroupGrowingBeforeTheFocusedFieldKeepsItsFocusAndCaret() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      let probe = StructureProbe()
      let ui = show(host { ConditionalContentGrowingRoot(model: model, probe: probe) })
      let main = try ui.find(title: "Main")
      main.type("hello")
      let entry = try XCTUnwrap(main.widget as? EditableWidget)
      entry.cursorPosition = 1
      XCTAssertEqual(probe.focus(), .a)
      for step in 0..<4 {
        model.flag.toggle()
        MainLoop.drain()
        waitForFrames(ui.window)
        XCTAssertTrue(main.isFocused, "step \(step)")
        XCTAssertEqual(probe.focus(), .a, "step \(step)")
        XCTAssertEqual(structureCaret(main), 1, "step \(step)")
        XCTAssertNil(entry.selection, "step \(step)")
      }
      main.type("X")
      XCTAssertEqual(model.texts[1], "hXello")
      // A focus write in the update that grows the root lands on the new field.
      model.flag = true
      probe.setFocus(.b)
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertTrue(try ui.find(title: "Extra").isFocused)
      XCTAssertEqual(probe.focus(), .b)
      // The focused field leaves as the root shrinks to one widget.
      model.flag = false
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertNil(probe.focus())
      probe.setFocus(.a)
      MainLoop.drain()
      XCTAssertTrue(main.isFocused)
      XCTAssertNil(entry.selection, "a focus GtkBridge moves selects nothing")
    }
  }
}
