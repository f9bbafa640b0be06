import CGtk
import XCTest

@testable import GtkBridge

/// `.overlay` with shapes and views, and SwiftUI's flexible frame, on real GTK widgets.
final class OverlayAndFrameTests: GtkTestCase, @unchecked Sendable {
  @MainActor final class Probe {
    var widgets: [String: Widget] = [:]
    var clicks = 0
  }

  func testAStrokedRoundedRectangleOverlayFramesTheFieldWithoutTakingClicks() {
    MainActor.assumeIsolated {
      let probe = Probe()
      show(
        host {
          VStack {
            TextField("you@example.com", text: .constant(""))
              .configure { probe.widgets["field"] = $0 }
              .padding(10)
              .overlay(RoundedRectangle(cornerRadius: 8).stroke(Color.blue, lineWidth: 2))
              .configure { probe.widgets["overlay"] = $0 }
            Button("Under") { probe.clicks += 1 }
              .overlay(alignment: .topTrailing) { Text("3") }
              .configure { probe.widgets["badged"] = $0 }
          }
        })
      MainLoop.wait(seconds: 0.1)
      let overlay = probe.widgets["overlay"]!
      XCTAssertEqual(
        childTypeNames(overlay.pointer), ["GtkEntry", "GtkOverlay"],
        "a GtkOverlay holding the field and the shape (a GtkOverlay holding its painted box)")
      let height = Int(gtk_widget_get_height(overlay.pointer))
      XCTAssertEqual(StylingModifierTests.pixel(overlay, x: 0, y: height / 2), [0, 0, 255, 255])
      let shape = gtk_widget_get_last_child(overlay.pointer)!
      XCTAssertEqual(gtk_widget_get_can_target(shape), 0, "the frame lets clicks through")
      XCTAssertTrue((probe.widgets["field"] as! Entry).grabFocus())

      let badged = probe.widgets["badged"]!
      let badge = gtk_widget_get_last_child(badged.pointer)!
      XCTAssertEqual(gtk_widget_get_halign(badge), GTK_ALIGN_END)
      XCTAssertEqual(gtk_widget_get_valign(badge), GTK_ALIGN_START)
    }
  }

  func testFlexibleFrameExpandsAlignsLabelsAndSetsMinimumSizes() {
    MainActor.assumeIsolated {
      let probe = Probe()
      show(
        host {
          VStack {
            Text("Email").frame(maxWidth: .infinity, alignment: .leading)
              .configure { probe.widgets["label"] = $0 }
            TextField("x", text: .constant(""))
              .frame(minWidth: 200, idealWidth: 300, maxWidth: .infinity, minHeight: 50)
              .configure { probe.widgets["field"] = $0 }
          }
        })
      MainLoop.wait(seconds: 0.1)
      let label = probe.widgets["label"]!
      XCTAssertEqual(gtk_widget_get_hexpand(label.pointer), 1)
      XCTAssertEqual(gtk_label_get_xalign(OpaquePointer(label.pointer)), 0)
      let field = probe.widgets["field"]!
      var width: Int32 = 0
      var height: Int32 = 0
      gtk_widget_get_size_request(field.pointer, &width, &height)
      XCTAssertEqual([width, height], [200, 50])
      XCTAssertEqual(gtk_widget_get_hexpand(field.pointer), 1)
      var minimum: Int32 = 0
      gtk_widget_measure(field.pointer, GTK_ORIENTATION_VERTICAL, -1, &minimum, nil, nil, nil)
      XCTAssertGreaterThanOrEqual(minimum, 50)
    }
  }
}
