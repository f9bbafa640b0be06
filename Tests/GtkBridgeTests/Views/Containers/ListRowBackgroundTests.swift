import CGtk
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

/// `.listRowBackground` colours the `GtkListBoxRow` around the view.
final class ListRowBackgroundTests: GtkTestCase, @unchecked Sendable {
  func testAColourFillsTheRowAroundTheView() throws {
    try MainActor.assumeIsolated {
      let ui = show(
        host {
          List {
            Text("Rent").listRowBackground(Color.green)
            Text("Food")
            Text("Gift").listRowBackground(Text("not a colour"))
          }
        })
      MainLoop.wait(seconds: 0.1)
      let rows = contentTree(of: ui.window).filter { widgetTypeName($0) == "GtkListBoxRow" }
      XCTAssertEqual(rows.count, 3)
      @MainActor func centre(_ row: UnsafeMutablePointer<GtkWidget>) -> [Int] {
        let picture = WidgetPicture(Widget(retaining: row))
        return picture[2, picture.height / 2]
      }
      XCTAssertEqual(centre(rows[0]), [0, 128, 0, 255], "the row is green")
      XCTAssertNotEqual(centre(rows[1]), [0, 128, 0, 255], "the next row keeps the theme's")
      XCTAssertNotEqual(centre(rows[2]), [0, 128, 0, 255])
      XCTAssertTrue(styleErrors.isEmpty, "\(styleErrors)")
    }
  }
}
