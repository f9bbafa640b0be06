import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

/// The inner text of the editable the view owns.
@MainActor
private func delegate(_ view: InspectedView) -> UnsafeMutablePointer<GtkWidget>? {
  (view.widget as? EditableWidget)?.delegate ?? view.widget.pointer
}

/// A form holding `@State` and a `Bool` focus state, as a "New" button would reset it.
private struct IDModifierForm: View {
  let probe: StructureProbe
  @State private var draft = ""
  @FocusState private var focused: Bool

  var body: some View {
    probe.draft = { draft }
    probe.isFocused = { focused }
    probe.setIsFocused = { focused = $0 }
    return TextField("Draft", text: $draft).focused($focused)
  }
}

private struct IdentifiedForm: View {
  let model: StructureModel
  let probe: StructureProbe
  let outerProbe: StructureProbe
  @FocusState private var focus: StructureField?

  var body: some View {
    outerProbe.focus = { focus }
    return VStack {
      Text("Header")
      IDModifierForm(probe: probe).id(model.key)
      TextField("Other", text: model.text(9)).focused($focus, equals: .b)
    }
  }
}

/// Rows each showing an editor with its own `@State`, identified by the row's version.
private struct IDModifierRowEditor: View {
  let id: Int
  let probe: StructureProbe
  @State private var local = ""

  var body: some View {
    TextField("row \(id)", text: $local).focused(probe.binding, equals: .row(id))
  }
}

private struct VersionedRows: View {
  let model: StructureModel
  let probe: StructureProbe
  @FocusState private var focus: StructureField?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    probe.binding = $focus
    return VStack {
      ForEach(model.ids, id: \.self) { id in
        IDModifierRowEditor(id: id, probe: probe).id(model.versions[id, default: 0])
      }
    }
  }
}

/// A panel whose lifecycle and change handlers log, identified by `key`.
private struct LoggingPanel: View {
  let model: StructureModel
  let name: String
  @State private var made = 0

  var body: some View {
    TextField(name, text: model.text(3))
      .onAppear { model.log.append("appear \(name)") }
      .onDisappear { model.log.append("disappear \(name)") }
      .onChange(of: model.counter) { old, new in model.log.append("\(name) \(old)->\(new)") }
  }
}

private struct IdentifiedPanel: View {
  let model: StructureModel
  var body: some View {
    VStack {
      LoggingPanel(model: model, name: "panel \(model.key)").id(model.key)
    }
  }
}

/// A "New" button's pattern: a fresh draft (a new id) and focus on its title in one action.
private struct DraftTitle: View {
  let focus: FocusState<StructureField?>.Binding
  @State private var title = ""

  var body: some View {
    TextField("Title", text: $title).focused(focus, equals: .a)
  }
}

private struct NewDraft: View {
  let model: StructureModel
  let probe: StructureProbe
  @FocusState private var focus: StructureField?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return VStack {
      DraftTitle(focus: $focus).id(model.key)
      TextField("Notes", text: model.text(4)).focused($focus, equals: .b)
    }
    .onChange(of: focus) { _, now in model.log.append(now.map { "\($0)" } ?? "nil") }
  }
}

/// A navigation stack with pages, identified by `key` (a "reset" of the whole flow).
private struct IdentifiedNavigation: View {
  let model: StructureModel
  let probe: StructureProbe

  var body: some View {
    StructureNavigation(model: model, probe: probe).id(model.key)
  }
}

/// A form with a default focus, identified by `key`.
private struct DefaultFocusForm: View {
  @FocusState private var focus: StructureField?
  let probe: StructureProbe
  @State private var name = ""

  var body: some View {
    probe.focus = { focus }
    return VStack {
      TextField("Name", text: $name).focused($focus, equals: .a)
      TextField("Code", text: $name).focused($focus, equals: .b)
    }
    .defaultFocus($focus, .b)
  }
}

private struct IdentifiedDefaultFocus: View {
  let model: StructureModel
  let probe: StructureProbe
  var body: some View {
    DefaultFocusForm(probe: probe).id(model.key)
  }
}

/// `.id`: a new id is a new view with fresh state and no focus.
final class IDModifierTests: GtkTestCase, @unchecked Sendable {
  // MARK: - 1. `.id`

  func testAnIdChangeResetsStateMakesANewWidgetAndDropsFocusEveryTimeWithoutLeaks() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      let probe = StructureProbe()
      let outer = StructureProbe()
      let ui = show(host { IdentifiedForm(model: model, probe: probe, outerProbe: outer) })
      var before = LiveObjects.snapshot
      for cycle in 0..<5 {
        if cycle == 1 { before = LiveObjects.snapshot }
        let field = try ui.find(title: "Draft")
        field.type("abc")
        XCTAssertEqual(probe.draft(), "abc")
        XCTAssertTrue(probe.isFocused())
        let old = field.widget.pointer
        model.key += 1
        MainLoop.drain()
        waitForFrames(ui.window, 2)
        let new = try ui.find(title: "Draft")
        XCTAssertNotEqual(new.widget.pointer, old, "a new id is a new widget")
        XCTAssertNil(gtk_widget_get_parent(old), "the old widget left its box")
        XCTAssertEqual(new.text, "")
        XCTAssertEqual(probe.draft(), "", "a new id is new @State")
        XCTAssertFalse(probe.isFocused(), "the new view's focus state reads false")
        XCTAssertNil(focusWidget(ui.window), "GTK moved focus nowhere")
        XCTAssertNil(outer.focus())
        // The new view's focus state works: a write focuses its field.
        probe.setIsFocused(true)
        MainLoop.drain()
        XCTAssertTrue(new.isFocused)
        XCTAssertTrue(probe.isFocused())
        // And the other field takes focus from it as the user would.
        try ui.find(title: "Other").tap()
        XCTAssertFalse(probe.isFocused())
        XCTAssertEqual(outer.focus(), .b)
        try ui.find(title: "Draft").tap()
      }
      XCTAssertEqual(LiveObjects.snapshot, before, "an id change leaks nothing")
    }
  }

  func testAnIdInsideForEachRowsResetsOnlyThatRowAndItsFocus() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      let probe = StructureProbe()
      let ui = show(host { VersionedRows(model: model, probe: probe) })
      try ui.find(title: "row 1").type("one")
      let second = try ui.find(title: "row 2")
      second.type("two")
      XCTAssertEqual(probe.focus(), .row(2))
      let secondWidget = second.widget.pointer
      // Another row's id changes: only that row is new.
      let firstWidget = try ui.find(title: "row 1").widget.pointer
      model.versions[1] = 1
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertNotEqual(try ui.find(title: "row 1").widget.pointer, firstWidget)
      XCTAssertEqual(try ui.find(title: "row 1").text, "", "row 1's @State started again")
      XCTAssertEqual(try ui.find(title: "row 2").widget.pointer, secondWidget)
      XCTAssertTrue(try ui.find(title: "row 2").isFocused)
      XCTAssertEqual(probe.focus(), .row(2))
      XCTAssertEqual(try ui.find(title: "row 2").text, "two")
      // Rows move with their ids: state and focus move with them.
      model.ids = [3, 2, 1]
      MainLoop.drain()
      XCTAssertEqual(ui.findAll(TextField.self).map(\.title), ["row 3", "row 2", "row 1"])
      XCTAssertEqual(try ui.find(title: "row 2").widget.pointer, secondWidget)
      XCTAssertEqual(probe.focus(), .row(2))
      // The focused row's own id changes and it moves in the same update.
      model.versions[2] = 5
      model.ids = [2, 3, 1]
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertEqual(ui.findAll(TextField.self).map(\.title), ["row 2", "row 3", "row 1"])
      XCTAssertNotEqual(try ui.find(title: "row 2").widget.pointer, secondWidget)
      XCTAssertEqual(try ui.find(title: "row 2").text, "")
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertNil(probe.focus())
      probe.setFocus(.row(2))
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "row 2").isFocused, "the new row claims .row(2)")
      XCTAssertEqual(probe.focus(), .row(2))
    }
  }

  func testAnIdChangeIsADisappearAndAnAppearAndTheNewViewsOnChangeStartsFresh() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      _ = show(host { IdentifiedPanel(model: model) })
      XCTAssertEqual(model.log, ["appear panel 0"])
      model.log = []
      model.counter = 1
      MainLoop.drain()
      XCTAssertEqual(model.log, ["panel 0 0->1"])
      model.log = []
      model.key = 1
      model.counter = 2
      MainLoop.drain()
      XCTAssertEqual(
        Set(model.log), ["disappear panel 0", "appear panel 1"],
        "a new view sees its first value: no change handler runs")
      model.log = []
      model.counter = 3
      MainLoop.drain()
      XCTAssertEqual(model.log, ["panel 1 2->3"])
    }
  }

  func testANewIdAndAFocusWriteInOneActionFocusTheNewFieldWithoutPassingThroughNil() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      let probe = StructureProbe()
      let ui = show(host { NewDraft(model: model, probe: probe) })
      let old = try ui.find(title: "Title")
      old.type("first")
      XCTAssertEqual(probe.focus(), .a)
      model.log = []
      // From the field itself: the old one leaves, the new one takes the same value.
      model.key += 1
      probe.setFocus(.a)
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      let new = try ui.find(title: "Title")
      XCTAssertNotEqual(new.widget.pointer, old.widget.pointer)
      XCTAssertEqual(new.text, "")
      XCTAssertTrue(new.isFocused)
      XCTAssertEqual(probe.focus(), .a)
      XCTAssertFalse(model.log.contains("b"), "\(model.log)")
      // From another field.
      try ui.find(title: "Notes").tap()
      XCTAssertEqual(probe.focus(), .b)
      model.log = []
      model.key += 1
      probe.setFocus(.a)
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertTrue(try ui.find(title: "Title").isFocused)
      XCTAssertEqual(probe.focus(), .a)
      XCTAssertEqual(model.log, ["a"], "one change, .b -> .a")
    }
  }

  func testAnIdChangeOnANavigationStackRebuildsItsPagesFromThePath() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      model.ids = [7]
      let probe = StructureProbe()
      let ui = show(host { IdentifiedNavigation(model: model, probe: probe) })
      var page = try ui.find(title: "Page 7")
      page.type("p")
      XCTAssertEqual(probe.focus(), .row(7))
      var before = LiveObjects.snapshot
      for cycle in 0..<4 {
        if cycle == 1 { before = LiveObjects.snapshot }
        model.key += 1
        MainLoop.drain()
        waitForFrames(ui.window, 2)
        let rebuilt = try ui.find(title: "Page 7")
        XCTAssertNotEqual(rebuilt.widget.pointer, page.widget.pointer)
        XCTAssertEqual(rebuilt.text, "p", "the model's text")
        // The new stack shows its page as a push does: the page's field takes focus, and the
        // new focus state reads it.
        XCTAssertTrue(rebuilt.isFocused)
        XCTAssertEqual(probe.focus(), .row(7))
        XCTAssertEqual(model.ids, [7], "the path is kept")
        page = rebuilt
      }
      XCTAssertEqual(LiveObjects.snapshot, before, "the old stacks left nothing behind")
      model.ids = []
      MainLoop.drain()
      XCTAssertNoThrow(try ui.find(title: "Root"))
      XCTAssertTrue(ui.findAll(TextField.self).allSatisfy { $0.title != "Page 7" })
    }
  }

  func testAnIdChangeOnAFormWithADefaultFocus() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      let probe = StructureProbe()
      let ui = show(host { IdentifiedDefaultFocus(model: model, probe: probe) })
      XCTAssertTrue(try ui.find(title: "Code").isFocused)
      XCTAssertEqual(probe.focus(), .b)
      try ui.find(title: "Name").tap()
      XCTAssertEqual(probe.focus(), .a)
      model.key += 1
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      let focused = ui.findAll(TextField.self).filter(\.isFocused).map(\.title)
      let truth: StructureField? = focused == ["Code"] ? .b : focused == ["Name"] ? .a : nil
      XCTAssertEqual(probe.focus(), truth, "the new form's state reads GTK's focus: \(focused)")
    }
  }

  // SwiftUI: `.id` on a container with focus inside: a new id drops the focus (state nil) and
  // the fields inside are new.
  func testANewIDOnAContainerWithFocusInsideDropsFocus() {
    MainActor.assumeIsolated {
      let editor = ContactEditor()
      var focus: FocusState<Int?>.Binding!
      struct V: View {
        let editor: ContactEditor
        let onFocus: (FocusState<Int?>.Binding) -> Void
        @FocusState var focus: Int?
        var body: some View {
          onFocus($focus)
          return VStack {
            ForEach(0..<2, id: \.self) { i in
              Field(index: i, focus: $focus).id(i == 1 ? editor.formID : 0)
            }
          }
        }
      }
      struct Field: View {
        let index: Int
        let focus: FocusState<Int?>.Binding
        @State var text = ""
        var body: some View {
          HStack { TextField("\(index)", text: $text).focused(focus, equals: index) }
        }
      }
      let host = host { V(editor: editor) { focus = $0 } }
      show(host)
      let entries = host.textFieldEntries
      focus.wrappedValue = 1
      MainLoop.drain()
      entries[1].simulateTyping("typed")
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(entries[1]))
      editor.formID = 5
      MainLoop.drain()
      XCTAssertNil(focus.wrappedValue)
      XCTAssertTrue(host.textFieldEntries[0] === entries[0])
      XCTAssertFalse(host.textFieldEntries[1] === entries[1])
      XCTAssertEqual(host.textFieldEntries[1].text, "")
      focus.wrappedValue = 1
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(host.textFieldEntries[1]))
      XCTAssertEqual(focus.wrappedValue, 1)
    }
  }
}
