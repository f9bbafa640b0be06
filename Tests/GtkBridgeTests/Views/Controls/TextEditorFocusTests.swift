import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

/// A text view at the root, with a banner before it while `flag` is set.
private struct EditorRoot: View {
  let model: StructureModel
  var body: some View {
    if model.flag { Text("Banner") }
    TextEditor(text: model.text(1))
  }
}

/// A `TextEditor` keeping focus and cursor, driven through the inspection API.
final class TextEditorFocusTests: GtkTestCase, @unchecked Sendable {
  func testAFocusedTextViewKeepsFocusAndCursorWhileTheRootGrowsAndShrinks() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      let ui = show(host { EditorRoot(model: model) })
      let widget = try XCTUnwrap(try ui.find(TextEditor.self).widget as? TextEditorWidget)
      widget.simulateClick()
      widget.simulateTyping("hello")
      MainLoop.drain()
      XCTAssertEqual(model.texts[1], "hello")
      let buffer = widget.buffer
      var iter = GtkTextIter()
      gtk_text_buffer_get_iter_at_offset(buffer, &iter, 2)
      gtk_text_buffer_place_cursor(buffer, &iter)
      for step in 0..<4 {
        model.flag.toggle()
        MainLoop.drain()
        waitForFrames(ui.window)
        XCTAssertTrue(widget.textViewHoldsFocus, "step \(step)")
        var cursor = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(buffer, &cursor, gtk_text_buffer_get_insert(buffer))
        XCTAssertEqual(gtk_text_iter_get_offset(&cursor), 2, "step \(step)")
        XCTAssertEqual(gtk_text_buffer_get_has_selection(buffer), 0, "step \(step)")
      }
      widget.simulateTyping("X")
      MainLoop.drain()
      XCTAssertEqual(model.texts[1], "heXllo")
    }
  }

  func testTheInspectionAPITypesIntoReadsAndTapsATextEditor() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      model.flag = true
      let ui = show(host { EditorRoot(model: model) })
      let editor = try ui.find(TextEditor.self)
      editor.type("ab")
      XCTAssertEqual(model.texts[1], "ab", "typed into the text view")
      XCTAssertEqual(editor.text, "ab")
      XCTAssertTrue(editor.isFocused)
      gtk_root_set_focus(OpaquePointer(ui.window.pointer), nil)
      MainLoop.drain()
      editor.tap()
      XCTAssertTrue(try XCTUnwrap(editor.widget as? TextEditorWidget).textViewHoldsFocus)
      editor.backspace()
      XCTAssertEqual(model.texts[1], "a")
    }
  }
}
