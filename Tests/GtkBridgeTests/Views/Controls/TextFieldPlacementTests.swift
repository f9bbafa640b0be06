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

/// The width GTK allocated to `widget`, border and padding included (its bounds).
@MainActor
private func outerWidth(_ widget: UnsafeMutablePointer<GtkWidget>) -> Int {
  var bounds = graphene_rect_t()
  _ = gtk_widget_compute_bounds(widget, widget, &bounds)
  return Int(bounds.size.width.rounded())
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
/// `HStack` beside a taller view (centred, SwiftUI's default `HStack` alignment); across, it
/// takes the width it is offered, as SwiftUI's does, while a button beside it keeps its own.
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

  // Issue 35, case 6, with real keys: typing a text longer than the field neither grows the
  // field past the width it was offered nor pushes the button out.
  func testTypingALongTextWithRealKeysKeepsTheFieldAndTheButtonInTheRow() throws {
    guard try runsInChildProcess(in: "TextFieldPlacementTests") else { return }
    try MainActor.assumeIsolated {
      final class Item { var name = "" }
      let item = Item()
      let ui = show(width: 630, height: 200) {
        HStack {
          TextField("New item", text: Binding(get: { item.name }, set: { item.name = $0 }))
          Button("Add") {}
        }
      }
      MainLoop.run(timeout: 0.3) { false }
      let field = try ui.find(TextField.self, title: "New item")
      let button = gtk_widget_get_ancestor(
        try ui.find(Button<Text>.self, title: "Add").widget.pointer, gtk_button_get_type())!
      let before = (field: outerWidth(field.widget.pointer), button: outerWidth(button))
      XCTAssertGreaterThan(before.field, 400)
      XCTAssertTrue(field.isFocused, "the launch rule focuses the field")
      try xdotool(
        on: ui.window, ["type", "--delay", "20", String(repeating: "a long item name ", count: 6)])
      XCTAssertTrue(MainLoop.run(timeout: 10) { field.text?.count == 102 }, "\(field.text ?? "")")
      MainLoop.run(timeout: 0.3) { false }
      XCTAssertEqual(outerWidth(ui.window.pointer), 630, "the window did not grow")
      XCTAssertEqual(outerWidth(field.widget.pointer), before.field, "nor did the field")
      XCTAssertEqual(outerWidth(button), before.button, "the button keeps its width")
    }
  }

  // Issue 35, case 6: the field stayed at GTK's natural 150 px in a 630 px window.
  func testAFieldBesideAButtonInAnHStackTakesTheWidthTheButtonLeaves() throws {
    try MainActor.assumeIsolated {
      let ui = show(width: 630, height: 200) {
        VStack {
          HStack {
            TextField("New item", text: .constant(""))
            Button("Add") {}
          }
          HStack {
            Text("Notes")
            TextField("Note", text: .constant(""), axis: .vertical)
            SecureField("Password", text: .constant(""))
          }
          HStack {
            TextField("Code", text: .constant("")).frame(width: 180)
            Spacer()
          }
        }
      }
      MainLoop.run(timeout: 0.3) { false }
      let window = outerWidth(ui.window.pointer)
      XCTAssertEqual(window, 630)
      let field = try ui.find(TextField.self, title: "New item").widget.pointer
      let button = gtk_widget_get_ancestor(
        try ui.find(Button<Text>.self, title: "Add").widget.pointer, gtk_button_get_type())!
      var minimum: Int32 = 0
      var natural: Int32 = 0
      gtk_widget_measure(button, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
      XCTAssertEqual(outerWidth(button), Int(natural), "the button keeps its natural width")
      XCTAssertGreaterThanOrEqual(
        outerWidth(field), window - Int(natural) - 8, "the field takes the rest of the row")
      // A vertical field and a secure field share what the label leaves: each grows past
      // its natural width.
      for title in ["Note", "Password"] {
        let widget = try ui.find(title: title).widget.pointer
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        XCTAssertGreaterThan(outerWidth(widget), Int(natural) + 100, title)
      }
      // `.frame(width:)` fixes the width.
      XCTAssertEqual(outerWidth(try ui.find(TextField.self, title: "Code").widget.pointer), 180)
    }
  }
}
