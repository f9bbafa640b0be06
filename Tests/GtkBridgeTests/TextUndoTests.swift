import CGtk
import XCTest

@testable import GtkBridge

extension EditableWidget {
  /// Ctrl+Z: activates GtkText's "text.undo" action, which the key binding activates.
  func simulateUndo() {
    _ = gtk_widget_activate_action_variant(delegate, "text.undo", nil)
  }
}

final class TextUndoTests: GtkTestCase, @unchecked Sendable {
  /// The texts undo walks through, `steps` times, with the binding checked at each.
  @MainActor
  private func undoTrail(_ entry: Entry, _ model: FieldModel, steps: Int = 3) -> [String] {
    var trail: [String] = []
    for _ in 0..<steps {
      entry.simulateUndo()
      MainLoop.drain()
      XCTAssertEqual(model.text, entry.text, "the binding follows undo")
      trail.append(entry.text)
    }
    return trail
  }

  @MainActor
  private func field(_ model: FieldModel) -> (HostingWindow<AnyTestView>, Entry) {
    var entry: Entry?
    let host = host {
      TextField("", text: model.textBinding).configure { entry = $0 as? Entry }
    }
    show(host)
    return (host, entry!)
  }

  func testUndoNeverEmptiesAPrefilledField() {
    MainActor.assumeIsolated {
      let model = FieldModel(text: "Row 1")
      let (_, entry) = field(model)
      entry.simulateClick()
      entry.cursorPosition = -1
      entry.simulateTyping("x")
      MainLoop.drain()
      XCTAssertEqual(model.text, "Row 1x")
      XCTAssertEqual(undoTrail(entry, model), ["Row 1", "Row 1", "Row 1"])
    }
  }

  func testAnAppWriteThatAddsTextIsOneUndoStep() {
    MainActor.assumeIsolated {
      let model = FieldModel()
      let (_, entry) = field(model)
      entry.simulateTyping("hello")
      MainLoop.drain()
      model.text = "hello world"
      MainLoop.drain()
      XCTAssertEqual(entry.text, "hello world")
      model.text = "hello"
      MainLoop.drain()
      model.text = ">> hello"
      MainLoop.drain()
      XCTAssertEqual(
        undoTrail(entry, model, steps: 4), ["hello", "hello world", "hello", ""],
        "each app write one step, back to the user's typing")
    }
  }

  func testUndoAfterAnAppWriteThatReplacesTextNeverPassesThroughEmptyText() {
    MainActor.assumeIsolated {
      let model = FieldModel()
      let (_, entry) = field(model)
      entry.simulateTyping("hello")
      MainLoop.drain()
      model.text = "Hello"
      MainLoop.drain()
      XCTAssertEqual(entry.text, "Hello")
      XCTAssertEqual(undoTrail(entry, model), ["Hello", "Hello", "Hello"])
      entry.simulateTyping("!")
      MainLoop.drain()
      XCTAssertEqual(undoTrail(entry, model, steps: 2), ["Hello", "Hello"])
    }
  }
}
