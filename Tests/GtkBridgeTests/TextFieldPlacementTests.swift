import CGtk
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

/// The natural height of `widget` for its current width, margins included.
@MainActor
private func naturalHeight(_ widget: UnsafeMutablePointer<GtkWidget>) -> Int32 {
  var minimum: Int32 = 0
  var natural: Int32 = 0
  gtk_widget_measure(
    widget, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width(widget), &minimum, &natural, nil, nil)
  return natural
}

/// The top of `widget` in `window`'s coordinates.
@MainActor
private func top(_ widget: UnsafeMutablePointer<GtkWidget>, in window: Window) -> Double {
  var x = 0.0
  var y = 0.0
  _ = gtk_widget_translate_coordinates(widget, window.pointer, 0, 0, &x, &y)
  return y
}

/// A text field keeps its natural height where SwiftUI would: alone in a window, and in an
/// `HStack` beside a taller view (centred, SwiftUI's default `HStack` alignment).
final class TextFieldPlacementTests: GtkTestCase, @unchecked Sendable {
  func testALoneFieldInAWindowIsItsOwnHeightCentred() throws {
    try MainActor.assumeIsolated {
      let ui = show(host { TextField("Name", text: .constant("Ada")) })
      gtk_window_set_default_size(ui.window.window, 400, 300)
      MainLoop.run(timeout: 0.3) { false }
      let field = try ui.find(TextField.self).widget.pointer
      let height = gtk_widget_get_height(field)
      XCTAssertLessThanOrEqual(height, naturalHeight(field), "not stretched to the window")
      let window = gtk_widget_get_height(ui.window.pointer)
      XCTAssertGreaterThan(window, 3 * height)
      let middle = top(field, in: ui.window) + Double(height) / 2
      XCTAssertEqual(middle, Double(window) / 2, accuracy: Double(window) / 10, "centred")
    }
  }

  func testAFieldBesideATallerViewInAnHStackIsItsOwnHeight() throws {
    try MainActor.assumeIsolated {
      let ui = show(
        host {
          HStack {
            Text("one\ntwo\nthree\nfour")
            TextField("Name", text: .constant(""))
            SecureField("Password", text: .constant(""))
          }
        })
      MainLoop.run(timeout: 0.3) { false }
      let label = try ui.find(Text.self).widget.pointer
      for title in ["Name", "Password"] {
        let field = try ui.find(title: title).widget.pointer
        XCTAssertLessThanOrEqual(gtk_widget_get_height(field), naturalHeight(field), title)
        XCTAssertLessThan(gtk_widget_get_height(field), gtk_widget_get_height(label), title)
        let fieldMiddle = top(field, in: ui.window) + Double(gtk_widget_get_height(field)) / 2
        let labelMiddle = top(label, in: ui.window) + Double(gtk_widget_get_height(label)) / 2
        XCTAssertEqual(fieldMiddle, labelMiddle, accuracy: 2, "\(title) centred on the row")
      }
    }
  }
}
