import CGtk
import XCTest

@testable import GtkBridge

/// App writes to a field the user is not in, and has not edited, are recorded when the field
/// takes focus (`AppWriteUndo.deferRecording`): undo and redo there must walk exactly the
/// steps recording each write at once made.
final class TextUndoDeferredTests: GtkTestCase, @unchecked Sendable {
  /// Two fields, `a` above `b`, and the window.
  @MainActor
  private func twoFields(_ a: FieldModel, _ b: FieldModel) -> (Window, Entry, Entry) {
    var first: Entry?
    var second: Entry?
    let host = host {
      VStack {
        TextField("", text: a.textBinding).configure { first = $0 as? Entry }
        TextField("", text: b.textBinding).configure { second = $0 as? Entry }
      }
    }
    show(host)
    first!.simulateClick()
    MainLoop.drain()
    return (host.window, first!, second!)
  }

  @MainActor
  private func trail(_ entry: EditableWidget, _ model: FieldModel, redo: Bool = false, steps: Int)
    -> [String]
  {
    (0..<steps).map { _ in
      if redo { entry.simulateRedo() } else { entry.simulateUndo() }
      MainLoop.drain()
      XCTAssertEqual(model.text, entry.text, "the binding follows \(redo ? "redo" : "undo")")
      return entry.text
    }
  }

  func testWritesToAFieldTheUserIsNotInAreOneUndoStepEachOnceItHasFocus() {
    MainActor.assumeIsolated {
      let a = FieldModel()
      let b = FieldModel(text: "start")
      let (_, _, second) = twoFields(a, b)
      b.text = "one"
      MainLoop.drain()
      b.text = "two"
      MainLoop.drain()
      XCTAssertEqual(second.text, "two")
      second.simulateClick()
      MainLoop.drain()
      XCTAssertEqual(trail(second, b, steps: 3), ["one", "start", "start"])
      XCTAssertEqual(trail(second, b, redo: true, steps: 3), ["one", "two", "two"])
    }
  }

  func testFocusArrivingKeepsGTKsSelectionWhileTheHistoryIsRebuilt() {
    MainActor.assumeIsolated {
      let a = FieldModel()
      let b = FieldModel(text: "start")
      let (window, _, second) = twoFields(a, b)
      b.text = "written"
      MainLoop.drain()
      window.simulateMoveFocus(.tabForward)
      MainLoop.drain()
      XCTAssertEqual(gtk_root_get_focus(OpaquePointer(window.pointer)), second.delegate)
      XCTAssertEqual(second.selection, 0..<7, "Tab into an entry selects its text (GTK's rule)")
      XCTAssertEqual(trail(second, b, steps: 1), ["start"])
    }
  }

  func testAWriteAfterAnUndoneOneDropsItsRedoAsRecordingDid() {
    MainActor.assumeIsolated {
      let a = FieldModel()
      let b = FieldModel(text: "start")
      let (_, first, second) = twoFields(a, b)
      b.text = "one"
      MainLoop.drain()
      second.simulateClick()
      MainLoop.drain()
      XCTAssertEqual(trail(second, b, steps: 1), ["start"])
      first.simulateClick()
      MainLoop.drain()
      b.text = "two"
      MainLoop.drain()
      second.simulateClick()
      MainLoop.drain()
      XCTAssertEqual(trail(second, b, redo: true, steps: 1), ["two"], "nothing to redo")
      XCTAssertEqual(trail(second, b, steps: 2), ["start", "start"])
      XCTAssertEqual(trail(second, b, redo: true, steps: 2), ["two", "two"])
    }
  }

  func testAFieldTheUserTypedInKeepsTheirStepsBelowALaterWrite() {
    MainActor.assumeIsolated {
      let a = FieldModel()
      let b = FieldModel()
      let (_, first, second) = twoFields(a, b)
      second.simulateClick()
      second.simulateTyping("abc")
      MainLoop.drain()
      first.simulateClick()
      MainLoop.drain()
      b.text = "xyz"
      MainLoop.drain()
      second.simulateClick()
      MainLoop.drain()
      XCTAssertEqual(trail(second, b, steps: 3), ["abc", "", ""])
    }
  }

  func testAFieldOutOfAnyWindowGetsItsHistoryWhenItIsShownAndFocused() {
    MainActor.assumeIsolated {
      let a = FieldModel()
      let b = FieldModel(text: "start")
      let shown = ShownFlag()
      var second: Entry?
      let host = host {
        VStack {
          TextField("", text: a.textBinding)
          if shown.value {
            TextField("", text: b.textBinding).configure { second = $0 as? Entry }
          }
        }
      }
      show(host)
      shown.value = true
      MainLoop.drain()
      b.text = "one"
      MainLoop.drain()
      b.text = "two"
      MainLoop.drain()
      second!.simulateClick()
      MainLoop.drain()
      XCTAssertEqual(trail(second!, b, steps: 3), ["one", "start", "start"])
    }
  }
}

@MainActor
@Observable
final class ShownFlag {
  var value = false
}
