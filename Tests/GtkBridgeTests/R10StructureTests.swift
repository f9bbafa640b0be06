import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

// Round 10: view identity, inherited attributes and focus ownership under the structural
// changes SwiftUI developers make (`.id`, `switch` over enums with payloads, `if let`, nested
// `if` in rows, hidden ancestors, nested `.disabled`, modifiers whose inputs change in rows
// that move), asserted on GTK's state and on what the app's `@State`/`@FocusState` read.

@MainActor
@Observable
private final class R10Model {
  var key = 0
  var ids = [1, 2, 3]
  var versions: [Int: Int] = [:]
  var expanded: Set<Int> = []
  var route = R10Route.edit(1)
  var selected: Int? = 1
  var flag = false
  var outer = false
  var inner = false
  var tag = R10Field.a
  var counter = 0
  var texts: [Int: String] = [:]
  @ObservationIgnored var log: [String] = []

  func text(_ id: Int) -> Binding<String> {
    Binding(get: { self.texts[id, default: ""] }, set: { self.texts[id] = $0 })
  }
}

private enum R10Route: Hashable {
  case edit(Int)
  case preview(Int)
  case empty
}

private enum R10Field: Hashable {
  case a, b, c
  case row(Int)
}

/// What a view's focus state and `@State` read, reached from the test.
@MainActor
private final class R10Probe {
  var focus: () -> R10Field? = { nil }
  var setFocus: (R10Field?) -> Void = { _ in }
  var isFocused: () -> Bool = { false }
  var setIsFocused: (Bool) -> Void = { _ in }
  var draft: () -> String = { "" }
  /// The focus state's binding, handed to rows (set by the view's `body`).
  var binding: FocusState<R10Field?>.Binding!
}

/// The inner text of the editable the view owns.
@MainActor
private func delegate(_ view: InspectedView) -> UnsafeMutablePointer<GtkWidget>? {
  (view.widget as? EditableWidget)?.delegate ?? view.widget.pointer
}

/// Where the caret is in the field's inner text.
@MainActor
private func caret(_ view: InspectedView) -> Int32 {
  gtk_editable_get_position(OpaquePointer(view.widget.pointer))
}

// MARK: - 1. `.id`

/// A form holding `@State` and a `Bool` focus state, as a "New" button would reset it.
private struct R10Form: View {
  let probe: R10Probe
  @State private var draft = ""
  @FocusState private var focused: Bool

  var body: some View {
    probe.draft = { draft }
    probe.isFocused = { focused }
    probe.setIsFocused = { focused = $0 }
    return TextField("Draft", text: $draft).focused($focused)
  }
}

private struct R10IdentifiedForm: View {
  let model: R10Model
  let probe: R10Probe
  let outerProbe: R10Probe
  @FocusState private var focus: R10Field?

  var body: some View {
    outerProbe.focus = { focus }
    return VStack {
      Text("Header")
      R10Form(probe: probe).id(model.key)
      TextField("Other", text: model.text(9)).focused($focus, equals: .b)
    }
  }
}

/// Rows each showing an editor with its own `@State`, identified by the row's version.
private struct R10RowEditor: View {
  let id: Int
  let probe: R10Probe
  @State private var local = ""

  var body: some View {
    TextField("row \(id)", text: $local).focused(probe.binding, equals: .row(id))
  }
}

private struct R10VersionedRows: View {
  let model: R10Model
  let probe: R10Probe
  @FocusState private var focus: R10Field?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    probe.binding = $focus
    return VStack {
      ForEach(model.ids, id: \.self) { id in
        R10RowEditor(id: id, probe: probe).id(model.versions[id, default: 0])
      }
    }
  }
}

// MARK: - 2. Enums, `if let`, `if case`, nested `if` in rows, the root's shape

/// An editor with its own `@State` draft, titled by what it shows.
private struct R10Editor: View {
  let title: String
  let probe: R10Probe
  @State private var draft = ""

  var body: some View {
    probe.draft = { draft }
    return TextField(title, text: $draft).focused(probe.binding, equals: .a)
  }
}

private struct R10RouteSwitch: View {
  let model: R10Model
  let probe: R10Probe
  @FocusState private var focus: R10Field?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    probe.binding = $focus
    return VStack {
      Text("Top")
      switch model.route {
      case .edit(let id): R10Editor(title: "Edit \(id)", probe: probe)
      case .preview(let id): R10Editor(title: "Preview \(id)", probe: probe)
      case .empty: Text("Nothing")
      }
    }
  }
}

private struct R10IfLet: View {
  let model: R10Model
  let probe: R10Probe
  @FocusState private var focus: R10Field?

  var body: some View {
    probe.focus = { focus }
    probe.binding = $focus
    return VStack {
      if let id = model.selected {
        R10Editor(title: "Item \(id)", probe: probe)
      }
      if case .edit(let id) = model.route {
        Text("editing \(id)")
      } else {
        Text("not editing")
      }
    }
  }
}

private struct R10NestedIfRows: View {
  let model: R10Model
  let probe: R10Probe
  @FocusState private var focus: R10Field?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return VStack {
      ForEach(model.ids, id: \.self) { id in
        if model.expanded.contains(id) {
          if model.flag {
            TextField("field \(id)", text: model.text(id)).focused($focus, equals: .row(id))
          } else {
            TextField("field \(id)", text: model.text(id)).focused($focus, equals: .row(id))
          }
        } else {
          Text("label \(id)")
        }
      }
    }
  }
}

/// The root is a `Group` of an optional banner before a field: one widget, then two.
private struct R10GrowingRoot: View {
  let model: R10Model
  let probe: R10Probe
  @FocusState private var focus: R10Field?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return Group {
      if model.flag {
        Text("Banner")
        TextField("Extra", text: model.text(2)).focused($focus, equals: .b)
      }
      TextField("Main", text: model.text(1)).focused($focus, equals: .a)
    }
  }
}

// MARK: - 3. Hidden ancestors

private struct R10Disclosure: View {
  let model: R10Model
  let probe: R10Probe
  @FocusState private var focus: R10Field?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return VStack {
      TextField("Outside", text: model.text(1)).focused($focus, equals: .b)
      DisclosureGroup("More", isExpanded: Bindable(model).flag) {
        TextField("Inside", text: model.text(2)).focused($focus, equals: .a)
      }
    }
  }
}

private struct R10Tabs: View {
  let model: R10Model
  let probe: R10Probe
  @FocusState private var focus: R10Field?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return TabView(selection: Bindable(model).key) {
      TextField("First", text: model.text(1)).focused($focus, equals: .a)
        .tabItem { Text("One") }.tag(0)
      TextField("Second", text: model.text(2)).focused($focus, equals: .b)
        .tabItem { Text("Two") }.tag(1)
    }
  }
}

private struct R10Navigation: View {
  let model: R10Model
  let probe: R10Probe
  @FocusState private var focus: R10Field?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return NavigationStack(path: Bindable(model).ids) {
      TextField("Root", text: model.text(0)).focused($focus, equals: .a)
        .navigationDestination(for: Int.self) { id in
          TextField("Page \(id)", text: model.text(id)).focused($focus, equals: .row(id))
        }
    }
  }
}

// MARK: - 4. `.disabled` and `equals:`

private struct R10EnabledReader: View {
  @Environment(\.isEnabled) private var isEnabled
  var body: some View { Text(isEnabled ? "enabled" : "disabled") }
}

/// A child with `@State`, so it can skip its `body` while the attributes above change.
private struct R10DisabledInner: View {
  let model: R10Model
  @State private var local = ""
  var body: some View {
    VStack {
      TextField("Inner", text: $local).disabled(model.inner)
      TextField("Plain", text: model.text(5))
      R10EnabledReader()
    }
  }
}

private struct R10NestedDisabled: View {
  let model: R10Model
  let probe: R10Probe
  @FocusState private var focus: R10Field?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return VStack {
      Group {
        R10DisabledInner(model: model)
        TextField("Focusable", text: model.text(1)).focused($focus, equals: .a)
        ForEach(model.ids, id: \.self) { id in
          TextField("row \(id)", text: model.text(10 + id)).focused($focus, equals: .row(id))
        }
      }
      .disabled(model.outer)
      TextField("Free", text: model.text(2)).focused($focus, equals: .b)
    }
  }
}

private struct R10ChangingEquals: View {
  let model: R10Model
  let probe: R10Probe
  @FocusState private var focus: R10Field?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return VStack {
      TextField("One", text: model.text(1)).focused($focus, equals: model.tag)
      TextField("Two", text: model.text(2)).focused($focus, equals: model.tag == .a ? .b : .a)
    }
    .onChange(of: focus) { _, now in model.log.append(now.map { "\($0)" } ?? "nil") }
  }
}

// MARK: - 5. Modifiers whose inputs change, in rows that move

private struct R10ChangingRows: View {
  let model: R10Model

  var body: some View {
    let counter = model.counter
    VStack {
      ForEach(model.ids, id: \.self) { id in
        let version = model.versions[id, default: 0]
        TextField("row \(id)", text: model.text(id))
          .foregroundColor(version % 2 == 0 ? .red : .blue)
          .font(version % 2 == 0 ? .body : .title)
          .onSubmit { model.log.append("submit \(id) v\(version) c\(counter)") }
          .onChange(of: version) { old, new in model.log.append("change \(id) \(old)->\(new)") }
      }
    }
  }
}

// MARK: - More: lifecycle under `.id`, a text view in a root that grows, list rows that move

/// A panel whose lifecycle and change handlers log, identified by `key`.
private struct R10LoggingPanel: View {
  let model: R10Model
  let name: String
  @State private var made = 0

  var body: some View {
    TextField(name, text: model.text(3))
      .onAppear { model.log.append("appear \(name)") }
      .onDisappear { model.log.append("disappear \(name)") }
      .onChange(of: model.counter) { old, new in model.log.append("\(name) \(old)->\(new)") }
  }
}

private struct R10IdentifiedPanel: View {
  let model: R10Model
  var body: some View {
    VStack {
      R10LoggingPanel(model: model, name: "panel \(model.key)").id(model.key)
    }
  }
}

/// A text view at the root, with a banner before it while `flag` is set.
private struct R10EditorRoot: View {
  let model: R10Model
  var body: some View {
    if model.flag { Text("Banner") }
    TextEditor(text: model.text(1))
  }
}

private struct R10ListRows: View {
  let model: R10Model
  let probe: R10Probe
  @FocusState private var focus: R10Field?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return List(model.ids, id: \.self) { id in
      TextField("row \(id)", text: model.text(id))
        .focused($focus, equals: .row(id))
        .disabled(model.versions[id, default: 0] == 3)
    }
  }
}

/// A "New" button's pattern: a fresh draft (a new id) and focus on its title in one action.
private struct R10DraftTitle: View {
  let focus: FocusState<R10Field?>.Binding
  @State private var title = ""

  var body: some View {
    TextField("Title", text: $title).focused(focus, equals: .a)
  }
}

private struct R10NewDraft: View {
  let model: R10Model
  let probe: R10Probe
  @FocusState private var focus: R10Field?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return VStack {
      R10DraftTitle(focus: $focus).id(model.key)
      TextField("Notes", text: model.text(4)).focused($focus, equals: .b)
    }
    .onChange(of: focus) { _, now in model.log.append(now.map { "\($0)" } ?? "nil") }
  }
}

/// A navigation stack with pages, identified by `key` (a "reset" of the whole flow).
private struct R10IdentifiedNavigation: View {
  let model: R10Model
  let probe: R10Probe

  var body: some View {
    R10Navigation(model: model, probe: probe).id(model.key)
  }
}

/// One focus state bound in the window and in its sheet.
private struct R10SharedWithSheet: View {
  let model: R10Model
  let probe: R10Probe
  @FocusState private var focus: R10Field?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return VStack {
      TextField("Parent", text: model.text(1)).focused($focus, equals: .a)
    }
    .sheet(isPresented: Bindable(model).flag) {
      TextField("In sheet", text: model.text(2)).focused($focus, equals: .b)
    }
  }
}

/// A form with a default focus, identified by `key`.
private struct R10DefaultFocusForm: View {
  @FocusState private var focus: R10Field?
  let probe: R10Probe
  @State private var name = ""

  var body: some View {
    probe.focus = { focus }
    return VStack {
      TextField("Name", text: $name).focused($focus, equals: .a)
      TextField("Code", text: $name).focused($focus, equals: .b)
    }
    .defaultFocus($focus, .b)
  }
}

private struct R10IdentifiedDefaultFocus: View {
  let model: R10Model
  let probe: R10Probe
  var body: some View {
    R10DefaultFocusForm(probe: probe).id(model.key)
  }
}

/// A `Bool` focus state on a field that swaps branches, and a field that can leave.
private struct R10BoolBranches: View {
  let model: R10Model
  let probe: R10Probe
  @FocusState private var isFocused: Bool
  @FocusState private var focus: R10Field?

  var body: some View {
    probe.isFocused = { isFocused }
    probe.setIsFocused = { isFocused = $0 }
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return VStack {
      if model.flag {
        TextField("Compact", text: model.text(1)).focused($isFocused)
      } else {
        TextField("Regular", text: model.text(1)).focused($isFocused)
      }
      if model.outer {
        TextField("Leaving", text: model.text(2)).focused($focus, equals: .a)
      }
      TextField("Staying", text: model.text(3)).focused($focus, equals: .b)
    }
  }
}

/// A focus state held by a model that two windows show.
@MainActor
@Observable
private final class R10SharedFocus {
  var focus: R10Field?
}

final class R10StructureTests: GtkTestCase, @unchecked Sendable {
  // MARK: 1. `.id`

  func testAnIdChangeResetsStateMakesANewWidgetAndDropsFocusEveryTimeWithoutLeaks() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      let probe = R10Probe()
      let outer = R10Probe()
      let ui = show(host { R10IdentifiedForm(model: model, probe: probe, outerProbe: outer) })
      var before = LiveObjects.snapshot
      for cycle in 0..<5 {
        if cycle == 1 { before = LiveObjects.snapshot }
        let field = try ui.find(title: "Draft")
        field.type("abc")
        XCTAssertEqual(probe.draft(), "abc")
        XCTAssertTrue(probe.isFocused())
        let old = field.widget.pointer
        model.key += 1
        MainLoop.drain()
        waitForFrames(ui.window, 2)
        let new = try ui.find(title: "Draft")
        XCTAssertNotEqual(new.widget.pointer, old, "a new id is a new widget")
        XCTAssertNil(gtk_widget_get_parent(old), "the old widget left its box")
        XCTAssertEqual(new.text, "")
        XCTAssertEqual(probe.draft(), "", "a new id is new @State")
        XCTAssertFalse(probe.isFocused(), "the new view's focus state reads false")
        XCTAssertNil(focusWidget(ui.window), "GTK moved focus nowhere")
        XCTAssertNil(outer.focus())
        // The new view's focus state works: a write focuses its field.
        probe.setIsFocused(true)
        MainLoop.drain()
        XCTAssertTrue(new.isFocused)
        XCTAssertTrue(probe.isFocused())
        // And the other field takes focus from it as the user would.
        try ui.find(title: "Other").tap()
        XCTAssertFalse(probe.isFocused())
        XCTAssertEqual(outer.focus(), .b)
        try ui.find(title: "Draft").tap()
      }
      XCTAssertEqual(LiveObjects.snapshot, before, "an id change leaks nothing")
    }
  }

  func testAnIdInsideForEachRowsResetsOnlyThatRowAndItsFocus() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      let probe = R10Probe()
      let ui = show(host { R10VersionedRows(model: model, probe: probe) })
      try ui.find(title: "row 1").type("one")
      let second = try ui.find(title: "row 2")
      second.type("two")
      XCTAssertEqual(probe.focus(), .row(2))
      let secondWidget = second.widget.pointer
      // Another row's id changes: only that row is new.
      let firstWidget = try ui.find(title: "row 1").widget.pointer
      model.versions[1] = 1
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertNotEqual(try ui.find(title: "row 1").widget.pointer, firstWidget)
      XCTAssertEqual(try ui.find(title: "row 1").text, "", "row 1's @State started again")
      XCTAssertEqual(try ui.find(title: "row 2").widget.pointer, secondWidget)
      XCTAssertTrue(try ui.find(title: "row 2").isFocused)
      XCTAssertEqual(probe.focus(), .row(2))
      XCTAssertEqual(try ui.find(title: "row 2").text, "two")
      // Rows move with their ids: state and focus move with them.
      model.ids = [3, 2, 1]
      MainLoop.drain()
      XCTAssertEqual(ui.findAll(TextField.self).map(\.title), ["row 3", "row 2", "row 1"])
      XCTAssertEqual(try ui.find(title: "row 2").widget.pointer, secondWidget)
      XCTAssertEqual(probe.focus(), .row(2))
      // The focused row's own id changes and it moves in the same update.
      model.versions[2] = 5
      model.ids = [2, 3, 1]
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertEqual(ui.findAll(TextField.self).map(\.title), ["row 2", "row 3", "row 1"])
      XCTAssertNotEqual(try ui.find(title: "row 2").widget.pointer, secondWidget)
      XCTAssertEqual(try ui.find(title: "row 2").text, "")
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertNil(probe.focus())
      probe.setFocus(.row(2))
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "row 2").isFocused, "the new row claims .row(2)")
      XCTAssertEqual(probe.focus(), .row(2))
    }
  }

  // MARK: 2. Enums and conditionals

  func testASwitchOverAnEnumWithPayloadsKeepsTheCaseAndResetsAcrossCases() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      let probe = R10Probe()
      let ui = show(host { R10RouteSwitch(model: model, probe: probe) })
      let edit = try ui.find(title: "Edit 1")
      edit.type("draft")
      XCTAssertEqual(probe.focus(), .a)
      let widget = edit.widget.pointer
      // The same case with another payload: the same view, as in SwiftUI.
      model.route = .edit(2)
      MainLoop.drain()
      waitForFrames(ui.window)
      let edit2 = try ui.find(title: "Edit 2")
      XCTAssertEqual(edit2.widget.pointer, widget)
      XCTAssertEqual(edit2.text, "draft")
      XCTAssertTrue(edit2.isFocused)
      XCTAssertEqual(probe.focus(), .a)
      XCTAssertEqual(caret(edit2), 5)
      // Another case of the same view type: a new view.
      model.route = .preview(2)
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      let preview = try ui.find(title: "Preview 2")
      XCTAssertNotEqual(preview.widget.pointer, widget)
      XCTAssertEqual(preview.text, "")
      XCTAssertEqual(probe.draft(), "")
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertNil(probe.focus())
      // A write in the same update as the case change lands on the new view.
      model.route = .edit(3)
      probe.setFocus(.a)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "Edit 3").isFocused)
      XCTAssertEqual(probe.focus(), .a)
      // To a case with no field and back.
      model.route = .empty
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertNil(probe.focus())
      XCTAssertNil(focusWidget(ui.window))
      model.route = .edit(3)
      MainLoop.drain()
      XCTAssertEqual(try ui.find(title: "Edit 3").text, "")
      XCTAssertNil(probe.focus())
    }
  }

  func testIfLetKeepsTheViewWhileTheValueChangesAndIfCaseSwaps() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      let probe = R10Probe()
      let ui = show(host { R10IfLet(model: model, probe: probe) })
      let item = try ui.find(title: "Item 1")
      item.type("x")
      XCTAssertEqual(probe.focus(), .a)
      model.selected = 2
      model.route = .preview(1)
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertEqual(try ui.find(title: "Item 2").widget.pointer, item.widget.pointer)
      XCTAssertEqual(try ui.find(title: "Item 2").text, "x")
      XCTAssertEqual(probe.focus(), .a)
      XCTAssertTrue(try ui.find(title: "Item 2").isFocused)
      XCTAssertEqual(try ui.find(Text.self).text, "not editing")
      model.selected = nil
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertNil(probe.focus())
      XCTAssertNil(focusWidget(ui.window))
      model.selected = 2
      MainLoop.drain()
      XCTAssertEqual(try ui.find(title: "Item 2").text, "", "nil and back is a new view")
    }
  }

  func testNestedIfsInsideForEachRowsKeepTheFocusedRowAndDropARemovedOne() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      model.expanded = [1]
      let probe = R10Probe()
      let ui = show(host { R10NestedIfRows(model: model, probe: probe) })
      let first = try ui.find(title: "field 1")
      first.type("abcd")
      let entry = try XCTUnwrap(first.widget as? EditableWidget)
      entry.cursorPosition = 2
      XCTAssertEqual(probe.focus(), .row(1))
      // Another row opens, above nothing of row 1: row 1 keeps focus and caret.
      model.expanded = [1, 2, 3]
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertTrue(first.isFocused)
      XCTAssertEqual(caret(first), 2)
      XCTAssertEqual(probe.focus(), .row(1))
      // Rows reorder: focus moves with the row.
      model.ids = [3, 1, 2]
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertEqual(try ui.find(title: "field 1").widget.pointer, first.widget.pointer)
      XCTAssertTrue(first.isFocused)
      XCTAssertEqual(caret(first), 2)
      XCTAssertEqual(probe.focus(), .row(1))
      // The inner `if` flips: every open row is a new view; focus leaves.
      model.flag = true
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertNotEqual(try ui.find(title: "field 1").widget.pointer, first.widget.pointer)
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertNil(probe.focus())
      XCTAssertEqual(try ui.find(title: "field 1").text, "abcd", "the model's text is kept")
      probe.setFocus(.row(2))
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "field 2").isFocused)
      // The focused row closes; the other rows stay.
      model.expanded = [1, 3]
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertNil(probe.focus())
      XCTAssertEqual(ui.findAll(TextField.self).map(\.title), ["field 3", "field 1"])
    }
  }

  func testARootGroupGrowingBeforeTheFocusedFieldKeepsItsFocusAndCaret() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      let probe = R10Probe()
      let ui = show(host { R10GrowingRoot(model: model, probe: probe) })
      let main = try ui.find(title: "Main")
      main.type("hello")
      let entry = try XCTUnwrap(main.widget as? EditableWidget)
      entry.cursorPosition = 1
      XCTAssertEqual(probe.focus(), .a)
      for step in 0..<4 {
        model.flag.toggle()
        MainLoop.drain()
        waitForFrames(ui.window)
        XCTAssertTrue(main.isFocused, "step \(step)")
        XCTAssertEqual(probe.focus(), .a, "step \(step)")
        XCTAssertEqual(caret(main), 1, "step \(step)")
        XCTAssertNil(entry.selection, "step \(step)")
      }
      main.type("X")
      XCTAssertEqual(model.texts[1], "hXello")
      // A focus write in the update that grows the root lands on the new field.
      model.flag = true
      probe.setFocus(.b)
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertTrue(try ui.find(title: "Extra").isFocused)
      XCTAssertEqual(probe.focus(), .b)
      // The focused field leaves as the root shrinks to one widget.
      model.flag = false
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertNil(probe.focus())
      probe.setFocus(.a)
      MainLoop.drain()
      XCTAssertTrue(main.isFocused)
      XCTAssertNil(entry.selection, "a focus GtkBridge moves selects nothing")
    }
  }

  // MARK: 3. Hidden ancestors

  func testAFocusWriteIntoACollapsedGroupReadsTheTruthAndExpandingWithAWriteFocuses() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      let probe = R10Probe()
      let ui = show(host { R10Disclosure(model: model, probe: probe) })
      let outside = try ui.find(title: "Outside")
      outside.tap()
      XCTAssertEqual(probe.focus(), .b)
      probe.setFocus(.a)
      MainLoop.drain()
      XCTAssertTrue(outside.isFocused, "a collapsed field takes no focus")
      XCTAssertEqual(probe.focus(), .b, "the state reads the field that has focus")
      gtk_root_set_focus(OpaquePointer(ui.window.pointer), nil)
      MainLoop.drain()
      XCTAssertNil(probe.focus())
      probe.setFocus(.a)
      MainLoop.drain()
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertNil(probe.focus())
      // Expanding and writing in one update (a "Show more" button).
      model.flag = true
      probe.setFocus(.a)
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertTrue(try ui.find(title: "Inside").isFocused)
      XCTAssertEqual(probe.focus(), .a)
      // The user collapses it with the title: focus leaves, the state reads nil.
      let expander = try XCTUnwrap(findWidgets("GtkExpander", in: ui).first)
      gtk_widget_activate(expander)
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertFalse(model.flag)
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertNil(probe.focus())
    }
  }

  func testSwitchingTabAndFocusingAFieldOnItInOneUpdate() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      let probe = R10Probe()
      let ui = show(host { R10Tabs(model: model, probe: probe) })
      try ui.find(title: "First").tap()
      XCTAssertEqual(probe.focus(), .a)
      model.key = 1
      probe.setFocus(.b)
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertTrue(try ui.find(title: "Second").isFocused)
      XCTAssertEqual(probe.focus(), .b)
      // Back, writing a field on the tab being left: it is hidden, so it reads the truth.
      model.key = 0
      probe.setFocus(.b)
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertFalse(try ui.find(title: "Second").isFocused)
      let truth: R10Field? = try ui.find(title: "First").isFocused ? .a : nil
      XCTAssertEqual(probe.focus(), truth)
    }
  }

  func testPushingAPageAndFocusingItsFieldInOneUpdateThenPoppingWithARootWrite() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      model.ids = []
      let probe = R10Probe()
      let ui = show(host { R10Navigation(model: model, probe: probe) })
      try ui.find(title: "Root").type("r")
      XCTAssertEqual(probe.focus(), .a)
      model.ids = [7]
      probe.setFocus(.row(7))
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertTrue(try ui.find(title: "Page 7").isFocused)
      XCTAssertEqual(probe.focus(), .row(7))
      // Pop and write the root's value in one update.
      model.ids = []
      probe.setFocus(.a)
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertTrue(try ui.find(title: "Root").isFocused)
      XCTAssertEqual(probe.focus(), .a)
      // Push a page whose field is written before the push lands, then another page.
      model.ids = [7, 8]
      probe.setFocus(.row(7))
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertFalse(try ui.find(title: "Root").isFocused, "the root page is covered")
      let shown = ui.findAll(TextField.self).filter(\.isFocused).map(\.title)
      let expected: R10Field? = shown == ["Page 7"] ? .row(7) : shown == ["Page 8"] ? .row(8) : nil
      XCTAssertEqual(probe.focus(), expected, "the state reads what GTK shows: \(shown)")
    }
  }

  // MARK: 4. `.disabled` and `equals:`

  func testNestedDisabledCombinationsOverTimeMatchGTKAndTheEnvironment() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      model.ids = [1]
      let probe = R10Probe()
      let ui = show(host { R10NestedDisabled(model: model, probe: probe) })
      var random = SystemRandomNumberGenerator()
      var steps: [(Bool, Bool)] = [
        (false, false), (true, false), (true, true), (false, true), (false, false),
        (true, true), (false, false), (false, true), (true, false), (false, true),
      ]
      for _ in 0..<10 { steps.append((Bool.random(using: &random), Bool.random(using: &random))) }
      for (index, (outer, inner)) in steps.enumerated() {
        model.outer = outer
        model.inner = inner
        if index % 3 == 0 { model.ids.append(model.ids.count + 1) }
        MainLoop.drain()
        let label = "step \(index): outer \(outer) inner \(inner)"
        XCTAssertEqual(try ui.find(title: "Inner").isEnabled, !(outer || inner), label)
        XCTAssertEqual(try ui.find(title: "Plain").isEnabled, !outer, label)
        XCTAssertEqual(try ui.find(title: "Focusable").isEnabled, !outer, label)
        for id in model.ids {
          XCTAssertEqual(try ui.find(title: "row \(id)").isEnabled, !outer, label + " row \(id)")
        }
        XCTAssertTrue(try ui.find(title: "Free").isEnabled, label)
        XCTAssertEqual(try ui.find(Text.self).text, outer ? "disabled" : "enabled", label)
      }
    }
  }

  func testDisablingTheContainerOfTheFocusedFieldAndWritesInTheSameUpdate() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      model.ids = [1]
      let probe = R10Probe()
      let ui = show(host { R10NestedDisabled(model: model, probe: probe) })
      let row = try ui.find(title: "row 1")
      row.type("x")
      XCTAssertEqual(probe.focus(), .row(1))
      model.outer = true
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertNil(probe.focus())
      model.outer = false
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertNil(focusWidget(ui.window), "enabling again gives no focus back")
      XCTAssertNil(probe.focus())
      // Enabling and writing in one update focuses; disabling and writing reads the truth.
      model.outer = true
      MainLoop.drain()
      model.outer = false
      probe.setFocus(.a)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "Focusable").isFocused)
      XCTAssertEqual(probe.focus(), .a)
      try ui.find(title: "Free").tap()
      XCTAssertEqual(probe.focus(), .b)
      model.outer = true
      probe.setFocus(.row(1))
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "Free").isFocused)
      XCTAssertEqual(probe.focus(), .b)
      // A row added to the disabled container is disabled; focus cannot go there.
      model.ids = [1, 2]
      probe.setFocus(.row(2))
      MainLoop.drain()
      XCTAssertFalse(try ui.find(title: "row 2").isEnabled)
      XCTAssertEqual(probe.focus(), .b)
      XCTAssertTrue(try ui.find(title: "Free").isFocused)
    }
  }

  func testEqualsValuesThatChangeOrSwapWhileAFieldIsFocused() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      let probe = R10Probe()
      let ui = show(host { R10ChangingEquals(model: model, probe: probe) })
      let one = try ui.find(title: "One")
      one.tap()
      XCTAssertEqual(probe.focus(), .a)
      model.log = []
      // The focused field's value changes: the state reads its new value.
      model.tag = .c
      MainLoop.drain()
      XCTAssertTrue(one.isFocused)
      XCTAssertEqual(probe.focus(), .c)
      XCTAssertEqual(model.log, ["c"], "one change, never through nil")
      // The two fields swap values while One is focused.
      model.tag = .a
      MainLoop.drain()
      model.tag = .b
      MainLoop.drain()
      XCTAssertTrue(one.isFocused)
      XCTAssertEqual(probe.focus(), .b, "One now claims .b")
      probe.setFocus(.a)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "Two").isFocused, ".a is Two's now")
      XCTAssertEqual(probe.focus(), .a)
      // A write of the old value of the focused field, now claimed by nobody.
      model.tag = .c
      MainLoop.drain()
      probe.setFocus(.b)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "Two").isFocused)
      XCTAssertEqual(probe.focus(), .a)
    }
  }

  // MARK: 5. Changing modifiers in rows that move

  func testRowsThatMoveKeepTheirOwnChangingActionsStylesAndChangeHandlers() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      let ui = show(host { R10ChangingRows(model: model) })
      @MainActor func submit(_ id: Int) throws {
        let field = try ui.find(title: "row \(id)")
        field.press(.return)
      }
      try submit(2)
      XCTAssertEqual(model.log, ["submit 2 v0 c0"])
      model.log = []
      model.ids = [3, 1, 2]
      model.versions[1] = 1
      model.counter = 1
      MainLoop.drain()
      XCTAssertEqual(model.log, ["change 1 0->1"])
      model.log = []
      for id in [3, 1, 2] { try submit(id) }
      XCTAssertEqual(model.log, ["submit 3 v0 c1", "submit 1 v1 c1", "submit 2 v0 c1"])
      for id in [1, 2, 3] {
        let entry = try XCTUnwrap(try ui.find(title: "row \(id)").widget as? Entry)
        let color = resolvedTextColor(entry)
        let blue = model.versions[id, default: 0] % 2 == 1
        XCTAssertEqual(color.red, blue ? 0 : 1, accuracy: 0.01, "row \(id)")
        XCTAssertEqual(color.blue, blue ? 1 : 0, accuracy: 0.01, "row \(id)")
      }
      // Swap two rows and their versions in one update.
      model.log = []
      model.ids = [2, 1, 3]
      model.versions = [1: 0, 2: 1, 3: 0]
      MainLoop.drain()
      XCTAssertEqual(Set(model.log), ["change 1 1->0", "change 2 0->1"])
      model.log = []
      for id in [2, 1, 3] { try submit(id) }
      XCTAssertEqual(model.log, ["submit 2 v1 c1", "submit 1 v0 c1", "submit 3 v0 c1"])
      for id in [1, 2, 3] {
        let entry = try XCTUnwrap(try ui.find(title: "row \(id)").widget as? Entry)
        let blue = model.versions[id, default: 0] % 2 == 1
        XCTAssertEqual(resolvedTextColor(entry).blue, blue ? 1 : 0, accuracy: 0.01, "row \(id)")
      }
    }
  }
  // MARK: More

  func testAnIdChangeIsADisappearAndAnAppearAndTheNewViewsOnChangeStartsFresh() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      _ = show(host { R10IdentifiedPanel(model: model) })
      XCTAssertEqual(model.log, ["appear panel 0"])
      model.log = []
      model.counter = 1
      MainLoop.drain()
      XCTAssertEqual(model.log, ["panel 0 0->1"])
      model.log = []
      model.key = 1
      model.counter = 2
      MainLoop.drain()
      XCTAssertEqual(
        Set(model.log), ["disappear panel 0", "appear panel 1"],
        "a new view sees its first value: no change handler runs")
      model.log = []
      model.counter = 3
      MainLoop.drain()
      XCTAssertEqual(model.log, ["panel 1 2->3"])
    }
  }

  func testAFocusedTextViewKeepsFocusAndCursorWhileTheRootGrowsAndShrinks() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      let ui = show(host { R10EditorRoot(model: model) })
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

  func testListRowsThatMoveKeepFocusCaretAndTheirOwnDisabled() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      let probe = R10Probe()
      let ui = show(host { R10ListRows(model: model, probe: probe) })
      let second = try ui.find(title: "row 2")
      second.type("abcd")
      let entry = try XCTUnwrap(second.widget as? EditableWidget)
      entry.cursorPosition = 1
      XCTAssertEqual(probe.focus(), .row(2))
      model.ids = [2, 3, 1]
      model.versions[3] = 3
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertEqual(ui.findAll(TextField.self).map(\.title), ["row 2", "row 3", "row 1"])
      XCTAssertTrue(try ui.find(title: "row 2").isFocused)
      XCTAssertEqual(probe.focus(), .row(2))
      XCTAssertEqual(caret(try ui.find(title: "row 2")), 1)
      XCTAssertFalse(try ui.find(title: "row 3").isEnabled)
      XCTAssertTrue(try ui.find(title: "row 1").isEnabled)
      model.ids = [3, 1, 2]
      model.versions = [1: 3]
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertTrue(try ui.find(title: "row 3").isEnabled)
      XCTAssertFalse(try ui.find(title: "row 1").isEnabled)
      XCTAssertTrue(try ui.find(title: "row 2").isFocused)
      XCTAssertEqual(probe.focus(), .row(2))
      // The focused row is disabled as it moves.
      model.ids = [2, 3, 1]
      model.versions = [2: 3]
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertNil(probe.focus())
    }
  }
  func testTheInspectionAPITypesIntoReadsAndTapsATextEditor() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      model.flag = true
      let ui = show(host { R10EditorRoot(model: model) })
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
  func testANewIdAndAFocusWriteInOneActionFocusTheNewFieldWithoutPassingThroughNil() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      let probe = R10Probe()
      let ui = show(host { R10NewDraft(model: model, probe: probe) })
      let old = try ui.find(title: "Title")
      old.type("first")
      XCTAssertEqual(probe.focus(), .a)
      model.log = []
      // From the field itself: the old one leaves, the new one takes the same value.
      model.key += 1
      probe.setFocus(.a)
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      let new = try ui.find(title: "Title")
      XCTAssertNotEqual(new.widget.pointer, old.widget.pointer)
      XCTAssertEqual(new.text, "")
      XCTAssertTrue(new.isFocused)
      XCTAssertEqual(probe.focus(), .a)
      XCTAssertFalse(model.log.contains("b"), "\(model.log)")
      // From another field.
      try ui.find(title: "Notes").tap()
      XCTAssertEqual(probe.focus(), .b)
      model.log = []
      model.key += 1
      probe.setFocus(.a)
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertTrue(try ui.find(title: "Title").isFocused)
      XCTAssertEqual(probe.focus(), .a)
      XCTAssertEqual(model.log, ["a"], "one change, .b -> .a")
    }
  }

  func testAnIdChangeOnANavigationStackRebuildsItsPagesFromThePath() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      model.ids = [7]
      let probe = R10Probe()
      let ui = show(host { R10IdentifiedNavigation(model: model, probe: probe) })
      var page = try ui.find(title: "Page 7")
      page.type("p")
      XCTAssertEqual(probe.focus(), .row(7))
      var before = LiveObjects.snapshot
      for cycle in 0..<4 {
        if cycle == 1 { before = LiveObjects.snapshot }
        model.key += 1
        MainLoop.drain()
        waitForFrames(ui.window, 2)
        let rebuilt = try ui.find(title: "Page 7")
        XCTAssertNotEqual(rebuilt.widget.pointer, page.widget.pointer)
        XCTAssertEqual(rebuilt.text, "p", "the model's text")
        // The new stack shows its page as a push does: the page's field takes focus, and the
        // new focus state reads it.
        XCTAssertTrue(rebuilt.isFocused)
        XCTAssertEqual(probe.focus(), .row(7))
        XCTAssertEqual(model.ids, [7], "the path is kept")
        page = rebuilt
      }
      XCTAssertEqual(LiveObjects.snapshot, before, "the old stacks left nothing behind")
      model.ids = []
      MainLoop.drain()
      XCTAssertNoThrow(try ui.find(title: "Root"))
      XCTAssertTrue(ui.findAll(TextField.self).allSatisfy { $0.title != "Page 7" })
    }
  }
  func testAFocusStateSharedWithASheetReadsTheSheetsFieldThenTheParentsAgain() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      let probe = R10Probe()
      let ui = show(host { R10SharedWithSheet(model: model, probe: probe) })
      try ui.find(title: "Parent").type("p")
      XCTAssertEqual(probe.focus(), .a)
      model.flag = true
      probe.setFocus(.b)
      XCTAssertTrue(MainLoop.run(timeout: 5) { probe.focus() == .b })
      XCTAssertTrue(try ui.find(title: "Parent").isFocused, "the parent keeps its focus widget")
      model.flag = false
      XCTAssertTrue(MainLoop.run(timeout: 5) { ui.window.isActive })
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "Parent").isFocused)
      XCTAssertEqual(probe.focus(), .a, "the state reads the active window's truth again")
    }
  }

  func testAnIdChangeOnAFormWithADefaultFocus() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      let probe = R10Probe()
      let ui = show(host { R10IdentifiedDefaultFocus(model: model, probe: probe) })
      XCTAssertTrue(try ui.find(title: "Code").isFocused)
      XCTAssertEqual(probe.focus(), .b)
      try ui.find(title: "Name").tap()
      XCTAssertEqual(probe.focus(), .a)
      model.key += 1
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      let focused = ui.findAll(TextField.self).filter(\.isFocused).map(\.title)
      let truth: R10Field? = focused == ["Code"] ? .b : focused == ["Name"] ? .a : nil
      XCTAssertEqual(probe.focus(), truth, "the new form's state reads GTK's focus: \(focused)")
    }
  }
  func testSameValueWritesWithABranchSwapAndWithTheOnlyClaimantLeaving() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      model.outer = true
      let probe = R10Probe()
      let ui = show(host { R10BoolBranches(model: model, probe: probe) })
      try ui.find(title: "Regular").type("r")
      XCTAssertTrue(probe.isFocused())
      // A Bool state written true as the focused field swaps for the other branch's.
      model.flag = true
      probe.setIsFocused(true)
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertTrue(try ui.find(title: "Compact").isFocused)
      XCTAssertTrue(probe.isFocused())
      // The only view claiming the value written leaves: the state reads the truth.
      try ui.find(title: "Leaving").tap()
      XCTAssertEqual(probe.focus(), .a)
      XCTAssertFalse(probe.isFocused())
      model.outer = false
      probe.setFocus(.a)
      MainLoop.drain()
      waitForFrames(ui.window, 2)
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertNil(probe.focus(), "nobody claims .a any more")
      XCTAssertFalse(probe.isFocused())
    }
  }

  func testAnEqualsChangeAndAWriteInTheSameUpdate() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      let probe = R10Probe()
      let ui = show(host { R10ChangingEquals(model: model, probe: probe) })
      let one = try ui.find(title: "One")
      one.tap()
      XCTAssertEqual(probe.focus(), .a)
      // The focused field's value changes and the app writes the new value.
      model.tag = .c
      probe.setFocus(.c)
      MainLoop.drain()
      XCTAssertTrue(one.isFocused)
      XCTAssertEqual(probe.focus(), .c)
      // The value changes and the app writes the old one, which Two claims now.
      model.tag = .b
      probe.setFocus(.c)
      MainLoop.drain()
      XCTAssertTrue(one.isFocused, ".c is claimed by nobody: focus stays")
      XCTAssertEqual(probe.focus(), .b)
      model.tag = .a
      probe.setFocus(.b)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "Two").isFocused, ".b is Two's in this update")
      XCTAssertEqual(probe.focus(), .b)
    }
  }
  func testASameValueWriteWithAnIdChangeInTheOtherWindowLeavesTheUserWhereTheyAre() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      let shared = R10SharedFocus()
      let first = host {
        VStack {
          TextField("A in first", text: model.text(1)).focused(Bindable(shared).focus, equals: .a)
            .id(model.key)
          TextField("B in first", text: model.text(2)).focused(Bindable(shared).focus, equals: .b)
        }
      }
      let second = host {
        VStack {
          TextField("A in second", text: model.text(1)).focused(
            Bindable(shared).focus, equals: .a)
        }
      }
      let one = show(first)
      let two = show(second)
      XCTAssertTrue(MainLoop.run(timeout: 5) { second.window.isActive })
      XCTAssertEqual(shared.focus, .a)
      XCTAssertTrue(try two.find(title: "A in second").isFocused)
      XCTAssertTrue(try one.find(title: "A in first").isFocused, "the first window's focus widget")
      // The inactive window's focused field gets a new id: the state still reads the active
      // window's truth; then the same with a write of that value in the same update.
      for write in [false, true] {
        model.key += 1
        if write { shared.focus = .a }
        MainLoop.drain()
        waitForFrames(second.window, 3)
        XCTAssertTrue(second.window.isActive, "the window the user is in stays active")
        XCTAssertFalse(first.window.isActive)
        XCTAssertTrue(try two.find(title: "A in second").isFocused)
        XCTAssertEqual(shared.focus, .a, "write: \(write)")
        XCTAssertNil(focusWidget(first.window), "no grab in the inactive window: \(write)")
      }
    }
  }
  func testEnvironmentIsEnabledSetDirectlyDisablesAndEnablesTheControlsBelow() throws {
    try MainActor.assumeIsolated {
      let model = R10Model()
      model.flag = true
      let ui = show(
        host {
          VStack {
            TextField("Field", text: model.text(1))
            R10EnabledReader()
          }
          .environment(\.isEnabled, model.flag)
        })
      XCTAssertTrue(try ui.find(title: "Field").isEnabled)
      for enabled in [false, true, false] {
        model.flag = enabled
        MainLoop.drain()
        XCTAssertEqual(try ui.find(title: "Field").isEnabled, enabled, "\(enabled)")
        XCTAssertEqual(try ui.find(Text.self).text, enabled ? "enabled" : "disabled")
      }
    }
  }
}
