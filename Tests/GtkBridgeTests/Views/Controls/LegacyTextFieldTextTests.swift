import CGtk
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

/// Text sync between a `LegacyTextField`'s GtkEntry and its binding, both ways.
final class LegacyTextFieldTextTests: GtkTestCase, @unchecked Sendable {
  func testUserEditsWriteTheBindingOncePerEdit() {
    MainActor.assumeIsolated {
      let model = FieldModel(focused: true)
      let host = host { model.field }
      show(host)
      let entry = model.entry!

      for character in "hello" { entry.simulateTyping(String(character)) }
      entry.simulateBackspace()
      MainLoop.drain()

      XCTAssertEqual(entry.text, "hell")
      XCTAssertEqual(model.text, "hell")
      XCTAssertEqual(model.textWrites, ["h", "he", "hel", "hell", "hello", "hell"])
    }
  }

  func testEchoWritesNothingAndKeepsCursorAndSelection() {
    MainActor.assumeIsolated {
      let model = FieldModel(focused: true)
      let host = host { model.field }
      show(host)
      let entry = model.entry!
      entry.simulateTyping("hello world")
      MainLoop.drain()
      let writesAfterTyping = model.textWrites.count
      entry.cursorPosition = 3
      MainLoop.drain()

      // An unrelated change re-runs updateWidget with text equal to the widget's.
      model.revision += 1
      MainLoop.drain()
      XCTAssertEqual(entry.cursorPosition, 3)
      XCTAssertEqual(model.textWrites.count, writesAfterTyping, "an echo wrote the binding")

      entry.selection = 2..<5
      model.revision += 1
      MainLoop.drain()
      XCTAssertEqual(entry.selection, 2..<5)
      XCTAssertEqual(model.textWrites.count, writesAfterTyping)
    }
  }

  func testAppChangeReachesWidgetWithCursorAtEndAndNoWriteBack() {
    MainActor.assumeIsolated {
      let model = FieldModel(text: "start", focused: true)
      let host = host { model.field }
      show(host)
      let entry = model.entry!
      XCTAssertEqual(entry.text, "start")

      model.text = "hello world"
      MainLoop.drain()
      XCTAssertEqual(entry.text, "hello world")
      XCTAssertEqual(entry.cursorPosition, 11)
      XCTAssertEqual(model.textWrites, [])
    }
  }

  // Showing a value never changes it: the field shows what max-length lets it hold, the
  // binding keeps its text until the user edits, and the edit writes the field's text.
  func testMaxLengthCutsTheShownTextAndTheBindingKeepsItsOwnUntilTheUserEdits() {
    MainActor.assumeIsolated {
      let model = FieldModel(focused: true)
      model.maxLength = 5
      let host = host { model.field }
      show(host)
      let entry = model.entry!

      model.text = "abcdefgh"
      MainLoop.drain()
      XCTAssertEqual(entry.text, "abcde")
      XCTAssertEqual(model.text, "abcdefgh")
      XCTAssertEqual(model.textWrites, [])

      entry.simulateTyping("x")
      MainLoop.drain()
      XCTAssertEqual(entry.text, "abcde", "GTK refuses typing past max-length")
      XCTAssertEqual(model.text, "abcdefgh", "a refused key is no edit")
      entry.simulateBackspace()
      MainLoop.drain()
      XCTAssertEqual(entry.text, "abcd")
      XCTAssertEqual(model.text, "abcd", "the user's edit writes what the field holds")
      XCTAssertEqual(model.textWrites, ["abcd"])
    }
  }

  func testLoweringMaxLengthCutsTheTextShownAndTheBindingKeepsItsTextUntilTheUserEdits() {
    MainActor.assumeIsolated {
      let model = FieldModel(text: "abcdefgh")
      let host = host { model.field }
      show(host)
      model.maxLength = 3
      MainLoop.drain()
      XCTAssertEqual(model.entry?.text, "abc")
      XCTAssertEqual(model.text, "abcdefgh", "a configuration is no edit: the model keeps its text")
      MainLoop.drain()
      XCTAssertEqual(model.text, "abcdefgh", "a later pass does not write it either")
      model.entry?.simulateBackspace()
      MainLoop.drain()
      XCTAssertEqual(model.text, "ab", "the user's edit writes what the field shows, edited")
    }
  }

  func testNulCharactersAreNotShownAndTheBindingKeepsThemUntilTheUserEdits() {
    MainActor.assumeIsolated {
      let model = FieldModel()
      let host = host { model.field }
      show(host)

      model.text = "ab\0cd\0"
      MainLoop.drain()
      XCTAssertEqual(model.entry?.text, "abcd")
      XCTAssertEqual(model.text, "ab\0cd\0")
      MainLoop.drain()
      XCTAssertEqual(model.text, "ab\0cd\0", "a later pass does not write it either")
      model.entry?.simulateTyping("x")
      MainLoop.drain()
      XCTAssertEqual(model.text, "abcdx")
    }
  }

  func testUnicodeTextRoundTrips() {
    MainActor.assumeIsolated {
      let model = FieldModel(focused: true)
      let host = host { model.field }
      show(host)
      let text = "e\u{301} 👩‍👩‍👧 שלום"
      model.text = text
      MainLoop.drain()
      XCTAssertEqual(model.entry?.text, text)
      model.entry?.simulateTyping("!")
      MainLoop.drain()
      XCTAssertEqual(model.text, text + "!")
    }
  }
}
