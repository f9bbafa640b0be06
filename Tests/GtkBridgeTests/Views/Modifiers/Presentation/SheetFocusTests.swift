import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

/// One focus state bound in the window and in its sheet.
private struct SharedWithSheet: View {
  let model: StructureModel
  let probe: StructureProbe
  @FocusState private var focus: StructureField?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return VStack {
      TextField("Parent", text: model.text(1)).focused($focus, equals: .a)
    }
    .sheet(isPresented: Bindable(model).flag) {
      TextField("In sheet", text: model.text(2)).focused($focus, equals: .b)
    }
  }
}

/// A focus state shared between a sheet and its parent.
final class SheetFocusTests: GtkTestCase, @unchecked Sendable {
  func testAFocusStateSharedWithASheetReadsTheSheetsFieldThenTheParentsAgain() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      let probe = StructureProbe()
      let ui = show(host { SharedWithSheet(model: model, probe: probe) })
      try ui.find(title: "Parent").type("p")
      XCTAssertEqual(probe.focus(), .a)
      model.flag = true
      probe.setFocus(.b)
      XCTAssertTrue(MainLoop.run(timeout: 5) { probe.focus() == .b })
      XCTAssertTrue(try ui.find(title: "Parent").isFocused, "the parent keeps its focus widget")
      model.flag = false
      XCTAssertTrue(MainLoop.run(timeout: 5) { ui.window.isActive })
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "Parent").isFocused)
      XCTAssertEqual(probe.focus(), .a, "the state reads the active window's truth again")
    }
  }
}
