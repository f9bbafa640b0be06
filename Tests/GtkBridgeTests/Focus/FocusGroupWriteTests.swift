import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

/// A model whose focus property redirects `.b` to `.c`.
@MainActor
@Observable
private final class Redirecting {
  var focus: FocusedRowField? {
    didSet { if focus == .b { focus = .c } }
  }
}

/// A model whose focus setter refuses `.b`.
@MainActor
@Observable
private final class Refusing {
  private var stored: FocusedRowField?
  var focus: FocusedRowField? {
    get { stored }
    set { if newValue != .b { stored = newValue } }
  }
}

private struct Redirects: View {
  let probe: FocusedRowProbe
  @Bindable var redirecting: Redirecting
  @Bindable var refusing: Refusing
  @FocusState var focus: FocusedRowField?

  var body: some View {
    probe.read = { focus }
    probe.write = { focus = $0 }
    return VStack {
      TextField("state a", text: .constant("")).focused($focus, equals: .a)
      TextField("state b", text: .constant("")).focused($focus, equals: .b)
      TextField("state c", text: .constant("")).focused($focus, equals: .c)
      TextField("model a", text: .constant("")).focused($redirecting.focus, equals: .a)
      TextField("model b", text: .constant("")).focused($redirecting.focus, equals: .b)
      TextField("model c", text: .constant("")).focused($redirecting.focus, equals: .c)
      TextField("refusing a", text: .constant("")).focused($refusing.focus, equals: .a)
      TextField("refusing b", text: .constant("")).focused($refusing.focus, equals: .b)
    }
    .onChange(of: focus) { if focus == .b { focus = .c } }
  }
}

/// Fields that an action removes, disables or hides as it asks for their focus.
private struct Vanishing: View {
  let probe: FocusedRowProbe
  let actions: ViewActions
  @FocusState var focus: FocusedRowField?
  @State var showB = true
  @State var disableC = false
  @State var hideD = false

  var body: some View {
    probe.read = { focus }
    probe.write = { focus = $0 }
    return VStack {
      TextField("a", text: .constant("")).focused($focus, equals: .a)
      if showB {
        TextField("b", text: .constant("")).focused($focus, equals: .b)
      }
      TextField("c", text: .constant("")).focused($focus, equals: .c).disabled(disableC)
      if hideD {
        TextField("d", text: .constant("")).focused($focus, equals: .d).hidden()
      } else {
        TextField("d", text: .constant("")).focused($focus, equals: .d)
      }
      Button("first") { focus = .a }
    }
    .onAppear {
      actions.named["removeB"] = {
        focus = .b
        showB = $0 == 0
      }
      actions.named["disableC"] = {
        focus = .c
        disableC = $0 == 1
      }
      actions.named["hideD"] = {
        focus = .d
        hideD = $0 == 1
      }
      actions.named["bounce"] = { _ in
        focus = .b
        focus = .a
      }
      actions.named["hop"] = { _ in
        focus = .b
        focus = .c
        focus = .b
      }
    }
  }
}

/// A detail view counting its body runs.
private struct CountedDetail: View {
  @Bindable var doc: FocusedRowDoc
  let runs: RunCounts

  var body: some View {
    runs.hit("detail")
    return VStack {
      TextField("name", text: .constant(doc.name)).focused($doc.focus, equals: .a)
      TextField("notes", text: .constant("")).focused($doc.focus, equals: .b)
    }
  }
}

private struct CountedBrowser: View {
  let library: FocusedRowLibrary
  let runs: RunCounts

  var body: some View {
    runs.hit("browser")
    return VStack {
      CountedDetail(doc: library.docs[library.current], runs: runs)
      TextField("outside", text: .constant(""))
    }
  }
}

@MainActor
@Observable
private final class FocusGroupWriteItem {
  let id: Int
  var name: String

  init(_ id: Int, _ name: String) {
    self.id = id
    self.name = name
  }
}

/// Rows of a user view, each modified: `.focused` by its id, `.onChange` of its name.
private struct FocusGroupWriteRow: View {
  let item: FocusGroupWriteItem

  var body: some View {
    TextField("row \(item.id)", text: .constant(item.name))
  }
}

private struct FocusGroupWriteRows: View {
  let probe: IntProbe
  let changes: RunCounts
  @State var items = [
    FocusGroupWriteItem(1, "one"), FocusGroupWriteItem(2, "two"), FocusGroupWriteItem(3, "three"),
  ]
  @FocusState var focus: Int?

  var body: some View {
    probe.read = { focus }
    probe.write = { focus = $0 }
    probe.replace = { items = $0 }
    return VStack {
      ForEach(items, id: \.id) { item in
        FocusGroupWriteRow(item: item)
          .focused($focus, equals: item.id)
          .onChange(of: item.name) { changes.hit("name \(item.id)") }
          .padding(1)
      }
    }
  }
}

@MainActor
private final class IntProbe {
  var read: () -> Int? = { nil }
  var write: (Int?) -> Void = { _ in }
  var replace: ([FocusGroupWriteItem]) -> Void = { _ in }
  var focus: Int? {
    get { read() }
    set { write(newValue) }
  }
}

@MainActor
@Observable
private final class FocusGroupWriteFlag {
  var editing = false
}

/// `.focused` with a `Bool`: a model's, re-bound to another model; a `@FocusState`'s,
/// re-bound to another `@FocusState`.
private struct BoolFields: View {
  let flags: [FocusGroupWriteFlag]
  let local: BoolProbe
  let other: BoolProbe
  let actions: ViewActions
  @FocusState var one: Bool
  @FocusState var two: Bool
  @State var index = 0
  @State var useTwo = false

  var body: some View {
    local.read = { one }
    local.write = { one = $0 }
    other.read = { two }
    other.write = { two = $0 }
    return VStack {
      TextField("model bool", text: .constant("")).focused(Bindable(flags[index]).editing)
      TextField("state bool", text: .constant("")).focused(useTwo ? $two : $one)
      TextField("outside", text: .constant(""))
    }
    .onAppear {
      actions.named["index"] = { index = $0 }
      actions.named["useTwo"] = { useTwo = $0 == 1 }
    }
  }
}

@MainActor
private final class BoolProbe {
  var read: () -> Bool = { false }
  var write: (Bool) -> Void = { _ in }
  var value: Bool {
    get { read() }
    set { write(newValue) }
  }
}

/// `FocusGroup.write`: focus redirected, refused, re-bound and shared; the state reads GTK.
final class FocusGroupWriteTests: GtkTestCase, @unchecked Sendable {
  func testFocusRedirectedByOnChangeDidSetOrARefusingSetterReadsGtk() throws {
    try MainActor.assumeIsolated {
      let probe = FocusedRowProbe()
      let redirecting = Redirecting()
      let refusing = Refusing()
      let ui = show {
        Redirects(probe: probe, redirecting: redirecting, refusing: refusing)
      }
      @MainActor func field(_ title: String) throws -> InspectedView {
        try ui.find(TextField.self, title: title)
      }
      let state: [FocusedRowField: InspectedView] = [
        .a: try field("state a"), .b: try field("state b"), .c: try field("state c"),
      ]
      let model: [FocusedRowField: InspectedView] = [
        .a: try field("model a"), .b: try field("model b"), .c: try field("model c"),
      ]
      // `.onChange(of: focus)` sends .b on to .c: by Tab, by click, by request.
      probe.focus = .a
      MainLoop.drain()
      ui.press(.tab)
      XCTAssertTrue(state[.c]!.isFocused, "Tab into b went on to c")
      assertStateReadsGtk(probe.focus, state, in: ui, "after Tab")
      state[.b]!.tap()
      XCTAssertTrue(state[.c]!.isFocused, "a click on b went on to c")
      assertStateReadsGtk(probe.focus, state, in: ui, "after the click")
      ui.press(.shiftTab)
      XCTAssertTrue(state[.c]!.isFocused, "Shift-Tab into b went on to c")
      probe.focus = .b
      MainLoop.drain()
      XCTAssertTrue(state[.c]!.isFocused)
      assertStateReadsGtk(probe.focus, state, in: ui, "after the request")
      // A model's didSet does the same.
      redirecting.focus = .a
      MainLoop.drain()
      XCTAssertTrue(model[.a]!.isFocused)
      XCTAssertNil(probe.focus)
      ui.press(.tab)
      XCTAssertTrue(model[.c]!.isFocused, "Tab into b went on to c")
      assertStateReadsGtk(redirecting.focus, model, in: ui, "after Tab")
      model[.b]!.tap()
      XCTAssertTrue(model[.c]!.isFocused)
      assertStateReadsGtk(redirecting.focus, model, in: ui, "after the click")
      model[.a]!.tap()
      assertStateReadsGtk(redirecting.focus, model, in: ui, "after the click on a")
      // A setter that refuses .b holds what it holds (Architecture: a binding that ignores writes).
      refusing.focus = .a
      MainLoop.drain()
      let refusingA = try field("refusing a")
      let refusingB = try field("refusing b")
      XCTAssertTrue(refusingA.isFocused)
      XCTAssertNil(redirecting.focus)
      refusingB.tap()
      XCTAssertTrue(refusingB.isFocused, "the user's click stands")
      refusingA.tap()
      XCTAssertEqual(refusing.focus, .a)
      refusing.focus = nil
      MainLoop.drain()
      XCTAssertFalse(refusingA.isFocused, "nil, held already before, still resigns")
      refusing.focus = .a
      MainLoop.drain()
      XCTAssertTrue(refusingA.isFocused)
      refusingB.tap()
      XCTAssertTrue(refusingB.isFocused)
      XCTAssertEqual(refusing.focus, .a, "the setter holds what it holds")
      refusing.focus = nil
      MainLoop.drain()
      XCTAssertFalse(refusingB.isFocused, "nil resigns")
    }
  }

  func testARequestForAFieldRemovedDisabledOrHiddenInTheSameActionReadsGtk() {
    MainActor.assumeIsolated {
      let probe = FocusedRowProbe()
      let actions = ViewActions()
      let ui = show { Vanishing(probe: probe, actions: actions) }
      @MainActor func fields() -> [FocusedRowField: InspectedView] {
        var fields: [FocusedRowField: InspectedView] = [:]
        for (value, title) in [(FocusedRowField.a, "a"), (.b, "b"), (.c, "c"), (.d, "d")] {
          if let view = try? ui.find(TextField.self, title: title) { fields[value] = view }
        }
        return fields
      }
      probe.focus = .a
      MainLoop.drain()
      XCTAssertTrue(fields()[.a]!.isFocused)
      actions("removeB", 1)
      MainLoop.drain()
      XCTAssertNil(fields()[.b])
      XCTAssertTrue(fields()[.a]!.isFocused, "nothing claims b: focus stays")
      XCTAssertEqual(probe.focus, .a, "and the state reads the truth")
      actions("disableC", 1)
      MainLoop.drain()
      XCTAssertTrue(fields()[.a]!.isFocused, "a disabled field takes no focus")
      XCTAssertEqual(probe.focus, .a)
      actions("hideD", 1)
      MainLoop.drain()
      assertStateReadsGtk(probe.focus, fields(), in: ui, "after hiding d")
      XCTAssertNotEqual(probe.focus, .d, "a hidden field holds no focus")
      // The field comes back in the same action that asks for it.
      probe.focus = .a
      MainLoop.drain()
      actions("removeB", 0)
      MainLoop.drain()
      XCTAssertTrue(fields()[.b]!.isFocused, "the field made in the pass took focus")
      XCTAssertEqual(probe.focus, .b)
      actions("disableC", 0)
      MainLoop.drain()
      XCTAssertTrue(fields()[.c]!.isFocused, "the field enabled in the pass took focus")
      actions("hideD", 0)
      MainLoop.drain()
      XCTAssertTrue(fields()[.d]!.isFocused, "the field shown in the pass took focus")
      XCTAssertEqual(probe.focus, .d)
      // Several requests in one action: the last one stands.
      probe.focus = .a
      MainLoop.drain()
      actions("bounce")
      MainLoop.drain()
      XCTAssertTrue(fields()[.a]!.isFocused, "a -> b -> a in one action stays on a")
      XCTAssertEqual(probe.focus, .a)
      actions("hop")
      MainLoop.drain()
      XCTAssertTrue(fields()[.b]!.isFocused, "b -> c -> b in one action lands on b")
      XCTAssertEqual(probe.focus, .b)
      // Tab, then a request before the main loop runs: the request is the later word.
      cgtk_window_move_focus(ui.window.pointer, GTK_DIR_TAB_FORWARD)
      probe.focus = .a
      MainLoop.drain()
      XCTAssertTrue(fields()[.a]!.isFocused, "the request made after the Tab stands")
      XCTAssertEqual(probe.focus, .a)
    }
  }

  /// A click on a button takes focus (GTK's focus-on-click) as it presses; its action runs as
  /// it is released. Pressed and released within one main-loop turn (a quick click, a click
  /// that queued behind other events), the action's focus request comes right after the
  /// focus state was written with the button's truth (nil).
  func testAButtonClickedInTheTurnItTookFocusMovesFocusWhereItsActionSays() throws {
    try MainActor.assumeIsolated {
      let probe = FocusedRowProbe()
      let actions = ViewActions()
      let ui = show { Vanishing(probe: probe, actions: actions) }
      let a = try ui.find(TextField.self, title: "a")
      let c = try ui.find(TextField.self, title: "c")
      let button = try ui.find(Button<Text>.self, title: "first")
      for quick in [false, true] {
        c.tap()
        XCTAssertEqual(probe.focus, .c)
        XCTAssertNotEqual(gtk_widget_grab_focus(button.widget.pointer), 0)
        if !quick { MainLoop.drain() }
        cgtk_emit(button.widget.pointer, "clicked")
        MainLoop.drain()
        XCTAssertTrue(a.isFocused, "quick \(quick): the action's request moved focus")
        XCTAssertEqual(probe.focus, .a, "quick \(quick)")
      }
    }
  }

  /// An `.onChange(of: selection)` that asks for a field of the newly shown model, whose
  /// focus value is stale (another field's) or the truth (the field the user is in).
  func testARequestMadeAsAReBoundViewJoinsItsNewModelStands() throws {
    try MainActor.assumeIsolated {
      for stale in [FocusedRowField.a, .b, .c, nil] {
        let docs = [FocusedRowDoc("first"), FocusedRowDoc("second", focus: stale)]
        let library = FocusedRowLibrary(docs)
        library.focusOnSelect = .b
        let ui = show { Browser(library: library) }
        let name = try ui.find(TextField.self, title: "name")
        let notes = try ui.find(TextField.self, title: "notes")
        docs[0].focus = .a
        MainLoop.drain()
        XCTAssertTrue(name.isFocused)
        library.current = 1
        MainLoop.drain()
        XCTAssertTrue(notes.isFocused, "stale \(String(describing: stale)): the request stands")
        XCTAssertEqual(docs[1].focus, .b, "stale \(String(describing: stale))")
        XCTAssertNil(docs[0].focus)
        ui.host.close()
        MainLoop.drain()
      }
    }
  }

  /// The write skipped when the new model holds the truth reads the state inside the pass: no
  /// view may come to depend on the focus state through it.
  func testAViewReBoundToAModelHoldingTheTruthRunsNoBodyOnLaterFocusMoves() throws {
    try MainActor.assumeIsolated {
      let docs = [FocusedRowDoc("first"), FocusedRowDoc("second", focus: .a)]
      let library = FocusedRowLibrary(docs)
      let runs = RunCounts()
      let ui = show { CountedBrowser(library: library, runs: runs) }
      let name = try ui.find(TextField.self, title: "name")
      docs[0].focus = .a
      MainLoop.drain()
      library.current = 1
      MainLoop.drain()
      XCTAssertTrue(name.isFocused)
      XCTAssertEqual(docs[1].focus, .a)
      XCTAssertNil(docs[0].focus)
      let before = (runs["browser"], runs["detail"])
      for _ in 0..<3 {
        ui.press(.tab)
        docs[1].focus = .a
        MainLoop.drain()
        XCTAssertTrue(name.isFocused)
      }
      ui.press(.tab)
      XCTAssertEqual(docs[1].focus, .b)
      XCTAssertEqual(runs["browser"], before.0, "no body reads the focus state")
      XCTAssertEqual(runs["detail"], before.1, "no body reads the focus state")
    }
  }

  /// One model's focus shown by the same fields in two windows: each write lands in the
  /// active window, and the state reads that window's truth, also after writes in one action.
  func testOneModelsFocusInTwoWindowsReadsTheActiveWindowsTruth() throws {
    try MainActor.assumeIsolated {
      let doc = FocusedRowDoc("shared")
      let first = show { FocusedRowDetail(doc: doc) }
      let second = show { FocusedRowDetail(doc: doc) }
      // NB: without a window manager, the first window's activation can arrive after the
      // second's: wait until the second alone is active.
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { second.window.isActive && !first.window.isActive })
      @MainActor func focused(_ ui: ViewInspection<some View>) -> FocusedRowField? {
        if (try? ui.find(TextField.self, title: "name"))?.isFocused == true { return .a }
        if (try? ui.find(TextField.self, title: "notes"))?.isFocused == true { return .b }
        return nil
      }
      for value in [FocusedRowField.a, .b, .a] {
        doc.focus = value
        MainLoop.drain()
        XCTAssertEqual(focused(second), value)
        XCTAssertEqual(doc.focus, value)
      }
      doc.focus = .b
      doc.focus = .a
      MainLoop.drain()
      XCTAssertEqual(focused(second), .a, "b then a in one action: a")
      XCTAssertEqual(doc.focus, .a)
      // NB: a click activates its window; the simulated one does not, so the test does.
      second.window.present()
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { second.window.isActive && !first.window.isActive })
      try second.find(TextField.self, title: "notes").tap()
      XCTAssertEqual(doc.focus, .b, "the click in the active window")
      first.window.present()
      XCTAssertTrue(MainLoop.run(timeout: 5) { first.window.isActive })
      MainLoop.drain()
      XCTAssertEqual(doc.focus, focused(first), "the state reads the newly active window's truth")
      doc.focus = .b
      MainLoop.drain()
      XCTAssertEqual(focused(first), .b)
      XCTAssertEqual(doc.focus, .b)
      doc.focus = nil
      MainLoop.drain()
      XCTAssertNil(focused(first))
      XCTAssertNil(doc.focus)
    }
  }

  func testBoolFocusReBoundToAnotherModelOrFocusStateFollowsIt() throws {
    try MainActor.assumeIsolated {
      let flags = [FocusGroupWriteFlag(), FocusGroupWriteFlag()]
      let one = BoolProbe()
      let two = BoolProbe()
      let actions = ViewActions()
      let ui = show { BoolFields(flags: flags, local: one, other: two, actions: actions) }
      let modelField = try ui.find(TextField.self, title: "model bool")
      let stateField = try ui.find(TextField.self, title: "state bool")
      flags[0].editing = true
      MainLoop.drain()
      XCTAssertTrue(modelField.isFocused)
      actions("index", 1)
      MainLoop.drain()
      XCTAssertTrue(modelField.isFocused, "the user stays where they are")
      XCTAssertEqual(flags.map(\.editing), [false, true])
      flags[1].editing = false
      MainLoop.drain()
      XCTAssertFalse(modelField.isFocused)
      flags[0].editing = true
      MainLoop.drain()
      XCTAssertFalse(modelField.isFocused, "a model not shown moves nothing")
      flags[1].editing = true
      MainLoop.drain()
      XCTAssertTrue(modelField.isFocused)
      one.value = true
      MainLoop.drain()
      XCTAssertTrue(stateField.isFocused)
      XCTAssertFalse(flags[1].editing)
      actions("useTwo", 1)
      MainLoop.drain()
      XCTAssertTrue(stateField.isFocused)
      XCTAssertEqual([one.value, two.value], [false, true])
      two.value = false
      MainLoop.drain()
      XCTAssertFalse(stateField.isFocused)
      one.value = true
      MainLoop.drain()
      XCTAssertFalse(stateField.isFocused, "the first state claims nothing now")
      XCTAssertFalse(one.value)
      two.value = true
      MainLoop.drain()
      XCTAssertTrue(stateField.isFocused)
      ui.press(.tab)
      XCTAssertFalse(two.value)
      XCTAssertTrue(try ui.find(TextField.self, title: "outside").isFocused)
    }
  }

  /// Rows re-run with new model objects of the same ids (the fast path's case: the same
  /// state, value and widget, another `.onChange` value): focus stays, and each row still
  /// takes focus by its id.
  func testModifiedRowsReplacedBySameIDModelsKeepFocusAndFollowRequests() throws {
    try MainActor.assumeIsolated {
      let probe = IntProbe()
      let changes = RunCounts()
      let ui = show { FocusGroupWriteRows(probe: probe, changes: changes) }
      @MainActor func row(_ id: Int) throws -> InspectedView {
        try ui.find(TextField.self, title: "row \(id)")
      }
      probe.focus = 2
      MainLoop.drain()
      let second = try row(2)
      XCTAssertTrue(second.isFocused)
      probe.replace([
        FocusGroupWriteItem(1, "uno"), FocusGroupWriteItem(2, "dos"),
        FocusGroupWriteItem(3, "three"),
      ])
      MainLoop.drain()
      XCTAssertTrue(try row(2).widget === second.widget, "the row kept its widget")
      XCTAssertEqual(try row(2).text, "dos")
      XCTAssertTrue(second.isFocused)
      XCTAssertEqual(probe.focus, 2)
      XCTAssertEqual([changes["name 1"], changes["name 2"], changes["name 3"]], [1, 1, 0])
      for id in [3, 1, 2] {
        probe.focus = id
        MainLoop.drain()
        XCTAssertTrue(try row(id).isFocused, "row \(id)")
      }
      // Reordered with new objects: focus follows its id.
      probe.replace([
        FocusGroupWriteItem(3, "tres"), FocusGroupWriteItem(2, "two"),
        FocusGroupWriteItem(1, "one"),
      ])
      MainLoop.drain()
      XCTAssertTrue(try row(2).isFocused)
      XCTAssertEqual(probe.focus, 2)
      XCTAssertEqual(ui.findAll(TextField.self).compactMap(\.title), ["row 3", "row 2", "row 1"])
      try row(1).tap()
      XCTAssertEqual(probe.focus, 1)
      probe.focus = 3
      MainLoop.drain()
      XCTAssertTrue(try row(3).isFocused)
    }
  }
}

// MARK: - Probe: a model's focus written from another thread

/// Not main-actor bound: the probe writes its focus from another thread.
@Observable
private final class FarFocusModel: @unchecked Sendable {
  enum Field: Hashable { case name, mail }
  var focus: Field?
}

private struct FarFocusForm: View {
  @Bindable var model: FarFocusModel

  var body: some View {
    VStack {
      TextField("name", text: .constant("")).focused($model.focus, equals: .name)
      TextField("mail", text: .constant("")).focused($model.focus, equals: .mail)
    }
  }
}

extension FocusGroupWriteTests {
  func testAModelsFocusWrittenFromAnotherThreadMovesFocusAndFollowsTheUser() throws {
    try MainActor.assumeIsolated {
      let model = FarFocusModel()
      let ui = show { FarFocusForm(model: model) }
      let name = try ui.find(TextField.self, title: "name")
      let mail = try ui.find(TextField.self, title: "mail")
      let done = expectation(description: "written")
      Task.detached {
        model.focus = .mail
        done.fulfill()
      }
      wait(for: [done], timeout: 5)
      XCTAssertTrue(MainLoop.run(timeout: 5) { mail.isFocused })
      name.tap()
      XCTAssertEqual(model.focus, .name, "the user's move is written to the model")
      let again = expectation(description: "written again")
      Task.detached {
        model.focus = nil
        again.fulfill()
      }
      wait(for: [again], timeout: 5)
      XCTAssertTrue(MainLoop.run(timeout: 5) { !name.isFocused && !mail.isFocused })
    }
  }
}
