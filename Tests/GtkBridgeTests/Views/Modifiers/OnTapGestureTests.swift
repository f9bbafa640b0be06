import CGtk
import Foundation
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

/// `.onTapGesture(count:)` with real X pointer clicks (`xdotool`, in a child process).
final class OnTapGestureTests: GtkTestCase, @unchecked Sendable {
  /// Moves the pointer over the middle of `widget` and clicks `count` times; returns the
  /// middle, in the window's coordinates.
  @MainActor
  @discardableResult
  private func click(_ widget: Widget, in window: Window, count: Int) throws -> CGPoint {
    var bounds = graphene_rect_t()
    XCTAssertTrue(gtk_widget_compute_bounds(widget.pointer, window.pointer, &bounds) != 0)
    var offsetX = 0.0
    var offsetY = 0.0
    gtk_native_get_surface_transform(OpaquePointer(window.pointer), &offsetX, &offsetY)
    let x = Int(offsetX + Double(bounds.origin.x + bounds.size.width / 2))
    let y = Int(offsetY + Double(bounds.origin.y + bounds.size.height / 2))
    try xdotool(on: window, ["mousemove", "\(x)", "\(y)"])
    // NB: without --window: XTest input, as a real pointer (a sent event carries no position).
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
    process.arguments = ["click", "--repeat", "\(count)", "--delay", "40", "1"]
    try process.run()
    process.waitUntilExit()
    return CGPoint(x: x - Int(offsetX), y: y - Int(offsetY))
  }

  func testADoubleTapRunsOnTheSecondClickAndASingleTapOnEachClick() throws {
    guard try runsInChildProcess(in: "OnTapGestureTests") else { return }
    try MainActor.assumeIsolated {
      let model = KeyModel()
      let host = host {
        VStack {
          Text("Open").onTapGesture(count: 2) { model.ran.append("open") }
          Text("Select").onTapGesture { model.ran.append("select") }
        }
      }
      let ui = show(host)
      let open = try ui.find(Text.self, title: "Open").widget
      let select = try ui.find(Text.self, title: "Select").widget
      try click(open, in: host.window, count: 2)
      XCTAssertTrue(MainLoop.run(timeout: 5) { !model.ran.isEmpty }, "no tap ran")
      XCTAssertEqual(model.ran, ["open"])
      try click(select, in: host.window, count: 1)
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.ran.count == 2 }, "ran \(model.ran)")
      XCTAssertEqual(model.ran, ["open", "select"])
      waitForFrames(host.window)
      // NB: far from the last click in time: a new run of clicks.
      try click(open, in: host.window, count: 1)
      waitForFrames(host.window, 4)
      MainLoop.drain()
      XCTAssertEqual(model.ran, ["open", "select"], "one click is not a double tap")
    }
  }

  func testATapReportsItsLocationInTheViewAndInTheWindow() throws {
    guard try runsInChildProcess(in: "OnTapGestureTests") else { return }
    try MainActor.assumeIsolated {
      var local: [CGPoint] = []
      var global: [CGPoint] = []
      let host = host {
        VStack {
          Text("Spacer above").padding(20)
          Text("Canvas")
            .onTapGesture(count: 1, coordinateSpace: .local) { local.append($0) }
            .onTapGesture(count: 1, coordinateSpace: .global) { global.append($0) }
        }
      }
      let ui = show(host)
      let canvas = try ui.find(Text.self, title: "Canvas").widget
      let middle = try click(canvas, in: host.window, count: 1)
      XCTAssertTrue(MainLoop.run(timeout: 5) { local.count == 1 && global.count == 1 })
      let width = Double(gtk_widget_get_width(canvas.pointer))
      let height = Double(gtk_widget_get_height(canvas.pointer))
      XCTAssertEqual(local.first?.x ?? -1, width / 2, accuracy: 1.5)
      XCTAssertEqual(local.first?.y ?? -1, height / 2, accuracy: 1.5)
      XCTAssertEqual(global.first?.x ?? -1, middle.x, accuracy: 1.5)
      XCTAssertEqual(global.first?.y ?? -1, middle.y, accuracy: 1.5)
      XCTAssertGreaterThan(
        global.first?.y ?? 0, local.first?.y ?? 0, "the window's origin is above")
    }
  }
}
