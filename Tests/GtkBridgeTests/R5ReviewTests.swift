import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

// MARK: - Models and views the probes share

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

enum R5Field: Hashable { case a, b }

/// What a view's focus states hold, read by the test as an action would.
@MainActor
final class FocusReads {
  var first: () -> R5Field? = { nil }
  var second: () -> R5Field? = { nil }
  var setFirst: (R5Field?) -> Void = { _ in }
  var setSecond: (R5Field?) -> Void = { _ in }
}

/// A parent that passes its child one of two focus states, and the value it claims.
private struct FocusSwitch: View {
  let reads: FocusReads
  let actions: ViewActions
  @FocusState var first: R5Field?
  @FocusState var second: R5Field?
  @State var useSecond = false
  @State var claimsB = false

  var body: some View {
    VStack {
      FocusedChild(focus: useSecond ? $second : $first, value: claimsB ? .b : .a)
      TextField("other", text: .constant(""))
    }
    .onAppear {
      reads.first = { first }
      reads.second = { second }
      reads.setFirst = { first = $0 }
      reads.setSecond = { second = $0 }
      actions.named["useSecond"] = { useSecond = $0 == 1 }
      actions.named["claimsB"] = { claimsB = $0 == 1 }
    }
  }
}

private struct FocusedChild: View {
  let focus: FocusState<R5Field?>.Binding
  let value: R5Field
  @State var text = ""

  var body: some View {
    TextField("child", text: $text).focused(focus, equals: value)
  }
}

/// Rows in two `ForEach`es bound to one focus state; a row moves from one to the other.
private struct TwoColumns: View {
  let actions: ViewActions
  let focus: FocusBox
  @State var left = [0, 1, 2]
  @State var right = [3]
  @FocusState var focused: Int?

  var body: some View {
    VStack {
      ForEach(left, id: \.self) { i in
        TextField("f\(i)", text: .constant("")).focused($focused, equals: i)
      }
      Text("between")
      ForEach(right, id: \.self) { i in
        TextField("f\(i)", text: .constant("")).focused($focused, equals: i)
      }
    }
    .onAppear {
      focus.read = { focused }
      focus.write = { focused = $0 }
      actions.named["move"] = { i in
        left.removeAll { $0 == i }
        right.append(i)
      }
    }
  }
}

@MainActor
final class FocusBox {
  var read: () -> Int? = { nil }
  var write: (Int?) -> Void = { _ in }
}

@Observable
private final class Draft {
  var focus: R5Field?
  var name = ""
}

/// A draft model held in `@State`, replaced by "New"; its field is bound to its focus.
private struct DraftEditor: View {
  let actions: ViewActions
  let drafts: DraftReads
  @State var draft = Draft()

  var body: some View {
    VStack {
      TextField("draft", text: $draft.name).focused($draft.focus, equals: .a)
      TextField("elsewhere", text: .constant(""))
    }
    .onAppear {
      drafts.current = { draft }
      actions.named["new"] = { _ in draft = Draft() }
    }
  }
}

@MainActor
private final class DraftReads {
  var current: () -> Draft = { Draft() }
}

/// One state read by many rows; an action writes it and removes half of the rows.
private struct ManyReaders: View {
  let runs: RunCounts
  let actions: ViewActions
  @State var shared = 0
  @State var ids = Array(0..<10)

  var body: some View {
    VStack {
      ForEach(ids, id: \.self) { i in
        let _ = runs.hit("row\(i)")
        Text("\(i):\(shared)")
      }
    }
    .onAppear {
      actions.named["writeThenHalve"] = { value in
        shared = value
        ids = ids.filter { $0 % 2 == 0 }
      }
      actions.named["halveThenWrite"] = { value in
        ids = ids.filter { $0 % 2 == 0 }
        shared = value
      }
      actions.named["shared"] = { shared = $0 }
      actions.named["all"] = { _ in ids = Array(0..<10) }
    }
  }
}

/// A counter whose `.onChange` writes the value it watches until it reaches `target`: one
/// step per pass, so 250 steps run into the pass limit.
private struct Runaway: View {
  let actions: ViewActions
  @State var count = 0
  @State var target = 0

  var body: some View {
    Text("count \(count)")
      .onChange(of: count) { _, new in if new < target { count = new + 1 } }
      .onAppear {
        actions.named["target"] = {
          target = $0
          count = 1
        }
      }
  }
}

/// Writes state inside `.onChange`, then iterates GLib's loop itself (a modal wait) until the
/// write is on screen, as code waiting for a widget would.
private struct NestedLoop: View {
  let actions: ViewActions
  let seen: NestedSeen
  @State var trigger = 0
  @State var answer = "none"

  var body: some View {
    VStack {
      Text("answer \(answer)")
    }
    .onChange(of: trigger) { _, new in
      answer = "a\(new)"
      var turns = 0
      while seen.label() != "answer a\(new)", turns < 200 {
        g_main_context_iteration(nil, 0)
        turns += 1
      }
      seen.shownInside.append(seen.label() == "answer a\(new)")
      answer = "b\(new)"
      seen.shownInside.append(MainLoop.run(timeout: 2) { seen.label() == "answer b\(new)" })
    }
    .onAppear { actions.named["trigger"] = { trigger = $0 } }
  }
}

@MainActor
private final class NestedSeen {
  var label: () -> String = { "" }
  var shownInside: [Bool] = []
}

private struct FeedText: View {
  let feed: TrackedFeed

  var body: some View {
    Text("feed \(feed.title)")
  }
}

private struct Plain: View {
  let actions: ViewActions
  @State var value = 0

  var body: some View {
    Text("value \(value)")
      .onAppear { actions.named["value"] = { value = $0 } }
  }
}

private struct LabelledFields: View {
  let actions: ViewActions
  @State var label = "Name"
  @State var text = ""

  var body: some View {
    Form {
      TextField(label, text: $text)
      TextField("", text: $text)
      TextField("Hidden", text: $text).labelsHidden()
      SecureField(label, text: $text)
    }
    .onAppear { actions.named["label"] = { label = ["", "Name", "Email"][$0] } }
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

/// A child whose `.onAppear` writes its parent's state, shown by a flag.
private struct AppearingWriter: View {
  let actions: ViewActions
  @State var shows = false
  @State var note = "none"

  var body: some View {
    VStack {
      Text("note \(note)")
      if shows {
        Text("child").onAppear { note = "appeared" }
      }
    }
    .onAppear { actions.named["shows"] = { shows = $0 == 1 } }
  }
}

/// A focus state of a view in one window, passed to a view in a second window; both re-run
/// on `tick` while bound to the same state.
private struct FocusOwner: View {
  let actions: ViewActions
  let shared: SharedFocus
  @FocusState var focus: R5Field?
  @State var tick = 0

  var body: some View {
    VStack {
      TextField("here \(tick)", text: .constant("")).focused($focus, equals: .a)
      TextField("owner other", text: .constant(""))
    }
    .onAppear {
      shared.binding = $focus
      shared.read = { focus }
      shared.write = { focus = $0 }
      actions.named["tick"] = { tick = $0 }
    }
  }
}

private struct FocusGuest: View {
  let actions: ViewActions
  let binding: FocusState<R5Field?>.Binding
  @State var tick = 0

  var body: some View {
    VStack {
      TextField("there \(tick)", text: .constant("")).focused(binding, equals: .b)
      TextField("guest other", text: .constant(""))
    }
    .onAppear { actions.named["tick"] = { tick = $0 } }
  }
}

@MainActor
private final class SharedFocus {
  var binding: FocusState<R5Field?>.Binding?
  var read: () -> R5Field? = { nil }
  var write: (R5Field?) -> Void = { _ in }
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

// MARK: - Helpers

/// Who heard a state's writes, in order; the readers a probe made, by name.
@MainActor
private final class Heard {
  var calls: [String] = []
  var handles: [String: TrackingHandle] = [:]
  var trackings: [String: ReaderTracking] = [:]
}

@MainActor
private func fieldEntry(_ view: InspectedView) -> Entry {
  view.widget as! Entry
}

/// Iterates GLib's default context without `MainLoop.drain` (which runs a pass itself), so a
/// pass runs only from the update source, until `done` or `turns` blocking iterations.
@MainActor
private func iterateLoop(turns: Int = 200, until done: () -> Bool) -> Bool {
  for _ in 0..<turns {
    if done() { return true }
    let wake = g_timeout_add(10, { _ in 0 }, nil)
    g_main_context_iteration(nil, 1)
    if g_main_context_find_source_by_id(nil, wake) != nil { g_source_remove(wake) }
  }
  return done()
}

/// Tries to break round 5's shortcuts on the update path (55633cf, f7ecee2, dc4fbb2, e5ba744,
/// f7493b3) as an app would.
final class R5ReviewTests: GtkTestCase, @unchecked Sendable {
  // MARK: - The update source (55633cf)

  /// An idle app must not spin: with nothing asked, the source is never ready, so a blocking
  /// iteration waits for the next timer.
  func testAnIdleWindowDoesNotSpinTheLoop() {
    MainActor.assumeIsolated {
      let (host, _, actions) = shown { Plain(actions: $1) }
      actions("value", 1)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["value 1"])
      // 0.5 s of blocking iterations, woken by a 50 ms timer: about 10 when idle, thousands
      // when a source is always ready.
      let end = g_get_monotonic_time() + 500_000
      var iterations = 0
      while g_get_monotonic_time() < end {
        let wake = g_timeout_add(50, { _ in 0 }, nil)
        g_main_context_iteration(nil, 1)
        if g_main_context_find_source_by_id(nil, wake) != nil { g_source_remove(wake) }
        iterations += 1
      }
      XCTAssertLessThan(iterations, 100, "the loop spun while idle")
      XCTAssertEqual(g_main_context_pending(nil), 0, "a source is ready with nothing to do")
    }
  }

  /// A write from an action is shown by the loop alone (no `drain`): the source is asked.
  func testAWriteIsShownByTheLoopItselfAndAgainAfterAllWindowsClosed() {
    MainActor.assumeIsolated {
      do {
        let (host, _, actions) = shown { Plain(actions: $1) }
        actions("value", 1)
        XCTAssertTrue(iterateLoop { host.labelTexts == ["value 1"] })
        host.close()
        MainLoop.drain()
      }
      // Every window closed; a new one must still be updated from the source.
      let (host, _, actions) = shown { Plain(actions: $1) }
      for value in 2...4 {
        actions("value", value)
        XCTAssertTrue(iterateLoop { host.labelTexts == ["value \(value)"] }, "value \(value)")
      }
    }
  }

  /// A model written on another thread: the change hops to the main actor, which asks for a
  /// pass the loop then runs.
  func testAWriteFromAnotherThreadIsShownByTheLoop() {
    MainActor.assumeIsolated {
      let feed = TrackedFeed()
      let host = host { FeedText(feed: feed) }
      show(host)
      XCTAssertEqual(host.labelTexts, ["feed f0"])
      for round in 1...3 {
        Thread.detachNewThread { feed.title = "bg\(round)" }
        XCTAssertTrue(iterateLoop { host.labelTexts == ["feed bg\(round)"] }, "round \(round)")
      }
      let task = Task { @MainActor in feed.title = "task" }
      XCTAssertTrue(iterateLoop { host.labelTexts == ["feed task"] })
      _ = task
    }
  }

  /// A view that keeps writing what it reads stops at the pass limit, and the loop carries
  /// the rest on in later turns instead of dropping it.
  func testAPassLimitLeavesTheRestToTheNextTurnsOfTheLoop() {
    MainActor.assumeIsolated {
      let (host, _, actions) = shown { Runaway(actions: $1) }
      actions("target", 250)
      MainLoop.drain()
      XCTAssertTrue(UpdateScheduler.shared.hitPassLimit)
      XCTAssertTrue(
        iterateLoop { host.labelTexts == ["count 250"] },
        "stopped at \(host.labelTexts) instead of carrying on")
      XCTAssertFalse(UpdateScheduler.shared.hasPendingWork)
    }
  }

  /// `.onChange` runs inside the pass the source dispatches; code there that iterates GLib's
  /// loop itself (a modal wait) must still see its write shown, as with an idle per pass.
  func testALoopIteratedInsideOnChangeStillRunsUpdatePasses() {
    MainActor.assumeIsolated {
      let seen = NestedSeen()
      let (host, _, actions) = shown { NestedLoop(actions: $1, seen: seen) }
      seen.label = { host.labelTexts.first ?? "" }
      for value in 1...2 {
        actions("trigger", value)
        // The pass that runs `.onChange` comes from the source, not from `drain`.
        XCTAssertTrue(iterateLoop { seen.shownInside.count == 2 * value })
        XCTAssertEqual(host.labelTexts, ["answer b\(value)"])
      }
      // Each turn: GLib's loop iterated by hand, then `MainLoop.run`.
      XCTAssertEqual(
        seen.shownInside, [true, true, true, true], "a write waited for the modal wait to end")
    }
  }

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

  /// A write in `.onAppear` of a view a pass made is shown by the loop alone.
  func testAWriteInOnAppearDuringAPassIsShownByTheLoop() {
    MainActor.assumeIsolated {
      let (host, _, actions) = shown { AppearingWriter(actions: $1) }
      actions("shows", 1)
      XCTAssertTrue(iterateLoop { host.labelTexts == ["note appeared", "child"] })
      actions("shows", 0)
      XCTAssertTrue(iterateLoop { host.labelTexts == ["note appeared"] })
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

  // MARK: - FocusedModifier's same state (dc4fbb2)

  func testAChildPassedAnotherFocusStateFollowsTheNewOne() throws {
    try MainActor.assumeIsolated {
      let reads = FocusReads()
      let actions = ViewActions()
      let ui = show { FocusSwitch(reads: reads, actions: actions) }
      let child = try ui.find(TextField.self, title: "child")
      let other = try ui.find(TextField.self, title: "other")
      reads.setFirst(.a)
      MainLoop.drain()
      XCTAssertTrue(child.isFocused)
      other.tap()
      XCTAssertNil(reads.first())
      actions("useSecond", 1)
      MainLoop.drain()
      reads.setSecond(.a)
      MainLoop.drain()
      XCTAssertTrue(child.isFocused, "the new state moves focus")
      XCTAssertEqual(reads.second(), .a)
      XCTAssertNil(reads.first())
      other.tap()
      XCTAssertNil(reads.second())
      reads.setFirst(.a)
      MainLoop.drain()
      XCTAssertFalse(child.isFocused, "the old state still moved focus")
      XCTAssertNil(reads.first(), "no view claims .a for the old state")
      child.tap()
      XCTAssertEqual(reads.second(), .a)
      XCTAssertNil(reads.first())
      // And back again, while the child holds focus.
      actions("useSecond", 0)
      MainLoop.drain()
      XCTAssertEqual(reads.first(), .a, "the state it joins reads the truth")
      XCTAssertNil(reads.second())
      other.tap()
      reads.setSecond(.a)
      MainLoop.drain()
      XCTAssertFalse(child.isFocused)
      reads.setFirst(.a)
      MainLoop.drain()
      XCTAssertTrue(child.isFocused)
    }
  }

  func testANewEqualsValueForTheSameStateIsTheClaim() throws {
    try MainActor.assumeIsolated {
      let reads = FocusReads()
      let actions = ViewActions()
      let ui = show { FocusSwitch(reads: reads, actions: actions) }
      let child = try ui.find(TextField.self, title: "child")
      let other = try ui.find(TextField.self, title: "other")
      // GTK put focus in the first field as the window opened.
      XCTAssertEqual(reads.first(), .a)
      other.tap()
      XCTAssertNil(reads.first())
      actions("claimsB", 1)
      MainLoop.drain()
      reads.setFirst(.a)
      MainLoop.drain()
      XCTAssertFalse(child.isFocused)
      XCTAssertNil(reads.first())
      reads.setFirst(.b)
      MainLoop.drain()
      XCTAssertTrue(child.isFocused)
      // The claim changes while the child holds focus: the state reads the new value.
      actions("claimsB", 0)
      MainLoop.drain()
      XCTAssertTrue(child.isFocused)
      XCTAssertEqual(reads.first(), .a)
      other.tap()
      XCTAssertNil(reads.first())
      reads.setFirst(.a)
      MainLoop.drain()
      XCTAssertTrue(child.isFocused)
    }
  }

  /// One focus state bound in two windows, whose views re-run (the same state each time):
  /// a value claimed in one window moves focus there, and the state reads the truth.
  func testOneFocusStateInTwoWindowsFollowsWritesAcrossReRuns() throws {
    try MainActor.assumeIsolated {
      let shared = SharedFocus()
      let ownerActions = ViewActions()
      let guestActions = ViewActions()
      let owner = host { FocusOwner(actions: ownerActions, shared: shared) }
      show(owner)
      let binding = try XCTUnwrap(shared.binding)
      let guest = host { FocusGuest(actions: guestActions, binding: binding) }
      show(guest)
      XCTAssertTrue(MainLoop.run(timeout: 5) { guest.window.isActive })
      @MainActor func field(_ host: HostingWindow<AnyTestView>, _ prefix: String) -> Entry {
        host.textFieldEntries.first { ($0.placeholderText ?? "").hasPrefix(prefix) }!
      }
      for round in 1...3 {
        ownerActions("tick", round)
        guestActions("tick", round)
        MainLoop.drain()
        shared.write(.a)
        MainLoop.drain()
        XCTAssertTrue(MainLoop.run(timeout: 5) { owner.window.isActive }, "round \(round)")
        MainLoop.drain()
        XCTAssertTrue(holdsFocus(field(owner, "here")), "round \(round)")
        XCTAssertEqual(shared.read(), .a, "round \(round)")
        ownerActions("tick", 10 + round)
        guestActions("tick", 10 + round)
        MainLoop.drain()
        shared.write(.b)
        MainLoop.drain()
        XCTAssertTrue(MainLoop.run(timeout: 5) { guest.window.isActive }, "round \(round)")
        MainLoop.drain()
        XCTAssertTrue(holdsFocus(field(guest, "there")), "round \(round)")
        XCTAssertEqual(shared.read(), .b, "round \(round)")
      }
    }
  }

  func testARowMovedIntoAnotherForEachKeepsItsClaim() throws {
    try MainActor.assumeIsolated {
      let actions = ViewActions()
      let focus = FocusBox()
      let ui = show { TwoColumns(actions: actions, focus: focus) }
      focus.write(1)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(TextField.self, title: "f1").isFocused)
      try ui.find(TextField.self, title: "f0").tap()
      XCTAssertEqual(focus.read(), 0)
      actions("move", 1)
      MainLoop.drain()
      focus.write(1)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(TextField.self, title: "f1").isFocused)
      XCTAssertEqual(focus.read(), 1)
      // Moved again while it holds focus.
      actions("move", 2)
      MainLoop.drain()
      focus.write(2)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(TextField.self, title: "f2").isFocused)
      try ui.find(TextField.self, title: "f3").tap()
      XCTAssertEqual(focus.read(), 3)
    }
  }

  func testAFocusStateInAModelThatIsReplacedIsFollowed() throws {
    try MainActor.assumeIsolated {
      let actions = ViewActions()
      let drafts = DraftReads()
      let ui = show { DraftEditor(actions: actions, drafts: drafts) }
      let field = try ui.find(TextField.self, title: "draft")
      let elsewhere = try ui.find(TextField.self, title: "elsewhere")
      drafts.current().focus = .a
      MainLoop.drain()
      XCTAssertTrue(field.isFocused)
      // Replaced while the field holds focus: the new draft's `nil` is a request, as a write
      // of `nil` would be; whatever happens, the state tells the truth.
      actions("new")
      MainLoop.drain()
      XCTAssertEqual(drafts.current().focus, field.isFocused ? .a : nil)
      XCTAssertFalse(field.isFocused)
      elsewhere.tap()
      XCTAssertNil(drafts.current().focus)
      drafts.current().focus = .a
      MainLoop.drain()
      XCTAssertTrue(field.isFocused, "a write to the new draft's focus moves focus")
      elsewhere.tap()
      XCTAssertNil(drafts.current().focus)
      // Replaced while focus is elsewhere, then written.
      actions("new")
      MainLoop.drain()
      drafts.current().focus = .a
      MainLoop.drain()
      XCTAssertTrue(field.isFocused)
      field.type("x")
      XCTAssertEqual(drafts.current().name, "x")
    }
  }

  // MARK: - The form label (e5ba744)

  func testAFieldsFormLabelFollowsItsLabelAndLabelsHidden() {
    MainActor.assumeIsolated {
      let (host, _, actions) = shown { LabelledFields(actions: $1) }
      @MainActor func rowLabels() -> [String] {
        gtkTree(host.window.pointer).filter { hasClass($0, FormRowLabel.rowClass) }.map {
          labelText(gtk_widget_get_first_child($0)!)
        }
      }
      // A field without a label, or under `.labelsHidden()`, has an empty one.
      XCTAssertEqual(rowLabels(), ["Name", "", "", "Name"])
      actions("label", 0)
      MainLoop.drain()
      XCTAssertEqual(rowLabels(), ["", "", "", ""])
      actions("label", 2)
      MainLoop.drain()
      XCTAssertEqual(rowLabels(), ["Email", "", "", "Email"])
      actions("label", 1)
      MainLoop.drain()
      XCTAssertEqual(rowLabels(), ["Name", "", "", "Name"])
    }
  }

  // MARK: - notifyReaders (f7493b3)

  /// Readers of one state that, while its write calls them back, cancel a reader before or
  /// after them, or make a reader re-run and subscribe again (reading one more state): each
  /// reader still listening hears the next write once, and a cancelled one never.
  func testReadersThatCancelOrResubscribeDuringAWriteHearTheNextWriteOnce() {
    MainActor.assumeIsolated {
      let box = StateBox(0)
      let other = StateBox(0)
      let heard = Heard()
      @MainActor func watch(_ name: String, _ then: @escaping @MainActor @Sendable () -> Void = {})
      {
        heard.handles[name] =
          observeOnMain({ box.value }, repeating: true) {
            heard.calls.append(name)
            then()
          }.1
      }
      @MainActor func track(_ name: String, alsoReading: Bool) {
        var readsModels = false
        let (_, tracking) = ReaderTracking.track(
          { alsoReading ? box.value + other.value : box.value },
          replacing: heard.trackings[name], readsModels: &readsModels,
          onChange: { heard.calls.append(name) })
        heard.trackings[name] = tracking
      }
      watch("cancels-later") { heard.handles["cancelled-later"]?.cancel() }
      watch("reruns-x") { track("x", alsoReading: true) }
      watch("cancelled-later")
      track("x", alsoReading: false)
      watch("cancels-earlier") { heard.handles["cancelled-earlier"]?.cancel() }
      // Subscribed after "cancels-earlier": cancelled when it is called back, after its turn.
      heard.handles["cancelled-earlier"] = heard.handles["cancels-later"]
      box.value = 1
      XCTAssertEqual(heard.calls, ["cancels-later", "reruns-x", "x", "cancels-earlier"])
      heard.calls = []
      box.value = 2
      // "x" subscribed again during the last write's loop, so it now comes first.
      XCTAssertEqual(
        heard.calls, ["x", "reruns-x", "cancels-earlier"], "each listening reader once")
      heard.calls = []
      other.value = 1
      XCTAssertEqual(heard.calls, ["x"], "x listens to what its last run read")
      for tracking in heard.trackings.values { tracking.cancel() }
      for handle in heard.handles.values { handle.cancel() }
      heard.calls = []
      box.value = 3
      XCTAssertEqual(heard.calls, [])
    }
  }

  func testAWriteThatRemovesHalfItsReadersReachesTheRestOnly() {
    MainActor.assumeIsolated {
      let (host, runs, actions) = shown { ManyReaders(runs: $0, actions: $1) }
      for name in ["writeThenHalve", "halveThenWrite"] {
        actions(name, 7)
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["0:7", "2:7", "4:7", "6:7", "8:7"], name)
        let before = (0..<10).map { runs["row\($0)"] }
        actions("shared", 8)
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["0:8", "2:8", "4:8", "6:8", "8:8"], name)
        for i in 0..<10 {
          XCTAssertEqual(runs["row\(i)"] - before[i], i % 2 == 0 ? 1 : 0, "\(name) row \(i)")
        }
        actions("all")
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, (0..<10).map { "\($0):8" }, name)
        actions("shared", 9)
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, (0..<10).map { "\($0):9" }, name)
      }
    }
  }
}
