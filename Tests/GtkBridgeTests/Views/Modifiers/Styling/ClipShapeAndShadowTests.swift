import CGtk
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

/// `.clipShape`, `.clipped`, `.shadow` (on views and on shapes) and the shape outlines
/// without a style, on real widgets read back as pixels.
final class ClipShapeAndShadowTests: GtkTestCase, @unchecked Sendable {
  @MainActor final class Probe {
    var widgets: [String: Widget] = [:]
  }

  func testClipShapeRoundsTheViewAndWhatItHolds() throws {
    try MainActor.assumeIsolated {
      let probe = Probe()
      show(
        host {
          VStack {
            Color.red.frame(width: 40, height: 40).clipShape(Circle())
              .configure { probe.widgets["circle"] = $0 }
            Color.red.frame(width: 40, height: 40)
              .configure { probe.widgets["square"] = $0 }
            ZStack { Color.blue.frame(width: 60, height: 60) }.frame(width: 40, height: 40)
              .clipShape(RoundedRectangle(cornerRadius: 12))
              .configure { probe.widgets["rounded"] = $0 }
          }
        })
      MainLoop.wait(seconds: 0.1)
      let red = [255, 0, 0, 255]
      let circle = try XCTUnwrap(probe.widgets["circle"])
      XCTAssertEqual(StylingModifierTests.pixel(circle, x: 20, y: 20), red)
      XCTAssertEqual(StylingModifierTests.pixel(circle, x: 2, y: 2)[3], 0, "cut at the circle")
      let square = try XCTUnwrap(probe.widgets["square"])
      XCTAssertEqual(StylingModifierTests.pixel(square, x: 2, y: 2), red, "not clipped: square")
      let rounded = try XCTUnwrap(probe.widgets["rounded"])
      let width = Int(gtk_widget_get_width(rounded.pointer))
      XCTAssertEqual(
        StylingModifierTests.pixel(rounded, x: width / 2, y: 20), [0, 0, 255, 255])
      XCTAssertEqual(
        StylingModifierTests.pixel(rounded, x: 0, y: 0)[3], 0,
        "what the view holds is cut at the rounded corner")
      XCTAssertTrue(styleErrors.isEmpty, "\(styleErrors)")
    }
  }

  func testShadowsFallUnderViewsAndShapes() throws {
    try MainActor.assumeIsolated {
      let probe = Probe()
      show(
        host {
          VStack {
            HStack(spacing: 20) {
              Color.white.frame(width: 30, height: 30)
                .shadow(color: .black, radius: 0, x: 6, y: 6)
              Circle().fill(Color.yellow).shadow(color: .black, radius: 0, x: 6, y: 6)
                .frame(width: 30, height: 30)
            }
            .padding(10)
            Text("Sale").shadow(radius: 2)
          }
          .configure { probe.widgets["row"] = $0 }
        })
      MainLoop.wait(seconds: 0.1)
      let picture = WidgetPicture(try XCTUnwrap(probe.widgets["row"]))
      let isWhite = { (pixel: [Int]) in pixel == [255, 255, 255, 255] }
      let isBlack = { (pixel: [Int]) in pixel == [0, 0, 0, 255] }
      // The box, then the circle to its right.
      let box = try XCTUnwrap(picture.bounds { isWhite($0) }, "the white box")
      XCTAssertTrue(isBlack(picture[box.maxX + 3, box.maxY - 10]), "shadow right of the box")
      XCTAssertTrue(isBlack(picture[box.maxX - 10, box.maxY + 3]), "shadow below the box")
      let circle = try XCTUnwrap(
        picture.bounds { $0 == [255, 255, 0, 255] }, "the yellow circle")
      let centreX = (circle.minX + circle.maxX) / 2
      XCTAssertTrue(isBlack(picture[centreX + 6, circle.maxY + 3]), "shadow below the circle")
      XCTAssertFalse(
        isBlack(picture[circle.maxX + 5, circle.maxY + 5]),
        "the circle's shadow is round: none at its box's corner")
      XCTAssertTrue(styleErrors.isEmpty, "\(styleErrors)")
    }
  }

  func testStrokesWithoutAStyleUseTheForegroundAndDashesParse() {
    MainActor.assumeIsolated {
      show(
        host {
          VStack {
            RoundedRectangle(cornerRadius: 4).strokeBorder(lineWidth: 2).frame(
              width: 30, height: 20)
            Circle().stroke(lineWidth: 1).frame(width: 20, height: 20)
            Rectangle().stroke(Color.gray, style: StrokeStyle(lineWidth: 2, dash: [4]))
              .frame(width: 30, height: 20)
            Color.blue.ignoresSafeArea().edgesIgnoringSafeArea(.all).frame(height: 4)
          }
        })
      XCTAssertTrue(styleErrors.isEmpty, "\(styleErrors)")
      let dashed = Rectangle().stroke(Color.gray, style: StrokeStyle(lineWidth: 2, dash: [4]))
      XCTAssertTrue(dashed.isDashed)
      XCTAssertEqual(RoundedRectangle(cornerRadius: 4).strokeBorder(lineWidth: 3).stroke?.width, 3)
    }
  }
}
