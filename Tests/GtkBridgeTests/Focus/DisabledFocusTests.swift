import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

/// A child with `@State`, so it can skip its `body` while the attributes above change.
private struct DisabledInner: View {
  let model: StructureModel
  @State private var local = ""
  var body: some View {
    VStack {
      TextField("Inner", text: $local).disabled(model.inner)
      TextField("Plain", text: model.text(5))
      StructureEnabledReader()
    }
  }
}

private struct NestedDisabled: View {
  let model: StructureModel
  let probe: StructureProbe
  @FocusState private var focus: StructureField?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return VStack {
      Group {
        DisabledInner(model: model)
        TextField("Focusable", text: model.text(1)).focused($focus, equals: .a)
        ForEach(model.ids, id: \.self) { id in
          TextField("row \(id)", text: model.text(10 + id)).focused($focus, equals: .row(id))
        }
      }
      .disabled(model.outer)
      TextField("Free", text: model.text(2)).focused($focus, equals: .b)
    }
  }
}

/// `.disabled` and `.hidden` around fields: focus dropped, refused and not taken back.
final class DisabledFocusTests: GtkTestCase, @unchecked Sendable {
  func testDisablingTheFocusedFieldClearsFocusAndEnablingDoesNotTakeItBack() throws {
    try MainActor.assumeIsolated {
      let probe = EditingProbe<UUID>()
      let model = EditingFilterModel()
      let items = makeItems(["a", "b"])
      let ui = show { EditingFiltered(probe: probe, model: model, items: items) }
      ui.findAll(TextField.self)[1].tap()
      typeAtFocus(ui.window, "1")
      model.locked = true
      MainLoop.drain()
      XCTAssertFalse(ui.findAll(TextField.self)[1].isEnabled)
      XCTAssertNil(probe.focus())
      XCTAssertNil(focusWidget(ui.window))
      typeAtFocus(ui.window, "2")
      model.locked = false
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertTrue(ui.findAll(TextField.self)[1].isEnabled)
      XCTAssertNil(probe.focus(), "re-enabling does not take focus back")
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertEqual(probe.items().map(\.name), ["a", "b1"])
      // Disabled and asked for focus: refused, reads nil; enabled later, still nil.
      model.locked = true
      probe.setFocus(items[0].id)
      MainLoop.drain()
      XCTAssertNil(probe.focus())
      XCTAssertNil(focusWidget(ui.window))
      model.locked = false
      MainLoop.drain()
      XCTAssertNil(probe.focus())
      XCTAssertNil(focusWidget(ui.window))
      // Enabled and asked in one action: focused.
      model.locked = true
      MainLoop.drain()
      model.locked = false
      probe.setFocus(items[0].id)
      MainLoop.drain()
      XCTAssertEqual(focusedIndex(ui), 0)
      XCTAssertEqual(probe.focus(), items[0].id)
      // NB: a refused request shows in onChange as made, then as read back (`row->nil`).
      XCTAssertEqual(
        probe.log, ["nil->row", "row->row", "row->nil", "nil->row", "row->nil", "nil->row"])
    }
  }

  func testNestedDisabledCombinationsOverTimeMatchGTKAndTheEnvironment() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      model.ids = [1]
      let probe = StructureProbe()
      let ui = show(host { NestedDisabled(model: model, probe: probe) })
      var random = SystemRandomNumberGenerator()
      var steps: [(Bool, Bool)] = [
        (false, false), (true, false), (true, true), (false, true), (false, false),
        (true, true), (false, false), (false, true), (true, false), (false, true),
      ]
      for _ in 0..<10 { steps.append((Bool.random(using: &random), Bool.random(using: &random))) }
      for (index, (outer, inner)) in steps.enumerated() {
        model.outer = outer
        model.inner = inner
        if index % 3 == 0 { model.ids.append(model.ids.count + 1) }
        MainLoop.drain()
        let label = "step \(index): outer \(outer) inner \(inner)"
        XCTAssertEqual(try ui.find(title: "Inner").isEnabled, !(outer || inner), label)
        XCTAssertEqual(try ui.find(title: "Plain").isEnabled, !outer, label)
        XCTAssertEqual(try ui.find(title: "Focusable").isEnabled, !outer, label)
        for id in model.ids {
          XCTAssertEqual(try ui.find(title: "row \(id)").isEnabled, !outer, label + " row \(id)")
        }
        XCTAssertTrue(try ui.find(title: "Free").isEnabled, label)
        XCTAssertEqual(try ui.find(Text.self).text, outer ? "disabled" : "enabled", label)
      }
    }
  }

  func testDisablingTheContainerOfTheFocusedFieldAndWritesInTheSameUpdate() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      model.ids = [1]
      let probe = StructureProbe()
      let ui = show(host { NestedDisabled(model: model, probe: probe) })
      let row = try ui.find(title: "row 1")
      row.type("x")
      XCTAssertEqual(probe.focus(), .row(1))
      model.outer = true
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertNil(probe.focus())
      model.outer = false
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertNil(focusWidget(ui.window), "enabling again gives no focus back")
      XCTAssertNil(probe.focus())
      // Enabling and writing in one update focuses; disabling and writing reads the truth.
      model.outer = true
      MainLoop.drain()
      model.outer = false
      probe.setFocus(.a)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "Focusable").isFocused)
      XCTAssertEqual(probe.focus(), .a)
      try ui.find(title: "Free").tap()
      XCTAssertEqual(probe.focus(), .b)
      model.outer = true
      probe.setFocus(.row(1))
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "Free").isFocused)
      XCTAssertEqual(probe.focus(), .b)
      // A row added to the disabled container is disabled; focus cannot go there.
      model.ids = [1, 2]
      probe.setFocus(.row(2))
      MainLoop.drain()
      XCTAssertFalse(try ui.find(title: "row 2").isEnabled)
      XCTAssertEqual(probe.focus(), .b)
      XCTAssertTrue(try ui.find(title: "Free").isFocused)
    }
  }

  // SwiftUI: disabling a container while a field inside has focus drops focus; the state
  // reads nil, and enabling it again lets `focus = .x` focus the field.
  func testDisablingAContainerWithFocusInsideDropsFocusAndReenablingAllowsIt() {
    MainActor.assumeIsolated {
      let editor = ContactEditor()
      var focus: FocusState<Int?>.Binding!
      struct V: View {
        let editor: ContactEditor
        let onFocus: (FocusState<Int?>.Binding) -> Void
        @FocusState var focus: Int?
        @State var text = ""
        var body: some View {
          onFocus($focus)
          return VStack {
            Group {
              VStack { TextField("x", text: $text).focused($focus, equals: 1) }
            }.disabled(editor.flag)
          }
        }
      }
      let host = host { V(editor: editor) { focus = $0 } }
      show(host)
      focus.wrappedValue = 1
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(host.textFieldEntries[0]))
      editor.flag = true
      MainLoop.drain()
      XCTAssertNil(focus.wrappedValue)
      XCTAssertFalse(isSensitive(host.textFieldEntries[0]))
      focus.wrappedValue = 1
      MainLoop.drain()
      XCTAssertNil(focus.wrappedValue, "a disabled field cannot take focus")
      editor.flag = false
      MainLoop.drain()
      XCTAssertTrue(isSensitive(host.textFieldEntries[0]))
      focus.wrappedValue = 1
      MainLoop.drain()
      XCTAssertEqual(focus.wrappedValue, 1)
      XCTAssertTrue(holdsFocus(host.textFieldEntries[0]))
    }
  }

  // SwiftUI: rows inserted inside a disabled container are disabled too.
  func testRowsInsertedInADisabledContainerAreDisabled() {
    MainActor.assumeIsolated {
      let shared = SharedRowsModel()
      struct V: View {
        @Bindable var shared: SharedRowsModel
        var body: some View {
          VStack {
            ForEach($shared.items) { $item in TextField("", text: $item.name) }
          }.disabled(true)
        }
      }
      let host = host { V(shared: shared) }
      show(host)
      shared.items.append(ProbeRow(id: 9, name: "new"))
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.count, 4)
      XCTAssertFalse(host.textFieldEntries.contains { isSensitive($0) })
    }
  }

  // SwiftUI: a hidden field takes no focus: a request reads back nil, Tab skips it.
  func testAHiddenFieldTakesNoFocusFromARequestOrTab() {
    MainActor.assumeIsolated {
      var focus: FocusState<Int?>.Binding!
      struct V: View {
        let onFocus: (FocusState<Int?>.Binding) -> Void
        @FocusState var focus: Int?
        @State var a = ""
        @State var b = ""
        @State var c = ""
        var body: some View {
          onFocus($focus)
          return VStack {
            TextField("a", text: $a).focused($focus, equals: 0)
            TextField("b", text: $b).focused($focus, equals: 1).hidden()
            TextField("c", text: $c).focused($focus, equals: 2)
          }
        }
      }
      let host = host { V { focus = $0 } }
      show(host)
      let before = focus.wrappedValue
      focus.wrappedValue = 1
      MainLoop.drain()
      XCTAssertEqual(focus.wrappedValue, before, "the refused request reads back the truth")
      XCTAssertFalse(holdsFocus(host.textFieldEntries[1]))
      focus.wrappedValue = 0
      MainLoop.drain()
      XCTAssertEqual(focus.wrappedValue, 0)
      host.window.simulateMoveFocus(.tabForward)
      MainLoop.drain()
      XCTAssertEqual(focus.wrappedValue, 2, "Tab skips the hidden field")
    }
  }
}
