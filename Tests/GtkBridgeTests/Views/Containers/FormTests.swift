import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class SettingsFormModel {
  enum Field: Hashable { case name, email, notes, row(Int) }
  var name = ""
  var email = ""
  var notes = ""
  var focus: Field?
  var rows = [1, 2, 3]
  var showEmail = true
  var submitted: [String] = []
}

/// The GType name of a widget (G_OBJECT_TYPE_NAME).
@MainActor
func widgetTypeName(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
  String(
    cString: g_type_name_from_instance(
      UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)))
}

/// The widget and every widget below it, depth first.
@MainActor
func gtkTree(_ widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
  var result = [widget]
  var child = gtk_widget_get_first_child(widget)
  while let c = child {
    result += gtkTree(c)
    child = gtk_widget_get_next_sibling(c)
  }
  return result
}

@MainActor
func labelText(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
  String(cString: gtk_label_get_text(OpaquePointer(widget)))
}

@MainActor
func hasClass(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String) -> Bool {
  gtk_widget_has_css_class(widget, name) != 0
}

/// Form, Section and LabeledContent on real GTK widgets (issue 13, containers).
final class FormTests: GtkTestCase, @unchecked Sendable {
  func testSectionsAreBoxedListsWithDimHeadingsAndCaptionFooters() {
    MainActor.assumeIsolated {
      let model = SettingsFormModel()
      let ui = show {
        Form {
          Section("Profile") {
            TextField("Name", text: Bindable(model).name)
            LabeledContent("Version", value: "1.2")
          }
          Section {
            Toggle("Online", isOn: .constant(true))
          } header: {
            Text("Status")
          } footer: {
            Text("Others see this.")
          }
        }
      }
      let tree = gtkTree(ui.window.pointer)
      let lists = tree.filter { widgetTypeName($0) == "GtkBridgeFormList" }
      XCTAssertEqual(lists.count, 2, "one GtkListBox per section")
      for list in lists {
        XCTAssertTrue(hasClass(list, "boxed-list"))
        XCTAssertEqual(
          gtk_list_box_get_selection_mode(OpaquePointer(list)), GTK_SELECTION_NONE)
      }
      let rows = tree.filter { widgetTypeName($0) == "GtkListBoxRow" }
      XCTAssertEqual(rows.count, 3)
      XCTAssertTrue(rows.allSatisfy { gtk_widget_get_focusable($0) == 0 }, "rows take no focus")
      let labels = tree.filter { widgetTypeName($0) == "GtkLabel" }
      let profile = try! XCTUnwrap(labels.first { labelText($0) == "Profile" })
      XCTAssertTrue(hasClass(profile, "heading") && hasClass(profile, "dim-label"))
      XCTAssertFalse(
        rows.contains { gtk_widget_is_ancestor(profile, $0) != 0 }, "header above the list")
      let footer = try! XCTUnwrap(labels.first { labelText($0) == "Others see this." })
      XCTAssertTrue(hasClass(footer, "caption") && hasClass(footer, "dim-label"))
      let version = try! XCTUnwrap(labels.first { labelText($0) == "1.2" })
      XCTAssertTrue(hasClass(version, "dim-label"), "a LabeledContent value is dimmed")
      XCTAssertTrue(labels.contains { labelText($0) == "Version" })
      // GTK 4.8's theme has no boxed-list: GtkBridge's stylesheet pads the rows (the
      // theme's list rows have 2 px).
      var padding = GtkBorder()
      gtk_style_context_get_padding(gtk_widget_get_style_context(rows[0]), &padding)
      XCTAssertEqual(padding.left, 12)
      XCTAssertEqual(padding.top, 6)
    }
  }

  func testATextFieldRowShowsItsTitleAsTheRowLabel() {
    MainActor.assumeIsolated {
      let model = SettingsFormModel()
      let ui = show {
        Form {
          TextField("Name", text: Bindable(model).name)
            .disabled(!model.submitted.isEmpty)
            .opacity(model.submitted.isEmpty ? 1 : 0)
          TextField(text: Bindable(model).email, prompt: Text("Required")) { Text("Email") }
          Text("Loose text")
        }
      }
      let tree = gtkTree(ui.window.pointer)
      let rowBoxes = tree.filter { hasClass($0, FormRowLabel.rowClass) }
      XCTAssertEqual(rowBoxes.count, 2)
      XCTAssertEqual(
        rowBoxes.map { labelText(gtk_widget_get_first_child($0)!) }, ["Name", "Email"])
      let email = try! ui.find(TextField.self, title: "Required")
      XCTAssertEqual(gtk_widget_get_parent(email.widget.pointer), rowBoxes[1])
      let lists = tree.filter { widgetTypeName($0) == "GtkBridgeFormList" }
      XCTAssertEqual(lists.count, 1, "loose views share one boxed list")
      let nameLabel = gtk_widget_get_first_child(rowBoxes[0])!
      XCTAssertEqual(gtk_widget_get_sensitive(nameLabel), 1)
      model.submitted = ["x"]
      MainLoop.drain()
      XCTAssertEqual(gtk_widget_get_sensitive(nameLabel), 0, "the label dims with its field")
      XCTAssertEqual(gtk_widget_get_opacity(nameLabel), 0, "and vanishes with it")
    }
  }

  func testTitledFieldsOfAFormListLineUpAfterTheirLabels() throws {
    try MainActor.assumeIsolated {
      let model = SettingsFormModel()
      let ui = show {
        Form {
          Section("Profile") {
            TextField("Display name", text: Bindable(model).name)
            TextField("Email", text: Bindable(model).email)
            TextField("", text: Bindable(model).notes, prompt: Text("Untitled"))
          }
          Section("Other") {
            TextField("A", text: Bindable(model).notes)
          }
        }
      }
      waitForFrames(ui.window)
      @MainActor func leading(_ title: String) throws -> Double {
        let field = try ui.find(TextField.self, title: title).widget.pointer
        var bounds = graphene_rect_t()
        XCTAssertNotEqual(gtk_widget_compute_bounds(field, ui.window.pointer, &bounds), 0)
        return Double(bounds.origin.x)
      }
      let name = try leading("Display name")
      XCTAssertEqual(try leading("Email"), name, "one edge for the fields, as on macOS")
      let rowBoxes = gtkTree(ui.window.pointer).filter { hasClass($0, FormRowLabel.rowClass) }
      let labels = rowBoxes.map { gtk_widget_get_first_child($0)! }
      XCTAssertEqual(labels.map(labelText), ["Display name", "Email", "", "A"])
      XCTAssertEqual(
        gtk_widget_get_allocated_width(labels[0]), gtk_widget_get_allocated_width(labels[1]))
      XCTAssertEqual(gtk_widget_get_visible(labels[2]), 0, "an untitled field shows no label")
      XCTAssertLessThan(
        gtk_widget_get_allocated_width(labels[3]), gtk_widget_get_allocated_width(labels[0]),
        "each section lines up its own fields")
      XCTAssertLessThan(
        try leading("Untitled"), name, "the untitled field starts at the row's edge")
    }
  }

  func testALabelBesideAMultiLineFieldIsLevelWithItsFirstLine() throws {
    try MainActor.assumeIsolated {
      let model = SettingsFormModel()
      model.notes = "one\ntwo\nthree"
      let ui = show {
        Form {
          TextField("Name", text: Bindable(model).name)
          TextField("Notes", text: Bindable(model).notes, axis: .vertical)
        }
      }
      waitForFrames(ui.window)
      let tree = gtkTree(ui.window.pointer)
      let labels = tree.filter { hasClass($0, FormRowLabel.rowClass) }.map {
        gtk_widget_get_first_child($0)!
      }
      let textView = tree.first { hasClass($0, VerticalTextFieldWidget.textViewClass) }!
      @MainActor func top(_ widget: UnsafeMutablePointer<GtkWidget>) -> Float {
        var bounds = graphene_rect_t()
        XCTAssertNotEqual(gtk_widget_compute_bounds(widget, ui.window.pointer, &bounds), 0)
        return bounds.origin.y
      }
      XCTAssertEqual(top(labels[1]), top(textView), accuracy: 1, "level with the first line")
      XCTAssertEqual(gtk_widget_get_valign(labels[0]), GTK_ALIGN_FILL, "a one-line field's centres")
    }
  }

  func testTabWalksTheFieldsInVisualOrderOneTabEach() {
    MainActor.assumeIsolated {
      let model = SettingsFormModel()
      let ui = show {
        VStack {
          Form {
            Section("A") {
              TextField("Name", text: Bindable(model).name)
              Text("Between")
              Button("Check") {}
            }
            Text("Loose")
            TextField("Email", text: Bindable(model).email)
            Section("B") {
              Toggle("On", isOn: .constant(false))
              TextField("Notes", text: Bindable(model).notes)
            }
          }
          TextField("After", text: .constant(""))
        }
      }
      let name = try! ui.find(TextField.self, title: "Name")
      XCTAssertTrue(name.isFocused, "launch focus: the first field")
      var order: [String] = []
      for _ in 0..<5 {
        ui.press(.tab)
        order.append(ui.focusedView?.title ?? "nothing")
      }
      XCTAssertEqual(order, ["Check", "Email", "On", "Notes", "After"])
      for _ in 0..<4 { ui.press(.shiftTab) }
      XCTAssertEqual(ui.focusedView?.title, "Check")
    }
  }

  func testDefaultFocusAndFocusStateWorkInFormRows() {
    MainActor.assumeIsolated {
      let model = SettingsFormModel()
      let ui = show {
        Form {
          TextField("Name", text: Bindable(model).name)
            .focused(Bindable(model).focus, equals: .name)
          Section("More") {
            TextField("Email", text: Bindable(model).email)
              .focused(Bindable(model).focus, equals: .email)
          }
        }
        .defaultFocus(Bindable(model).focus, .email)
      }
      XCTAssertEqual(model.focus, .email)
      XCTAssertTrue(try! ui.find(TextField.self, title: "Email").isFocused)
      model.focus = .name
      MainLoop.drain()
      XCTAssertTrue(try! ui.find(TextField.self, title: "Name").isFocused)
      ui.press(.tab)
      XCTAssertEqual(model.focus, .email, "the user's Tab writes the state")
    }
  }

  func testAFocusedRowThatIsRemovedResetsTheState() {
    MainActor.assumeIsolated {
      let model = SettingsFormModel()
      let ui = show {
        Form {
          Section("Rows") {
            ForEach(model.rows, id: \.self) { row in
              TextField("Row \(row)", text: .constant(""))
                .focused(Bindable(model).focus, equals: .row(row))
            }
          }
        }
      }
      model.focus = .row(2)
      MainLoop.drain()
      XCTAssertTrue(try! ui.find(TextField.self, title: "Row 2").isFocused)
      model.rows = [1, 3]
      MainLoop.drain()
      XCTAssertNil(model.focus)
      XCTAssertNil(focusWidget(ui.window), "focus goes nowhere, not to row 1")
      model.rows = [3, 1]
      model.focus = .row(1)
      MainLoop.drain()
      XCTAssertTrue(try! ui.find(TextField.self, title: "Row 1").isFocused)
      let list = gtkTree(ui.window.pointer).first { widgetTypeName($0) == "GtkBridgeFormList" }!
      let titles = gtkTree(list).compactMap { w -> String? in
        guard widgetTypeName(w) == "GtkEntry" else { return nil }
        return gtk_entry_get_placeholder_text(
          UnsafeMutableRawPointer(w).assumingMemoryBound(to: GtkEntry.self)
        ).map { String(cString: $0) }
      }
      XCTAssertEqual(titles, ["Row 3", "Row 1"], "rows follow the data's order")
      model.rows = [1, 3]
      MainLoop.drain()
      XCTAssertTrue(try! ui.find(TextField.self, title: "Row 1").isFocused, "a reorder keeps focus")
      XCTAssertEqual(model.focus, .row(1))
    }
  }

  func testFormRowsFollowDisabledAndConditionalContent() {
    MainActor.assumeIsolated {
      let model = SettingsFormModel()
      let ui = show {
        Form {
          TextField("Name", text: Bindable(model).name)
          if model.showEmail {
            TextField("Email", text: Bindable(model).email)
          }
        }
        .disabled(model.submitted.isEmpty == false)
      }
      XCTAssertEqual(ui.findAll(TextField.self).count, 2)
      model.showEmail = false
      MainLoop.drain()
      XCTAssertEqual(ui.findAll(TextField.self).count, 1)
      let rows = gtkTree(ui.window.pointer).filter { widgetTypeName($0) == "GtkListBoxRow" }
      XCTAssertEqual(rows.count, 1, "the removed field's row is gone")
      model.submitted = ["x"]
      MainLoop.drain()
      XCTAssertFalse(try! ui.find(TextField.self, title: "Name").isEnabled)
    }
  }

  func testASectionAppearingBetweenLooseRowsSplitsThemIntoTwoListsCleanly() {
    MainActor.assumeIsolated {
      let model = SettingsFormModel()
      model.showEmail = false
      let ui = show {
        Form {
          TextField("Name", text: Bindable(model).name)
          if model.showEmail {
            Section("Contact") { TextField("Email", text: Bindable(model).email) }
          }
          TextField("Notes", text: Bindable(model).notes)
        }
      }
      @MainActor func lists() -> [[String]] {
        gtkTree(ui.window.pointer).filter { widgetTypeName($0) == "GtkBridgeFormList" }.map {
          list in
          gtkTree(list).filter { hasClass($0, FormRowLabel.rowClass) }.map {
            labelText(gtk_widget_get_first_child($0)!)
          }
        }
      }
      XCTAssertEqual(lists(), [["Name", "Notes"]])
      model.showEmail = true
      MainLoop.drain()
      XCTAssertEqual(lists(), [["Name"], ["Email"], ["Notes"]])
      model.showEmail = false
      MainLoop.drain()
      XCTAssertEqual(lists(), [["Name", "Notes"]])
      XCTAssertEqual(
        gtkTree(ui.window.pointer).filter { widgetTypeName($0) == "GtkListBoxRow" }.count, 2)
    }
  }

  func testRealTabAndArrowKeysInAForm() throws {
    guard try runsInChildProcess(in: "FormTests") else { return }
    try MainActor.assumeIsolated {
      let model = SettingsFormModel()
      let ui = show {
        Form {
          Section("A") {
            TextField("Name", text: Bindable(model).name)
              .focused(Bindable(model).focus, equals: .name)
            LabeledContent("Version", value: "1")
          }
          TextField("Email", text: Bindable(model).email)
            .focused(Bindable(model).focus, equals: .email)
          TextField("Notes", text: Bindable(model).notes)
            .focused(Bindable(model).focus, equals: .notes)
        }
      }
      XCTAssertEqual(model.focus, .name)
      try xdotool(on: ui.window, ["key", "Tab"])
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { model.focus == .email },
        "Tab: \(String(describing: model.focus))")
      try xdotool(on: ui.window, ["type", "a"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.email == "a" })
      // Down belongs to the field: the form's list does not move focus to a row.
      try xdotool(on: ui.window, ["key", "Down", "shift+Tab"])
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { model.focus == .name }, "\(String(describing: model.focus))")
      XCTAssertEqual(model.email, "a")
    }
  }

  func testBuildingAndDestroyingContainersLeavesNothingBehind() {
    MainActor.assumeIsolated {
      var before = LiveObjects.snapshot
      weak var lastList: ListBoxWidget?
      for cycle in 0..<30 {
        if cycle == 1 { before = LiveObjects.snapshot }
        let model = SettingsFormModel()
        let host = try! HostingWindow(title: "cycle \(cycle)") {
          Form {
            Section("Profile") {
              TextField("Name", text: Bindable(model).name)
              LabeledContent("Version", value: "1")
              Picker("Row", selection: Bindable(model).focus) {
                Text("None").tag(SettingsFormModel.Field?.none)
                Text("Name").tag(SettingsFormModel.Field?.some(.name))
              }
              Picker("Rows", selection: Bindable(model).rows) {
                Text("One").tag([1])
              }
              .pickerStyle(.segmented)
            }
            DisclosureGroup("More", isExpanded: Bindable(model).showEmail) {
              List(model.rows, id: \.self, selection: Bindable(model).focus) { row in
                Text("\(row)").tag(SettingsFormModel.Field.row(row))
              }
            }
          }
        }
        host.present()
        MainLoop.drain()
        let tree = gtkTree(host.window.pointer)
        if let row = tree.first(where: {
          widgetTypeName($0) == "GtkListBoxRow" && gtk_widget_get_focusable($0) != 0
        }) {
          gtk_widget_activate(row)
        }
        if let dropDown = tree.first(where: { widgetTypeName($0) == "GtkDropDown" }) {
          gtk_drop_down_set_selected(OpaquePointer(dropDown), 1)
        }
        MainLoop.drain()
        lastList =
          host.graph.root?.subtree.lazy.compactMap {
            ($0
              as? ListNode<
                SettingsFormModel.Field, ForEach<[Int], Int, ModifiedContent<Text, TagModifier>>
              >)?.list
          }.first
        XCTAssertNotNil(lastList)
        host.close()
        MainLoop.drain()
      }
      XCTAssertNil(lastList, "the list's handle went with its window")
      XCTAssertEqual(LiveObjects.snapshot, before, "GtkBridge objects outlived their windows")
    }
  }

  func testSectionsFromForEachKeepTheirListsAcrossAReorder() {
    MainActor.assumeIsolated {
      let model = SettingsFormModel()
      let ui = show {
        Form {
          ForEach(model.rows, id: \.self) { row in
            Section("Group \(row)") {
              TextField("Field \(row)", text: .constant(""))
                .focused(Bindable(model).focus, equals: .row(row))
            }
          }
        }
      }
      @MainActor func headers() -> [String] {
        gtkTree(ui.window.pointer).filter { hasClass($0, ListCSS.headerClass) }.map(labelText)
      }
      XCTAssertEqual(headers(), ["Group 1", "Group 2", "Group 3"])
      model.focus = .row(2)
      MainLoop.drain()
      model.rows = [3, 2, 1]
      MainLoop.drain()
      XCTAssertEqual(headers(), ["Group 3", "Group 2", "Group 1"])
      XCTAssertEqual(model.focus, .row(2), "the section moved with its field's focus")
      XCTAssertTrue(try! ui.find(TextField.self, title: "Field 2").isFocused)
    }
  }

  /// Seeded random edits of a form (loose rows reordered, added and removed, a section
  /// appearing between them, focus moved by the app and by Tab): every field sits in exactly
  /// one row, the rows follow the data, and the focus state reads GTK's focus widget.
  func testRandomEditsKeepEveryFieldInOneRowAndTheFocusStateTrue() {
    MainActor.assumeIsolated {
      let model = SettingsFormModel()
      var generator = SeededGenerator(state: 7)
      let ui = show {
        Form {
          ForEach(model.rows.prefix(2), id: \.self) { row in
            TextField("Row \(row)", text: .constant("")).focused(
              Bindable(model).focus, equals: .row(row))
          }
          if model.showEmail {
            Section("Middle") {
              TextField("Email", text: Bindable(model).email).focused(
                Bindable(model).focus, equals: .email)
            }
          }
          ForEach(model.rows.dropFirst(2), id: \.self) { row in
            TextField("Row \(row)", text: .constant("")).focused(
              Bindable(model).focus, equals: .row(row))
          }
        }
      }
      var next = 4
      for step in 0..<200 {
        switch Int.random(in: 0..<6, using: &generator) {
        case 0:
          model.rows.insert(next, at: Int.random(in: 0...model.rows.count, using: &generator))
          next += 1
        case 1 where model.rows.count > 1:
          model.rows.remove(at: Int.random(in: 0..<model.rows.count, using: &generator))
        case 2:
          model.rows.shuffle(using: &generator)
        case 3:
          model.showEmail.toggle()
        case 4:
          model.focus = model.rows.randomElement(using: &generator).map { .row($0) }
        default:
          ui.press(.tab)
        }
        MainLoop.drain()
        let entries = gtkTree(ui.window.pointer).filter { widgetTypeName($0) == "GtkEntry" }
        let placeholders = entries.map {
          String(
            cString: gtk_entry_get_placeholder_text(
              UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkEntry.self)))
        }
        let expected =
          model.rows.prefix(2).map { "Row \($0)" } + (model.showEmail ? ["Email"] : [])
          + model.rows.dropFirst(2).map { "Row \($0)" }
        XCTAssertEqual(placeholders, expected, "step \(step)")
        let rowCount = gtkTree(ui.window.pointer).filter { widgetTypeName($0) == "GtkListBoxRow" }
          .count
        XCTAssertEqual(rowCount, expected.count, "step \(step): one row per field")
        let focused = ui.focusedView?.title
        let truth: SettingsFormModel.Field? =
          switch focused {
          case nil: nil
          case "Email": .email
          case let title?: .row(Int(title.dropFirst(4))!)
          }
        XCTAssertEqual(model.focus, truth, "step \(step)")
        if placeholders != expected || model.focus != truth { break }
      }
    }
  }
}
