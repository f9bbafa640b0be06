import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

private struct HiddenAncestorFocusDisclosure: View {
  let model: StructureModel
  let probe: StructureProbe
  @FocusState private var focus: StructureField?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return VStack {
      TextField("Outside", text: model.text(1)).focused($focus, equals: .b)
      DisclosureGroup("More", isExpanded: Bindable(model).flag) {
        TextField("Inside", text: model.text(2)).focused($focus, equals: .a)
      }
    }
  }
}

private struct HiddenAncestorFocusTabs: View {
  let model: StructureModel
  let probe: StructureProbe
  @FocusState private var focus: StructureField?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return TabView(selection: Bindable(model).key) {
      TextField("First", text: model.text(1)).focused($focus, equals: .a)
        .tabItem { Text("One") }.tag(0)
      TextField("Second", text: model.text(2)).focused($focus, equals: .b)
        .tabItem { Text("Two") }.tag(1)
    }
  }
}

/// Focus writes into collapsed groups, hidden tabs and pages pushed in the same update.
final class HiddenAncestorFocusTests: GtkTestCase, @unchecked Sendable {
  func testAFocusWriteIntoACollapsedGroupReadsTheTruthAndExpandingWithAWriteFocuses() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      let probe = StructureProbe()
      let ui = show(host { HiddenAncestorFocusDisclosure(model: model, probe: probe) })
      let outside = try ui.find(title: "Outside")
      outside.tap()
      XCTAssertEqual(probe.focus(), .b)
      probe.setFocus(.a)
      MainLoop.drain()
      XCTAssertTrue(outside.isFocused, "a collapsed field takes no focus")
      XCTAssertEqual(probe.focus(), .b, "the state reads the field that has focus")
      gtk_root_set_focus(OpaquePointer(ui.window.pointer), nil)
      MainLoop.drain()
      XCTAssertNil(probe.focus())
      probe.setFocus(.a)
      MainLoop.drain()
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertNil(probe.focus())
      // Expanding and writing in one update (a "Show more" button).
      model.flag = true
      probe.setFocus(.a)
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertTrue(try ui.find(title: "Inside").isFocused)
      XCTAssertEqual(probe.focus(), .a)
      // The user collapses it with the title: focus leaves, the state reads nil.
      let expander = try XCTUnwrap(findWidgets("GtkExpander", in: ui).first)
      gtk_widget_activate(expander)
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertFalse(model.flag)
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertNil(probe.focus())
    }
  }

  func testSwitchingTabAndFocusingAFieldOnItInOneUpdate() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      let probe = StructureProbe()
      let ui = show(host { HiddenAncestorFocusTabs(model: model, probe: probe) })
      try ui.find(title: "First").tap()
      XCTAssertEqual(probe.focus(), .a)
      model.key = 1
      probe.setFocus(.b)
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertTrue(try ui.find(title: "Second").isFocused)
      XCTAssertEqual(probe.focus(), .b)
      // Back, writing a field on the tab being left: it is hidden, so it reads the truth.
      model.key = 0
      probe.setFocus(.b)
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertFalse(try ui.find(title: "Second").isFocused)
      let truth: StructureField? = try ui.find(title: "First").isFocused ? .a : nil
      XCTAssertEqual(probe.focus(), truth)
    }
  }

  func testPushingAPageAndFocusingItsFieldInOneUpdateThenPoppingWithARootWrite() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      model.ids = []
      let probe = StructureProbe()
      let ui = show(host { StructureNavigation(model: model, probe: probe) })
      try ui.find(title: "Root").type("r")
      XCTAssertEqual(probe.focus(), .a)
      model.ids = [7]
      probe.setFocus(.row(7))
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertTrue(try ui.find(title: "Page 7").isFocused)
      XCTAssertEqual(probe.focus(), .row(7))
      // Pop and write the root's value in one update.
      model.ids = []
      probe.setFocus(.a)
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertTrue(try ui.find(title: "Root").isFocused)
      XCTAssertEqual(probe.focus(), .a)
      // Push a page whose field is written before the push lands, then another page.
      model.ids = [7, 8]
      probe.setFocus(.row(7))
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertFalse(try ui.find(title: "Root").isFocused, "the root page is covered")
      let shown = ui.findAll(TextField.self).filter(\.isFocused).map(\.title)
      let expected: StructureField? =
        shown == ["Page 7"] ? .row(7) : shown == ["Page 8"] ? .row(8) : nil
      XCTAssertEqual(probe.focus(), expected, "the state reads what GTK shows: \(shown)")
    }
  }
}
