import CGtk
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

/// `LinearGradient`, `RadialGradient` and `AngularGradient` as views, shape fills and
/// backgrounds: CSS gradients GTK paints, read back as pixels.
final class GradientTests: GtkTestCase, @unchecked Sendable {
  @MainActor final class Probe {
    var widgets: [String: Widget] = [:]
  }

  /// Whether `pixel` is mostly red (the gradient's start) or mostly blue (its end).
  private func isReddish(_ pixel: [Int]) -> Bool { pixel[0] > 180 && pixel[2] < 80 }
  private func isBluish(_ pixel: [Int]) -> Bool { pixel[2] > 180 && pixel[0] < 80 }

  /// The pixel at `fx`, `fy` (0 to 1) of what `widget` paints (its opaque part), so a frame
  /// wider than the gradient does not move what is read.
  @MainActor private func sample(_ widget: Widget?, _ fx: Double, _ fy: Double) -> [Int] {
    guard let widget else { return [] }
    let picture = WidgetPicture(widget)
    guard let painted = picture.bounds(where: { $0[3] == 255 }) else { return [] }
    let x = painted.minX + Int(Double(painted.maxX - painted.minX) * fx)
    let y = painted.minY + Int(Double(painted.maxY - painted.minY) * fy)
    return picture[x, y]
  }

  func testALinearGradientViewPaintsFromItsStartPointToItsEndPoint() throws {
    try MainActor.assumeIsolated {
      let probe = Probe()
      show(
        host {
          VStack {
            LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom)
              .frame(width: 40, height: 100)
              .configure { probe.widgets["vertical"] = $0 }
            LinearGradient(
              stops: [.init(color: .blue, location: 0), .init(color: .red, location: 1)],
              startPoint: .leading, endPoint: .trailing
            )
            .frame(width: 100, height: 20)
            .configure { probe.widgets["horizontal"] = $0 }
          }
        })
      MainLoop.wait(seconds: 0.1)
      let vertical = probe.widgets["vertical"]
      XCTAssertTrue(isReddish(sample(vertical, 0.5, 0.02)), "\(sample(vertical, 0.5, 0.02))")
      XCTAssertTrue(isBluish(sample(vertical, 0.5, 0.98)))
      let horizontal = probe.widgets["horizontal"]
      XCTAssertTrue(isBluish(sample(horizontal, 0.02, 0.5)))
      XCTAssertTrue(isReddish(sample(horizontal, 0.98, 0.5)))
    }
  }

  func testAGradientFillsAShapeAndABackground() throws {
    try MainActor.assumeIsolated {
      let probe = Probe()
      let leftToRight = LinearGradient(
        colors: [.red, .blue], startPoint: .leading, endPoint: .trailing)
      show(
        host {
          VStack {
            Capsule().fill(leftToRight).frame(width: 100, height: 30)
              .configure { probe.widgets["capsule"] = $0 }
            Text("Sale").frame(width: 100, height: 30).background(leftToRight)
              .configure { probe.widgets["text"] = $0 }
          }
        })
      MainLoop.wait(seconds: 0.1)
      let capsule = probe.widgets["capsule"]
      XCTAssertTrue(isReddish(sample(capsule, 0.2, 0.5)))
      XCTAssertTrue(isBluish(sample(capsule, 0.8, 0.5)))
      XCTAssertNotEqual(sample(capsule, 0, 0)[3], 255, "the capsule's corner is round")
      let text = probe.widgets["text"]
      XCTAssertTrue(isReddish(sample(text, 0.01, 0.05)))
      XCTAssertTrue(isBluish(sample(text, 0.99, 0.95)))
      XCTAssertTrue(styleErrors.isEmpty, "\(styleErrors)")
    }
  }

  func testRadialAndAngularGradientsPaintAroundTheirCentre() throws {
    try MainActor.assumeIsolated {
      let probe = Probe()
      show(
        host {
          VStack {
            RadialGradient(colors: [.red, .blue], center: .center, startRadius: 5, endRadius: 40)
              .frame(width: 100, height: 100)
              .configure { probe.widgets["radial"] = $0 }
            AngularGradient(colors: [.red, .blue, .red], center: .center)
              .frame(width: 100, height: 100)
              .configure { probe.widgets["angular"] = $0 }
          }
        })
      MainLoop.wait(seconds: 0.1)
      let radial = probe.widgets["radial"]
      XCTAssertTrue(isReddish(sample(radial, 0.5, 0.5)), "the centre")
      XCTAssertTrue(isBluish(sample(radial, 0.02, 0.02)), "past endRadius")
      let angular = probe.widgets["angular"]
      // SwiftUI's angle 0 is the trailing edge: the first colour there, the middle one
      // half-way round, at the leading edge.
      XCTAssertTrue(isReddish(sample(angular, 0.98, 0.5)))
      XCTAssertTrue(isBluish(sample(angular, 0.02, 0.5)))
      XCTAssertTrue(styleErrors.isEmpty, "\(styleErrors)")
    }
  }

  func testGradientsBecomeCSSImages() {
    MainActor.assumeIsolated { checkCSSImages() }
  }

  @MainActor private func checkCSSImages() {
    XCTAssertEqual(
      LinearGradient(colors: [.red, .blue], startPoint: .topLeading, endPoint: .bottomTrailing)
        .cssImage,
      "linear-gradient(135.0deg, rgba(255,0,0,1) 0.0%, rgba(0,0,255,1) 100.0%)")
    XCTAssertEqual(
      AngularGradient(
        gradient: Gradient(colors: [.red, .blue]), center: .top, startAngle: .degrees(90),
        endAngle: .degrees(270)
      ).cssImage,
      "conic-gradient(from 180.0deg at 50.0% 0.0%, rgba(255,0,0,1) 0.0%, rgba(0,0,255,1) 50.0%)")
    XCTAssertEqual(Color.red.gradient.gradient.stops.last?.color, .red)
    XCTAssertEqual((LinearGradient.self as Any.Type) is any ShapeStyle.Type, true)
  }
}
