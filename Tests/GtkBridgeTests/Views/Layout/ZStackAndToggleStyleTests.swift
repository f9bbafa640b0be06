import CGtk
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

@MainActor
private func typeName(_ widget: UnsafeMutablePointer<GtkWidget>?) -> String {
  guard let widget else { return "nil" }
  return String(
    cString: g_type_name_from_instance(
      UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)))
}

@MainActor
private func descendants(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<
  GtkWidget
>] {
  var result: [UnsafeMutablePointer<GtkWidget>] = []
  var child = gtk_widget_get_first_child(widget)
  while let current = child {
    result.append(current)
    result += descendants(of: current)
    child = gtk_widget_get_next_sibling(current)
  }
  return result
}

@MainActor
@Observable
private final class SwitchModel {
  var wifi = false
}

/// `ZStack`, `.background` with shapes and `.toggleStyle` on real widgets (issue 17 item 5).
final class ZStackAndToggleStyleTests: GtkTestCase, @unchecked Sendable {
  /// The first GtkOverlay in the window.
  @MainActor private func overlay(in ui: ViewInspection<AnyTestView>) -> OpaquePointer? {
    descendants(of: ui.window.pointer).first { typeName($0) == "GtkOverlay" }.map(
      OpaquePointer.init)
  }

  func testAZStackPutsItsFirstViewBehindAndMeasuresTheOthers() throws {
    try MainActor.assumeIsolated {
      var digit = "4"
      let ui = show(
        host {
          HStack {
            ZStack {
              RoundedRectangle(cornerRadius: 8, style: .continuous).fill(Color.gray)
              TextField("", text: Binding(get: { digit }, set: { digit = $0 }))
                .multilineTextAlignment(.center)
            }
          }
        })
      let stack = try XCTUnwrap(overlay(in: ui))
      let main = try XCTUnwrap(gtk_overlay_get_child(stack))
      XCTAssertEqual(gtk_widget_get_can_target(main), 0, "the shape is the main child")
      let field = try ui.find(TextField.self)
      let entry = field.widget.pointer
      XCTAssertEqual(
        gtk_widget_get_parent(entry),
        UnsafeMutableRawPointer(stack).assumingMemoryBound(to: GtkWidget.self))
      XCTAssertNotEqual(entry, main)
      XCTAssertEqual(gtk_overlay_get_measure_overlay(stack, entry), 1)
      // The stack is as large as the field over the shape, not the shape's empty size.
      var minimum: Int32 = 0
      var natural: Int32 = 0
      gtk_widget_measure(
        UnsafeMutableRawPointer(stack).assumingMemoryBound(to: GtkWidget.self),
        GTK_ORIENTATION_VERTICAL, -1, &minimum, &natural, nil, nil)
      var fieldMinimum: Int32 = 0
      gtk_widget_measure(entry, GTK_ORIENTATION_VERTICAL, -1, &fieldMinimum, nil, nil, nil)
      XCTAssertGreaterThan(fieldMinimum, 0)
      XCTAssertEqual(minimum, fieldMinimum)
      XCTAssertEqual(gtk_editable_get_alignment(OpaquePointer(entry)), 0.5)

      field.type("2")
      XCTAssertEqual(digit, "42")
      XCTAssertTrue(field.isFocused)
    }
  }

  func testAZStackAlignmentPlacesTheOverlays() throws {
    try MainActor.assumeIsolated {
      let ui = show(
        host {
          ZStack(alignment: .topTrailing) {
            Text("Inbox")
            Text("3")
          }
        })
      let badge = try ui.find(title: "3").widget.pointer
      XCTAssertEqual(gtk_widget_get_halign(badge), GTK_ALIGN_END)
      XCTAssertEqual(gtk_widget_get_valign(badge), GTK_ALIGN_START)
      let stack = try XCTUnwrap(overlay(in: ui))
      XCTAssertEqual(gtk_overlay_get_child(stack), try ui.find(title: "Inbox").widget.pointer)
    }
  }

  func testAColourInAZStackFillsItAndABackgroundColourStaysCSS() throws {
    try MainActor.assumeIsolated {
      let ui = show(
        host {
          VStack {
            ZStack {
              Color.blue
              Text("Over blue")
            }
            Text("Plain").background(Color.red)
          }
        })
      let stack = try XCTUnwrap(overlay(in: ui))
      let back = try XCTUnwrap(gtk_overlay_get_child(stack))
      XCTAssertEqual(gtk_widget_get_can_target(back), 0, "the colour is a painted widget")
      XCTAssertEqual(gtk_widget_get_halign(back), GTK_ALIGN_FILL)
      let plain = try ui.find(title: "Plain").widget.pointer
      XCTAssertEqual(
        typeName(gtk_widget_get_parent(plain)), "GtkBridgeBox", "no overlay for a style")
    }
  }

  func testABackgroundShapeIsDrawnBehindTheViewThatKeepsItsSize() throws {
    try MainActor.assumeIsolated {
      var code = ""
      let ui = show(
        host {
          VStack {
            TextField("Code", text: Binding(get: { code }, set: { code = $0 }))
              .background(RoundedRectangle(cornerRadius: 8).strokeBorder(Color.gray, lineWidth: 2))
            Text("Plan").background { Capsule().fill(Color.blue) }
          }
        })
      let field = try ui.find(TextField.self)
      let stack = try XCTUnwrap(overlay(in: ui))
      let back = try XCTUnwrap(gtk_overlay_get_child(stack))
      // GTK draws children in order: the shape, then the field over it.
      let stackWidget = UnsafeMutableRawPointer(stack).assumingMemoryBound(to: GtkWidget.self)
      XCTAssertEqual(gtk_widget_get_first_child(stackWidget), back)
      XCTAssertEqual(gtk_widget_get_can_target(back), 0)
      XCTAssertEqual(gtk_widget_get_next_sibling(back), field.widget.pointer)
      XCTAssertEqual(gtk_overlay_get_measure_overlay(stack, field.widget.pointer), 1)
      field.type("ab")
      XCTAssertEqual(code, "ab")
      XCTAssertEqual(try ui.find(Text.self).text, "Plan")
    }
  }

  func testToggleStylesMapToASwitchACheckButtonAndAToggleButton() throws {
    try MainActor.assumeIsolated {
      let model = SwitchModel()
      var bluetooth = true
      var bold = false
      let ui = show(
        host {
          VStack {
            Toggle("Wi-Fi", isOn: Binding(get: { model.wifi }, set: { model.wifi = $0 }))
              .toggleStyle(.switch)
            Toggle("Bluetooth", isOn: Binding(get: { bluetooth }, set: { bluetooth = $0 }))
              .toggleStyle(.checkbox)
            Toggle(isOn: Binding(get: { bold }, set: { bold = $0 })) { Text("Bold") }
              .toggleStyle(.button)
          }
        })
      let wifi = try ui.find(title: "Wi-Fi")
      let switches = descendants(of: wifi.widget.pointer).filter { typeName($0) == "GtkSwitch" }
      XCTAssertEqual(switches.count, 1)
      XCTAssertEqual(
        descendants(of: wifi.widget.pointer).filter { typeName($0) == "GtkLabel" }.map {
          String(cString: gtk_label_get_text(OpaquePointer($0)))
        }, ["Wi-Fi"])
      XCTAssertEqual(typeName(try ui.find(title: "Bluetooth").widget.pointer), "GtkCheckButton")
      XCTAssertEqual(typeName(try ui.find(title: "Bold").widget.pointer), "GtkToggleButton")

      wifi.tap()
      XCTAssertTrue(model.wifi)
      XCTAssertEqual(gtk_switch_get_active(OpaquePointer(switches[0])), 1)
      model.wifi = false
      MainLoop.drain()
      XCTAssertEqual(gtk_switch_get_active(OpaquePointer(switches[0])), 0)
      XCTAssertEqual(wifi.isOn, false)

      try ui.find(title: "Bold").tap()
      XCTAssertTrue(bold)
      XCTAssertEqual(try ui.find(title: "Bold").isOn, true)
      try ui.find(title: "Bluetooth").tap()
      XCTAssertFalse(bluetooth)
    }
  }

  func testASwitchToggleTakesFocusOnItsSwitchAndFollowsDisabled() throws {
    try MainActor.assumeIsolated {
      let ui = show(
        host {
          Toggle("Wi-Fi", isOn: .constant(true)).toggleStyle(.switch).disabled(true)
        })
      let wifi = try ui.find(title: "Wi-Fi")
      XCTAssertFalse(wifi.isEnabled)
      let toggle = try XCTUnwrap(wifi.widget as? ToggleWidget)
      XCTAssertEqual(typeName(toggle.control), "GtkSwitch")
      XCTAssertEqual(gtk_widget_is_sensitive(toggle.control), 0)
    }
  }

  func testFocusStateMovesIntoASwitchToggleAndReadsItsFocus() throws {
    try MainActor.assumeIsolated {
      let probe = SwitchFocusProbe()
      let ui = show(host { SwitchFocusView(probe: probe) })
      let toggle = try XCTUnwrap(try ui.find(title: "Wi-Fi").widget as? ToggleWidget)
      probe.set?(true)
      MainLoop.drain()
      XCTAssertEqual(focusWidget(ui.window), toggle.control, "the switch holds focus")
      XCTAssertEqual(probe.read?(), true)

      gtk_widget_grab_focus(try ui.find(TextField.self).widget.pointer)
      MainLoop.drain()
      XCTAssertEqual(probe.read?(), false)
      gtk_widget_grab_focus(toggle.control)
      MainLoop.drain()
      XCTAssertEqual(probe.read?(), true, "a user's focus on the switch reads as the toggle's")
    }
  }
}

@MainActor
private final class SwitchFocusProbe {
  var read: (() -> Bool)?
  var set: ((Bool) -> Void)?
}

private struct SwitchFocusView: View {
  @FocusState var focused: Bool
  let probe: SwitchFocusProbe

  var body: some View {
    let state = $focused
    probe.read = { state.wrappedValue }
    probe.set = { state.wrappedValue = $0 }
    return VStack {
      TextField("Name", text: .constant(""))
      Toggle("Wi-Fi", isOn: .constant(false)).toggleStyle(.switch).focused($focused)
    }
  }
}
