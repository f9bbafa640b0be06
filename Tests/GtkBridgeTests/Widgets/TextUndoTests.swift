import CGtk
import XCTest

@testable import GtkBridge

extension EditableWidget {
  /// Ctrl+Z: activates GtkText's "text.undo" action, which the key binding activates.
  func simulateUndo() {
    _ = gtk_widget_activate_action_variant(delegate, "text.undo", nil)
  }

  /// Ctrl+Shift+Z: activates GtkText's "text.redo" action.
  func simulateRedo() {
    _ = gtk_widget_activate_action_variant(delegate, "text.redo", nil)
  }
}

extension TextEditorWidget {
  /// Ctrl+Shift+Z: activates GtkTextView's "text.redo" action.
  func simulateRedo() {
    _ = gtk_widget_activate_action_variant(textViewWidget, "text.redo", nil)
  }
}

/// Every text a widget reports in its "changed" signals, as GTK reports them.
@MainActor
final class ShownTexts {
  var texts: [String] = []
  var connection: SignalConnection?
}

final class TextUndoTests: GtkTestCase, @unchecked Sendable {

  @MainActor
  private func trail(
    _ editor: TextEditorWidget, _ model: FieldModel, redo: Bool = false, steps: Int
  )
    -> [String]
  {
    var trail: [String] = []
    for _ in 0..<steps {
      if redo { editor.simulateRedo() } else { editor.simulateUndo() }
      MainLoop.drain()
      XCTAssertEqual(model.text, editor.text, "the binding follows \(redo ? "redo" : "undo")")
      trail.append(editor.text)
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

  @MainActor
  private func editor(_ model: FieldModel) -> (HostingWindow<AnyTestView>, TextEditorWidget) {
    var editor: TextEditorWidget?
    let host = host {
      TextEditor(text: model.textBinding).configure { editor = $0 as? TextEditorWidget }
    }
    show(host)
    return (host, editor!)
  }

  /// Records the text at each of `widget`'s "changed" emissions.
  @MainActor
  private func watch(_ widget: EditableWidget) -> ShownTexts {
    let shown = ShownTexts()
    shown.connection = widget.connectChanged { [weak shown, weak widget] in
      shown?.texts.append(widget?.text ?? "")
    }
    return shown
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
      XCTAssertEqual(trail(entry, model), ["Row 1", "Row 1", "Row 1"])
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
        trail(entry, model, steps: 4), ["hello", "hello world", "hello", ""],
        "each app write one step, back to the user's typing")
    }
  }

  func testAnAppWriteThatAppendsToTheUsersTypingIsItsOwnUndoStep() {
    MainActor.assumeIsolated {
      let model = FieldModel()
      let (_, entry) = field(model)
      entry.simulateTyping("hello")
      MainLoop.drain()
      model.text = "hellox"
      MainLoop.drain()
      XCTAssertEqual(
        trail(entry, model), ["hello", "", ""],
        "GtkText would join an insertion where the typing ends to the typing")
    }
  }

  func testAnAppWriteThatReplacesTextIsOneUndoStepAndOneRedoStep() {
    MainActor.assumeIsolated {
      let model = FieldModel()
      let (_, entry) = field(model)
      entry.simulateTyping("hello")
      MainLoop.drain()
      model.text = "Hello"
      MainLoop.drain()
      XCTAssertEqual(entry.text, "Hello")
      XCTAssertEqual(trail(entry, model), ["hello", "", ""], "one step back to the typing")
      XCTAssertEqual(trail(entry, model, redo: true), ["hello", "Hello", "Hello"])
      XCTAssertEqual(entry.cursorPosition, 5, "redo leaves the cursor where the write did")
      XCTAssertEqual(trail(entry, model, steps: 1), ["hello"])
      XCTAssertEqual(entry.cursorPosition, 5, "undo puts the cursor at the end")
      XCTAssertNil(entry.selection)
    }
  }

  func testUndoAndRedoOfAnAppWriteNeverPassThroughATextNobodySet() {
    MainActor.assumeIsolated {
      let model = FieldModel()
      let (_, entry) = field(model)
      entry.simulateTyping("abc")
      MainLoop.drain()
      let shown = watch(entry)
      model.text = "xyz"
      MainLoop.drain()
      XCTAssertEqual(entry.text, "xyz")
      XCTAssertEqual(trail(entry, model, steps: 1), ["abc"])
      XCTAssertEqual(trail(entry, model, redo: true, steps: 1), ["xyz"])
      XCTAssertEqual(trail(entry, model, steps: 1), ["abc"])
      XCTAssertEqual(
        Set(shown.texts), ["abc", "xyz"], "GTK reported no other text, empty or half-replaced")
      XCTAssertEqual(
        Set(model.textWrites), ["abc", "xyz"], "the binding was written no other text")
    }
  }

  func testTypingAfterAnAppWriteUndoesInGTKsOwnStepsThenTheWriteInOne() {
    MainActor.assumeIsolated {
      let model = FieldModel()
      let (_, entry) = field(model)
      entry.simulateTyping("hello")
      MainLoop.drain()
      model.text = "Hello"
      MainLoop.drain()
      entry.simulateTyping("!")
      entry.simulateTyping("!")
      entry.simulateTyping(" you")
      MainLoop.drain()
      XCTAssertEqual(model.text, "Hello!! you")
      // GtkText joins "!" to "!" and starts a new step at a word that begins with a space.
      XCTAssertEqual(
        trail(entry, model, steps: 4), ["Hello!!", "Hello", "hello", ""],
        "the user's typing keeps GTK's steps; the write is one")
      XCTAssertEqual(
        trail(entry, model, redo: true, steps: 4), ["hello", "Hello", "Hello!!", "Hello!! you"])
    }
  }

  func testTypingAfterUndoingAnAppWriteDropsItsRedo() {
    MainActor.assumeIsolated {
      let model = FieldModel()
      let (_, entry) = field(model)
      entry.simulateTyping("hello")
      MainLoop.drain()
      model.text = "Hello"
      MainLoop.drain()
      XCTAssertEqual(trail(entry, model, steps: 1), ["hello"])
      entry.simulateTyping("?")
      MainLoop.drain()
      XCTAssertEqual(trail(entry, model, redo: true, steps: 1), ["hello?"], "nothing to redo")
      XCTAssertEqual(trail(entry, model, steps: 2), ["", ""])
    }
  }

  func testALegacyTextFieldsAppWriteIsOneUndoStep() {
    MainActor.assumeIsolated {
      let model = FieldModel()
      show(host { model.field })
      let entry = model.entry!
      entry.simulateTyping("abc")
      MainLoop.drain()
      model.text = "xyz"
      MainLoop.drain()
      XCTAssertEqual(entry.text, "xyz")
      XCTAssertEqual(trail(entry, model), ["abc", "", ""])
      XCTAssertEqual(trail(entry, model, redo: true, steps: 2), ["abc", "xyz"])
    }
  }

  func testASecureFieldHasNoUndoAsGTKTurnsItOffForHiddenText() {
    MainActor.assumeIsolated {
      let model = FieldModel()
      var field: PasswordEntry?
      show(
        host { SecureField("", text: model.textBinding).configure { field = $0 as? PasswordEntry } }
      )
      let entry = field!
      entry.simulateTyping("secret")
      MainLoop.drain()
      model.text = "Secret"
      MainLoop.drain()
      XCTAssertEqual(entry.text, "Secret")
      XCTAssertEqual(trail(entry, model, steps: 2), ["Secret", "Secret"])
      // NB: GTK 4.8 reads enable-undo FALSE here; 4.14 and later keep the property and turn
      // the history off underneath (see GTKVersion).
      XCTAssertTrue(GTKVersion.undoIsOff(entry.editable))
    }
  }

  func testARevealedSecureFieldHasUndoWithAppWritesAsOneStep() {
    MainActor.assumeIsolated {
      let model = FieldModel()
      var field: PasswordEntry?
      show(
        host {
          SecureField("", text: model.textBinding).configure { field = $0 as? PasswordEntry }
        })
      let entry = field!
      // What the peek icon does: GTK turns undo on, with an empty history, while text shows.
      gtk_text_set_visibility(entry.delegate.cast(to: GtkText.self), 1)
      entry.simulateTyping("secret")
      MainLoop.drain()
      model.text = "Secret"
      MainLoop.drain()
      XCTAssertEqual(trail(entry, model), ["secret", "", ""])
      gtk_text_set_visibility(entry.delegate.cast(to: GtkText.self), 0)
      XCTAssertEqual(trail(entry, model, redo: true, steps: 1), [""], "hiding drops the history")
    }
  }

  func testAnAppWriteToADisabledFieldIsOneUndoStepOnceEnabled() {
    MainActor.assumeIsolated {
      let model = FieldModel()
      var entry: Entry?
      show(
        host {
          TextField("", text: model.textBinding).disabled(!model.enabled)
            .configure { entry = $0 as? Entry }
        })
      entry!.simulateTyping("abc")
      MainLoop.drain()
      model.enabled = false
      MainLoop.drain()
      XCTAssertEqual(gtk_widget_is_sensitive(entry!.pointer), 0)
      model.text = "xyz"
      MainLoop.drain()
      model.enabled = true
      MainLoop.drain()
      XCTAssertEqual(trail(entry!, model), ["abc", "", ""])
    }
  }

  func testCtrlZAndCtrlShiftZUndoAndRedoAnAppWriteInOneStep() throws {
    guard try runsInChildProcess(in: "TextUndoTests") else { return }
    try MainActor.assumeIsolated {
      let model = FieldModel()
      let (host, entry) = field(model)
      entry.simulateClick()
      entry.simulateTyping("hello")
      MainLoop.drain()
      model.text = "Hello"
      MainLoop.drain()
      try xdotool(on: host.window, ["key", "ctrl+z"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { entry.text != "Hello" })
      XCTAssertEqual(entry.text, "hello", "one key press, one step")
      XCTAssertEqual(model.text, "hello")
      try xdotool(on: host.window, ["key", "ctrl+shift+z"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { entry.text != "hello" })
      XCTAssertEqual(entry.text, "Hello")
      XCTAssertEqual(model.text, "Hello")
      try xdotool(on: host.window, ["key", "ctrl+z", "ctrl+z"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { entry.text == "" })
      XCTAssertEqual(model.text, "")
      try xdotool(on: host.window, ["key", "ctrl+y"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { entry.text == "hello" })
    }
  }

  // MARK: TextEditor (GtkTextBuffer groups an app write in a user action)

  func testATextEditorsAppWriteIsOneUndoStepAndOneRedoStep() {
    MainActor.assumeIsolated {
      let model = FieldModel(text: "Draft")
      let (_, editor) = editor(model)
      editor.simulateClick()
      editor.cursorPosition = -1
      editor.simulateTyping("!")
      MainLoop.drain()
      model.text = "Replaced"
      MainLoop.drain()
      XCTAssertEqual(trail(editor, model, steps: 3), ["Draft!", "Draft", "Draft"])
      XCTAssertEqual(
        trail(editor, model, redo: true, steps: 3), ["Draft!", "Replaced", "Replaced"])
      XCTAssertFalse(model.textWrites.contains(""), "the binding never read an empty text")
    }
  }

  func testTypingAfterRedoingATextEditorsAppWriteIsItsOwnStep() {
    MainActor.assumeIsolated {
      let model = FieldModel(text: "Draft")
      let (_, editor) = editor(model)
      editor.simulateClick()
      model.text = "Replaced"
      MainLoop.drain()
      XCTAssertEqual(trail(editor, model, steps: 1), ["Draft"])
      XCTAssertEqual(trail(editor, model, redo: true, steps: 1), ["Replaced"])
      editor.cursorPosition = -1
      editor.simulateTyping("!")
      MainLoop.drain()
      XCTAssertEqual(model.text, "Replaced!")
      XCTAssertEqual(trail(editor, model, steps: 2), ["Replaced", "Draft"])
    }
  }

  func testATextEditorsAppWriteThatClearsTheTextIsItsOwnStepAfterBackspaces() {
    MainActor.assumeIsolated {
      let model = FieldModel(text: "Draft")
      let (_, editor) = editor(model)
      editor.simulateClick()
      editor.cursorPosition = -1
      cgtk_emit(editor.textViewWidget, "backspace")
      MainLoop.drain()
      XCTAssertEqual(model.text, "Draf")
      model.text = ""
      MainLoop.drain()
      XCTAssertEqual(editor.text, "")
      XCTAssertEqual(trail(editor, model, steps: 1), ["Draf"])
      // NB: whether GTK selects the text it brings back is not asserted: in 1 of 3 to 4
      // runs the selection is gone by the time the main loop is drained (seen on the
      // branch and after the merge alike); the step itself is what this test is about.
      XCTAssertEqual(trail(editor, model, steps: 1), ["Draft"])
    }
  }
}
