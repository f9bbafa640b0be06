import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class DisclosureModel {
  var expanded = false
  var focused = false
}

/// DisclosureGroup on a real GtkExpander (issue 13).
final class DisclosureGroupTests: GtkTestCase, @unchecked Sendable {
  func testADisclosureGroupIsAnExpanderBoundToIsExpanded() {
    MainActor.assumeIsolated {
      let model = DisclosureModel()
      let ui = show {
        VStack {
          DisclosureGroup("Advanced", isExpanded: Bindable(model).expanded) {
            TextField("Proxy", text: .constant(""))
          }
          DisclosureGroup("Free") { Text("Inside") }
        }
      }
      let expanders = findWidgets("GtkExpander", in: ui)
      XCTAssertEqual(expanders.count, 2)
      let advanced = OpaquePointer(expanders[0])
      XCTAssertEqual(String(cString: gtk_expander_get_label(advanced)), "Advanced")
      XCTAssertEqual(gtk_expander_get_expanded(advanced), 0)
      let proxy = try! ui.find(TextField.self, title: "Proxy")
      XCTAssertEqual(
        gtk_widget_get_mapped(proxy.widget.pointer), 0, "collapsed content is not shown")
      model.expanded = true
      MainLoop.drain()
      XCTAssertEqual(gtk_expander_get_expanded(advanced), 1)
      XCTAssertEqual(gtk_widget_get_mapped(proxy.widget.pointer), 1)
      // The user's click on the title: GtkExpander's "activate".
      gtk_widget_activate(expanders[0])
      MainLoop.drain()
      XCTAssertFalse(model.expanded)
      gtk_widget_activate(expanders[1])
      MainLoop.drain()
      XCTAssertEqual(
        gtk_expander_get_expanded(OpaquePointer(expanders[1])), 1, "no binding: GTK keeps it")
    }
  }

  func testCollapsingAGroupWithTheFocusedFieldLeavesFocusNowhere() {
    MainActor.assumeIsolated {
      let model = DisclosureModel()
      model.expanded = true
      let ui = show {
        VStack {
          TextField("Before", text: .constant(""))
          DisclosureGroup("Advanced", isExpanded: Bindable(model).expanded) {
            TextField("Proxy", text: .constant("")).focused(Bindable(model).focused)
          }
        }
      }
      model.focused = true
      MainLoop.drain()
      XCTAssertTrue(try! ui.find(TextField.self, title: "Proxy").isFocused)
      model.expanded = false
      MainLoop.drain()
      XCTAssertFalse(model.focused, "the field left the screen: the state reads false")
      XCTAssertNil(focusWidget(ui.window), "focus goes nowhere, not to the field before")
      model.focused = true
      MainLoop.drain()
      XCTAssertFalse(
        model.focused, "a collapsed field cannot take focus: the state reads the truth")
    }
  }
}
