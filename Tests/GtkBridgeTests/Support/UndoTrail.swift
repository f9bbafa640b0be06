import XCTest

@testable import GtkBridge

extension GtkTestCase {
  /// The texts undo (or redo) walks through in `entry`, `steps` times (3 unless told), with
  /// the binding checked at each step.
  @MainActor
  func trail(_ entry: EditableWidget, _ model: FieldModel, redo: Bool = false, steps: Int = 3)
    -> [String]
  {
    (0..<steps).map { _ in
      if redo { entry.simulateRedo() } else { entry.simulateUndo() }
      MainLoop.drain()
      XCTAssertEqual(model.text, entry.text, "the binding follows \(redo ? "redo" : "undo")")
      return entry.text
    }
  }

  /// The app writes `texts` into `model`, one update each.
  @MainActor
  func write(_ model: FieldModel, _ texts: String...) {
    for text in texts {
      model.text = text
      MainLoop.drain()
    }
  }
}
