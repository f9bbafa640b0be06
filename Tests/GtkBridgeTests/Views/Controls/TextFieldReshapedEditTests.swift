import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

/// A form model whose setters keep something else than was typed, as app models do.
@Observable
private final class ShapedForm {
  /// Always upper case.
  var code = "" {
    didSet { if code != code.uppercased() { code = code.uppercased() } }
  }
  /// Digits only.
  var digits = "" {
    didSet {
      let kept = digits.filter(\.isNumber)
      if kept != digits { digits = kept }
    }
  }
  /// At most four characters.
  var short = "" {
    didSet { if short.count > 4 { short = String(short.prefix(4)) } }
  }
  /// Writing it writes `mirror` too, which another field shows.
  var echo = "" {
    didSet { mirror = echo + "!" }
  }
  var mirror = ""
  var first = ""
  var last = ""
  /// Stored as two properties: typing into it writes others than the one its field shows.
  var full: String {
    get { last.isEmpty ? first : first + " " + last }
    set {
      let parts = newValue.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
      first = String(parts[0])
      last = parts.count > 1 ? String(parts[1].drop { $0 == " " }) : ""
    }
  }
}

private struct ShapedFields: View {
  @Bindable var form: ShapedForm

  var body: some View {
    VStack {
      TextField("code", text: $form.code)
      TextField("code again", text: $form.code)
      TextField("digits", text: $form.digits)
      TextField("short", text: $form.short)
      TextField("echo", text: $form.echo)
      TextField("mirror", text: $form.mirror)
      TextField("full", text: $form.full)
      TextField("first", text: $form.first)
      Text("code \(form.code)")
    }
  }
}

/// A value type whose property keeps upper case, held in `@State`.
private struct Voucher {
  var code = "" {
    didSet { if code != code.uppercased() { code = code.uppercased() } }
  }
}

private struct StateShapedFields: View {
  @State var voucher = Voucher()
  @State var plain = ""
  @State var kept = ""

  var body: some View {
    VStack {
      TextField("voucher", text: $voucher.code)
      TextField("plain", text: $plain)
      TextField("plain again", text: $plain)
      TextField(
        "upper", text: Binding(get: { kept }, set: { kept = $0.uppercased() }))
      TextField(
        "numbers",
        text: Binding(get: { kept }, set: { if $0.allSatisfy(\.isNumber) { kept = $0 } }))
      Text("voucher \(voucher.code) plain \(plain) kept \(kept)")
    }
  }
}

private struct Ticket: Identifiable {
  let id: Int
  var name = "" {
    didSet { if name != name.uppercased() { name = name.uppercased() } }
  }
}

private struct TicketRows: View {
  let actions: ViewActions
  @State var tickets = [Ticket(id: 0), Ticket(id: 1), Ticket(id: 2)]

  var body: some View {
    VStack {
      ForEach($tickets) { $ticket in
        TextField("t\(ticket.id)", text: $ticket.name)
      }
      Text(tickets.map { "\($0.id)=\($0.name)" }.joined(separator: " "))
    }
    .onAppear {
      actions.named["reverse"] = { _ in tickets.reverse() }
      actions.named["remove"] = { id in tickets.removeAll { $0.id == id } }
    }
  }
}

private struct Amount: View {
  @State var amount = 0

  var body: some View {
    VStack {
      TextField("amount", value: $amount, format: .number)
      Text("amount \(amount)")
    }
  }
}

/// The other editors that sync their text the same way: a text editor and a secure field
/// bound to a model that keeps upper case, and a field sharing the window search's binding.
private struct OtherEditors: View {
  @Bindable var form: ShapedForm
  @State var query = ""

  var body: some View {
    VStack {
      TextEditor(text: $form.code)
      SecureField("secret", text: $form.code)
      TextField("query", text: $query)
      Text("query \(query)")
    }
    .searchable(text: $query)
  }
}

private struct Todo: Identifiable {
  let id: Int
  var title: String
}

/// A list whose model drops an emptied row and keeps the rest sorted by title, as the user
/// types into a row.
@Observable
private final class TodoList {
  var todos = [Todo(id: 0, title: "b"), Todo(id: 1, title: "d"), Todo(id: 2, title: "f")] {
    didSet {
      let kept = todos.filter { !$0.title.isEmpty }.sorted { $0.title < $1.title }
      if kept.map(\.id) != todos.map(\.id) { todos = kept }
    }
  }
}

private struct TodoRows: View {
  @Bindable var list: TodoList

  var body: some View {
    VStack {
      ForEach($list.todos) { $todo in
        TextField("todo \(todo.id)", text: $todo.title)
      }
    }
  }
}

@MainActor
private func fieldEntry(_ view: InspectedView) -> Entry {
  view.widget as! Entry
}

/// A field's own edit that the model reshapes, rejects or moves: every field shows what the
/// model kept.
final class TextFieldReshapedEditTests: GtkTestCase, @unchecked Sendable {
  func testTheOtherTextEditorsShowWhatTheModelKept() throws {
    try MainActor.assumeIsolated {
      let form = ShapedForm()
      let ui = show { OtherEditors(form: form) }
      let editor = try ui.find(TextEditor.self).widget as! TextEditorWidget
      let secret = try ui.find(SecureField.self)
      editor.simulateClick()
      for key in ["a", "b"] {
        editor.simulateTyping(key)
        MainLoop.drain()
      }
      XCTAssertEqual(form.code, "AB")
      XCTAssertEqual(editor.text, "AB")
      XCTAssertEqual(editor.cursorPosition, 2)
      XCTAssertEqual(secret.text, "AB")
      editor.cursorPosition = 1
      editor.simulateTyping("x")
      MainLoop.drain()
      XCTAssertEqual(editor.text, "AXB")
      XCTAssertEqual(editor.cursorPosition, 2)
      secret.type("c")
      XCTAssertEqual(form.code, "AXBC")
      XCTAssertEqual(secret.text, "AXBC")
      XCTAssertEqual(editor.text, "AXBC")
      // The window's search field and a field bound to the same state.
      let bar = try XCTUnwrap(ui.window.gtkDescendants(ofType: gtk_search_bar_get_type()).first)
      let search = try XCTUnwrap(
        Widget(retaining: UnsafeMutableRawPointer(bar)).gtkDescendants(
          ofType: gtk_search_entry_get_type()
        ).first)
      gtk_search_bar_set_search_mode(OpaquePointer(bar), 1)
      MainLoop.drain()
      let searchText = UnsafeMutableRawPointer(gtk_editable_get_delegate(OpaquePointer(search))!)
        .assumingMemoryBound(to: GtkWidget.self)
      cgtk_text_insert_at_cursor(searchText, "q")
      MainLoop.drain()
      XCTAssertEqual(try ui.find(TextField.self, title: "query").text, "q")
      try ui.find(TextField.self, title: "query").type("r")
      XCTAssertEqual(String(cString: gtk_editable_get_text(OpaquePointer(search))), "qr")
      XCTAssertEqual(try ui.find(Text.self).text, "query qr")
    }
  }

  // MARK: - A field's own edit (f7ecee2)

  func testAModelThatReshapesWhatIsTypedIsWhatEveryFieldShows() throws {
    try MainActor.assumeIsolated {
      let form = ShapedForm()
      let ui = show { ShapedFields(form: form) }
      let code = try ui.find(TextField.self, title: "code")
      let again = try ui.find(TextField.self, title: "code again")
      code.type("ab")
      XCTAssertEqual(form.code, "AB")
      XCTAssertEqual(code.text, "AB")
      XCTAssertEqual(again.text, "AB", "the other field bound to the value")
      XCTAssertEqual(fieldEntry(code).cursorPosition, 2)
      // Plain typing in the middle keeps the cursor after the typed character.
      fieldEntry(code).cursorPosition = 1
      code.type("x")
      XCTAssertEqual(form.code, "AXB")
      XCTAssertEqual(code.text, "AXB")
      XCTAssertEqual(fieldEntry(code).cursorPosition, 2)
      again.type("c")
      XCTAssertEqual(code.text, "AXBC")
      XCTAssertEqual(again.text, "AXBC")

      let digits = try ui.find(TextField.self, title: "digits")
      digits.type("1a2")
      XCTAssertEqual(form.digits, "12")
      XCTAssertEqual(digits.text, "12")
      XCTAssertEqual(fieldEntry(digits).cursorPosition, 2)
      // Undo of the rejected edit's correction shows what the model holds.
      fieldEntry(digits).simulateUndo()
      MainLoop.drain()
      XCTAssertEqual(digits.text, form.digits)
      fieldEntry(digits).simulateUndo()
      MainLoop.drain()
      XCTAssertEqual(digits.text, form.digits)

      let short = try ui.find(TextField.self, title: "short")
      short.type("abcdef")
      XCTAssertEqual(form.short, "abcd")
      XCTAssertEqual(short.text, "abcd")

      let echo = try ui.find(TextField.self, title: "echo")
      let mirror = try ui.find(TextField.self, title: "mirror")
      echo.type("hi")
      XCTAssertEqual(echo.text, "hi")
      XCTAssertEqual(mirror.text, "hi!", "a field showing what the setter also wrote")
      mirror.type("?")
      XCTAssertEqual(form.mirror, "hi!?")
      echo.tap()
      fieldEntry(echo).cursorPosition = -1
      echo.type("!")
      XCTAssertEqual(mirror.text, "hi!!")
      XCTAssertEqual(try ui.find(Text.self).text, "code AXBC")

      // A computed property over two stored ones, which keeps no trailing space: a space typed
      // alone is dropped, one pasted with what follows stays.
      let full = try ui.find(TextField.self, title: "full")
      let first = try ui.find(TextField.self, title: "first")
      full.type("ada ")
      XCTAssertEqual(full.text, "ada")
      XCTAssertEqual(fieldEntry(full).cursorPosition, 3)
      fieldEntry(full).simulateTyping(" l")
      MainLoop.drain()
      XCTAssertEqual(form.first, "ada")
      XCTAssertEqual(form.last, "l")
      XCTAssertEqual(full.text, "ada l")
      XCTAssertEqual(first.text, "ada")
      full.backspace()
      XCTAssertEqual(full.text, "ada")
      XCTAssertEqual(fieldEntry(full).cursorPosition, 3)
      first.type("m")
      XCTAssertEqual(full.text, "adam")
      full.tap()
      fieldEntry(full).cursorPosition = -1
      fieldEntry(full).simulateTyping(" x")
      MainLoop.drain()
      XCTAssertEqual(full.text, "adam x")
      XCTAssertEqual(first.text, "adam")
    }
  }

  func testStateBindingsThatReshapeOrRejectShowWhatTheStateHolds() throws {
    try MainActor.assumeIsolated {
      let ui = show { StateShapedFields() }
      let voucher = try ui.find(TextField.self, title: "voucher")
      voucher.type("ab")
      XCTAssertEqual(voucher.text, "AB")
      fieldEntry(voucher).cursorPosition = 1
      voucher.type("x")
      XCTAssertEqual(voucher.text, "AXB")
      XCTAssertEqual(fieldEntry(voucher).cursorPosition, 2)

      let plain = try ui.find(TextField.self, title: "plain")
      let plainAgain = try ui.find(TextField.self, title: "plain again")
      plain.type("ab")
      XCTAssertEqual(plainAgain.text, "ab")
      fieldEntry(plain).cursorPosition = 1
      plain.type("x")
      XCTAssertEqual(plain.text, "axb")
      XCTAssertEqual(fieldEntry(plain).cursorPosition, 2, "plain typing moved the cursor")
      plainAgain.type("!")
      XCTAssertEqual(plain.text, "axb!")

      let upper = try ui.find(TextField.self, title: "upper")
      let numbers = try ui.find(TextField.self, title: "numbers")
      upper.type("q1")
      XCTAssertEqual(upper.text, "Q1")
      XCTAssertEqual(numbers.text, "Q1")
      // Deleting one character at a time is rejected ("Q" is no number): all at once.
      numbers.backspace()
      XCTAssertEqual(numbers.text, "Q1", "the rejected deletion shows the state again")
      fieldEntry(numbers).selection = 0..<2
      fieldEntry(numbers).simulateBackspace()
      MainLoop.drain()
      XCTAssertEqual(upper.text, "")
      numbers.type("4x5")
      XCTAssertEqual(numbers.text, "45")
      XCTAssertEqual(upper.text, "45")
      XCTAssertEqual(
        try ui.find(Text.self).text, "voucher AXB plain axb! kept 45")
    }
  }

  /// Typing that makes the model move the row (sorted by title) or drop it (emptied).
  func testTypingThatMovesOrRemovesItsOwnRowKeepsEveryRowRight() throws {
    try MainActor.assumeIsolated {
      let list = TodoList()
      let ui = show { TodoRows(list: list) }
      @MainActor func shown() -> [String] {
        ui.findAll(TextField.self).map { "\($0.title!)=\($0.text!)" }
      }
      XCTAssertEqual(shown(), ["todo 0=b", "todo 1=d", "todo 2=f"])
      let first = try ui.find(TextField.self, title: "todo 0")
      first.tap()
      fieldEntry(first).cursorPosition = 0
      first.type("z")
      XCTAssertEqual(list.todos.map(\.id), [1, 2, 0])
      XCTAssertEqual(shown(), ["todo 1=d", "todo 2=f", "todo 0=zb"])
      let moved = try ui.find(TextField.self, title: "todo 0")
      XCTAssertTrue(moved.isFocused)
      XCTAssertEqual(fieldEntry(moved).cursorPosition, 1, "the cursor stays after the typed z")
      moved.type("y")
      XCTAssertEqual(shown(), ["todo 1=d", "todo 2=f", "todo 0=zyb"])
      let middle = try ui.find(TextField.self, title: "todo 2")
      middle.backspace()
      XCTAssertEqual(list.todos.map(\.id), [1, 0])
      XCTAssertEqual(shown(), ["todo 1=d", "todo 0=zyb"])
      try ui.find(TextField.self, title: "todo 1").type("q")
      XCTAssertEqual(shown(), ["todo 1=dq", "todo 0=zyb"])
    }
  }

  func testRowsThatReshapeTypingKeepItThroughAReorderAndARemoval() throws {
    try MainActor.assumeIsolated {
      let actions = ViewActions()
      let ui = show { TicketRows(actions: actions) }
      try ui.find(TextField.self, title: "t1").type("ab")
      XCTAssertEqual(try ui.find(TextField.self, title: "t1").text, "AB")
      actions("reverse")
      MainLoop.drain()
      let t1 = try ui.find(TextField.self, title: "t1")
      t1.type("c")
      XCTAssertEqual(t1.text, "ABC")
      XCTAssertEqual(try ui.find(Text.self).text, "2= 1=ABC 0=")
      // Typing, then the row's removal in the same turn.
      let t0 = try ui.find(TextField.self, title: "t0")
      t0.tap()
      fieldEntry(t0).simulateTyping("z")
      actions("remove", 0)
      MainLoop.drain()
      XCTAssertEqual(try ui.find(Text.self).text, "2= 1=ABC")
      try ui.find(TextField.self, title: "t2").type("q")
      XCTAssertEqual(try ui.find(TextField.self, title: "t2").text, "Q")
      XCTAssertEqual(try ui.find(Text.self).text, "2=Q 1=ABC")
    }
  }

  func testAFormattedFieldKeepsWhatIsTypedAndTheValueFollows() throws {
    try MainActor.assumeIsolated {
      let ui = show { Amount() }
      let field = try ui.find(TextField.self, title: "amount")
      fieldEntry(field).selection = 0..<(field.text ?? "").count
      fieldEntry(field).simulateBackspace()
      MainLoop.drain()
      field.type("12")
      XCTAssertEqual(field.text, "12")
      XCTAssertEqual(fieldEntry(field).cursorPosition, 2)
      XCTAssertEqual(try ui.find(Text.self).text, "amount 12")
      fieldEntry(field).cursorPosition = 1
      field.type("5")
      XCTAssertEqual(field.text, "152")
      XCTAssertEqual(fieldEntry(field).cursorPosition, 2)
      XCTAssertEqual(try ui.find(Text.self).text, "amount 152")
    }
  }
}
