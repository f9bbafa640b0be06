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

  /// A row background in the tint (`Rectangle().fill(.tint)`) paints with the nearest `.tint`
  /// around the row's view, as SwiftUI resolves the tint in the row's environment, and
  /// follows a change of it; `Color.accentColor` is the nearest `.accentColor(_:)`. (A
  /// filled shape was not drawn, and a style was resolved with no tint: the accent colour.)
  func testTheTintPaintsTheRowWithTheNearestTint() throws {
    try MainActor.assumeIsolated {
      let model = RowTintModel()
      let ui = show(
        host {
          List {
            Text("Rent").listRowBackground(Rectangle().fill(.tint)).tint(.red)
            Text("Food").listRowBackground(Rectangle().fill(.tint))
            Text("Gift").listRowBackground(Rectangle().fill(.tint)).tint(model.tint)
            Text("Pay").listRowBackground(Color.accentColor).accentColor(.red)
          }
          .tint(.green)
        })
      MainLoop.wait(seconds: 0.1)
      let rows = contentTree(of: ui.window).filter { widgetTypeName($0) == "GtkListBoxRow" }
      XCTAssertEqual(rows.count, 4)
      @MainActor func centre(_ row: UnsafeMutablePointer<GtkWidget>) -> [Int] {
        let picture = WidgetPicture(Widget(retaining: row))
        return picture[2, picture.height / 2]
      }
      XCTAssertEqual(centre(rows[0]), [255, 0, 0, 255], "the row's own tint")
      XCTAssertEqual(centre(rows[3]), [255, 0, 0, 255], "the accent colour set around it")
      XCTAssertEqual(centre(rows[1]), [0, 128, 0, 255], "the list's tint")
      XCTAssertEqual(centre(rows[2]), [255, 165, 0, 255], "orange")
      model.tint = .red
      MainLoop.wait(seconds: 0.1)
      XCTAssertEqual(centre(rows[2]), [255, 0, 0, 255], "the changed tint")
      XCTAssertTrue(styleErrors.isEmpty, "\(styleErrors)")
    }
  }
}

@Observable
@MainActor
private final class RowTintModel {
  var tint: Color = .orange
}
