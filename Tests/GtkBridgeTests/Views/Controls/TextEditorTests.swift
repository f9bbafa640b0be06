import CGtk
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

extension TextEditorWidget {
  /// Types `text` as the keyboard would: emits GtkTextView's "insert-at-cursor".
  func simulateTyping(_ text: String) {
    cgtk_text_insert_at_cursor(textViewWidget, text)
  }

  /// Ctrl+Z: activates GtkTextView's "text.undo" action, which the key binding activates.
  func simulateUndo() {
    _ = gtk_widget_activate_action_variant(textViewWidget, "text.undo", nil)
  }

  /// A click into the text: GTK moves focus to the text view.
  func simulateClick() {
    _ = gtk_widget_grab_focus(textViewWidget)
  }

  /// Whether GTK's focus widget is this editor's text view.
  var textViewHoldsFocus: Bool {
    guard let root else { return false }
    return gtk_root_get_focus(root) == textViewWidget
  }
}

/// Counts a buffer's "changed" emissions, as GTK reports them.
@MainActor
final class ChangeCounter {
  var count = 0
  var connection: SignalConnection?

  init(_ editor: TextEditorWidget) {
    connection = SignalConnection.connect(editor.buffer, "changed") { [weak self] in
      self?.count += 1
    }
  }
}

final class TextEditorTests: GtkTestCase, @unchecked Sendable {
  @MainActor
  private func editor(_ model: FieldModel) -> (HostingWindow<AnyTestView>, TextEditorWidget) {
    var editor: TextEditorWidget?
    let host = host {
      TextEditor(text: model.textBinding).configure {
        editor = $0 as? TextEditorWidget
        _ = model.revision
      }
    }
    show(host)
    return (host, editor!)
  }

  func testTheWidgetIsAWrappingTextViewInAScrolledWindowWithAMinimumHeight() {
    MainActor.assumeIsolated {
      let (_, editor) = editor(FieldModel(text: "Notes"))
      XCTAssertEqual(gtk_widget_get_parent(editor.textViewWidget), editor.pointer)
      XCTAssertEqual(gtk_text_view_get_wrap_mode(editor.textView), GTK_WRAP_WORD_CHAR)
      XCTAssertGreaterThanOrEqual(
        gtk_scrolled_window_get_min_content_height(editor.opaquePointer),
        TextEditorWidget.minimumHeight)
      XCTAssertEqual(editor.text, "Notes")
    }
  }

  func testTypingWritesTheBindingOnceWithNoEcho() {
    MainActor.assumeIsolated {
      let model = FieldModel()
      let (_, editor) = editor(model)
      let changes = ChangeCounter(editor)
      editor.simulateClick()
      editor.simulateTyping("abc")
      MainLoop.drain()
      XCTAssertEqual(editor.text, "abc")
      XCTAssertEqual(model.text, "abc")
      XCTAssertEqual(model.textWrites, ["abc"])
      XCTAssertEqual(changes.count, 1, "the binding's write did not set the buffer again")
      editor.simulateTyping("\nline 2")
      MainLoop.drain()
      XCTAssertEqual(model.text, "abc\nline 2")
      XCTAssertEqual(model.textWrites, ["abc", "abc\nline 2"])
      XCTAssertEqual(changes.count, 2)
    }
  }

  func testCursorAndSelectionAreKeptAcrossAnUnrelatedUpdate() {
    MainActor.assumeIsolated {
      let model = FieldModel(text: "hello world")
      let (_, editor) = editor(model)
      let changes = ChangeCounter(editor)
      editor.cursorPosition = 3
      model.revision += 1
      MainLoop.drain()
      XCTAssertEqual(editor.cursorPosition, 3)
      editor.selection = 1..<4
      model.revision += 1
      MainLoop.drain()
      XCTAssertEqual(editor.selection, 1..<4)
      XCTAssertEqual(changes.count, 0)
      XCTAssertEqual(model.textWrites, [])
    }
  }

  func testAnAppWriteMovesTheCursorToTheEndWithNoEcho() {
    MainActor.assumeIsolated {
      let model = FieldModel(text: "first")
      let (_, editor) = editor(model)
      editor.cursorPosition = 0
      model.text = "second line\nthird"
      MainLoop.drain()
      XCTAssertEqual(editor.text, "second line\nthird")
      XCTAssertEqual(editor.cursorPosition, "second line\nthird".count)
      XCTAssertEqual(model.textWrites, [], "the app's own text is not written back")
    }
  }

  func testABindingThatFiltersIsReadBack() {
    MainActor.assumeIsolated {
      var stored = "ab"
      var editor: TextEditorWidget?
      let host = host {
        TextEditor(
          text: Binding(get: { stored }, set: { stored = $0.uppercased() })
        ).configure { editor = $0 as? TextEditorWidget }
      }
      show(host)
      editor!.cursorPosition = -1
      editor!.simulateTyping("c")
      MainLoop.drain()
      XCTAssertEqual(stored, "ABC")
      XCTAssertEqual(editor!.text, "ABC", "the editor shows what the model kept")
    }
  }

  func testUndoReturnsToThePreviousTextAndNeverToEmpty() {
    MainActor.assumeIsolated {
      let model = FieldModel(text: "Draft")
      let (_, editor) = editor(model)
      editor.simulateClick()
      editor.cursorPosition = -1
      editor.simulateTyping("!")
      MainLoop.drain()
      XCTAssertEqual(model.text, "Draft!")
      model.text = "Replaced"
      MainLoop.drain()
      XCTAssertEqual(editor.text, "Replaced")
      var trail: [String] = []
      for _ in 0..<3 {
        editor.simulateUndo()
        MainLoop.drain()
        XCTAssertEqual(model.text, editor.text, "the binding follows undo")
        trail.append(editor.text)
      }
      XCTAssertEqual(
        trail, ["Draft!", "Draft", "Draft"],
        "the app write is one step; the first text is not undoable")
    }
  }

  func testFocusStateRoundTripAndReturnInsertsANewLineWithoutSubmitting() {
    MainActor.assumeIsolated {
      struct Notes: View {
        @FocusState var focus: Field?
        @State var name = ""
        @State var notes = ""
        let probe: FormProbe
        var body: some View {
          probe.focus = $focus
          return VStack {
            TextField("Name", text: $name)
              .focused($focus, equals: .username)
              .configure { probe.widgets[.username] = $0 }
            TextEditor(text: $notes)
              .focused($focus, equals: .notes)
              .configure { probe.widgets[.notes] = $0 }
          }
          .onSubmit { probe.submitted += 1 }
        }
      }
      let probe = FormProbe()
      let host = host { Notes(probe: probe) }
      show(host)
      let editor = probe.widgets[.notes] as! TextEditorWidget
      let field = probe.widgets[.username] as! Entry
      probe.set(.notes)
      MainLoop.drain()
      XCTAssertTrue(editor.textViewHoldsFocus, "assigning the state focuses the text view")
      XCTAssertEqual(probe.current, .notes)
      field.simulateClick()
      MainLoop.drain()
      XCTAssertEqual(probe.current, .username, "focus leaving the editor sets the state")
      editor.simulateClick()
      MainLoop.drain()
      XCTAssertEqual(probe.current, .notes, "focus entering the editor sets the state")
      editor.simulateTyping("a\nb")
      MainLoop.drain()
      XCTAssertEqual(editor.text, "a\nb")
      XCTAssertEqual(probe.submitted, 0)
      probe.set(nil)
      MainLoop.drain()
      XCTAssertFalse(editor.textViewHoldsFocus)
      XCTAssertNil(probe.current)
    }
  }

  func testDisabledEditorIsInsensitiveAndRefusesFocus() {
    MainActor.assumeIsolated {
      struct Locked: View {
        @FocusState var focus: Field?
        let probe: FormProbe
        var body: some View {
          probe.focus = $focus
          return VStack {
            TextField("A", text: .constant("")).focused($focus, equals: .username)
            TextEditor(text: .constant("read only")).focused($focus, equals: .notes)
              .disabled(true)
              .configure { probe.widgets[.notes] = $0 }
          }
        }
      }
      let probe = FormProbe()
      let host = host { Locked(probe: probe) }
      show(host)
      let editor = probe.widgets[.notes] as! TextEditorWidget
      XCTAssertEqual(gtk_widget_is_sensitive(editor.textViewWidget), 0)
      probe.set(.username)
      MainLoop.drain()
      probe.set(.notes)
      MainLoop.drain()
      XCTAssertFalse(editor.textViewHoldsFocus)
      XCTAssertEqual(probe.current, .username)
    }
  }
}
