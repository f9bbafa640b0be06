import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

/// The values behind the fields, held like an app's model.
@MainActor
@Observable
private final class Amounts {
  var amount = 0.0
  var price = 0.0
  var count = 0
}

private let english = Locale(identifier: "en_US")

/// A number, a price and a count typed by the user, and a plain field to Tab to.
private struct AmountForm: View {
  let model: Amounts

  var body: some View {
    @Bindable var model = model
    VStack {
      TextField("Amount", value: $model.amount, format: .number.locale(english))
      TextField("Price", value: $model.price, format: .currency(code: "USD").locale(english))
      TextField("Count", value: $model.count, formatter: Self.grouping)
      TextField("Note", text: .constant(""))
    }
  }

  static let grouping: NumberFormatter = {
    let formatter = NumberFormatter()
    formatter.numberStyle = .decimal
    formatter.locale = english
    return formatter
  }()
}

/// `TextField(value:format:)` and `TextField(value:formatter:)`: while the user edits, the
/// field keeps what they type; when editing ends (Return, Tab, focus leaving) it shows the
/// value formatted, or, when the text does not parse, the last good value again (issue 35).
final class TextFieldValueFormatTests: GtkTestCase, @unchecked Sendable {

  // Issue 35, case 5, with real keys: select all, type, Tab; then Return in the next field.
  func testRealKeysTypeAValueAndTabAndReturnShowItFormatted() throws {
    guard try runsInChildProcess(in: "TextFieldValueFormatTests") else { return }
    try MainActor.assumeIsolated {
      let model = Amounts()
      let ui = show { AmountForm(model: model) }
      let amount = try ui.find(TextField.self, title: "Amount")
      XCTAssertTrue(amount.isFocused)
      try xdotool(on: ui.window, ["key", "ctrl+a"])
      try xdotool(on: ui.window, ["type", "--delay", "20", "1234.5"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.amount == 1234.5 }, "\(model.amount)")
      XCTAssertEqual(amount.text, "1234.5", "while editing, the typed text stays")
      try xdotool(on: ui.window, ["key", "Tab"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { amount.text == "1,234.5" }, amount.text ?? "")
      let price = try ui.find(TextField.self, title: "Price")
      XCTAssertTrue(price.isFocused)
      try xdotool(on: ui.window, ["key", "ctrl+a"])
      try xdotool(on: ui.window, ["type", "--delay", "20", "100"])
      try xdotool(on: ui.window, ["key", "Return"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { price.text == "$100.00" }, price.text ?? "")
      XCTAssertEqual(model.price, 100)
      XCTAssertTrue(price.isFocused, "Return commits and keeps focus")
    }
  }

  // Issue 35, case 5: after Tab the field still read "1234.5".
  func testTabShowsTheTypedValueFormattedAndTheValueIsCommitted() throws {
    try MainActor.assumeIsolated {
      let model = Amounts()
      let ui = show { AmountForm(model: model) }
      let amount = try ui.find(TextField.self, title: "Amount")
      XCTAssertTrue(amount.isFocused, "the launch rule focuses the first field")
      clear(amount)
      typeAtFocus(ui.window, "1234.5")
      XCTAssertEqual(amount.text, "1234.5", "while editing, the typed text stays")
      XCTAssertEqual(model.amount, 1234.5)
      ui.window.simulateMoveFocus(.tabForward)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(TextField.self, title: "Price").isFocused)
      XCTAssertEqual(amount.text, "1,234.5")
      XCTAssertEqual(model.amount, 1234.5)

      let price = try ui.find(TextField.self, title: "Price")
      clear(price)
      typeAtFocus(ui.window, "100")
      ui.window.simulateMoveFocus(.tabForward)
      MainLoop.drain()
      XCTAssertEqual(model.price, 100)
      XCTAssertEqual(price.text, "$100.00")

      let count = try ui.find(TextField.self, title: "Count")
      clear(count)
      typeAtFocus(ui.window, "12345")
      XCTAssertEqual(count.text, "12345")
      ui.window.simulateMoveFocus(.tabForward)
      MainLoop.drain()
      XCTAssertEqual(model.count, 12345)
      XCTAssertEqual(count.text, "12,345")
    }
  }

  func testTextThatDoesNotParseKeepsTheLastValueAndTheFieldShowsItWhenEditingEnds() throws {
    try MainActor.assumeIsolated {
      let model = Amounts()
      model.amount = 2500
      let ui = show { AmountForm(model: model) }
      let amount = try ui.find(TextField.self, title: "Amount")
      XCTAssertEqual(amount.text, "2,500")
      clear(amount)
      typeAtFocus(ui.window, "12abc")
      XCTAssertEqual(amount.text, "12abc", "while editing, the typed text stays")
      ui.window.simulateMoveFocus(.tabForward)
      MainLoop.drain()
      XCTAssertEqual(model.amount, 12, "the last text that parsed was 12")
      XCTAssertEqual(amount.text, "12")
      // Focus leaving by a click elsewhere ends editing too.
      XCTAssertTrue(amount.widget.grabFocus())
      clear(amount)
      typeAtFocus(ui.window, "x")
      XCTAssertEqual(amount.text, "x")
      XCTAssertEqual(model.amount, 12)
      try ui.find(TextField.self, title: "Note").tap()
      MainLoop.drain()
      XCTAssertEqual(amount.text, "12")
      // Return ends editing and keeps focus.
      XCTAssertTrue(amount.widget.grabFocus())
      clear(amount)
      typeAtFocus(ui.window, "7000")
      (amount.widget as! Entry).simulateReturn()
      MainLoop.drain()
      XCTAssertEqual(amount.text, "7,000")
      XCTAssertTrue(amount.isFocused)
    }
  }

  // The same with real keys: typed and tabbed through the X server.
  func testRealKeysTypeANumberAndTabFormatsIt() throws {
    guard try runsInChildProcess(in: "TextFieldValueFormatTests") else { return }
    try MainActor.assumeIsolated {
      let model = Amounts()
      let ui = show { AmountForm(model: model) }
      let amount = try ui.find(TextField.self, title: "Amount")
      clear(amount)
      try xdotool(on: ui.window, ["type", "--delay", "20", "1234.5"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { amount.text == "1234.5" }, "\(amount.text ?? "")")
      try xdotool(on: ui.window, ["key", "Tab"])
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { amount.text == "1,234.5" }, "\(amount.text ?? "")")
      XCTAssertEqual(model.amount, 1234.5)
    }
  }
}

/// Empties a field as the user would (select all, Backspace).
@MainActor
private func clear(_ field: InspectedView) {
  let entry = field.widget as! Entry
  entry.selection = 0..<(field.text ?? "").count
  entry.simulateBackspace()
  MainLoop.drain()
}
