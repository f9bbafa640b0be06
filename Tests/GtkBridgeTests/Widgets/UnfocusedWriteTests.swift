import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

/// A model an editor reaches through a protocol, as generic code does.
protocol UnfocusedWriteEditable: AnyObject, Observable {
  var text: String { get set }
  var focused: Bool { get set }
}

@Observable
private final class UnfocusedWriteNote: UnfocusedWriteEditable {
  var text = "start"
  var focused = false
}

/// A generic editor: its text and focus bindings go through the protocol's witnesses.
private struct GenericEditor<Model: UnfocusedWriteEditable>: View {
  @Bindable var model: Model

  var body: some View {
    TextField("generic", text: $model.text).focused($model.focused)
  }
}

/// A `@FocusState` Bool the test drives through the view's actions.
private struct FocusStateField: View {
  let actions: ViewActions
  @State var text = "start"
  @FocusState var focused: Bool

  var body: some View {
    VStack {
      TextField("other", text: .constant(""))
      TextField("state", text: $text).focused($focused)
      Text("text \(text)")
    }
    .onAppear {
      actions.named["write"] = { text = "written \($0)" }
      actions.named["focus"] = { focused = $0 == 1 }
    }
  }
}

/// App writes to a field the user is not in: the cursor, typing and undo once focus comes.
final class UnfocusedWriteTests: GtkTestCase, @unchecked Sendable {
  func testAFieldWrittenInAnInactiveWindowGetsItsCursorAtTheEndWhenFocusIsRequested() {
    MainActor.assumeIsolated {
      let far = [FieldModel(text: "x", focused: true), FieldModel(text: "start")]
      let (farUI, farFields) = pair(far)
      MainLoop.drain()
      let near = [FieldModel(focused: true), FieldModel()]
      let (nearUI, _) = pair(near)
      XCTAssertTrue(MainLoop.run(timeout: 5) { nearUI.window.isActive })
      XCTAssertTrue(holdsFocus(farFields[0]), "the far window keeps its focus widget")
      write(far[1], "one", "written text")
      XCTAssertEqual(farFields[1].text, "written text")
      far[1].focused = true
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(farFields[1]), "a focus request moves the far window's focus")
      farUI.window.present()
      XCTAssertTrue(MainLoop.run(timeout: 5) { farUI.window.isActive })
      MainLoop.drain()
      XCTAssertEqual(farFields[1].cursorPosition, 12)
      XCTAssertNil(farFields[1].selection)
      farFields[1].simulateTyping("!")
      MainLoop.drain()
      XCTAssertEqual(far[1].text, "written text!")
      XCTAssertEqual(
        trail(farFields[1], far[1], steps: 4), ["written text", "one", "start", "start"])
    }
  }

  func testAWriteToTheFocusWidgetOfAnInactiveWindowIsOneStepWithTheCursorAtTheEnd() {
    MainActor.assumeIsolated {
      let far = [FieldModel(text: "x"), FieldModel(text: "start", focused: true)]
      let (farUI, farFields) = pair(far)
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(farFields[1]))
      let near = [FieldModel(focused: true), FieldModel()]
      let (nearUI, _) = pair(near)
      XCTAssertTrue(MainLoop.run(timeout: 5) { nearUI.window.isActive })
      write(far[1], "written")
      XCTAssertEqual(farFields[1].cursorPosition, 7)
      farUI.window.present()
      XCTAssertTrue(MainLoop.run(timeout: 5) { farUI.window.isActive })
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(farFields[1]))
      farFields[1].simulateTyping("!")
      MainLoop.drain()
      XCTAssertEqual(far[1].text, "written!")
      XCTAssertEqual(trail(farFields[1], far[1], steps: 3), ["written", "start", "start"])
    }
  }

  func testAWriteAndAFocusRequestInOneActionPutTheCursorAtTheEnd() {
    MainActor.assumeIsolated {
      let models = [FieldModel(focused: true), FieldModel(text: "start")]
      let (_, fields) = pair(models)
      MainLoop.drain()
      models[1].text = "together"
      models[1].focused = true
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(fields[1]))
      XCTAssertEqual(fields[1].cursorPosition, 8)
      fields[1].simulateTyping("!")
      MainLoop.drain()
      XCTAssertEqual(models[1].text, "together!")
      XCTAssertEqual(trail(fields[1], models[1], steps: 3), ["together", "start", "start"])
      // And the other order: focus first, then the write.
      models[0].focused = true
      MainLoop.drain()
      models[1].focused = true
      models[1].text = "second"
      MainLoop.drain()
      XCTAssertEqual(fields[1].cursorPosition, 6)
      fields[1].simulateTyping("?")
      MainLoop.drain()
      XCTAssertEqual(models[1].text, "second?")
    }
  }

  /// Real keys: Tab into a field the app wrote while the user was elsewhere selects its text
  /// (GTK's rule), End and a typed key land at the end, and Ctrl+Z walks back the typing and
  /// each write.
  func testRealTabEndTypingAndUndoInAFieldWrittenUnfocused() throws {
    guard try runsInChildProcess(in: "UnfocusedWriteTests") else { return }
    try MainActor.assumeIsolated {
      let models = [FieldModel(focused: true), FieldModel(text: "start")]
      let (ui, fields) = pair(models)
      waitForFrames(ui.window)
      XCTAssertTrue(holdsFocus(fields[0]))
      write(models[1], "one", "written")
      try xdotool(on: ui.window, ["key", "Tab"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { holdsFocus(fields[1]) })
      XCTAssertEqual(fields[1].selection, 0..<7, "Tab selects the text (GTK's rule)")
      try xdotool(on: ui.window, ["key", "End"])
      try xdotool(on: ui.window, ["type", "--delay", "30", "!"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { models[1].text == "written!" }, models[1].text)
      for expected in ["written", "one", "start"] {
        try xdotool(on: ui.window, ["key", "ctrl+z"])
        XCTAssertTrue(MainLoop.run(timeout: 5) { models[1].text == expected }, models[1].text)
        XCTAssertEqual(fields[1].text, expected)
      }
    }
  }

  /// A real click near the start of a field the app wrote while the user was elsewhere puts
  /// the cursor where it was clicked (GTK's placement comes after focus arrives), and typing
  /// lands there.
  func testARealClickInAFieldWrittenUnfocusedPlacesTheCursorWhereItClicks() throws {
    guard try runsInChildProcess(in: "UnfocusedWriteTests") else { return }
    try MainActor.assumeIsolated {
      let models = [FieldModel(focused: true), FieldModel(text: "start")]
      let (ui, fields) = pair(models)
      waitForFrames(ui.window)
      write(models[1], "written")
      let target = fields[1].delegate
      var point = graphene_point_t()
      var origin = graphene_point_t(x: 2, y: Float(gtk_widget_get_height(target)) / 2)
      XCTAssertNotEqual(
        gtk_widget_compute_point(target, ui.window.pointer, &origin, &point), 0)
      var surfaceX = 0.0
      var surfaceY = 0.0
      gtk_native_get_surface_transform(
        OpaquePointer(ui.window.pointer), &surfaceX, &surfaceY)
      try xdotool(
        on: ui.window,
        [
          "mousemove", "\(Int(Double(point.x) + surfaceX))", "\(Int(Double(point.y) + surfaceY))",
          "click", "1",
        ])
      XCTAssertTrue(MainLoop.run(timeout: 5) { holdsFocus(fields[1]) })
      XCTAssertEqual(fields[1].cursorPosition, 0, "the click places the cursor")
      XCTAssertNil(fields[1].selection)
      try xdotool(on: ui.window, ["type", "--delay", "30", "!"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { models[1].text == "!written" }, models[1].text)
    }
  }

  func testAGenericModelsFieldWrittenUnfocusedTypesAtTheEndAndUndoesTheWrite() throws {
    try MainActor.assumeIsolated {
      let note = UnfocusedWriteNote()
      let ui = show {
        VStack {
          TextField("first", text: .constant(""))
          GenericEditor(model: note)
        }
      }
      let field = try ui.find(TextField.self, title: "generic")
      let entry = try XCTUnwrap(field.widget as? EditableWidget)
      XCTAssertFalse(field.isFocused)
      note.text = "from the app"
      MainLoop.drain()
      XCTAssertEqual(entry.text, "from the app")
      note.focused = true
      MainLoop.drain()
      XCTAssertTrue(field.isFocused)
      XCTAssertEqual(entry.cursorPosition, 12)
      entry.simulateTyping("!")
      MainLoop.drain()
      XCTAssertEqual(note.text, "from the app!")
      for expected in ["from the app", "start", "start"] {
        entry.simulateUndo()
        MainLoop.drain()
        XCTAssertEqual(note.text, expected)
      }
    }
  }

  func testAFocusStateBoolFieldWrittenUnfocusedTypesAtTheEndAndUndoesTheWrite() throws {
    try MainActor.assumeIsolated {
      let actions = ViewActions()
      let ui = show { FocusStateField(actions: actions) }
      let field = try ui.find(TextField.self, title: "state")
      let entry = try XCTUnwrap(field.widget as? EditableWidget)
      try ui.find(TextField.self, title: "other").tap()
      actions("write", 1)
      MainLoop.drain()
      actions("write", 22)
      MainLoop.drain()
      actions("focus", 1)
      MainLoop.drain()
      XCTAssertTrue(field.isFocused)
      XCTAssertEqual(entry.cursorPosition, 10)
      entry.simulateTyping("!")
      MainLoop.drain()
      XCTAssertEqual(inspectedTexts(ui).last, "text written 22!")
      for expected in ["written 22", "written 1", "start", "start"] {
        entry.simulateUndo()
        MainLoop.drain()
        XCTAssertEqual(inspectedTexts(ui).last, "text \(expected)")
      }
    }
  }

  func testAFieldTheUserTypedInAndLeftTypesAtTheEndOfALaterWrite() {
    MainActor.assumeIsolated {
      let models = [FieldModel(focused: true), FieldModel()]
      let (_, fields) = pair(models)
      MainLoop.drain()
      models[1].focused = true
      MainLoop.drain()
      fields[1].simulateTyping("abc")
      MainLoop.drain()
      models[0].focused = true
      MainLoop.drain()
      write(models[1], "xyz")
      models[1].focused = true
      MainLoop.drain()
      XCTAssertEqual(fields[1].cursorPosition, 3)
      fields[1].simulateTyping("!")
      MainLoop.drain()
      XCTAssertEqual(models[1].text, "xyz!")
      XCTAssertEqual(trail(fields[1], models[1], steps: 3), ["xyz", "abc", ""])
    }
  }

  /// One model's text in two windows: typing in one writes the other's unfocused field; focus
  /// requested there puts the cursor after what was typed, and undo there walks it back.
  func testTypingInOneWindowWritesTheOthersFieldWhichTypesAtTheEndOnceFocused() {
    MainActor.assumeIsolated {
      let shared = FieldModel(text: "")
      let otherA = FieldModel(focused: true)
      let (_, fieldsA) = pair([shared, otherA])
      MainLoop.drain()
      let mirror = FieldModel()
      var fieldB: EditableWidget?
      let uiB = show {
        VStack {
          TextField("b0", text: mirror.textBinding).focused(mirror.focusBinding)
          TextField("b1", text: shared.textBinding).configure { fieldB = $0 as? EditableWidget }
        }
      }
      mirror.focused = true
      MainLoop.drain()
      XCTAssertFalse(holdsFocus(fieldB))
      shared.focused = true
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(fieldsA[0]))
      for character in ["a", "b", "c"] {
        fieldsA[0].simulateTyping(character)
        MainLoop.drain()
      }
      XCTAssertEqual(fieldB?.text, "abc")
      uiB.window.present()
      XCTAssertTrue(MainLoop.run(timeout: 5) { uiB.window.isActive })
      fieldB?.simulateClick()
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(fieldB))
      XCTAssertEqual(fieldB?.cursorPosition, 3)
      fieldB?.simulateUndo()
      MainLoop.drain()
      XCTAssertEqual(shared.text, "ab")
      XCTAssertEqual(fieldsA[0].text, "ab")
    }
  }

  /// A field the user types in (its edit handlers then blocked, c5f7f1a) and the app writes
  /// while it has focus: undo and redo walk the typing and the writes in order, and the
  /// handlers come back for each write.
  func testTypingAndFocusedWritesInterleavedUndoAndRedoInOrder() {
    MainActor.assumeIsolated {
      let models = [FieldModel(), FieldModel(focused: true)]
      let (_, fields) = pair(models)
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(fields[1]))
      fields[1].simulateTyping("ab")
      MainLoop.drain()
      write(models[1], "X")
      XCTAssertEqual(fields[1].cursorPosition, 1)
      fields[1].simulateTyping("!")
      MainLoop.drain()
      write(models[1], "Y")
      XCTAssertEqual(trail(fields[1], models[1], steps: 5), ["X!", "X", "ab", "", ""])
      XCTAssertEqual(
        trail(fields[1], models[1], redo: true, steps: 5), ["ab", "X", "X!", "Y", "Y"])
      XCTAssertEqual(trail(fields[1], models[1], steps: 2), ["X!", "X"])
      fields[1].simulateTyping("?")
      MainLoop.drain()
      XCTAssertEqual(models[1].text, "X?")
      write(models[1], "Z")
      XCTAssertEqual(trail(fields[1], models[1], steps: 4), ["X?", "X", "ab", ""])
    }
  }

  /// A field whose writes wait for focus when its window closes (its handle still held, as an
  /// app's `configure` closure may keep it): focus moving in a new window's fields finds
  /// nothing of it, and the new fields keep their own history.
  func testAWindowClosedWithWritesWaitingLeavesANewWindowsFieldsTheirOwn() {
    MainActor.assumeIsolated {
      let old = [FieldModel(focused: true), FieldModel(text: "old")]
      let (oldUI, oldFields) = pair(old)
      MainLoop.drain()
      write(old[1], "waiting")
      XCTAssertEqual(oldFields[1].text, "waiting")
      oldUI.host.close()
      MainLoop.drain()
      let new = [FieldModel(focused: true), FieldModel(text: "new")]
      let (_, newFields) = pair(new)
      MainLoop.drain()
      write(new[1], "written")
      new[1].focused = true
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(newFields[1]))
      XCTAssertEqual(newFields[1].cursorPosition, 7)
      XCTAssertEqual(trail(newFields[1], new[1], steps: 2), ["new", "new"])
      XCTAssertEqual(oldFields[1].text, "waiting", "the closed field is left as it was")
    }
  }

  func testASecureFieldWrittenUnfocusedTypesAtTheEndOnceFocused() {
    MainActor.assumeIsolated {
      let models = [FieldModel(focused: true), FieldModel(text: "pw")]
      let (_, fields) = pair(models, secure: true)
      MainLoop.drain()
      write(models[1], "secret")
      models[1].focused = true
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(fields[1]))
      XCTAssertEqual(fields[1].cursorPosition, 6)
      fields[1].simulateTyping("!")
      MainLoop.drain()
      XCTAssertEqual(models[1].text, "secret!")
    }
  }

  func testMaxLengthCutsAnUnfocusedWriteAndFocusPutsTheCursorAtTheCutEnd() {
    MainActor.assumeIsolated {
      let first = FieldModel(focused: true)
      let model = FieldModel(text: "ab")
      model.maxLength = 4
      var entry: Entry?
      _ = show {
        VStack {
          first.field
          model.field
        }
      }
      entry = model.entry
      MainLoop.drain()
      XCTAssertFalse(holdsFocus(entry))
      write(model, "abcdefgh")
      XCTAssertEqual(entry?.text, "abcd")
      XCTAssertEqual(model.text, "abcdefgh", "showing the text does not change the binding")
      model.focused = true
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(entry))
      XCTAssertEqual(entry?.cursorPosition, 4)
      entry?.simulateTyping("x")
      MainLoop.drain()
      XCTAssertEqual(model.text, "abcdefgh", "GTK refused the key: no edit")
      XCTAssertEqual(trail(entry!, model, steps: 2), ["ab", "ab"])
      XCTAssertEqual(trail(entry!, model, redo: true, steps: 2), ["abcd", "abcd"])
    }
  }

  func testATextEditorWrittenUnfocusedTypesAtTheEndOnceFocused() {
    MainActor.assumeIsolated {
      let first = FieldModel(focused: true)
      let model = FieldModel(text: "notes")
      var editor: TextEditorWidget?
      _ = show {
        VStack {
          TextField("first", text: first.textBinding).focused(first.focusBinding)
          TextEditor(text: model.textBinding).focused(model.focusBinding)
            .configure { editor = $0 as? TextEditorWidget }
        }
      }
      MainLoop.drain()
      XCTAssertFalse(editor!.textViewHoldsFocus)
      write(model, "more notes")
      model.focused = true
      MainLoop.drain()
      XCTAssertTrue(editor!.textViewHoldsFocus)
      editor!.simulateTyping("!")
      MainLoop.drain()
      XCTAssertEqual(model.text, "more notes!")
      editor!.simulateUndo()
      MainLoop.drain()
      XCTAssertEqual(model.text, "more notes")
    }
  }

  /// Two fields of `models`, each bound to its model's text and focus, in a new window.
  @MainActor
  private func pair(_ models: [FieldModel], secure: Bool = false) -> (
    ViewInspection<some View>, [EditableWidget]
  ) {
    var entries: [EditableWidget?] = [nil, nil]
    let ui = show {
      VStack {
        ForEach(0..<2, id: \.self) { index in
          if secure && index == 1 {
            SecureField("f\(index)", text: models[index].textBinding)
              .focused(models[index].focusBinding)
              .configure { entries[index] = $0 as? EditableWidget }
          } else {
            TextField("f\(index)", text: models[index].textBinding)
              .focused(models[index].focusBinding)
              .configure { entries[index] = $0 as? EditableWidget }
          }
        }
      }
    }
    return (ui, entries.map { $0! })
  }
}
