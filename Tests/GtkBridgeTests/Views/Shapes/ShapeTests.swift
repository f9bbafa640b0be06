import CGtk
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

/// Shapes as GTK draws them, read back pixel by pixel.
final class ShapeTests: GtkTestCase, @unchecked Sendable {
  @MainActor final class Probe {
    var widgets: [String: Widget] = [:]
  }

  /// Whether the pixel at `x`, `y` of `widget` is `colour` (RGB from 0 to 255, opaque).
  @MainActor
  private func pixel(_ widget: Widget?, _ x: Int, _ y: Int, is colour: [Int]) -> Bool {
    let pixel = StylingModifierTests.pixel(widget!, x: x, y: y)
    return Array(pixel.prefix(3)) == colour && pixel.last == 255
  }

  /// Whether nothing is drawn at `x`, `y` of `widget`.
  @MainActor
  private func isClear(_ widget: Widget?, _ x: Int, _ y: Int) -> Bool {
    StylingModifierTests.pixel(widget!, x: x, y: y).last == 0
  }

  // Issue 35 (seen in screenshots): a circle in a frame that is not square was drawn as an
  // ellipse, and `.stroke` drew the same border as `.strokeBorder`, all inside the frame.
  func testACircleStaysACircleAndStrokeBorderDrawsInsideWhereStrokeStraddlesTheEdge() {
    MainActor.assumeIsolated {
      let probe = Probe()
      show(
        host {
          HStack {
            Circle().strokeBorder(Color.red, lineWidth: 4).frame(width: 120, height: 60)
              .configure { probe.widgets["ring"] = $0 }
            Rectangle().stroke(Color.blue, lineWidth: 4).frame(width: 60, height: 40)
              .configure { probe.widgets["stroke"] = $0 }
            Rectangle().strokeBorder(Color.blue, lineWidth: 4).frame(width: 60, height: 40)
              .configure { probe.widgets["border"] = $0 }
          }
        })
      MainLoop.run(timeout: 0.3) { false }
      let ring = try! XCTUnwrap(probe.widgets["ring"])
      XCTAssertEqual(gtk_widget_get_width(ring.pointer), 120)
      // What is painted is a circle of 60 pixels centred in the frame, a ring 4 pixels wide.
      let painted = try! XCTUnwrap(
        gtkTree(ring.pointer).last { widgetTypeName($0) == "GtkBox" })
      var bounds = graphene_rect_t()
      XCTAssertNotEqual(gtk_widget_compute_bounds(painted, ring.pointer, &bounds), 0)
      XCTAssertEqual(
        [bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height], [30, 0, 60, 60],
        "a box of the frame's size would be an ellipse")
      let circle = Widget(retaining: painted)
      XCTAssertTrue(pixel(circle, 1, 26, is: [255, 0, 0]))
      XCTAssertTrue(isClear(circle, 26, 26), "a stroke does not fill")
      // `.strokeBorder`: 4 pixels inside the frame; `.stroke`: 2 inside, 2 outside.
      let border = probe.widgets["border"]
      XCTAssertTrue(pixel(border, 3, 20, is: [0, 0, 255]))
      XCTAssertTrue(isClear(border, 5, 20))
      let stroke = probe.widgets["stroke"]
      XCTAssertTrue(pixel(stroke, 1, 20, is: [0, 0, 255]))
      XCTAssertTrue(isClear(stroke, 3, 20), "half the line lies outside the frame")
    }
  }

  /// `.fill(.tint)`, `.stroke(.tint)` and `.strokeBorder(.tint)` paint with the nearest
  /// `.tint` around the shape, or the accent colour with none; a change of the tint repaints
  /// the shape, one in a view that does not run again included. (They were always the accent
  /// colour, Adwaita's 53, 132, 228.)
  func testAShapeInTheTintPaintsWithTheNearestTintAndFollowsItsChanges() {
    MainActor.assumeIsolated {
      let probe = Probe()
      let model = ShapeTintModel()
      show(
        host {
          HStack {
            HStack {
              Rectangle().fill(.tint).frame(width: 20, height: 20)
                .configure { probe.widgets["fill"] = $0 }
              Rectangle().strokeBorder(.tint, lineWidth: 4).frame(width: 20, height: 20)
                .configure { probe.widgets["border"] = $0 }
              Rectangle().stroke(.tint, lineWidth: 4).frame(width: 20, height: 20)
                .configure { probe.widgets["stroke"] = $0 }
              TintedSquare(probe: probe)
              HStack {
                Circle().fill(.tint).frame(width: 20, height: 20)
                  .configure { probe.widgets["inner"] = $0 }
              }
              .tint(.green)
            }
            .tint(model.tint)
            Rectangle().fill(.tint).frame(width: 20, height: 20)
              .configure { probe.widgets["none"] = $0 }
          }
        })
      MainLoop.run(timeout: 0.3) { false }
      XCTAssertTrue(pixel(probe.widgets["fill"], 10, 10, is: [255, 0, 0]))
      XCTAssertTrue(pixel(probe.widgets["square"], 10, 10, is: [255, 0, 0]))
      XCTAssertTrue(pixel(probe.widgets["border"], 1, 10, is: [255, 0, 0]))
      XCTAssertTrue(isClear(probe.widgets["border"], 10, 10), "a stroke does not fill")
      XCTAssertTrue(pixel(probe.widgets["stroke"], 1, 10, is: [255, 0, 0]))
      XCTAssertTrue(pixel(probe.widgets["inner"], 10, 10, is: [0, 128, 0]), "the nearest tint")
      XCTAssertTrue(
        pixel(probe.widgets["none"], 10, 10, is: [53, 132, 228]), "no tint: the accent")
      model.tint = .blue
      MainLoop.run(timeout: 0.3) { false }
      XCTAssertTrue(pixel(probe.widgets["fill"], 10, 10, is: [0, 0, 255]), "a change repaints")
      XCTAssertTrue(pixel(probe.widgets["square"], 10, 10, is: [0, 0, 255]), "one not run again")
      XCTAssertTrue(pixel(probe.widgets["border"], 1, 10, is: [0, 0, 255]))
      XCTAssertTrue(pixel(probe.widgets["stroke"], 1, 10, is: [0, 0, 255]))
      XCTAssertTrue(pixel(probe.widgets["inner"], 10, 10, is: [0, 128, 0]))
      model.tint = nil
      MainLoop.run(timeout: 0.3) { false }
      XCTAssertTrue(pixel(probe.widgets["fill"], 10, 10, is: [53, 132, 228]), "no tint now")
      XCTAssertTrue(pixel(probe.widgets["square"], 10, 10, is: [53, 132, 228]))
    }
  }
}

/// A square in the tint, in a view of its own: the views around it running again do not run
/// it.
private struct TintedSquare: View {
  let probe: ShapeTests.Probe

  var body: some View {
    Rectangle().fill(.tint).frame(width: 20, height: 20)
      .configure { probe.widgets["square"] = $0 }
  }
}

@MainActor
@Observable
private final class ShapeTintModel {
  var tint: Color? = .red
}
