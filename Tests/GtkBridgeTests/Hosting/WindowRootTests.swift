import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

// The change to where a window puts its root view (WindowContent, WindowChrome's
// content place), probed as an app would: roots of every shape, focus while the root grows or
// bars appear, bars around a changing root, sheets and alerts, and windows that close.

@MainActor
@Observable
private final class WindowRootModel {
  var ids = [1]
  var texts: [Int: String] = [:]
  var flag = false
  var mode = 0
  var query = ""
  @ObservationIgnored var focusLog: [Int?] = []

  func text(_ id: Int) -> Binding<String> {
    Binding(get: { self.texts[id, default: ""] }, set: { self.texts[id] = $0 })
  }
}

/// What a view's actions do, reached from the test as a button would.
@MainActor
private final class WindowRootActions {
  var add: (Int) -> Void = { _ in }
  var focus: (Int?) -> Void = { _ in }
  var read: () -> Int? = { nil }
}

/// The children of `widget`, in order.
@MainActor
private func kids(_ widget: UnsafeMutablePointer<GtkWidget>?) -> [UnsafeMutablePointer<GtkWidget>] {
  var result: [UnsafeMutablePointer<GtkWidget>] = []
  var child = widget.flatMap { gtk_widget_get_first_child($0) }
  while let current = child {
    result.append(current)
    child = gtk_widget_get_next_sibling(current)
  }
  return result
}

/// The window's child.
@MainActor
private func content(_ window: Window) -> UnsafeMutablePointer<GtkWidget>? {
  gtk_window_get_child(window.window)
}

/// The widget's allocated height.
@MainActor
private func height(_ widget: UnsafeMutablePointer<GtkWidget>) -> Int32 {
  gtk_widget_get_allocated_height(widget)
}

/// Lays the window out (a frame) so allocations are current.
@MainActor
private func layOut(_ window: Window) {
  waitForFrames(window)
}

/// Where the caret is in the field's inner text (the end of the selection GTK moves).
@MainActor
private func textCaret(_ entry: EditableWidget) -> Int32 {
  gtk_editable_get_position(OpaquePointer(entry.delegate))
}

/// The text fields' GtkEntry widgets of `ui`, in declaration order.
@MainActor
private func entries(_ ui: ViewInspection<some View>) -> [UnsafeMutablePointer<GtkWidget>] {
  ui.findAll(TextField.self).map(\.widget.pointer)
}

// MARK: - Root shapes

private struct Login: View {
  var body: some View {
    VStack {
      TextField("User", text: .constant(""))
      Button("Sign in") {}
    }
  }
}

private struct WindowRootMain: View {
  var body: some View {
    VStack { Text("Welcome") }
  }
}

private struct WindowRootBranches: View {
  let model: WindowRootModel
  var body: some View {
    if model.flag { WindowRootMain() } else { Login() }
  }
}

private struct SameTypeBranches: View {
  let model: WindowRootModel
  var body: some View {
    if model.flag {
      TextField("B", text: model.text(2))
    } else {
      TextField("A", text: model.text(1))
    }
  }
}

private struct Switch: View {
  let model: WindowRootModel
  var body: some View {
    switch model.mode {
    case 0: Text("zero")
    case 1:
      Text("one")
      Text("one more")
    case 2: EmptyView()
    default: Button("three") {}
    }
  }
}

private struct WindowRootRows: View {
  let model: WindowRootModel
  var body: some View {
    ForEach(model.ids, id: \.self) { id in
      TextField("field \(id)", text: model.text(id))
    }
  }
}

private struct Identified: View {
  let model: WindowRootModel
  var body: some View {
    TextField("Name", text: model.text(1)).id(model.mode)
  }
}

/// A list with a bottom bar, and a label under it while `flag` is set.
private struct ListRoot: View {
  let model: WindowRootModel
  var body: some View {
    List(["a", "b"], id: \.self) { Text($0) }
      .toolbar { ToolbarItem(placement: .bottomBar) { Button("Bar") {} } }
    if model.flag { Text("status") }
  }
}

/// A button with a popover (shown while `mode` is 1) at the root; `flag` adds a label.
private struct PopoverRoot: View {
  let model: WindowRootModel
  var body: some View {
    Button("Info") {}
      .popover(isPresented: Binding(get: { model.mode == 1 }, set: { model.mode = $0 ? 1 : 0 })) {
        TextField("In popover", text: model.text(9))
      }
    if model.flag { Text("status") }
  }
}

/// A field publishing a focused value and its reader in one stack; `flag` adds a label.
private struct FocusedValueRoot: View {
  let model: WindowRootModel
  let probe: ReaderProbe
  var body: some View {
    VStack {
      TextField("Note", text: model.text(1)).focusedValue(\.noteTitle, "T")
      WindowRootTitleReader(probe: probe)
    }
    if model.flag { Text("status") }
  }
}

private struct WindowRootTitleReader: View {
  @FocusedValue(\.noteTitle) var title
  let probe: ReaderProbe
  var body: some View {
    probe.renders += 1
    return Text("title: \(title ?? "none")")
  }
}

/// A seeded generator (SplitMix64), so a failing sequence repeats.
private struct WindowRootRandom: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func next(_ bound: Int) -> Int { bound <= 1 ? 0 : Int(next() % UInt64(bound)) }
}

/// Rows at the root in one focus state, with a bottom bar while `flag` is set.
private struct RandomRoot: View {
  let model: WindowRootModel
  let actions: WindowRootActions
  @FocusState var focus: Int?
  var body: some View {
    actions.focus = { focus = $0 }
    actions.read = { focus }
    return ForEach(model.ids, id: \.self) { id in
      TextField("field \(id)", text: model.text(id)).focused($focus, equals: id)
    }
    .toolbar {
      if model.flag { ToolbarItem(placement: .bottomBar) { Button("Bar") {} } }
    }
  }
}

/// A root field with a bottom bar, and a second field while `flag` is set.
private struct BarRoot: View {
  let model: WindowRootModel
  var body: some View {
    TextField("a", text: model.text(1))
      .toolbar { ToolbarItem(placement: .bottomBar) { Button("Bar") {} } }
    if model.flag { TextField("b", text: model.text(2)) }
  }
}

/// A root that is a field with a bottom bar or one without.
private struct BarOrNot: View {
  let model: WindowRootModel
  var body: some View {
    if model.flag {
      TextField("with", text: model.text(1))
        .toolbar { ToolbarItem(placement: .bottomBar) { Button("Trash") {} } }
    } else {
      TextField("without", text: model.text(2))
    }
  }
}

/// A root field, then (with `flag`) a searchable list beside it: the search bar and the
/// second root widget arrive in one update.
private struct SearchRoot: View {
  @Bindable var model: WindowRootModel
  var body: some View {
    TextField("Name", text: model.text(1))
    if model.flag {
      List(["x", "y"], id: \.self) { Text($0) }.searchable(text: $model.query)
    }
  }
}

/// Bars before any root widget: an empty view carries them; the rows come later.
private struct LateRoot: View {
  @Bindable var model: WindowRootModel
  var body: some View {
    EmptyView()
      .toolbar { ToolbarItem(placement: .bottomBar) { Button("Bar") {} } }
      .searchable(text: $model.query)
    ForEach(model.ids, id: \.self) { id in
      TextField("field \(id)", text: model.text(id))
    }
  }
}

/// A bottom bar before any root widget; with `flag`, a header bar item too.
private struct LateRootWithHeader: View {
  let model: WindowRootModel
  var body: some View {
    EmptyView()
      .toolbar {
        ToolbarItem(placement: .bottomBar) { Button("Bottom") {} }
        if model.flag { ToolbarItem(placement: .primaryAction) { Button("Share") {} } }
      }
    ForEach(model.ids, id: \.self) { id in
      TextField("field \(id)", text: model.text(id))
    }
  }
}

/// A root field; with `flag`, a header bar item and a second root widget in one update.
private struct HeaderRoot: View {
  let model: WindowRootModel
  var body: some View {
    TextField("a", text: model.text(1))
    if model.flag {
      Text("more").toolbar { ToolbarItem(placement: .primaryAction) { Button("Share") {} } }
    }
  }
}

/// The rows, and a bottom bar while `flag` is set.
private struct FocusRowsWithBar: View {
  let model: WindowRootModel
  let actions: WindowRootActions
  @FocusState var focus: Int?

  var body: some View {
    actions.focus = { focus = $0 }
    actions.read = { focus }
    return VStack {
      ForEach(model.ids, id: \.self) { id in
        TextField("field \(id)", text: model.text(id)).focused($focus, equals: id)
      }
    }
    .toolbar {
      if model.flag { ToolbarItem(placement: .bottomBar) { Button("Bar") {} } }
    }
  }
}

@MainActor
private final class EditingLog {
  var events: [Bool] = []
}

/// A field with `onEditingChanged` at the root; `flag` adds a second widget.
private struct EditingRoot: View {
  let model: WindowRootModel
  let log: EditingLog
  var body: some View {
    TextField("Edited", text: model.text(1), onEditingChanged: { log.events.append($0) })
    if model.flag { Text("more") }
  }
}

/// Fields with a keyboard bar (Done clears focus) and a bottom bar.
private struct KeyboardRoot: View {
  let model: WindowRootModel
  @FocusState var focus: Int?
  var body: some View {
    ForEach(model.ids, id: \.self) { id in
      TextField("field \(id)", text: model.text(id)).focused($focus, equals: id)
    }
    .toolbar {
      ToolbarItem(placement: .keyboard) { Button("Done") { focus = nil } }
      ToolbarItem(placement: .bottomBar) { Button("Bottom") {} }
    }
  }
}

/// A root field whose identity follows `mode`, in a focus state.
private struct IdentifiedFocus: View {
  let model: WindowRootModel
  @FocusState var focus: Int?
  var body: some View {
    TextField("Name", text: model.text(1)).focused($focus, equals: 1).id(model.mode)
      .onChange(of: focus) { _, now in model.focusLog.append(now) }
  }
}

/// A sheet's content: a title and a field with a confirmation, then (with `flag`) a button.
private struct SheetBody: View {
  let model: WindowRootModel
  var body: some View {
    Group {
      if model.flag {
        Button("Only") {}
      } else {
        Text("Rename")
        TextField("New name", text: model.text(1))
      }
    }
    .toolbar { ToolbarItem(placement: .confirmationAction) { Button("Save") {} } }
  }
}

/// A root of fields, one per id, in one focus state; `actions` reach the state.
private struct WindowRootFocusRows: View {
  let model: WindowRootModel
  let actions: WindowRootActions
  var initial: Int? = nil
  @FocusState var focus: Int?

  var body: some View {
    actions.add = { id in
      model.ids.append(id)
      focus = id
    }
    actions.focus = { focus = $0 }
    actions.read = { focus }
    return Group {
      if let initial {
        rows.defaultFocus($focus, initial)
      } else {
        rows
      }
    }
    .onChange(of: focus) { _, now in model.focusLog.append(now) }
  }

  private var rows: some View {
    ForEach(model.ids, id: \.self) { id in
      TextField("field \(id)", text: model.text(id)).focused($focus, equals: id)
    }
  }
}

/// A window's root view: its shapes, the focus, caret and selection it keeps as it grows,
/// swaps and shrinks, the bars and presentations around it, and what it frees.
final class WindowRootTests: GtkTestCase, @unchecked Sendable {
  func testAnIfElseAtTheRootSwapsTheWindowsOneWidgetAndItFillsTheWindow() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      let ui = show(host { WindowRootBranches(model: model) })
      layOut(ui.window)
      let login = try XCTUnwrap(content(ui.window))
      XCTAssertEqual(kids(login).map(typeName), ["GtkEntry", "GtkButton"])
      XCTAssertEqual(height(login), height(ui.window.pointer), "the one widget fills the window")
      XCTAssertEqual(
        gtk_widget_get_allocated_width(login), gtk_widget_get_allocated_width(ui.window.pointer))
      model.flag = true
      MainLoop.drain()
      layOut(ui.window)
      let main = try XCTUnwrap(content(ui.window))
      XCTAssertNotEqual(main, login)
      XCTAssertEqual(kids(main).map(typeName), ["GtkLabel"])
      XCTAssertEqual(height(main), height(ui.window.pointer))
      model.flag = false
      MainLoop.drain()
      XCTAssertEqual(kids(content(ui.window)).map(typeName), ["GtkEntry", "GtkButton"])
      XCTAssertEqual(typeName(content(ui.window)), "GtkBridgeBox")
    }
  }

  func testAnIfElseOfTheSameTypeAtTheRootKeepsTextsApartAndFocusOnTheNewFieldsRequest() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      let ui = show(host { SameTypeBranches(model: model) })
      let a = try ui.find(title: "A")
      XCTAssertEqual(content(ui.window), a.widget.pointer)
      XCTAssertTrue(a.isFocused, "the launch rule focuses the root field")
      a.type("x")
      model.flag = true
      MainLoop.drain()
      let b = try ui.find(title: "B")
      XCTAssertEqual(content(ui.window), b.widget.pointer)
      XCTAssertNil(gtk_widget_get_parent(a.widget.pointer), "the old field is in no parent")
      XCTAssertEqual(b.text, "")
      XCTAssertEqual(model.texts[1], "x")
    }
  }

  func testASwitchAtTheRootGoesThroughOneTwoNoneAndOne() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      let ui = show(host { Switch(model: model) })
      XCTAssertEqual(typeName(content(ui.window)), "GtkLabel")
      model.mode = 1
      MainLoop.drain()
      let box = try XCTUnwrap(content(ui.window))
      XCTAssertEqual(typeName(box), "GtkBridgeBox")
      XCTAssertEqual(
        kids(box).map { String(cString: gtk_label_get_text(OpaquePointer($0))) },
        ["one", "one more"])
      model.mode = 2
      MainLoop.drain()
      XCTAssertEqual(content(ui.window), box, "the box stays")
      XCTAssertEqual(kids(box), [])
      model.mode = 3
      MainLoop.drain()
      XCTAssertEqual(kids(box).map(typeName), ["GtkButton"])
      XCTAssertEqual(gtk_box_get_homogeneous(box.cast(to: GtkBox.self)), 1)
      layOut(ui.window)
      XCTAssertEqual(height(kids(box)[0]), height(ui.window.pointer), "one child fills the box")
      model.mode = 0
      MainLoop.drain()
      XCTAssertEqual(kids(box).map(typeName), ["GtkLabel"])
    }
  }

  func testAForEachAtTheRootGoingOneTwoNoneOneThreeKeepsOrderAndLeavesNoStaleParent() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      let ui = show(host { WindowRootRows(model: model) })
      let first = try ui.find(title: "field 1").widget.pointer
      XCTAssertEqual(content(ui.window), first)
      // NB: held, so a field that left can be asked for its parent.
      var seen: [UnsafeMutablePointer<GtkWidget>: Widget] = [first: Widget(retaining: first)]
      for ids in [[1, 2], [], [5], [7, 5, 6], [6, 5]] {
        model.ids = ids
        MainLoop.drain()
        let box = try XCTUnwrap(content(ui.window))
        XCTAssertEqual(typeName(box), "GtkBridgeBox", "\(ids)")
        let shown = entries(ui)
        XCTAssertEqual(kids(box), shown, "\(ids): the fields, in order")
        XCTAssertEqual(
          shown.map { String(cString: gtk_entry_get_placeholder_text($0.cast(to: GtkEntry.self))) },
          ids.map { "field \($0)" })
        for widget in shown { seen[widget] = Widget(retaining: widget) }
        for widget in seen.keys where !shown.contains(widget) {
          XCTAssertNil(gtk_widget_get_parent(widget), "\(ids): a field that left has no parent")
        }
      }
    }
  }

  func testATupleAGroupAndAnEmptyViewAtTheRoot() {
    MainActor.assumeIsolated {
      let tuple = show {
        Text("a")
        Text("b")
      }
      XCTAssertEqual(kids(content(tuple.window)).map(typeName), ["GtkLabel", "GtkLabel"])
      let group = show(
        host {
          Group {
            TextField("one", text: .constant(""))
            TextField("two", text: .constant(""))
          }
        })
      XCTAssertEqual(kids(content(group.window)), entries(group))
      let empty = show(host { EmptyView() })
      XCTAssertNil(content(empty.window))
    }
  }

  func testAnIdChangeOnTheRootPutsTheNewFieldInTheOldOnesPlace() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      let ui = show(host { Identified(model: model) })
      // NB: the handle keeps the old field alive: once GTK drops its last reference (when
      // depends on the frame) a bare pointer to it would be a freed widget (a critical seen
      // on GTK 4.18).
      let oldField = try ui.find(title: "Name").widget
      let old = oldField.pointer
      XCTAssertEqual(content(ui.window), old)
      model.mode = 1
      MainLoop.drain()
      let new = try ui.find(title: "Name").widget.pointer
      XCTAssertNotEqual(new, old)
      XCTAssertEqual(content(ui.window), new)
      XCTAssertNil(gtk_widget_get_parent(old))
      withExtendedLifetime(oldField) {}
    }
  }

  // MARK: - Focus

  func testTheFocusedFieldKeepsFocusTextAndStateWithoutAFlickerWhenTheRootGrows() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      let actions = WindowRootActions()
      let ui = show(host { WindowRootFocusRows(model: model, actions: actions) })
      let first = try ui.find(title: "field 1")
      first.type("ab")
      XCTAssertEqual(actions.read(), 1)
      model.focusLog = []
      model.ids = [1, 2]
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertTrue(first.isFocused)
      XCTAssertEqual(actions.read(), 1)
      XCTAssertEqual(model.focusLog, [], "the focus state never read anything else")
      first.type("c")
      XCTAssertEqual(model.texts[1], "abc")
      XCTAssertNil((first.widget as? Entry)?.selection, "nothing got selected")
    }
  }

  func testUndoAfterTheRootGrewUndoesWhatWasTypedBefore() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      let ui = show(host { WindowRootRows(model: model) })
      let field = try ui.find(title: "field 1")
      field.type("ab")
      model.ids = [1, 2]
      MainLoop.drain()
      let delegate = try XCTUnwrap(focusWidget(ui.window))
      _ = gtk_widget_activate_action_variant(delegate, "text.undo", nil)
      MainLoop.drain()
      XCTAssertEqual(
        field.text, "", "one undo takes back the typing, as in a window that never grew")
      XCTAssertEqual(model.texts[1], "")
    }
  }

  func testAListThatWasTheContentStillFillsTheBoxItMovesInto() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      let ui = show(host { ListRoot(model: model) })
      model.flag = true
      MainLoop.drain()
      layOut(ui.window)
      let box = try XCTUnwrap(kids(content(ui.window)).first)
      let parts = kids(box)
      XCTAssertEqual(parts.map(typeName), ["GtkScrolledWindow", "GtkLabel"])
      XCTAssertEqual(
        height(parts[0]) + height(parts[1]), height(box), "the list takes the spare height")
    }
  }

  func testTheFocusedFieldsCaretSurvivesTheRootGrowing() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      let ui = show(host { WindowRootRows(model: model) })
      let field = try ui.find(title: "field 1")
      field.type("abcd")
      let entry = try XCTUnwrap(field.widget as? EditableWidget)
      entry.cursorPosition = 2
      model.ids = [1, 2]
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertNil(entry.selection)
      XCTAssertEqual(textCaret(entry), 2)
      field.type("X")
      XCTAssertEqual(model.texts[1], "abXcd")
    }
  }

  func testTheFocusedFieldsSelectionAndItsDirectionSurviveTheRootGrowing() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      let ui = show(host { WindowRootRows(model: model) })
      let field = try ui.find(title: "field 1")
      field.type("abcd")
      let entry = try XCTUnwrap(field.widget as? EditableWidget)
      // Selected from 3 back to 1, as Shift+Left twice from the caret at 3 would.
      gtk_editable_select_region(OpaquePointer(entry.delegate), 3, 1)
      XCTAssertEqual(textCaret(entry), 1)
      model.ids = [1, 2]
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertTrue(field.isFocused)
      XCTAssertEqual(entry.selection, 1..<3, "the selection is still there")
      XCTAssertEqual(textCaret(entry), 1, "and the caret at the end it was moved to")
      field.backspace()
      XCTAssertEqual(model.texts[1], "ad", "Backspace deletes the selection")
    }
  }

  func testTheSelectionSurvivesTheMoveEveryTime() throws {
    // The move gives up the X11 PRIMARY selection and claims it again; the server's notice
    // of the first claim's end could arrive later and collapse the selection (about 3 moves
    // in 8 before the fix). Eight windows make a lost one all but certain to show.
    try MainActor.assumeIsolated {
      var kept: [Bool] = []
      for _ in 0..<8 {
        let model = WindowRootModel()
        let ui = show(host { WindowRootRows(model: model) })
        let field = try ui.find(title: "field 1")
        field.type("abcd")
        let entry = try XCTUnwrap(field.widget as? EditableWidget)
        gtk_editable_select_region(OpaquePointer(entry.delegate), 3, 1)
        model.ids = [1, 2]
        MainLoop.drain()
        waitForFrames(ui.window)
        kept.append(entry.selection == 1..<3 && textCaret(entry) == 1)
        gtk_window_destroy(ui.window.window)
      }
      XCTAssertEqual(kept, Array(repeating: true, count: 8))
    }
  }

  func testAFocusRequestInTheUpdateThatGrowsTheRootWins() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      let actions = WindowRootActions()
      let ui = show(host { WindowRootFocusRows(model: model, actions: actions) })
      let first = try ui.find(title: "field 1")
      first.type("a")
      actions.add(2)
      MainLoop.drain()
      waitForFrames(ui.window)
      let second = try ui.find(title: "field 2")
      XCTAssertTrue(second.isFocused, "the new field asked for focus in the same update")
      XCTAssertFalse(first.isFocused)
      XCTAssertEqual(actions.read(), 2)
      // And the other way: the root grows and focus goes back to the first field.
      actions.add(3)
      actions.focus(1)
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertTrue(first.isFocused)
      XCTAssertEqual(actions.read(), 1)
    }
  }

  func testAFocusClearInTheUpdateThatMakesTheBoxIsKept() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      let actions = WindowRootActions()
      let ui = show(host { WindowRootFocusRows(model: model, actions: actions) })
      let first = try ui.find(title: "field 1")
      first.type("a")
      XCTAssertEqual(actions.read(), 1)
      model.ids = [1, 2]
      actions.focus(nil)
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertNil(focusWidget(ui.window), "focus = nil in the same update wins")
      XCTAssertNil(actions.read())
    }
  }

  func testAFocusRequestInTheUpdateThatBringsTheFirstBarWins() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      model.ids = [1, 2]
      let actions = WindowRootActions()
      let ui = show(host { FocusRowsWithBar(model: model, actions: actions) })
      let first = try ui.find(title: "field 1")
      first.type("a")
      model.flag = true
      actions.focus(2)
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertNotNil(try ui.find(title: "Bar"), "the bar came")
      XCTAssertTrue(try ui.find(title: "field 2").isFocused, "and the request was carried out")
      XCTAssertEqual(actions.read(), 2)
    }
  }

  func testAFieldsEditingCallbackHearsNothingWhenTheRootGrows() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      let log = EditingLog()
      let ui = show(host { EditingRoot(model: model, log: log) })
      let field = try ui.find(title: "Edited")
      field.type("a")
      XCTAssertEqual(log.events, [true])
      model.flag = true
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertTrue(field.isFocused)
      XCTAssertEqual(log.events, [true], "no end and restart of editing")
    }
  }

  func testAFocusedFieldRemovedAsTheBoxIsMadeLeavesFocusNowhere() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      let actions = WindowRootActions()
      let ui = show(host { WindowRootFocusRows(model: model, actions: actions) })
      try ui.find(title: "field 1").type("a")
      XCTAssertEqual(actions.read(), 1)
      model.ids = [2, 3]
      MainLoop.drain()
      waitForFrames(ui.window, 3)
      XCTAssertEqual(kids(content(ui.window)), entries(ui))
      XCTAssertNil(
        focusWidget(ui.window), "GTK's move to the first field a frame later is held off")
      XCTAssertNil(actions.read())
      XCTAssertEqual(model.focusLog.last, .some(nil))
      // In the box now: the focused field leaves, and one stays.
      actions.focus(3)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "field 3").isFocused)
      model.ids = [2]
      MainLoop.drain()
      waitForFrames(ui.window, 3)
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertNil(actions.read())
    }
  }

  func testTheKeyboardBarFollowsTheFocusedFieldWhileTheRootGrows() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      let ui = show(host { KeyboardRoot(model: model) })
      let column = try XCTUnwrap(content(ui.window))
      let field = try ui.find(title: "field 1")
      field.type("a")
      XCTAssertEqual(kids(column).map(typeName), ["GtkEntry", "GtkActionBar", "GtkActionBar"])
      XCTAssertEqual(
        kids(column).map { gtk_widget_has_css_class($0, "gtkbridge-keyboard-bar") }, [0, 1, 0],
        "the keyboard bar is right under the content, above the bottom bar")
      let keyboard = kids(column)[1]
      XCTAssertNotEqual(gtk_widget_get_visible(keyboard), 0, "a field has focus: the bar shows")
      model.ids = [1, 2]
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertEqual(kids(column).map(typeName), ["GtkBridgeBox", "GtkActionBar", "GtkActionBar"])
      XCTAssertEqual(kids(column)[1], keyboard)
      XCTAssertTrue(field.isFocused)
      XCTAssertNotEqual(gtk_widget_get_visible(keyboard), 0, "still shown")
      try ui.find(title: "Done").tap()
      waitForFrames(ui.window)
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertEqual(gtk_widget_get_visible(keyboard), 0, "no field has focus: hidden")
    }
  }

  func testFocusGivenBeforeTheWindowIsShownSurvivesTheRootGrowingBeforeItIs() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      let actions = WindowRootActions()
      let host = host { WindowRootFocusRows(model: model, actions: actions) }
      actions.focus(1)
      MainLoop.drain()
      model.ids = [1, 2]
      MainLoop.drain()
      let ui = show(host)
      waitForFrames(ui.window)
      XCTAssertTrue(try ui.find(title: "field 1").isFocused)
      XCTAssertEqual(actions.read(), 1)
    }
  }

  func testFocusGivenBeforeTheWindowIsShownSurvivesABarComingBeforeItIs() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      model.ids = [1, 2]
      let actions = WindowRootActions()
      let host = host { FocusRowsWithBar(model: model, actions: actions) }
      actions.focus(1)
      MainLoop.drain()
      model.flag = true
      MainLoop.drain()
      let ui = show(host)
      waitForFrames(ui.window)
      XCTAssertNotNil(try ui.find(title: "Bar"))
      XCTAssertTrue(try ui.find(title: "field 1").isFocused)
      XCTAssertEqual(actions.read(), 1)
    }
  }

  func testAnIdChangeOnTheFocusedRootFieldLeavesFocusNowhere() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      model.ids = [1]
      let ui = show(host { IdentifiedFocus(model: model) })
      try ui.find(title: "Name").type("a")
      XCTAssertEqual(model.focusLog.last, 1)
      model.mode = 1
      MainLoop.drain()
      waitForFrames(ui.window, 3)
      XCTAssertNil(focusWidget(ui.window), "the new field is not focused by GTK a frame later")
      XCTAssertEqual(model.focusLog.last, .some(nil))
      XCTAssertEqual(try ui.find(title: "Name").text, "a", "the new field shows the text")
    }
  }

  func testAFocusedValueReaderSeesNoChangeWhenTheRootGrows() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      let probe = ReaderProbe()
      let ui = show(host { FocusedValueRoot(model: model, probe: probe) })
      try ui.find(title: "Note").type("x")
      XCTAssertNotNil(try ui.find(title: "title: T"))
      let renders = probe.renders
      model.flag = true
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertNotNil(try ui.find(title: "title: T"))
      XCTAssertEqual(probe.renders, renders, "the reader never saw the value go and come back")
    }
  }

  func testTheLaunchRuleAndDefaultFocusWithOneWidgetAndWithABox() throws {
    try MainActor.assumeIsolated {
      let one = show(host { TextField("only", text: .constant("")) })
      waitForFrames(one.window)
      XCTAssertTrue(try one.find(title: "only").isFocused, "the first field, as the window's child")
      let model = WindowRootModel()
      model.ids = [1, 2, 3]
      let actions = WindowRootActions()
      let boxed = show(host { WindowRootFocusRows(model: model, actions: actions, initial: 2) })
      waitForFrames(boxed.window)
      XCTAssertTrue(try boxed.find(title: "field 2").isFocused, ".defaultFocus in a box root")
      XCTAssertEqual(actions.read(), 2)
      let buttons = show {
        Button("a") {}
        Button("b") {}
      }
      waitForFrames(buttons.window)
      XCTAssertNil(focusWidget(buttons.window), "buttons only: nothing focused")
    }
  }

  func testShiftTabGoesBackThroughTheRootsWidgetsAfterTheRootGrewUnderABar() {
    MainActor.assumeIsolated {
      let model = WindowRootModel()
      let ui = show(host { KeyboardRoot(model: model) })
      model.ids = [1, 2, 3]
      MainLoop.drain()
      // NB: GTK sorts a Tab move by where widgets are: a person presses Tab after a frame.
      waitForFrames(ui.window)
      guard let first = try? ui.find(title: "field 1") else { return XCTFail("no field 1") }
      XCTAssertTrue(first.isFocused)
      var order: [String] = []
      for _ in 0..<4 {
        ui.press(.shiftTab)
        order.append(ui.focusedView?.title ?? "none")
      }
      // The bars hold nothing Tab stops at but the bottom bar's button.
      XCTAssertEqual(order, ["Bottom", "field 3", "field 2", "field 1"])
    }
  }

  func testTabGoesThroughTheRootsWidgetsInOrderAndWraps() {
    MainActor.assumeIsolated {
      let model = WindowRootModel()
      model.ids = [1]
      let actions = WindowRootActions()
      let ui = show(host { WindowRootFocusRows(model: model, actions: actions) })
      model.ids = [1, 3, 2]
      MainLoop.drain()
      waitForFrames(ui.window)
      let fields = ["field 1", "field 3", "field 2"].map { try? ui.find(title: $0) }
      XCTAssertTrue(fields[0]?.isFocused ?? false)
      var order: [Int?] = []
      for _ in 0..<3 {
        ui.press(.tab)
        order.append(actions.read())
      }
      XCTAssertEqual(order, [3, 2, 1])
    }
  }

  func testRandomRootShapesBarsAndFocusRequestsKeepOrderAndFocusInStep() throws {
    try MainActor.assumeIsolated {
      var rng = WindowRootRandom(seed: 0x9_2026)
      let model = WindowRootModel()
      let actions = WindowRootActions()
      let ui = show(host { RandomRoot(model: model, actions: actions) })
      for step in 0..<60 {
        let ids = model.ids
        var requested: Int?? = nil
        switch rng.next(5) {
        case 0:
          var pool = [1, 2, 3, 4]
          var next: [Int] = []
          for _ in 0..<rng.next(5) { next.append(pool.remove(at: rng.next(pool.count))) }
          model.ids = next
        case 1: model.flag.toggle()
        case 2:
          let target = ids.isEmpty || rng.next(4) == 0 ? nil : ids[rng.next(ids.count)]
          actions.focus(target)
          requested = .some(target)
        case 3:
          if let id = ids.randomElement(using: &rng) { try ui.find(title: "field \(id)").tap() }
        default:
          // A request in the same update as a shape change.
          var next = ids
          let fresh = ([1, 2, 3, 4].filter { !ids.contains($0) }).first
          if let fresh { next.insert(fresh, at: rng.next(next.count + 1)) }
          model.ids = next
          model.flag = rng.next(2) == 0
          let target = fresh ?? next.first
          actions.focus(target)
          requested = .some(target)
        }
        MainLoop.drain()
        waitForFrames(ui.window)
        let shown = entries(ui)
        let where_ = "step \(step), ids \(model.ids), bar \(model.flag)"
        XCTAssertEqual(
          shown.map { String(cString: gtk_entry_get_placeholder_text($0.cast(to: GtkEntry.self))) },
          model.ids.map { "field \($0)" }, where_)
        let top = content(ui.window)
        let hasColumn = kids(top).contains { typeName($0) == "GtkActionBar" }
        let place = hasColumn ? kids(top).first : top
        if model.ids.count == 1, typeName(place) == "GtkEntry" {
          XCTAssertEqual(place, shown.first, where_)
        } else if let place {
          XCTAssertEqual(kids(place), shown, where_)
        }
        let focusedID = model.ids.first { id in
          (try? ui.find(title: "field \(id)").isFocused) == true
        }
        XCTAssertEqual(actions.read(), focusedID, "the state reads GTK's focus: \(where_)")
        if case .some(let target) = requested, let target, model.ids.contains(target) {
          XCTAssertEqual(focusedID, target, "the request was carried out: \(where_)")
        }
      }
    }
  }

  // MARK: - Bars around the root

  func testARootThatGrowsUnderABottomBarLaysOutAsOneThatStartedWithTwoWidgets() throws {
    try MainActor.assumeIsolated {
      let grown = WindowRootModel()
      let ui = show(host { BarRoot(model: grown) })
      let column = try XCTUnwrap(content(ui.window))
      XCTAssertEqual(kids(column).map(typeName), ["GtkEntry", "GtkActionBar"])
      let a = try ui.find(title: "a")
      a.type("x")
      grown.flag = true
      MainLoop.drain()
      layOut(ui.window)
      XCTAssertEqual(content(ui.window), column)
      XCTAssertEqual(kids(column).map(typeName), ["GtkBridgeBox", "GtkActionBar"])
      let box = kids(column)[0]
      XCTAssertEqual(kids(box), entries(ui))
      XCTAssertTrue(a.isFocused)
      XCTAssertEqual(grown.texts[1], "x")

      let started = WindowRootModel()
      started.flag = true
      let reference = show(host { BarRoot(model: started) })
      layOut(reference.window)
      XCTAssertEqual(
        entries(ui).map(height), entries(reference).map(height),
        "the fields of a root that grew are as tall as those of one that started grown")
      XCTAssertEqual(gtk_widget_get_vexpand(a.widget.pointer), 0, "the field does not expand")
    }
  }

  func testARootIfBetweenAViewWithABottomBarAndOneWithoutKeepsTheContentAboveTheBar() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      let ui = show(host { BarOrNot(model: model) })
      XCTAssertEqual(typeName(content(ui.window)), "GtkEntry", "no bar yet: no column")
      model.flag = true
      MainLoop.drain()
      let column = try XCTUnwrap(content(ui.window))
      XCTAssertEqual(kids(column).map(typeName), ["GtkEntry", "GtkActionBar"])
      XCTAssertEqual(kids(column)[0], try ui.find(title: "with").widget.pointer)
      XCTAssertNotEqual(gtk_widget_get_visible(kids(column)[1]), 0)
      model.flag = false
      MainLoop.drain()
      XCTAssertEqual(kids(column)[0], try ui.find(title: "without").widget.pointer)
      XCTAssertEqual(gtk_widget_get_visible(kids(column)[1]), 0, "the bar hides with its view")
      model.flag = true
      MainLoop.drain()
      XCTAssertEqual(kids(column).count, 2)
      XCTAssertEqual(kids(column)[0], try ui.find(title: "with").widget.pointer)
      XCTAssertNotEqual(gtk_widget_get_visible(kids(column)[1]), 0)
    }
  }

  func testASearchBarAndARootThatGrowsInOneUpdateKeepFocusAndOrder() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      let ui = show(host { SearchRoot(model: model) })
      let name = try ui.find(title: "Name")
      name.type("ab")
      XCTAssertEqual(content(ui.window), name.widget.pointer)
      model.flag = true
      MainLoop.drain()
      waitForFrames(ui.window)
      let column = try XCTUnwrap(content(ui.window))
      XCTAssertEqual(kids(column).map(typeName), ["GtkSearchBar", "GtkBridgeBox"])
      XCTAssertEqual(kids(kids(column)[1]).first, name.widget.pointer)
      XCTAssertTrue(name.isFocused, "the field moved twice and kept focus")
      name.type("c")
      XCTAssertEqual(model.texts[1], "abc")
    }
  }

  func testBarsMadeBeforeTheRootHasAWidgetStayAroundItsFirstWidget() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      model.ids = []
      let ui = show(host { LateRoot(model: model) })
      let column = try XCTUnwrap(content(ui.window))
      XCTAssertEqual(kids(column).map(typeName), ["GtkSearchBar", "GtkActionBar"])
      model.ids = [1]
      MainLoop.drain()
      XCTAssertEqual(content(ui.window), column)
      XCTAssertEqual(kids(column).map(typeName), ["GtkSearchBar", "GtkEntry", "GtkActionBar"])
      model.ids = [1, 2]
      MainLoop.drain()
      XCTAssertEqual(kids(column).map(typeName), ["GtkSearchBar", "GtkBridgeBox", "GtkActionBar"])
      XCTAssertEqual(kids(kids(column)[1]), entries(ui))
    }
  }

  func testAHeaderBarPlacedInAShownWindowStaysAboveARootThatGrowsAndSwaps() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      let ui = show(host { HeaderRoot(model: model) })
      let a = try ui.find(title: "a")
      a.type("x")
      XCTAssertEqual(content(ui.window), a.widget.pointer)
      model.flag = true
      MainLoop.drain()
      waitForFrames(ui.window)
      let column = try XCTUnwrap(content(ui.window))
      XCTAssertEqual(kids(column).map(typeName), ["GtkHeaderBar", "GtkBridgeBox"])
      XCTAssertTrue(a.isFocused)
      model.flag = false
      MainLoop.drain()
      XCTAssertEqual(kids(column).map(typeName), ["GtkHeaderBar", "GtkBridgeBox"])
      XCTAssertEqual(kids(kids(column)[1]), [a.widget.pointer])
      XCTAssertTrue(a.isFocused)
    }
  }

  func testAHeaderBarAddedToAColumnMadeBeforeTheContentGoesAboveItAndTheBottomBarStaysLast()
    throws
  {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      model.ids = []
      let ui = show(host { LateRootWithHeader(model: model) })
      let column = try XCTUnwrap(content(ui.window))
      model.ids = [1]
      MainLoop.drain()
      model.flag = true
      MainLoop.drain()
      XCTAssertEqual(kids(column).map(typeName), ["GtkHeaderBar", "GtkEntry", "GtkActionBar"])
      model.ids = [1, 2]
      MainLoop.drain()
      XCTAssertEqual(kids(column).map(typeName), ["GtkHeaderBar", "GtkBridgeBox", "GtkActionBar"])
      XCTAssertEqual(kids(kids(column)[1]), entries(ui))
    }
  }

  func testABarButtonWithFocusKeepsItWhileTheRootGrows() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      let ui = show(host { BarRoot(model: model) })
      let bar = try ui.find(title: "Bar")
      XCTAssertNotEqual(gtk_widget_grab_focus(bar.widget.pointer), 0)
      MainLoop.drain()
      model.flag = true
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertTrue(bar.isFocused, "nothing moved the bar's button")
      XCTAssertEqual(kids(kids(content(ui.window))[0]), entries(ui))
    }
  }

  func testAMenuBarFromTheAppsCommandsStaysAboveARootThatGrows() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      let scene = WindowGroup("Rows") { WindowRootRows(model: model) }
        .commands { CommandMenu("Rows") { Button("Add") { model.ids.append(9) } } }
        .commandsPresentation(.menuBar)
      let app = TestApplication(scene)
      defer { app.close() }
      let window = try XCTUnwrap(app.windows.first)
      let column = try XCTUnwrap(gtk_window_get_child(window.window.window))
      let bar = try XCTUnwrap(window.graph.chrome?.menuBarWidget)
      XCTAssertEqual(kids(column).map(typeName), ["GtkPopoverMenuBar", "GtkEntry"])
      let field = kids(column)[1]
      XCTAssertNotNil(gtk_widget_grab_focus(field))
      model.ids = [1, 2]
      MainLoop.drain()
      XCTAssertEqual(kids(column).first, bar)
      XCTAssertEqual(kids(column).map(typeName), ["GtkPopoverMenuBar", "GtkBridgeBox"])
      XCTAssertEqual(kids(kids(column)[1]).first, field)
      XCTAssertEqual(
        gtk_widget_is_ancestor(try XCTUnwrap(focusWidget(window.window)), field), 1,
        "the field keeps focus")
    }
  }

  func testANavigationStackAtTheRootIsTheWindowsContentAndPushesStillWork() throws {
    try MainActor.assumeIsolated {
      let ui = show(
        host {
          NavigationStack {
            NavigationLink("Next") { TextField("Deep", text: .constant("")) }
              .navigationTitle("Top")
          }
        })
      let root = try XCTUnwrap(content(ui.window))
      XCTAssertNotEqual(typeName(root), "GtkBridgeBox", "no box between the window and the stack")
      XCTAssertEqual(ui.window.title, "Top")
      try ui.find(title: "Next").tap()
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertEqual(content(ui.window), root)
      XCTAssertTrue(try ui.find(title: "Deep").isFocused)
    }
  }

  // MARK: - Sheets and alerts

  func testAnOpenPopoverOnTheRootStaysOpenWithItsFocusWhenTheRootGrows() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      let ui = show(host { PopoverRoot(model: model) })
      let info = try ui.find(title: "Info").widget
      model.mode = 1
      MainLoop.drain()
      let popover = try XCTUnwrap(info.gtkDescendants(ofType: gtk_popover_get_type()).first)
      // NB: held, so the pointer stays a widget after the view removes it (GTK 4.18 frees a
      // popover as soon as it is unparented; 4.8 happened to keep it a little longer).
      let held = Widget(retaining: popover)
      defer { withExtendedLifetime(held) {} }
      XCTAssertTrue(MainLoop.run(timeout: 5) { gtk_widget_get_mapped(popover) != 0 })
      let focus = try XCTUnwrap(focusWidget(ui.window))
      XCTAssertNotEqual(gtk_widget_is_ancestor(focus, popover), 0, "focus is in the popover")
      cgtk_text_insert_at_cursor(focus, "a")
      model.flag = true
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertEqual(model.mode, 1, "the popover's binding still reads it shown")
      XCTAssertNotEqual(gtk_widget_get_mapped(popover), 0, "the popover is still open")
      XCTAssertEqual(focusWidget(ui.window), focus, "its field keeps focus")
      cgtk_text_insert_at_cursor(focus, "b")
      XCTAssertEqual(model.texts[9], "ab")
      // NB: closed before the window: GTK 4.8 destroying a window with a popover open logs
      // "GDK_IS_SURFACE" criticals at a later pointer lookup (see the round 9 review).
      gtk_popover_popdown(popover.cast(to: GtkPopover.self))
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.mode == 0 })
      XCTAssertTrue(MainLoop.run(timeout: 5) { gtk_widget_get_mapped(popover) == 0 })
    }
  }

  func testClosingAWindowWithAPopoverOpenLeavesTheNextPopoverWithoutCriticals() throws {
    try MainActor.assumeIsolated {
      for close in [{ (window: Window) in window.destroy() }, { gtk_window_close($0.window) }] {
        let model = WindowRootModel()
        let ui = show(host { PopoverRoot(model: model) })
        let info = try ui.find(title: "Info").widget
        model.mode = 1
        MainLoop.drain()
        let popover = try XCTUnwrap(info.gtkDescendants(ofType: gtk_popover_get_type()).first)
        XCTAssertTrue(MainLoop.run(timeout: 5) { gtk_widget_get_mapped(popover) != 0 })
        close(ui.window)
        MainLoop.drain()
        // The next popover, in another window: the round 9 review saw "GDK_IS_SURFACE"
        // criticals after a window closed with a popover open (tearDown fails on any).
        let next = WindowRootModel()
        let other = show(host { PopoverRoot(model: next) })
        next.mode = 1
        MainLoop.drain()
        let shown = try XCTUnwrap(
          try other.find(title: "Info").widget.gtkDescendants(ofType: gtk_popover_get_type()).first)
        let held = Widget(retaining: shown)
        defer { withExtendedLifetime(held) {} }
        XCTAssertTrue(MainLoop.run(timeout: 5) { gtk_widget_get_mapped(shown) != 0 })
        waitForFrames(other.window)
        next.mode = 0
        MainLoop.drain()
        XCTAssertTrue(MainLoop.run(timeout: 5) { gtk_widget_get_mapped(shown) == 0 })
        other.window.destroy()
        MainLoop.drain()
      }
    }
  }

  func testASheetWhoseRootGrowsWhileItsFieldIsFocusedKeepsFocusAndText() throws {
    try MainActor.assumeIsolated {
      let parent = WindowRootModel()
      let rows = WindowRootModel()
      let actions = WindowRootActions()
      let ui = show(
        host {
          Text("main")
            .sheet(isPresented: Binding(get: { parent.flag }, set: { parent.flag = $0 })) {
              WindowRootFocusRows(model: rows, actions: actions)
            }
        })
      parent.flag = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { windowsOver(ui.window).count == 1 })
      let sheet = windowsOver(ui.window)[0]
      let field = try XCTUnwrap(gtk_window_get_child(sheet))
      XCTAssertEqual(typeName(field), "GtkEntry", "one field: the sheet's child itself")
      XCTAssertTrue(MainLoop.run(timeout: 5) { gtk_window_is_active(sheet) != 0 })
      let text = try XCTUnwrap(gtk_root_get_focus(OpaquePointer(sheet)))
      XCTAssertEqual(gtk_widget_is_ancestor(text, field), 1, "the launch rule focused it")
      cgtk_text_insert_at_cursor(text, "ab")
      rows.focusLog = []
      rows.ids = [1, 2]
      MainLoop.drain()
      waitForFrames(ui.window)
      let box = try XCTUnwrap(gtk_window_get_child(sheet))
      XCTAssertEqual(kids(box).count, 2)
      XCTAssertEqual(kids(box).first, field)
      XCTAssertEqual(gtk_root_get_focus(OpaquePointer(sheet)), text, "the field keeps focus")
      XCTAssertEqual(actions.read(), 1)
      XCTAssertEqual(rows.focusLog, [])
      cgtk_text_insert_at_cursor(text, "c")
      XCTAssertEqual(rows.texts[1], "abc")
      parent.flag = false
      MainLoop.drain()
      XCTAssertEqual(windowsOver(ui.window), [])
    }
  }

  func testASheetOfTwoWidgetsWithAConfirmationKeepsItsHeaderBarAndSwapsItsContent() throws {
    try MainActor.assumeIsolated {
      let parent = WindowRootModel()
      let inner = WindowRootModel()
      let ui = show(
        host {
          Text("main")
            .sheet(isPresented: Binding(get: { parent.flag }, set: { parent.flag = $0 })) {
              SheetBody(model: inner)
            }
        })
      parent.flag = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { windowsOver(ui.window).count == 1 })
      let sheet = windowsOver(ui.window)[0]
      let header = try XCTUnwrap(gtk_window_get_titlebar(sheet))
      XCTAssertEqual(typeName(header), "GtkHeaderBar")
      let box = try XCTUnwrap(gtk_window_get_child(sheet))
      XCTAssertEqual(kids(box).map(typeName), ["GtkLabel", "GtkEntry"])
      inner.flag = true
      MainLoop.drain()
      XCTAssertEqual(gtk_window_get_child(sheet), box)
      XCTAssertEqual(kids(box).map(typeName), ["GtkButton"])
      XCTAssertEqual(gtk_window_get_titlebar(sheet), header)
      XCTAssertEqual(gtk_box_get_homogeneous(box.cast(to: GtkBox.self)), 1)
      parent.flag = false
      MainLoop.drain()
      XCTAssertEqual(windowsOver(ui.window), [])
    }
  }

  func testAWindowReopenedOnTheSameModelShowsItsRootAsTheFirstDid() {
    MainActor.assumeIsolated {
      let model = WindowRootModel()
      let first = show(host { BarRoot(model: model) })
      model.flag = true
      MainLoop.drain()
      let before = kids(content(first.window)).map(typeName)
      first.host.close()
      MainLoop.drain()
      let second = show(host { BarRoot(model: model) })
      XCTAssertEqual(kids(content(second.window)).map(typeName), before)
      XCTAssertEqual(kids(kids(content(second.window))[0]), entries(second))
      model.flag = false
      MainLoop.drain()
      XCTAssertEqual(kids(kids(content(second.window))[0]), entries(second))
      XCTAssertEqual(entries(second).count, 1)
    }
  }

  func testAnAlertAndAConfirmationDialogStillShowTheirContent() throws {
    try MainActor.assumeIsolated {
      let model = WindowRootModel()
      let ui = show(
        host {
          Text("main")
            .alert("Rename", isPresented: Binding(get: { model.flag }, set: { model.flag = $0 })) {
              TextField("New name", text: model.text(1))
              Button("OK") {}
            }
            .confirmationDialog(
              "Delete?",
              isPresented: Binding(get: { model.mode == 1 }, set: { model.mode = $0 ? 1 : 0 })
            ) {
              Button("Delete", role: .destructive) {}
            }
        })
      model.flag = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { windowsOver(ui.window).count == 1 })
      let alert = windowsOver(ui.window)[0]
      XCTAssertNotNil(gtk_window_get_child(alert))
      let focus = try XCTUnwrap(gtk_root_get_focus(OpaquePointer(alert)))
      cgtk_text_insert_at_cursor(focus, "n")
      XCTAssertEqual(model.texts[1], "n")
      model.flag = false
      MainLoop.drain()
      XCTAssertEqual(windowsOver(ui.window), [])
      model.mode = 1
      XCTAssertTrue(MainLoop.run(timeout: 5) { windowsOver(ui.window).count == 1 })
      XCTAssertNotNil(gtk_window_get_child(windowsOver(ui.window)[0]))
      model.mode = 0
      MainLoop.drain()
      XCTAssertEqual(windowsOver(ui.window), [])
    }
  }

  // MARK: - Lifetime

  func testWindowsWhoseRootChangedShapeLeaveNothingBehind() throws {
    try MainActor.assumeIsolated {
      var before = LiveObjects.snapshot
      let coordinators = FocusCoordinator.liveCount
      for cycle in 0..<4 {
        if cycle == 1 { before = LiveObjects.snapshot }
        let model = WindowRootModel()
        let host = try HostingWindow(title: "cycle \(cycle)") { BarRoot(model: model) }
        host.present()
        MainLoop.drain()
        model.flag = true
        MainLoop.drain()
        model.flag = false
        MainLoop.drain()
        host.close()
        MainLoop.drain()
        model.flag = true
        MainLoop.drain()
      }
      XCTAssertEqual(LiveObjects.snapshot, before, "GtkBridge objects outlived their windows")
      XCTAssertEqual(FocusCoordinator.liveCount, coordinators)
    }
  }

  func testAWindowWhoseHandleWasDroppedStillFollowsItsRootAndClosesCleanly() throws {
    try MainActor.assumeIsolated {
      let before = LiveObjects.snapshot
      let model = WindowRootModel()
      weak var dropped: HostingWindow<WindowRootRows>?
      var window: UnsafeMutablePointer<GtkWindow>?
      do {
        let host = try HostingWindow(title: "dropped") { WindowRootRows(model: model) }
        host.present()
        dropped = host
        window = host.window.window
        g_object_ref(UnsafeMutableRawPointer(window))
      }
      let gtkWindow = try XCTUnwrap(window)
      defer { g_object_unref(UnsafeMutableRawPointer(gtkWindow)) }
      MainLoop.drain()
      XCTAssertNil(dropped, "nothing but the window holds the handle")
      XCTAssertEqual(typeName(gtk_window_get_child(gtkWindow)), "GtkEntry")
      model.ids = [1, 2]
      MainLoop.drain()
      XCTAssertEqual(kids(gtk_window_get_child(gtkWindow)).count, 2, "the graph still updates")
      gtk_window_destroy(gtkWindow)
      MainLoop.drain()
      model.ids = [3]
      MainLoop.drain()
      XCTAssertEqual(LiveObjects.snapshot, before)
    }
  }
}
