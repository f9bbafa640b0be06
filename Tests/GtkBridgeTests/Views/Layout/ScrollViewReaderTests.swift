import CGtk
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

private struct Line: Identifiable {
  let id: Int
  var text: String { "Line \(id)" }
}

@MainActor
private func labels(in widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
  gtkTree(widget).filter { widgetTypeName($0) == "GtkLabel" }.map(labelText)
}

/// ScrollViewReader's proxy on real scrolled windows: a lazy stack's row made and shown by
/// id, an eager stack's row scrolled to.
final class ScrollViewReaderTests: GtkTestCase, @unchecked Sendable {
  func testScrollToAnIDInALazyStackShowsThatRow() throws {
    try MainActor.assumeIsolated {
      let lines = (0..<5_000).map(Line.init(id:))
      let ui = show {
        ScrollViewReader { proxy in
          VStack {
            Button("Last") { proxy.scrollTo(4_999, anchor: .bottom) }
            Button("Nowhere") { proxy.scrollTo("no such id") }
            ScrollView {
              LazyVStack { ForEach(lines) { Text($0.text) } }
            }
          }
        }
      }
      let list = gtkTree(ui.window.pointer).first { widgetTypeName($0) == "GtkListView" }!
      XCTAssertFalse(labels(in: list).contains("Line 4999"))
      try ui.find(title: "Nowhere").tap()
      MainLoop.run(timeout: 0.3) { false }
      XCTAssertTrue(labels(in: list).contains("Line 0"), "an unknown id scrolls nothing")
      try ui.find(title: "Last").tap()
      XCTAssertTrue(
        MainLoop.run(timeout: 3) { labels(in: list).contains("Line 4999") },
        "the last row was made and shown")
      let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(list))!
      XCTAssertGreaterThan(gtk_adjustment_get_value(adjustment), 0)
    }
  }

  func testScrollToAnIDInAnEagerStackScrollsItIntoView() throws {
    try MainActor.assumeIsolated {
      let lines = (0..<200).map(Line.init(id:))
      let ui = show {
        ScrollViewReader { proxy in
          VStack {
            Button("Row 150") { proxy.scrollTo(150) }
            ScrollView {
              VStack { ForEach(lines) { Text($0.text) } }
            }
          }
        }
      }
      let scrolled = gtkTree(ui.window.pointer).first {
        widgetTypeName($0) == "GtkScrolledWindow"
      }!
      let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled))!
      XCTAssertEqual(gtk_adjustment_get_value(adjustment), 0)
      try ui.find(title: "Row 150").tap()
      XCTAssertTrue(
        MainLoop.run(timeout: 3) { gtk_adjustment_get_value(adjustment) > 0 },
        "the scrolled window moved to the row")
    }
  }
}
