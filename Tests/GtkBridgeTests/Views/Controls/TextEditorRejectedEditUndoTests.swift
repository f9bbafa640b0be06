import CGtk
import XCTest

@testable import GtkBridge

/// A text model whose setter refuses any text with an "x".
@MainActor
private final class NoteModel {
  var note = ""
  var binding: Binding<String> {
    Binding(get: { self.note }, set: { if !$0.contains("x") { self.note = $0 } })
  }
}

/// Undo and redo in a `TextEditor` whose setter refused an edit: as in a `TextField` (see
/// `TextFieldRejectedEditUndoTests`), the refused edit leaves no trace in the history.
final class TextEditorRejectedEditUndoTests: GtkTestCase, @unchecked Sendable {
  func testUndoAfterARefusedKeyUndoesTheTypingBeforeItAndRedoBringsItBack() {
    MainActor.assumeIsolated {
      let model = NoteModel()
      var editor: TextEditorWidget?
      show(host { TextEditor(text: model.binding).configure { editor = $0 as? TextEditorWidget } })
      guard let editor else { return XCTFail("no editor") }
      editor.simulateClick()
      for character in "abx" {
        editor.simulateTyping(String(character))
        MainLoop.drain()
      }
      XCTAssertEqual(editor.text, "ab", "the refused key shows nothing")
      XCTAssertEqual(model.note, "ab")
      editor.simulateUndo()
      MainLoop.drain()
      XCTAssertEqual(editor.text, "", "undo takes back the typing, as if the x was never typed")
      XCTAssertEqual(model.note, "")
      editor.simulateRedo()
      MainLoop.drain()
      XCTAssertEqual(editor.text, "ab")
      XCTAssertEqual(model.note, "ab")
    }
  }
}
