import CGtk
import CGtkTesting
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class SignUpModel {
  var email = ""
  var password = ""
  var name = ""
  var notes = ""
  var query = ""
  var hidesLabels = false
  var volume = 0.5
  var copies = 1
  var size = "M"
}

@MainActor
private func isA(_ widget: UnsafeMutablePointer<GtkWidget>, _ type: GType) -> Bool {
  g_type_check_instance_is_a(
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type) != 0
}

/// Every widget of `window` a screen reader would read by GTK's last-resort name, its type
/// name ("GtkEntry", "GtkBridgeFormList"), as "TypeName (role)".
@MainActor
func widgetsNamedByTheirType(in window: Widget) -> [String] {
  var found: [String] = []
  var stack = [window.pointer]
  while let widget = stack.popLast() {
    let element = Widget(retaining: widget).accessibility
    // Role NONE and PRESENTATION are not exposed; hidden widgets are not read. GTK's own
    // parts (a scrolled window's scrollbars, a check button's indicator, the item a drop-down
    // shows) are named so in any GTK program.
    if !["none", "presentation"].contains(element.role), element.states["hidden"] != "true",
      !["GtkScrollbar", "GtkRange", "GtkGizmo", "GtkBuiltinIcon", "GtkListItemWidget"].contains(
        element.name),
      gtk_widget_get_visible(widget) != 0, element.isNamedByTypeName
    {
      found.append("\(element.name) (\(element.role))")
    }
    // NB: a closed popover (a drop-down's list) is not reachable; GTK's own parts in it are
    // named as in any GTK program.
    if isA(widget, gtk_popover_get_type()), gtk_widget_get_mapped(widget) == 0 { continue }
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      stack.append(current)
      child = gtk_widget_get_next_sibling(current)
    }
  }
  return found
}

/// Every control of `window` (a field, button, toggle, picker, slider) shown to screen readers
/// with no name at all, as "role in TypeName".
@MainActor
func unnamedControls(in window: Widget) -> [String] {
  let controls: Set<String> = [
    "text-box", "search-box", "button", "toggle-button", "checkbox", "switch", "radio",
    "combo-box", "slider", "spin-button",
  ]
  var found: [String] = []
  var stack = [window.pointer]
  while let widget = stack.popLast() {
    let element = Widget(retaining: widget).accessibility
    if controls.contains(element.role), element.states["hidden"] != "true",
      gtk_widget_get_visible(widget) != 0, gtk_widget_get_child_visible(widget) != 0,
      element.name.isEmpty || element.isNamedByTypeName
    {
      found.append(
        "\(element.role) in \(String(cString: g_type_name_from_instance(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self))))"
      )
    }
    // NB: a closed popover (a drop-down's list) is not reachable; GTK's own parts in it are
    // named as in any GTK program.
    if isA(widget, gtk_popover_get_type()), gtk_widget_get_mapped(widget) == 0 { continue }
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      stack.append(current)
      child = gtk_widget_get_next_sibling(current)
    }
  }
  return found
}

/// The names screen readers read (issue 37): a control has the name SwiftUI gives it, read
/// back as GTK computes it for AT-SPI (``AccessibleElement``).
final class AccessibleNameTests: GtkTestCase, @unchecked Sendable {
  func testAFieldIsNamedByItsTitleAndItsPromptIsItsPlaceholder() throws {
    try MainActor.assumeIsolated {
      let model = SignUpModel()
      let ui = show {
        VStack {
          TextField(
            "Email", text: Binding(get: { model.email }, set: { model.email = $0 }),
            prompt: Text("name@example.com"))
          SecureField(
            "Password", text: Binding(get: { model.password }, set: { model.password = $0 }))
          TextField(
            "Notes", text: Binding(get: { model.notes }, set: { model.notes = $0 }), axis: .vertical
          )
          TextField(text: Binding(get: { model.name }, set: { model.name = $0 })) { Text("Name") }
        }
      }
      let email = try ui.find(TextField.self, label: "Email").accessibility
      XCTAssertEqual(email.role, "text-box")
      XCTAssertEqual(email.name, "Email")
      XCTAssertEqual(email.placeholder, "name@example.com")
      XCTAssertEqual(email.announcement, "Email. text-box. name@example.com")
      let password = try ui.find(SecureField.self).accessibility
      XCTAssertEqual(password.name, "Password")
      XCTAssertNil(password.placeholder, "the title shown as placeholder is read once, as the name")
      let notes = try ui.find(TextField.self, label: "Notes").accessibility
      XCTAssertEqual(notes.role, "text-box")
      XCTAssertEqual(notes.name, "Notes", "a vertical field's text view is named")
      XCTAssertEqual(try ui.find(TextField.self, label: "Name").accessibility.name, "Name")
      XCTAssertEqual(widgetsNamedByTheirType(in: ui.window), [])
    }
  }

  func testAFormRowsLabelNamesItsFieldAndAnAccessibilityLabelWins() throws {
    try MainActor.assumeIsolated {
      let model = SignUpModel()
      let ui = show {
        Form {
          TextField(
            "Email", text: Binding(get: { model.email }, set: { model.email = $0 }),
            prompt: Text("name@example.com"))
          SecureField(
            "Password", text: Binding(get: { model.password }, set: { model.password = $0 })
          )
          .accessibilityLabel("Account password")
          TextField("Name", text: Binding(get: { model.name }, set: { model.name = $0 }))
            .labelsHidden()
        }
      }
      let emailField = try ui.find(TextField.self, label: "Email")
      let email = emailField.accessibility
      XCTAssertEqual(email.name, "Email")
      XCTAssertEqual(email.placeholder, "name@example.com")
      let rowLabel = try XCTUnwrap(email.labelledBy.first, "the row's label names the field")
      XCTAssertEqual(email.labelledBy.count, 1)
      XCTAssertNotNil(gtk_widget_get_ancestor(rowLabel.pointer, gtk_list_box_row_get_type()))
      XCTAssertEqual(rowLabel.accessibility.name, "Email")
      XCTAssertNil(email.label, "no label beside the relation: GTK 4.8 would read both")
      let password = try ui.find(SecureField.self).accessibility
      XCTAssertEqual(password.name, "Account password")
      XCTAssertEqual(password.labelledBy.count, 0)
      let name = try ui.find(TextField.self, label: "Name").accessibility
      XCTAssertEqual(name.name, "Name", "under .labelsHidden() the title still names the field")
      XCTAssertEqual(name.labelledBy.count, 0)
      XCTAssertEqual(widgetsNamedByTheirType(in: ui.window), [])
    }
  }

  func testLabeledContentsLabelNamesItsControl() throws {
    try MainActor.assumeIsolated {
      let model = SignUpModel()
      let ui = show {
        Form {
          LabeledContent("Full name") {
            TextField("Required", text: Binding(get: { model.name }, set: { model.name = $0 }))
          }
          LabeledContent("Version", value: "1.2")
        }
      }
      let field = try ui.find(TextField.self).accessibility
      XCTAssertEqual(field.name, "Full name")
      XCTAssertEqual(field.placeholder, "Required")
      XCTAssertEqual(field.labelledBy.count, 1)
      XCTAssertEqual(widgetsNamedByTheirType(in: ui.window), [])
    }
  }

  func testTheSearchFieldIsNamedSearchAndReadsItsPrompt() throws {
    try MainActor.assumeIsolated {
      let model = SignUpModel()
      let ui = show {
        Text("Recipes")
          .searchable(
            text: Binding(get: { model.query }, set: { model.query = $0 }), prompt: "Find recipes")
      }
      // NB: shown: GTK 4.10 and later hide an unmapped widget from assistive technologies.
      XCTAssertTrue(ui.press(KeyboardShortcut("f")), "Ctrl+F reveals the search")
      let entry = try XCTUnwrap(ui.window.gtkDescendants(ofType: gtk_search_entry_get_type()).first)
      XCTAssertTrue(MainLoop.run(timeout: 5) { gtk_widget_get_mapped(entry) != 0 })
      let search = Widget(retaining: entry).accessibility
      XCTAssertEqual(search.role, "search-box")
      XCTAssertEqual(
        search.name, "Search",
        "states \(search.states), label \(search.label ?? "none"), labelled by "
          + "\(search.labelledBy.map { $0.accessibility.role })")
      XCTAssertEqual(search.placeholder, "Find recipes")
    }
  }

  func testIconAndLabelButtonsAreNamedAsSwiftUINamesThem() throws {
    try MainActor.assumeIsolated {
      let ui = show {
        HStack {
          Button {
          } label: {
            Image(systemName: "plus")
          }
          Button {
          } label: {
            Label("Share", systemImage: "square.and.arrow.up")
          }
          Button("Sign in") {}
        }
      }
      let plus = try XCTUnwrap(ui.findAll(Button<Image>.self).first).accessibility
      XCTAssertEqual(plus.role, "button")
      XCTAssertEqual(plus.name, "Add")
      let share = try XCTUnwrap(ui.findAll(Button<Label>.self).first).accessibility
      XCTAssertEqual(share.name, "Share", "a Label button is named by its title, not its icon")
      XCTAssertEqual(try ui.find(Button<Text>.self, title: "Sign in").accessibility.name, "Sign in")
      XCTAssertEqual(widgetsNamedByTheirType(in: ui.window), [])
    }
  }

  func testAListAndAFormAreNotNamedByTheirTypes() throws {
    try MainActor.assumeIsolated {
      let model = SignUpModel()
      let ui = show {
        NavigationStack {
          List {
            Section("Fruit") {
              Text("Apple")
              Text("Pear")
            }
          }
          // A lazy list (a GtkListView, GtkBridge's subclass on Orca's 4.8 said
          // "GtkBridgeListView"), and a grid.
          List(["Plum", "Quince"], id: \.self) { Text($0) }
          LazyVGrid(columns: [GridItem(), GridItem()]) {
            ForEach(["Fig", "Lime"], id: \.self) { Text($0) }
          }
          Form {
            Toggle(
              "Subscribe",
              isOn: Binding(get: { model.hidesLabels }, set: { model.hidesLabels = $0 }))
            TextField("Email", text: Binding(get: { model.email }, set: { model.email = $0 }))
          }
          .navigationTitle("Settings")
        }
      }
      XCTAssertEqual(widgetsNamedByTheirType(in: ui.window), [])
      // A stack's page is an accessible of its own (no widget), read as "GtkStackPage" untitled.
      let stack = try XCTUnwrap(ui.window.gtkDescendants(ofType: gtk_stack_get_type()).first)
      let page = try XCTUnwrap(
        gtk_stack_get_page(OpaquePointer(stack), gtk_widget_get_first_child(stack)))
      XCTAssertEqual(
        cgtk_testing_accessible_string_property_is(
          UnsafeMutableRawPointer(page), Int32(GTK_ACCESSIBLE_PROPERTY_LABEL.rawValue), ""), 1)
    }
  }

  func testTogglesPickersSlidersAndSteppersAreNamedByTheirTitles() throws {
    try MainActor.assumeIsolated {
      let model = SignUpModel()
      let ui = show {
        Form {
          Toggle(
            "Subscribe", isOn: Binding(get: { model.hidesLabels }, set: { model.hidesLabels = $0 }))
          Picker("Size", selection: Binding(get: { model.size }, set: { model.size = $0 })) {
            Text("Small").tag("S")
            Text("Medium").tag("M")
          }
          Slider(value: Binding(get: { model.volume }, set: { model.volume = $0 })) {
            Text("Volume")
          }
          Stepper("Copies", value: Binding(get: { model.copies }, set: { model.copies = $0 }))
        }
      }
      XCTAssertEqual(unnamedControls(in: ui.window), [])
      XCTAssertEqual(widgetsNamedByTheirType(in: ui.window), [])
      let slider = try XCTUnwrap(ui.window.gtkDescendants(ofType: gtk_scale_get_type()).first)
      XCTAssertEqual(Widget(retaining: slider).accessibility.name, "Volume")
    }
  }
}
