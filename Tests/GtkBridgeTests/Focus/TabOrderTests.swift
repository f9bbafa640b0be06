import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

/// HStack rows in a VStack, a hidden and a disabled field, a focusable box, then controls.
private struct TabGrid: View {
  @Bindable var model: NewModel
  var body: some View {
    VStack {
      HStack {
        TextField("A1", text: model.text(1))
        TextField("A2", text: model.text(2))
      }
      HStack {
        TextField("B1", text: model.text(3))
        TextField("Hidden", text: model.text(4)).hidden()
        TextField("Disabled", text: model.text(5)).disabled(true)
        TextField("B2", text: model.text(6))
      }
      HStack {
        Text("Box")
      }
      .focusable()
      HStack {
        Button("Go") {}
        Toggle("On", isOn: $model.on)
        Picker("Choice", selection: $model.choice) {
          Text("Zero").tag(0)
          Text("One").tag(1)
        }
      }
    }
  }
}

/// Rows of two fields in HStacks; Return in a row's name inserts a row after it and focuses
/// its name. In a plain stack or in a NavigationSplitView's detail.
private struct InsertingRows: View {
  let model: NewModel
  let probe: NewProbe<NewField>
  let split: Bool
  @FocusState private var focus: NewField?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return Group {
      if split {
        NavigationSplitView {
          Text("Sidebar")
        } detail: {
          rows
        }
      } else {
        rows
      }
    }
  }

  var rows: some View {
    VStack {
      ForEach(model.ids, id: \.self) { id in
        HStack {
          TextField("N\(id)", text: model.text(id)).focused($focus, equals: .name(id))
            .onSubmit {
              let new = model.next
              model.next += 1
              model.ids.insert(new, at: model.ids.firstIndex(of: id)! + 1)
              focus = .name(new)
            }
          TextField("V\(id)", text: model.text(-id)).focused($focus, equals: .value(id))
        }
      }
    }
  }
}

/// Tab order through nested rows, hidden and disabled fields and new rows.
final class TabOrderTests: GtkTestCase, @unchecked Sendable {
  func testTabWalksNestedRowsSkipsHiddenAndDisabledAndReachesControls() throws {
    try MainActor.assumeIsolated {
      let model = NewModel()
      let ui = show { TabGrid(model: model) }
      gtk_widget_grab_focus((try ui.find(title: "A1").widget as! EditableWidget).delegate)
      var order: [String] = []
      for _ in 0..<9 {
        ui.press(.tab)
        order.append(focusedNoteTitle(ui) ?? (typeName(focusWidget(ui.window)) ?? "nil"))
      }
      // The hidden and disabled fields are skipped; the focusable box is a stop; past the
      // picker (its drop-down's button) Tab wraps to the first field, as on macOS (the header
      // bar has no stop).
      XCTAssertEqual(order[0..<5], ["A2", "B1", "B2", "CgtkFocusBox", "Go"])
      XCTAssertEqual(order[5], "On")
      let picker = try XCTUnwrap(findWidgets("GtkDropDown", in: ui).first)
      XCTAssertEqual(order[7], "A1")
      var back: [String] = []
      gtk_widget_grab_focus((try ui.find(title: "A1").widget as! EditableWidget).delegate)
      ui.press(.shiftTab)
      XCTAssertNotEqual(
        gtk_widget_is_ancestor(try XCTUnwrap(focusWidget(ui.window)), picker), 0,
        "Shift-Tab from the first field wraps to the last control")
      for _ in 0..<2 {
        ui.press(.shiftTab)
        back.append(focusedNoteTitle(ui) ?? (typeName(focusWidget(ui.window)) ?? "nil"))
      }
      XCTAssertEqual(back, ["On", "Go"])
    }
  }

  func testTabRightAfterReturnInsertedARowInHStackRowsAndInASplitColumn() throws {
    try MainActor.assumeIsolated {
      for split in [false, true] {
        let model = NewModel()
        model.next = 100
        let probe = NewProbe<NewField>()
        let ui = show { InsertingRows(model: model, probe: probe, split: split) }
        probe.setFocus(.name(1))
        MainLoop.drain()
        waitForFrames(ui.window)
        // NB: no frame between the keys.
        ui.press(.return)
        XCTAssertEqual(probe.focus(), .name(100), "split \(split)")
        ui.press(.tab)
        XCTAssertEqual(focusedNoteTitle(ui), "V100", "split \(split): Tab to the new row's value")
        ui.press(.return)
        probe.setFocus(.name(100))
        MainLoop.drain()
        probe.setFocus(.name(2))
        MainLoop.drain()
        waitForFrames(ui.window)
        ui.press(.return)
        XCTAssertEqual(probe.focus(), .name(101), "split \(split)")
        ui.press(.shiftTab)
        XCTAssertEqual(focusedNoteTitle(ui), "V2", "split \(split): Shift-Tab to the row above")
        ui.host.close()
        MainLoop.drain()
      }
    }
  }
}
