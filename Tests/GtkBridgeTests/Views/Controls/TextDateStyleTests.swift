import CGtk
import Foundation
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

/// `Text(_:style:)` with SwiftUI's date styles, and `Button(_:systemImage:action:)`.
final class TextDateStyleTests: GtkTestCase, @unchecked Sendable {
  func testDateStylesReadAsSwiftUIShowsThem() {
    MainActor.assumeIsolated {
      let now = Date(timeIntervalSince1970: 1_000_000_000)
      let later = now.addingTimeInterval(2 * 3600 + 5)
      XCTAssertEqual(Text.format(later, style: .relative, now: now), "in 2 hours")
      XCTAssertEqual(
        Text.format(now.addingTimeInterval(-180), style: .relative, now: now), "3 minutes ago")
      XCTAssertEqual(Text.format(later, style: .offset, now: now), "+2 hours")
      XCTAssertEqual(
        Text.format(now.addingTimeInterval(-60), style: .offset, now: now), "-1 minute")
      XCTAssertEqual(Text.format(now.addingTimeInterval(3725), style: .timer, now: now), "1:02:05")
      XCTAssertEqual(Text.format(now.addingTimeInterval(125), style: .timer, now: now), "2:05")
      let formatter = DateFormatter()
      formatter.dateStyle = .long
      XCTAssertEqual(Text.format(now, style: .date, now: now), formatter.string(from: now))
      XCTAssertFalse(Text.format(now, style: .date, now: now).isEmpty)
      formatter.dateStyle = .none
      formatter.timeStyle = .short
      XCTAssertEqual(Text.format(now, style: .time, now: now), formatter.string(from: now))
    }
  }

  func testADateTextIsALabel() throws {
    try MainActor.assumeIsolated {
      let ui = show(host { Text(Date().addingTimeInterval(3 * 86_400 + 60), style: .relative) })
      XCTAssertEqual(try ui.find(Text.self).text, "in 3 days")
    }
  }

  func testAButtonWithASystemImageShowsTheIconAndTheTitle() throws {
    try MainActor.assumeIsolated {
      var adds = 0
      let ui = show(host { Button("Add Expense", systemImage: "plus") { adds += 1 } })
      let button = try XCTUnwrap(
        contentTree(of: ui.window).first { widgetTypeName($0) == "GtkButton" })
      let parts = gtkTree(button).filter { ["GtkImage", "GtkLabel"].contains(widgetTypeName($0)) }
      XCTAssertEqual(parts.map(widgetTypeName), ["GtkImage", "GtkLabel"])
      XCTAssertEqual(
        gtk_image_get_icon_name(OpaquePointer(parts[0])).map { String(cString: $0) },
        "list-add-symbolic")
      XCTAssertEqual(labelText(parts[1]), "Add Expense")
      cgtk_emit(button, "clicked")
      MainLoop.drain()
      XCTAssertEqual(adds, 1)
    }
  }
}
