import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

private enum Flavor: String, CaseIterable, Identifiable, Hashable {
  case chocolate, vanilla, strawberry
  var id: Self { self }
}

/// A choice drawn by a view of the app's own, as apps write them: an icon and a name.
private struct FlavorRow: View {
  let flavor: Flavor
  var body: some View {
    HStack {
      Image(systemName: "star")
      Text(flavor.rawValue.capitalized)
    }
  }
}

/// A choice whose body is a label (and a `.tag` of its own inside).
private struct FlavorLabel: View {
  let flavor: Flavor
  var body: some View {
    Label(flavor.rawValue.uppercased(), systemImage: "star").tag(flavor)
  }
}

@MainActor
@Observable
private final class PickerModel {
  var flavor = Flavor.vanilla
  var size: Int? = 2
  var style = 0
}

@MainActor
func findWidgets(_ type: String, in ui: ViewInspection<some View>) -> [UnsafeMutablePointer<
  GtkWidget
>] {
  gtkTree(ui.window.pointer).filter { widgetTypeName($0) == type }
}

@MainActor
private func dropDownTitles(_ dropDown: UnsafeMutablePointer<GtkWidget>) -> [String] {
  let model = gtk_drop_down_get_model(OpaquePointer(dropDown))!
  return (0..<g_list_model_get_n_items(model)).map {
    String(cString: gtk_string_list_get_string(model, $0))
  }
}

/// The title the drop-down shows as chosen, `nil` for none: no item selected, or (on GTKs
/// whose drop-down cannot show none; see `GTKVersion.dropDownCanShowNoItem`) the blank last row.
@MainActor
private func shownChoice(_ dropDown: UnsafeMutablePointer<GtkWidget>) -> String? {
  let selected = gtk_drop_down_get_selected(OpaquePointer(dropDown))
  guard selected != guint(GTK_INVALID_LIST_POSITION) else { return nil }
  let title = dropDownTitles(dropDown)[Int(selected)]
  return title.isEmpty ? nil : title
}

@MainActor
private func isMapped(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
  gtk_widget_get_mapped(widget) != 0
}

/// Picker (menu, segmented, inline) on real GTK widgets (issue 13).
final class PickerTests: GtkTestCase, @unchecked Sendable {
  func testAMenuPickerIsADropDownBoundBothWays() {
    MainActor.assumeIsolated {
      let model = PickerModel()
      let ui = show {
        Picker("Flavor", selection: Bindable(model).flavor) {
          Text("Chocolate").tag(Flavor.chocolate)
          Text("Vanilla").tag(Flavor.vanilla)
          Text("Strawberry").tag(Flavor.strawberry)
        }
      }
      let dropDown = try! XCTUnwrap(findWidgets("GtkDropDown", in: ui).first)
      XCTAssertEqual(dropDownTitles(dropDown), ["Chocolate", "Vanilla", "Strawberry"])
      XCTAssertEqual(gtk_drop_down_get_selected(OpaquePointer(dropDown)), 1)
      XCTAssertTrue(findWidgets("GtkLabel", in: ui).contains { labelText($0) == "Flavor" })
      // What the drop-down's popover does when the user picks a row.
      gtk_drop_down_set_selected(OpaquePointer(dropDown), 2)
      MainLoop.drain()
      XCTAssertEqual(model.flavor, .strawberry)
      model.flavor = .chocolate
      MainLoop.drain()
      XCTAssertEqual(gtk_drop_down_get_selected(OpaquePointer(dropDown)), 0)
    }
  }

  // Issue 35, case 4: choices that are views of the app's own showed "(None)": only Text,
  // Label and GtkBridge's containers were read.
  func testChoicesThatAreCustomViewsReadTheirTitleFromTheBodyAndTheirTagFromTheRow() {
    MainActor.assumeIsolated {
      let model = PickerModel()
      let ui = show {
        VStack {
          Picker("Flavor", selection: Bindable(model).flavor) {
            ForEach(Flavor.allCases) { flavor in FlavorRow(flavor: flavor).tag(flavor) }
          }
          Picker("Other", selection: Bindable(model).flavor) {
            ForEach(Flavor.allCases) { flavor in FlavorLabel(flavor: flavor) }
          }
        }
      }
      let dropDowns = findWidgets("GtkDropDown", in: ui)
      XCTAssertEqual(dropDownTitles(dropDowns[0]), ["Chocolate", "Vanilla", "Strawberry"])
      XCTAssertEqual(dropDownTitles(dropDowns[1]), ["CHOCOLATE", "VANILLA", "STRAWBERRY"])
      XCTAssertEqual(shownChoice(dropDowns[0]), "Vanilla")
      XCTAssertEqual(shownChoice(dropDowns[1]), "VANILLA")
      gtk_drop_down_set_selected(OpaquePointer(dropDowns[0]), 2)
      MainLoop.drain()
      XCTAssertEqual(model.flavor, .strawberry)
      XCTAssertEqual(shownChoice(dropDowns[1]), "STRAWBERRY")
    }
  }

  func testForEachChoicesStandForTheirIdsAndAnOptionalSelectionMatchesPlainTags() {
    MainActor.assumeIsolated {
      let model = PickerModel()
      let ui = show {
        VStack {
          Picker("Flavor", selection: Bindable(model).flavor) {
            ForEach(Flavor.allCases) { flavor in Text(flavor.rawValue.capitalized) }
          }
          Picker("Size", selection: Bindable(model).size) {
            Text("None").tag(Int?.none)
            ForEach(1..<4) { size in Text("Size \(size)").tag(Int?.some(size)) }
          }
        }
      }
      let dropDowns = findWidgets("GtkDropDown", in: ui)
      XCTAssertEqual(dropDownTitles(dropDowns[0]), ["Chocolate", "Vanilla", "Strawberry"])
      XCTAssertEqual(gtk_drop_down_get_selected(OpaquePointer(dropDowns[0])), 1)
      XCTAssertEqual(gtk_drop_down_get_selected(OpaquePointer(dropDowns[1])), 2)
      gtk_drop_down_set_selected(OpaquePointer(dropDowns[1]), 0)
      MainLoop.drain()
      XCTAssertNil(model.size)
      gtk_drop_down_set_selected(OpaquePointer(dropDowns[1]), 3)
      MainLoop.drain()
      XCTAssertEqual(model.size, 3)
    }
  }

  func testSegmentedAndInlineStylesAreGroupedButtons() {
    MainActor.assumeIsolated {
      let model = PickerModel()
      let ui = show {
        VStack {
          Picker("Segmented", selection: Bindable(model).flavor) {
            ForEach(Flavor.allCases) { Text($0.rawValue) }
          }
          .pickerStyle(.segmented)
          Picker("Radio", selection: Bindable(model).flavor) {
            ForEach(Flavor.allCases) { Text($0.rawValue) }
          }
          .pickerStyle(.radioGroup)
        }
      }
      let toggles = findWidgets("GtkToggleButton", in: ui)
      XCTAssertEqual(toggles.count, 3)
      XCTAssertTrue(hasClass(gtk_widget_get_parent(toggles[0])!, "linked"))
      let checks = findWidgets("GtkCheckButton", in: ui)
      XCTAssertEqual(checks.count, 3)
      func active() -> [Bool] {
        toggles.map {
          gtk_toggle_button_get_active(
            UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkToggleButton.self)) != 0
        }
          + checks.map {
            gtk_check_button_get_active(
              UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkCheckButton.self)) != 0
          }
      }
      XCTAssertEqual(active(), [false, true, false, false, true, false])
      cgtk_emit(toggles[0], "clicked")
      MainLoop.drain()
      XCTAssertEqual(model.flavor, .chocolate)
      XCTAssertEqual(active(), [true, false, false, true, false, false], "both follow the binding")
      gtk_widget_activate(checks[2])
      MainLoop.drain()
      XCTAssertEqual(model.flavor, .strawberry)
      XCTAssertEqual(active(), [false, false, true, false, false, true])
    }
  }

  // Issue 35, case 4, driven with real keys: Tab to the picker, Space opens its list, End
  // and Return choose the last choice.
  func testChoicesThatAreCustomViewsArePickedWithRealKeys() throws {
    guard try runsInChildProcess(in: "PickerTests") else { return }
    try MainActor.assumeIsolated {
      let model = PickerModel()
      let ui = show {
        Picker("Flavor", selection: Bindable(model).flavor) {
          ForEach(Flavor.allCases) { FlavorRow(flavor: $0).tag($0) }
        }
      }
      let dropDown = try XCTUnwrap(findWidgets("GtkDropDown", in: ui).first)
      XCTAssertEqual(shownChoice(dropDown), "Vanilla")
      XCTAssertTrue(MainLoop.run(timeout: 5) { ui.window.isActive })
      ui.window.title = "picker-real-keys"
      MainLoop.drain()
      _ = try runXdotool([
        "search", "--sync", "--name", "^picker-real-keys$", "windowfocus", "--sync",
      ])
      _ = try runXdotool(["key", "Tab"])
      waitForFrames(ui.window)
      _ = try runXdotool(["key", "space"])
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { findWidgets("GtkPopover", in: ui).contains(where: isMapped) },
        "Space opened the list")
      waitForFrames(ui.window)
      // NB: keys go where X's focus is (XTEST), not to the main window by name: the open
      // list is a popup surface of its own.
      // NB: End, not Down: GTK 4.8's list starts its keyboard cursor on the first row, not
      // on the chosen one (a C GtkDropDown does the same).
      _ = try runXdotool(["key", "End"])
      waitForFrames(ui.window)
      _ = try runXdotool(["key", "Return"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.flavor == .strawberry }, "\(model.flavor)")
      MainLoop.drain()
      XCTAssertEqual(shownChoice(dropDown), "Strawberry")
    }
  }

  func testChoicesWithoutAMatchingTagWriteNothingAndAnEmptyPickerIsEmpty() {
    MainActor.assumeIsolated {
      let model = PickerModel()
      let ui = show {
        VStack {
          Picker("Flavor", selection: Bindable(model).flavor) {
            Text("Untagged")
            Text("Wrong type").tag("vanilla")
            Text("Vanilla").tag(Flavor.vanilla)
          }
          Picker("Empty", selection: Bindable(model).flavor) {}
          Picker("Fixed", selection: .constant(Flavor.vanilla)) {
            ForEach(Flavor.allCases) { Text($0.rawValue) }
          }
          .pickerStyle(.segmented)
          Form {}
        }
      }
      let dropDowns = findWidgets("GtkDropDown", in: ui)
      XCTAssertEqual(dropDownTitles(dropDowns[1]), [])
      XCTAssertEqual(
        gtk_drop_down_get_selected(OpaquePointer(dropDowns[1])), guint(GTK_INVALID_LIST_POSITION))
      for index: guint in [0, 1] {
        gtk_drop_down_set_selected(OpaquePointer(dropDowns[0]), index)
        MainLoop.drain()
        XCTAssertEqual(model.flavor, .vanilla, "choice \(index) stands for no Flavor")
        XCTAssertEqual(
          gtk_drop_down_get_selected(OpaquePointer(dropDowns[0])), 2,
          "the drop-down goes back to what the binding holds")
      }
      let fixed = findWidgets("GtkToggleButton", in: ui).filter {
        hasClass(gtk_widget_get_parent($0)!, "linked")
      }
      cgtk_emit(fixed[0], "clicked")
      MainLoop.drain()
      XCTAssertEqual(
        fixed.map {
          gtk_toggle_button_get_active(
            UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkToggleButton.self)) != 0
        }, [false, true, false], "a constant binding keeps its choice shown")
      model.flavor = .chocolate
      MainLoop.drain()
      XCTAssertNil(shownChoice(dropDowns[0]), "a value no choice stands for shows none")
      // Choosing the blank row (where there is one) writes nothing and keeps none shown.
      if dropDownTitles(dropDowns[0]).last == "" {
        gtk_drop_down_set_selected(OpaquePointer(dropDowns[0]), 3)
        MainLoop.drain()
        XCTAssertEqual(model.flavor, .chocolate)
        XCTAssertNil(shownChoice(dropDowns[0]))
      }
      model.flavor = .vanilla
      MainLoop.drain()
      XCTAssertEqual(shownChoice(dropDowns[0]), "Vanilla", "a matching value is shown again")
      XCTAssertEqual(dropDownTitles(dropDowns[0]).count, 3, "and the blank row is gone")
    }
  }

  func testLabelsHiddenHidesTheTitleButKeepsItAsTheAccessibleLabel() {
    MainActor.assumeIsolated {
      let model = PickerModel()
      let ui = show {
        Form {
          Picker("Flavor", selection: Bindable(model).flavor) {
            ForEach(Flavor.allCases) { Text($0.rawValue) }
          }
          .labelsHidden()
          Picker("Shown", selection: Bindable(model).flavor) {
            ForEach(Flavor.allCases) { Text($0.rawValue) }
          }
          TextField("Name", text: .constant("")).labelsHidden()
        }
      }
      let labels = findWidgets("GtkLabel", in: ui)
      let flavor = labels.first { labelText($0) == "Flavor" }!
      let shown = labels.first { labelText($0) == "Shown" }!
      XCTAssertEqual(gtk_widget_get_visible(flavor), 0)
      XCTAssertEqual(gtk_widget_get_visible(shown), 1)
      let dropDown = findWidgets("GtkDropDown", in: ui)[0]
      XCTAssertTrue(Widget(retaining: dropDown).hasAccessibleLabel("Flavor"))
      let row = gtkTree(ui.window.pointer).first { hasClass($0, FormRowLabel.rowClass) }!
      XCTAssertEqual(gtk_widget_get_visible(gtk_widget_get_first_child(row)!), 0)
    }
  }
}
