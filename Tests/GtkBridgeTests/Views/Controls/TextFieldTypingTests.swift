import CGtk
import CGtkTesting
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

// Bindings whose setter rewrites the user's edit (uppercases, cuts to a
// length), `onChange` rewrites in a field and a text editor, a selection replaced, models
// written from other threads while the user types, two windows on one model, the
// show-password swap, a field that disables itself as it is typed into, and a field formatted
// as focus leaves it.

private struct Rewriting: View {
  @Bindable var model: StateIdentityText

  var body: some View {
    VStack {
      TextField(
        "Code",
        text: Binding(get: { model.code }, set: { model.code = $0.uppercased() }))
      TextField(
        "Short",
        text: Binding(get: { model.short }, set: { model.short = String($0.prefix(5)) }))
    }
  }
}

private struct StateRewriting: View {
  let probe: StateIdentityProbe
  @State private var code = ""

  var body: some View {
    probe.reads["code"] = { code }
    return TextField(
      "Code", text: Binding(get: { code }, set: { code = $0.uppercased() }))
  }
}

/// SwiftUI's idiom for a transformed field: the state rewritten in `onChange`.
private struct OnChangeUpper: View {
  let probe: StateIdentityProbe
  @State private var code = ""

  var body: some View {
    probe.reads["code"] = { code }
    return TextField("Code", text: $code)
      .onChange(of: code) { _, new in
        let upper = new.uppercased()
        if upper != new { code = upper }
      }
  }
}

/// A text editor whose `onChange` rewrites its text (a note that capitalises).
private struct EditorUpper: View {
  let probe: StateIdentityProbe
  @State private var note = "AB"

  var body: some View {
    probe.reads["note"] = { note }
    return TextEditor(text: $note)
      .onChange(of: note) { _, new in
        let upper = new.uppercased()
        if upper != new { note = upper }
      }
  }
}

/// A model that background work writes to while the user types into it.
@Observable
private final class TextFieldTypingUpload: @unchecked Sendable {
  var title = ""
  var progress = 0
}

private struct UploadView: View {
  @Bindable var upload: TextFieldTypingUpload

  var body: some View {
    VStack {
      TextField("Title", text: $upload.title)
      Text("progress \(upload.progress)")
    }
  }
}

/// The show-password toggle: a secure field and a text field for one value, swapped.
private struct TextFieldTypingPassword: View {
  let probe: StateIdentityProbe
  @State private var password = ""
  @State private var reveal = false
  @FocusState private var field: StateIdentityField?

  var body: some View {
    probe.actions["toggle"] = {
      reveal.toggle()
      field = .email
    }
    probe.reads["field"] = { field.map { "\($0)" } ?? "nil" }
    probe.reads["password"] = { password }
    return VStack {
      TextField("User", text: .constant("ada")).focused($field, equals: .name)
      if reveal {
        TextField("Password", text: $password).focused($field, equals: .email)
      } else {
        SecureField("Password", text: $password).focused($field, equals: .email)
      }
    }
  }
}

/// A field that disables itself at a length limit, as it is typed into.
private struct SelfDisabling: View {
  let probe: StateIdentityProbe
  @State private var pin = ""
  @State private var other = ""
  @FocusState private var focused: Bool

  var body: some View {
    probe.reads["pin"] = { pin }
    probe.reads["focused"] = { "\(focused)" }
    probe.reads["other"] = { other }
    probe.actions["clear"] = { pin = "" }
    return VStack {
      TextField("PIN", text: $pin).focused($focused).disabled(pin.count >= 4)
      TextField("Other", text: $other)
    }
  }
}

/// A field formatted when focus leaves it (commit on blur), then Tab on to the next.
private struct FormatOnBlur: View {
  let probe: StateIdentityProbe
  @State private var amount = ""
  @State private var note = ""
  @FocusState private var field: StateIdentityField?

  var body: some View {
    probe.reads["amount"] = { amount }
    probe.reads["note"] = { note }
    probe.reads["field"] = { field.map { "\($0)" } ?? "nil" }
    return VStack {
      TextField("Amount", text: $amount).focused($field, equals: .name)
      TextField("Note", text: $note).focused($field, equals: .email)
    }
    .onChange(of: field) { old, _ in
      if old == .name {
        let trimmed = amount.trimmingCharacters(in: .whitespaces)
        amount = Double(trimmed).map { String(format: "%.2f", $0) } ?? trimmed
      }
    }
  }
}

/// Typing into text fields whose setter or `.onChange` rewrites the text, from other threads
/// and windows: the caret and every key are kept.
final class TextFieldTypingTests: GtkTestCase, @unchecked Sendable {
  func testARewritingSetterWhileTypingInTheMiddleKeepsTheCaretAfterTheTypedCharacter() throws {
    try MainActor.assumeIsolated {
      let model = StateIdentityText()
      model.code = "ABCD"
      model.short = "abcd"
      let ui = show { Rewriting(model: model) }
      let code = try ui.find(TextField.self, title: "Code")
      code.tap()
      r12SetCaret(code, 2)
      typeAtFocus(ui.window, "x")
      XCTAssertEqual(model.code, "ABXCD")
      XCTAssertEqual(code.text, "ABXCD")
      XCTAssertEqual(r12Caret(code), 3)
      typeAtFocus(ui.window, "y")
      XCTAssertEqual(code.text, "ABXYCD")
      XCTAssertEqual(r12Caret(code), 4)

      let short = try ui.find(TextField.self, title: "Short")
      short.tap()
      r12SetCaret(short, 1)
      typeAtFocus(ui.window, "Z")
      XCTAssertEqual(model.short, "aZbcd")
      XCTAssertEqual(short.text, "aZbcd")
      XCTAssertEqual(r12Caret(short), 2)
      typeAtFocus(ui.window, "Q")
      XCTAssertEqual(model.short, "aZQbc")
      XCTAssertEqual(short.text, "aZQbc")
      XCTAssertEqual(r12Caret(short), 3)
    }
  }

  func testARewritingSetterOverStateWhileTypingInTheMiddle() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { StateRewriting(probe: probe) }
      let code = try ui.find(TextField.self, title: "Code")
      code.type("abcd")
      XCTAssertEqual(code.text, "ABCD")
      XCTAssertEqual(r12Caret(code), 4)
      r12SetCaret(code, 1)
      typeAtFocus(ui.window, "x")
      XCTAssertEqual(probe.read("code"), "AXBCD")
      XCTAssertEqual(code.text, "AXBCD")
      XCTAssertEqual(r12Caret(code), 2)
    }
  }

  func testARewritingSetterWhenTypingReplacesASelection() throws {
    try MainActor.assumeIsolated {
      let model = StateIdentityText()
      model.code = "ABCD"
      let ui = show { Rewriting(model: model) }
      let code = try ui.find(TextField.self, title: "Code")
      code.tap()
      // NB: no drain between: X11's late PRIMARY notice could collapse the selection (FocusRules.md).
      gtk_editable_select_region(OpaquePointer(code.widget.pointer), 1, 3)
      code.backspace()
      XCTAssertEqual(model.code, "AD")
      XCTAssertEqual(r12Caret(code), 1)
      typeAtFocus(ui.window, "x")
      XCTAssertEqual(model.code, "AXD")
      XCTAssertEqual(code.text, "AXD")
      XCTAssertEqual(r12Caret(code), 2)
    }
  }

  func testAnOnChangeThatRewritesTheTextKeepsTheCaretByTheEdit() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { OnChangeUpper(probe: probe) }
      let code = try ui.find(TextField.self, title: "Code")
      code.type("abcd")
      XCTAssertEqual(code.text, "ABCD")
      r12SetCaret(code, 2)
      typeAtFocus(ui.window, "xy")
      XCTAssertEqual(probe.read("code"), "ABXYCD")
      XCTAssertEqual(code.text, "ABXYCD")
      XCTAssertEqual(r12Caret(code), 4)
    }
  }

  func testATextEditorWhoseOnChangeRewritesKeepsTheCaretByTheEdit() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      var editor: TextEditorWidget?
      let ui = show {
        EditorUpper(probe: probe).configure { editor = $0 as? TextEditorWidget }
      }
      _ = ui
      let widget = try XCTUnwrap(editor)
      widget.simulateClick()
      MainLoop.drain()
      XCTAssertEqual(probe.read("note"), "AB")
      widget.cursorPosition = 1
      MainLoop.drain()
      widget.simulateTyping("x")
      MainLoop.drain()
      widget.simulateTyping("y")
      MainLoop.drain()
      XCTAssertEqual(probe.read("note"), "AXYB")
      XCTAssertEqual(widget.text, "AXYB")
      XCTAssertEqual(widget.cursorPosition, 3)
    }
  }

  func testBackgroundWritesWhileTheUserTypesLoseNoTextAndShowAtOnce() throws {
    try MainActor.assumeIsolated {
      let upload = TextFieldTypingUpload()
      let ui = show { UploadView(upload: upload) }
      let title = try ui.find(TextField.self, title: "Title")
      title.tap()
      let done = DispatchSemaphore(value: 0)
      let alsoDone = DispatchSemaphore(value: 0)
      let typed = "the quick brown fox"
      Task.detached {
        for step in 1...200 { upload.progress = step }
        done.signal()
      }
      DispatchQueue.global().async {
        for step in 201...400 { upload.progress = step }
        alsoDone.signal()
      }
      typeAtFocus(ui.window, typed)
      // Both writers must have finished before "the last write" means anything: the check once
      // waited for the first only, and the second was still writing while the label was read
      // (CI: label "progress 320", model 400).
      XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
      XCTAssertEqual(alsoDone.wait(timeout: .now() + 10), .success)
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { upload.progress == 200 || upload.progress == 400 })
      XCTAssertEqual(upload.title, typed)
      XCTAssertEqual(title.text, typed)
      // The last write, whichever thread made it, is shown after one main-loop turn.
      MainLoop.drain()
      XCTAssertEqual(ui.findAll(Text.self).compactMap { $0.text }, ["progress \(upload.progress)"])
      // A background write to the field's own property while the user is in it.
      let wrote = DispatchSemaphore(value: 0)
      Task.detached {
        upload.title = "from server"
        wrote.signal()
      }
      XCTAssertEqual(wrote.wait(timeout: .now() + 10), .success)
      MainLoop.drain()
      XCTAssertEqual(title.text, "from server")
      typeAtFocus(ui.window, "!")
      XCTAssertEqual(upload.title, "from server!")
    }
  }

  func testTwoWindowsOnOneModelTypingInTheMiddleOfEach() throws {
    try MainActor.assumeIsolated {
      let model = StateIdentityText()
      model.note = "abcd"
      let first = show {
        TextField("Note", text: Bindable(model).note)
      }
      let second = show {
        TextField("Note", text: Bindable(model).note)
      }
      let a = try first.find(TextField.self, title: "Note")
      let b = try second.find(TextField.self, title: "Note")
      a.tap()
      r12SetCaret(a, 2)
      typeAtFocus(first.window, "x")
      XCTAssertEqual(model.note, "abxcd")
      XCTAssertEqual(b.text, "abxcd")
      XCTAssertEqual(r12Caret(a), 3)
      typeAtFocus(first.window, "y")
      XCTAssertEqual(model.note, "abxycd")
      XCTAssertEqual(b.text, "abxycd")
      b.tap()
      r12SetCaret(b, 1)
      typeAtFocus(second.window, "Q")
      XCTAssertEqual(model.note, "aQbxycd")
      XCTAssertEqual(a.text, "aQbxycd")
      XCTAssertEqual(r12Caret(b), 2)
    }
  }

  func testTheShowPasswordToggleKeepsFocusAndTyping() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { TextFieldTypingPassword(probe: probe) }
      let secure = ui.findAll(SecureField.self)[0]
      secure.type("abc")
      XCTAssertEqual(probe.read("field"), "email")
      probe.run("toggle")
      let plain = try ui.find(TextField.self, title: "Password")
      XCTAssertTrue(plain.isFocused)
      XCTAssertEqual(plain.text, "abc")
      XCTAssertEqual(r12Caret(plain), 3)
      XCTAssertEqual(probe.read("field"), "email")
      typeAtFocus(ui.window, "d")
      XCTAssertEqual(probe.read("password"), "abcd")
      probe.run("toggle")
      let again = ui.findAll(SecureField.self)[0]
      XCTAssertTrue(again.isFocused)
      typeAtFocus(ui.window, "e")
      XCTAssertEqual(probe.read("password"), "abcde")
      XCTAssertEqual(probe.read("field"), "email")
    }
  }

  func testAFieldThatDisablesItselfAsItIsTypedIntoKeepsEveryKey() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { SelfDisabling(probe: probe) }
      let pin = try ui.find(TextField.self, title: "PIN")
      XCTAssertTrue(pin.isFocused)
      typeAtFocus(ui.window, "1234")
      XCTAssertEqual(probe.read("pin"), "1234")
      XCTAssertFalse(pin.isEnabled)
      XCTAssertEqual(probe.read("focused"), "false")
      waitForFrames(ui.window)
      XCTAssertEqual(probe.read("focused"), "false")
      typeAtFocus(ui.window, "5")
      XCTAssertEqual(probe.read("pin"), "1234")
      XCTAssertEqual(probe.read("other"), "", "GTK moved no focus into the next field")
      probe.run("clear")
      XCTAssertTrue(pin.isEnabled)
      XCTAssertEqual(probe.read("focused"), "false")
    }
  }

  func testAFieldFormattedWhenFocusLeavesItByTab() throws {
    try MainActor.assumeIsolated {
      let probe = StateIdentityProbe()
      let ui = show { FormatOnBlur(probe: probe) }
      typeAtFocus(ui.window, " 12.5 ")
      XCTAssertEqual(probe.read("field"), "name")
      ui.window.simulateMoveFocus(.tabForward)
      MainLoop.drain()
      XCTAssertEqual(probe.read("field"), "email")
      XCTAssertEqual(probe.read("amount"), "12.50")
      XCTAssertEqual(try ui.find(TextField.self, title: "Amount").text, "12.50")
      XCTAssertTrue(try ui.find(TextField.self, title: "Note").isFocused)
      typeAtFocus(ui.window, "lunch")
      XCTAssertEqual(probe.read("note"), "lunch")
      XCTAssertEqual(probe.read("amount"), "12.50")
    }
  }
}
