import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

// AnyView as SwiftUI apps use it: views returned from a function of several types, stored
// in properties and arrays, focused and edited inside.

@MainActor
@Observable
private final class ErasedModel {
  var kind = 0
  var title = "A"
  var text = ""
  var order = [0, 1]
}

/// A button counting its taps in its own `@State`.
private struct Tally: View {
  let title: String
  @State private var count = 0
  var body: some View {
    Button("\(title) \(count)") { count += 1 }
  }
}

/// A view picked by a function returning `AnyView`: `Tally` in two cases, a label in the third.
private struct Picked: View {
  let model: ErasedModel
  var body: some View {
    VStack {
      pick()
      Text("footer")
    }
  }

  func pick() -> AnyView {
    switch model.kind {
    case 0: AnyView(Tally(title: model.title))
    case 1: AnyView(Tally(title: "other"))
    default: AnyView(Text("plain"))
    }
  }
}

/// A field inside an `AnyView`, focused through the erased view.
private struct ErasedField: View {
  let model: ErasedModel
  @FocusState private var focused: Bool
  var body: some View {
    VStack {
      AnyView(TextField("Name", text: Bindable(model).text))
        .focused($focused)
      Button("Focus") { focused = true }
      Text(focused ? "in" : "out")
    }
  }
}

/// Rows from an array of `AnyView`, reordered by the model.
private struct ErasedRows: View {
  let model: ErasedModel
  var body: some View {
    let views: [AnyView] = [
      AnyView(Tally(title: "first")), AnyView(TextField("Second", text: Bindable(model).text)),
    ]
    VStack {
      ForEach(model.order, id: \.self) { index in
        views[index]
      }
    }
  }
}

final class AnyViewTests: GtkTestCase, @unchecked Sendable {
  func testTheSameTypeInsideIsUpdatedInPlaceAndKeepsItsState() throws {
    try MainActor.assumeIsolated {
      let model = ErasedModel()
      let ui = show(host { Picked(model: model) })
      let button = try ui.find(title: "A 0")
      button.tap()
      button.tap()
      MainLoop.drain()
      XCTAssertEqual(button.title, "A 2")
      model.title = "B"
      MainLoop.drain()
      XCTAssertEqual(button.title, "B 2", "a new title, the same state")
      model.kind = 1
      MainLoop.drain()
      XCTAssertEqual(
        try ui.find(title: "other 2").widget.pointer, button.widget.pointer, "the same widget")
    }
  }

  func testAnotherTypeInsideIsANewViewWithFreshState() throws {
    try MainActor.assumeIsolated {
      let model = ErasedModel()
      let ui = show(host { Picked(model: model) })
      let button = try ui.find(title: "A 0")
      button.tap()
      MainLoop.drain()
      XCTAssertEqual(button.title, "A 1")
      model.kind = 2
      MainLoop.drain()
      XCTAssertNoThrow(try ui.find(title: "plain"))
      XCTAssertNil(gtk_widget_get_parent(button.widget.pointer), "the button left")
      model.kind = 0
      MainLoop.drain()
      let fresh = try ui.find(title: "A 0")
      XCTAssertNotEqual(fresh.widget.pointer, button.widget.pointer)
      XCTAssertEqual(
        try ui.find(title: "footer").widget.pointer,
        gtk_widget_get_next_sibling(fresh.widget.pointer), "in its place, before the footer")
    }
  }

  func testAFieldInsideAnAnyViewTakesFocusAndTypingFromState() throws {
    try MainActor.assumeIsolated {
      let model = ErasedModel()
      let ui = show(host { ErasedField(model: model) })
      let field = try ui.find(title: "Name")
      try ui.find(title: "Focus").tap()
      MainLoop.drain()
      XCTAssertTrue(field.isFocused, "GTK's focus is in the field")
      XCTAssertNoThrow(try ui.find(title: "in"))
      field.type("hi")
      XCTAssertEqual(model.text, "hi")
      model.text = "set"
      MainLoop.drain()
      XCTAssertEqual(field.text, "set")
    }
  }

  func testAnyViewRowsKeepTheirWidgetsAndStateWhenReordered() throws {
    try MainActor.assumeIsolated {
      let model = ErasedModel()
      let ui = show(host { ErasedRows(model: model) })
      let button = try ui.find(title: "first 0")
      button.tap()
      let field = try ui.find(title: "Second")
      field.type("x")
      MainLoop.drain()
      model.order = [1, 0]
      MainLoop.drain()
      XCTAssertEqual(try ui.find(title: "first 1").widget.pointer, button.widget.pointer)
      XCTAssertEqual(try ui.find(title: "Second").widget.pointer, field.widget.pointer)
      XCTAssertEqual(field.text, "x")
      XCTAssertEqual(
        gtk_widget_get_next_sibling(field.widget.pointer), button.widget.pointer,
        "the field is now first")
    }
  }
}
