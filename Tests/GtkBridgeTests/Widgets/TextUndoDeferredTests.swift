import CGtk
import XCTest

@testable import GtkBridge

/// App writes to a field the user is not in, and has not edited, are recorded when the field
/// takes focus (`AppWriteUndo.deferRecording`): undo and redo there must walk exactly the
/// steps recording each write at once made.
final class TextUndoDeferredTests: GtkTestCase, @unchecked Sendable {
  /// Two fields in a window, the first focused; the second's model starts with `text`.
  @MainActor
  private func twoFields(secondText text: String = "") -> (
    window: Window, first: Entry, second: Entry, model: FieldModel
  ) {
    let a = FieldModel()
    let b = FieldModel(text: text)
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
    return (host.window, first!, second!, b)
  }

  /// The user clicks into `entry`.
  @MainActor
  private func focus(_ entry: Entry) {
    entry.simulateClick()
    MainLoop.drain()
  }

  func testWritesToAFieldTheUserIsNotInAreOneUndoStepEachOnceItHasFocus() {
    MainActor.assumeIsolated {
      let (_, _, second, b) = twoFields(secondText: "start")
      write(b, "one", "two")
      XCTAssertEqual(second.text, "two")
      focus(second)
      XCTAssertEqual(trail(second, b, steps: 3), ["one", "start", "start"])
      XCTAssertEqual(trail(second, b, redo: true, steps: 3), ["one", "two", "two"])
    }
  }

  func testFocusArrivingKeepsGTKsSelectionWhileTheHistoryIsRebuilt() {
    MainActor.assumeIsolated {
      let (window, _, second, b) = twoFields(secondText: "start")
      write(b, "written")
      window.simulateMoveFocus(.tabForward)
      MainLoop.drain()
      XCTAssertEqual(gtk_root_get_focus(OpaquePointer(window.pointer)), second.delegate)
      XCTAssertEqual(second.selection, 0..<7, "Tab into an entry selects its text (GTK's rule)")
      XCTAssertEqual(trail(second, b, steps: 1), ["start"])
    }
  }

  func testAWriteAfterAnUndoneOneDropsItsRedoAsRecordingDid() {
    MainActor.assumeIsolated {
      let (_, first, second, b) = twoFields(secondText: "start")
      write(b, "one")
      focus(second)
      XCTAssertEqual(trail(second, b, steps: 1), ["start"])
      focus(first)
      write(b, "two")
      focus(second)
      XCTAssertEqual(trail(second, b, redo: true, steps: 1), ["two"], "nothing to redo")
      XCTAssertEqual(trail(second, b, steps: 2), ["start", "start"])
      XCTAssertEqual(trail(second, b, redo: true, steps: 2), ["two", "two"])
    }
  }

  func testAFieldTheUserTypedInKeepsTheirStepsBelowALaterWrite() {
    MainActor.assumeIsolated {
      let (_, first, second, b) = twoFields()
      second.simulateClick()
      second.simulateTyping("abc")
      MainLoop.drain()
      focus(first)
      write(b, "xyz")
      focus(second)
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
      write(b, "one", "two")
      focus(second!)
      XCTAssertEqual(trail(second!, b, steps: 3), ["one", "start", "start"])
    }
  }

  /// A field the app wrote while the user was elsewhere shows no cursor, and gets it at the
  /// end of the new text when focus arrives: from a focus request (text unselected, typing
  /// lands at the end) as from Tab (GTK then selects the text).
  func testAWrittenFieldGetsItsCursorAtTheEndWhenFocusArrives() {
    MainActor.assumeIsolated {
      let a = FieldModel()
      let b = FieldModel(text: "start")
      var second: Entry?
      let host = host {
        VStack {
          TextField("", text: a.textBinding).focused(a.focusBinding)
          TextField("", text: b.textBinding).focused(b.focusBinding)
            .configure { second = $0 as? Entry }
        }
      }
      show(host)
      a.focused = true
      MainLoop.drain()
      write(b, "one", "a longer text")
      XCTAssertEqual(second!.text, "a longer text")
      b.focused = true
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(second!))
      XCTAssertEqual(second!.cursorPosition, 13)
      XCTAssertNil(second!.selection, "a focus request selects nothing")
      second!.simulateTyping("!")
      MainLoop.drain()
      XCTAssertEqual(b.text, "a longer text!")
      XCTAssertEqual(trail(second!, b, steps: 2), ["a longer text", "one"])

      a.focused = true
      MainLoop.drain()
      write(b, "again")
      host.window.simulateMoveFocus(.tabForward)
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(second!))
      XCTAssertEqual(second!.selection, 0..<5, "Tab selects the text (GTK's rule)")
      XCTAssertEqual(second!.cursorPosition, 5)
    }
  }
}

@MainActor
@Observable
final class ShownFlag {
  var value = false
}
