import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

// Round 8's speed-ups probed as an app would use them: modifier types the app's compiler sees
// through `some View` (ModifiedContent conforming to View only where its modifier is one), the
// `.focused` row that returns at once when nothing it joined with changed, and the focus write
// that is skipped when the state holds the truth already.

private enum R8Field: Hashable { case a, b, c, d }

/// Reads and writes a view's `@FocusState` from the test, as a button would.
@MainActor
private final class R8Probe {
  var read: () -> R8Field? = { nil }
  var write: (R8Field?) -> Void = { _ in }
  var focus: R8Field? {
    get { read() }
    set { write(newValue) }
  }
}

/// Whether GTK's focus widget in `ui`'s window is the view's widget or inside it, or the
/// focus stop around it (`.focusable()` on a text).
@MainActor
private func focusIsAt(_ view: InspectedView, in ui: ViewInspection<some View>) -> Bool {
  guard let focus = focusWidget(ui.window) else { return false }
  return view.isFocused || gtk_widget_is_ancestor(view.widget.pointer, focus) != 0
}

// MARK: - Modifier types through the app's own generics and opaque types

/// A user's generic container that modifies what it holds.
private struct R8Card<Content: View>: View {
  let title: String
  @ViewBuilder let content: Content

  var body: some View {
    VStack {
      Text(title)
      content
    }
    .padding(4)
  }
}

extension View {
  /// A user's own "modifier": a chain of the library's, behind the user's `some View`.
  fileprivate func r8Styled(_ focus: FocusState<R8Field?>.Binding, _ value: R8Field) -> some View {
    padding(2).focused(focus, equals: value).disabled(false).onSubmit {}
  }
}

/// Keeps the first view it is given in `@State`, as a user's cache of a built view would.
private struct R8Kept<Content: View>: View {
  @State var kept: Content

  init(_ content: Content) {
    _kept = State(initialValue: content)
  }

  var body: some View { kept }
}

private struct R8Opaque: View {
  let probe: R8Probe
  let changes: RunCounts
  @FocusState var focus: R8Field?
  @State var text = ""

  /// A `some View` property of modified content.
  var field: some View {
    TextField("property", text: $text).focused($focus, equals: .a).padding(1).id("property")
  }

  /// A `some View` function of modified content.
  func made(_ title: String, _ value: R8Field) -> some View {
    TextField(title, text: .constant("")).r8Styled($focus, value)
  }

  var body: some View {
    probe.read = { focus }
    probe.write = { focus = $0 }
    return R8Card(title: "card") {
      field
      made("function", .b)
      R8Kept(Text("stored").padding(3))
      R8Card(title: "inner") {
        made("nested", .c).overlay(Text("over"))
      }
      Text("plain").focusable().focused($focus, equals: .d)
    }
    .onChange(of: focus) { changes.hit("focus \(focus.map { "\($0)" } ?? "nil")") }
  }
}

// MARK: - Picker and menu content through modified views

@MainActor
@Observable
private final class R8Sizes {
  var size = 2
}

private struct R8TaggedPicker: View {
  @Bindable var model: R8Sizes

  var body: some View {
    Picker("Size", selection: $model.size) {
      Text("S").tag(1).padding(1)
      Text("M").padding(1).tag(2).disabled(false)
      ForEach([3, 4], id: \.self) { n in Text("n\(n)").padding(1) }
      Group { Text("XL").tag(5).id("xl") }
    }
  }
}

// MARK: - A `.focused` row re-bound, re-valued and re-made

/// A user view whose body switches between two kinds of field.
private struct R8Switching: View {
  let secure: Bool
  @State var text = ""

  var body: some View {
    if secure {
      SecureField("secret", text: $text)
    } else {
      TextField("plain", text: $text)
    }
  }
}

private struct R8Rebinding: View {
  let first: R8Probe
  let second: R8Probe
  let actions: ViewActions
  @FocusState var one: R8Field?
  @FocusState var two: R8Field?
  @State var useTwo = false
  @State var tag = R8Field.a
  @State var secure = false
  @State var key = 0

  var body: some View {
    first.read = { one }
    first.write = { one = $0 }
    second.read = { two }
    second.write = { two = $0 }
    return VStack {
      R8Switching(secure: secure).id(key).focused(useTwo ? $two : $one, equals: tag)
      TextField("other", text: .constant("")).focused($one, equals: .d)
    }
    .onAppear {
      actions.named["useTwo"] = { useTwo = $0 == 1 }
      actions.named["tag"] = { tag = [R8Field.a, .b, .c, .d][$0] }
      actions.named["secure"] = { secure = $0 == 1 }
      actions.named["key"] = { key = $0 }
    }
  }
}

@MainActor
@Observable
private final class R8Doc {
  let name: String
  var focus: R8Field?
  var editing = false

  init(_ name: String, focus: R8Field? = nil) {
    self.name = name
    self.focus = focus
  }
}

/// A detail view shown for whichever document is selected.
private struct R8Detail: View {
  @Bindable var doc: R8Doc

  var body: some View {
    VStack {
      TextField("name", text: .constant(doc.name)).focused($doc.focus, equals: .a)
      TextField("notes", text: .constant("")).focused($doc.focus, equals: .b)
      // A hand-made binding: no identity GtkBridge can see.
      TextField("hand", text: .constant(""))
        .focused(Binding(get: { doc.editing }, set: { doc.editing = $0 }))
    }
  }
}

@MainActor
@Observable
private final class R8Library {
  var docs: [R8Doc]
  var current = 0
  /// What `.onChange(of: current)` asks the newly shown document's focus to be.
  @ObservationIgnored var focusOnSelect: R8Field?

  init(_ docs: [R8Doc]) { self.docs = docs }
}

private struct R8Browser: View {
  let library: R8Library

  var body: some View {
    VStack {
      R8Detail(doc: library.docs[library.current])
      TextField("outside", text: .constant(""))
    }
    .onChange(of: library.current) {
      if let focus = library.focusOnSelect { library.docs[library.current].focus = focus }
    }
  }
}

// MARK: - Focus moved while the state changes in the same turn

/// A model whose focus property redirects `.b` to `.c`.
@MainActor
@Observable
private final class R8Redirecting {
  var focus: R8Field? {
    didSet { if focus == .b { focus = .c } }
  }
}

/// A model whose focus setter refuses `.b`.
@MainActor
@Observable
private final class R8Refusing {
  private var stored: R8Field?
  var focus: R8Field? {
    get { stored }
    set { if newValue != .b { stored = newValue } }
  }
}

private struct R8Redirects: View {
  let probe: R8Probe
  @Bindable var redirecting: R8Redirecting
  @Bindable var refusing: R8Refusing
  @FocusState var focus: R8Field?

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
private struct R8Vanishing: View {
  let probe: R8Probe
  let actions: ViewActions
  @FocusState var focus: R8Field?
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
private struct R8CountedDetail: View {
  @Bindable var doc: R8Doc
  let runs: RunCounts

  var body: some View {
    runs.hit("detail")
    return VStack {
      TextField("name", text: .constant(doc.name)).focused($doc.focus, equals: .a)
      TextField("notes", text: .constant("")).focused($doc.focus, equals: .b)
    }
  }
}

private struct R8CountedBrowser: View {
  let library: R8Library
  let runs: RunCounts

  var body: some View {
    runs.hit("browser")
    return VStack {
      R8CountedDetail(doc: library.docs[library.current], runs: runs)
      TextField("outside", text: .constant(""))
    }
  }
}

@MainActor
@Observable
private final class R8Item {
  let id: Int
  var name: String

  init(_ id: Int, _ name: String) {
    self.id = id
    self.name = name
  }
}

/// Rows of a user view, each modified: `.focused` by its id, `.onChange` of its name.
private struct R8Row: View {
  let item: R8Item

  var body: some View {
    TextField("row \(item.id)", text: .constant(item.name))
  }
}

private struct R8Rows: View {
  let probe: R8IntProbe
  let changes: RunCounts
  @State var items = [R8Item(1, "one"), R8Item(2, "two"), R8Item(3, "three")]
  @FocusState var focus: Int?

  var body: some View {
    probe.read = { focus }
    probe.write = { focus = $0 }
    probe.replace = { items = $0 }
    return VStack {
      ForEach(items, id: \.id) { item in
        R8Row(item: item)
          .focused($focus, equals: item.id)
          .onChange(of: item.name) { changes.hit("name \(item.id)") }
          .padding(1)
      }
    }
  }
}

@MainActor
private final class R8IntProbe {
  var read: () -> Int? = { nil }
  var write: (Int?) -> Void = { _ in }
  var replace: ([R8Item]) -> Void = { _ in }
  var focus: Int? {
    get { read() }
    set { write(newValue) }
  }
}

@MainActor
@Observable
private final class R8Flag {
  var editing = false
}

/// `.focused` with a `Bool`: a model's, re-bound to another model; a `@FocusState`'s,
/// re-bound to another `@FocusState`.
private struct R8BoolFields: View {
  let flags: [R8Flag]
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

final class R8ReviewTests: GtkTestCase, @unchecked Sendable {
  /// The focus state must read what GTK shows: the value of the field holding focus, or nil.
  @MainActor
  private func assertStateReadsGtk(
    _ state: R8Field?, _ fields: [R8Field: InspectedView], in ui: ViewInspection<some View>,
    _ message: String, line: UInt = #line
  ) {
    let shown = fields.first { focusIsAt($0.value, in: ui) }?.key
    XCTAssertEqual(state, shown, message, line: line)
  }

  // MARK: Opaque types and conditional conformance

  func testModifiedContentThroughTheAppsGenericsAndOpaqueTypesShowsAndFocuses() throws {
    try MainActor.assumeIsolated {
      let probe = R8Probe()
      let changes = RunCounts()
      let ui = show { R8Opaque(probe: probe, changes: changes) }
      let labels = ui.findAll(Text.self).compactMap(\.title)
      XCTAssertEqual(labels, ["card", "stored", "inner", "over", "plain"])
      let fields: [R8Field: InspectedView] = [
        .a: try ui.find(TextField.self, title: "property"),
        .b: try ui.find(TextField.self, title: "function"),
        .c: try ui.find(TextField.self, title: "nested"),
        .d: try ui.find(Text.self, title: "plain"),
      ]
      for value in [R8Field.b, .c, .d, .a] {
        probe.focus = value
        MainLoop.drain()
        XCTAssertTrue(focusIsAt(fields[value]!, in: ui), "\(value) took focus")
        assertStateReadsGtk(probe.focus, fields, in: ui, "after \(value)")
      }
      XCTAssertEqual(changes["focus c"], 1)
      ui.press(.tab)
      XCTAssertEqual(probe.focus, .b, "Tab goes on through the modified views")
      ui.press(.tab)
      ui.press(.tab)
      XCTAssertEqual(probe.focus, .d, "into the focusable text's stop")
      assertStateReadsGtk(probe.focus, fields, in: ui, "after Tab")
      fields[.c]!.tap()
      XCTAssertEqual(probe.focus, .c)
      probe.focus = nil
      MainLoop.drain()
      XCTAssertFalse(fields.values.contains { focusIsAt($0, in: ui) }, "nil resigned")
    }
  }

  func testPickerChoicesAndMenuItemsThroughModifiedViewsKeepTheirTags() throws {
    try MainActor.assumeIsolated {
      let model = R8Sizes()
      let ui = show { R8TaggedPicker(model: model) }
      let dropDown = try XCTUnwrap(findWidgets("GtkDropDown", in: ui).first)
      let list = gtk_drop_down_get_model(OpaquePointer(dropDown))!
      let titles = (0..<g_list_model_get_n_items(list)).map {
        String(cString: gtk_string_list_get_string(list, $0))
      }
      XCTAssertEqual(titles, ["S", "M", "n3", "n4", "XL"])
      XCTAssertEqual(gtk_drop_down_get_selected(OpaquePointer(dropDown)), 1)
      for (index, size) in [(0, 1), (3, 4), (4, 5), (2, 3)] {
        gtk_drop_down_set_selected(OpaquePointer(dropDown), guint(index))
        MainLoop.drain()
        XCTAssertEqual(model.size, size, "choice \(index)")
      }
      model.size = 5
      MainLoop.drain()
      XCTAssertEqual(gtk_drop_down_get_selected(OpaquePointer(dropDown)), 4)
      // Menu content: modifiers around buttons still say disabled and shortcut.
      let menu = Group {
        Button("Save") {}.keyboardShortcut("s").padding(1)
        Button("Gone") {}.padding(1).disabled(true)
        Text("Note").id(1)
      }
      let items = MenuEntry.entries(of: menu).compactMap { entry -> MenuEntry.Item? in
        if case .item(let item) = entry { return item }
        return nil
      }
      XCTAssertEqual(items.map(\.title), ["Save", "Gone", "Note"])
      XCTAssertEqual(items[0].shortcut, KeyboardShortcut("s"))
      XCTAssertEqual(items.map(\.isDisabled), [false, true, true])
      // Casts of `any View` still see a modified view as the primitive it is.
      let erased: any View = Text("x").padding(1).focusable()
      XCTAssertNotNil(erased as? any PrimitiveView)
      let modified: any View = Text("x").padding(1)
      XCTAssertNotNil(modified as? any PrimitiveView)
      XCTAssertNotNil(modified as? any PickerOptionContent)
      XCTAssertNotNil(modified as? any MenuEntrySource)
    }
  }

  // MARK: FocusedModifier's fast path

  func testAFocusedRowReValuedReBoundAndReMadeFollowsEachChange() throws {
    try MainActor.assumeIsolated {
      let one = R8Probe()
      let two = R8Probe()
      let actions = ViewActions()
      let ui = show { R8Rebinding(first: one, second: two, actions: actions) }
      let plain = try ui.find(TextField.self, title: "plain")
      one.focus = .a
      MainLoop.drain()
      XCTAssertTrue(plain.isFocused)
      // A new `equals:` value while focused: the same widget keeps focus, the state reads it.
      actions("tag", 1)
      MainLoop.drain()
      XCTAssertTrue(plain.isFocused)
      XCTAssertEqual(one.focus, .b)
      one.focus = .a
      MainLoop.drain()
      XCTAssertTrue(plain.isFocused, "the old value is claimed by nobody now")
      XCTAssertEqual(one.focus, .b, "and reads back the truth")
      // Re-bound to another @FocusState with the same value, while focused.
      actions("useTwo", 1)
      MainLoop.drain()
      XCTAssertTrue(plain.isFocused)
      XCTAssertNil(one.focus, "the old state lost its view")
      XCTAssertEqual(two.focus, .b, "the new state reads the truth")
      two.focus = nil
      MainLoop.drain()
      XCTAssertFalse(plain.isFocused)
      one.focus = .b
      MainLoop.drain()
      XCTAssertFalse(plain.isFocused, "the first state claims nothing with .b now")
      XCTAssertNil(one.focus)
      two.focus = .b
      MainLoop.drain()
      XCTAssertTrue(plain.isFocused)
      // The same value and state, another widget (if/else inside the modified view).
      actions("secure", 1)
      MainLoop.drain()
      let secret = try ui.find(SecureField.self, title: "secret")
      XCTAssertEqual(two.focus, secret.isFocused ? .b : nil, "the state reads GTK")
      two.focus = nil
      MainLoop.drain()
      two.focus = .b
      MainLoop.drain()
      XCTAssertTrue(secret.isFocused, "the new widget joined the state")
      // The same value and state, a new `.id`.
      actions("key", 1)
      MainLoop.drain()
      let renewed = try ui.find(SecureField.self, title: "secret")
      XCTAssertFalse(renewed.widget === secret.widget)
      XCTAssertEqual(two.focus, renewed.isFocused ? .b : nil, "the state reads GTK")
      two.focus = nil
      MainLoop.drain()
      two.focus = .b
      MainLoop.drain()
      XCTAssertTrue(renewed.isFocused, "the renewed row joined the state")
      // Back to the first state and the first value.
      actions("useTwo", 0)
      actions("tag", 0)
      MainLoop.drain()
      XCTAssertNil(two.focus)
      XCTAssertEqual(one.focus, .a)
      XCTAssertTrue(renewed.isFocused)
      try ui.find(TextField.self, title: "other").tap()
      XCTAssertEqual(one.focus, .d)
      one.focus = .a
      MainLoop.drain()
      XCTAssertTrue(renewed.isFocused)
    }
  }

  func testADetailViewReBoundToAnotherModelFollowsItAndItsHandMadeBinding() throws {
    try MainActor.assumeIsolated {
      let docs = [R8Doc("first"), R8Doc("second")]
      let library = R8Library(docs)
      let ui = show { R8Browser(library: library) }
      let name = try ui.find(TextField.self, title: "name")
      let notes = try ui.find(TextField.self, title: "notes")
      let hand = try ui.find(TextField.self, title: "hand")
      docs[0].focus = .a
      MainLoop.drain()
      XCTAssertTrue(name.isFocused)
      library.current = 1
      MainLoop.drain()
      XCTAssertTrue(name.isFocused, "the user stays where they are")
      XCTAssertNil(docs[0].focus)
      XCTAssertEqual(docs[1].focus, .a)
      docs[1].focus = .b
      MainLoop.drain()
      XCTAssertTrue(notes.isFocused)
      docs[0].focus = .a
      MainLoop.drain()
      XCTAssertTrue(notes.isFocused, "a model not shown moves nothing")
      // Shown again for the first model: it reads the truth, the second one nil.
      library.current = 0
      MainLoop.drain()
      XCTAssertTrue(notes.isFocused)
      XCTAssertEqual(docs[0].focus, .b)
      XCTAssertNil(docs[1].focus)
      docs[1].focus = .a
      MainLoop.drain()
      XCTAssertTrue(notes.isFocused, "the model no longer shown moves nothing")
      docs[0].focus = .a
      MainLoop.drain()
      XCTAssertTrue(name.isFocused, "the shown model does")
      // A hand-made Bool binding re-bound to another model: its state is followed.
      docs[0].editing = true
      MainLoop.drain()
      XCTAssertTrue(hand.isFocused)
      XCTAssertNil(docs[0].focus)
      library.current = 1
      MainLoop.drain()
      XCTAssertEqual(docs[1].editing, hand.isFocused, "the new model's Bool reads GTK")
      docs[1].editing = false
      MainLoop.drain()
      XCTAssertFalse(hand.isFocused)
      docs[1].editing = true
      MainLoop.drain()
      XCTAssertTrue(hand.isFocused, "the shown model's Bool moves focus")
      XCTAssertNil(docs[1].focus)
    }
  }

  // MARK: FocusGroup.write's fast path

  func testFocusRedirectedByOnChangeDidSetOrARefusingSetterReadsGtk() throws {
    try MainActor.assumeIsolated {
      let probe = R8Probe()
      let redirecting = R8Redirecting()
      let refusing = R8Refusing()
      let ui = show {
        R8Redirects(probe: probe, redirecting: redirecting, refusing: refusing)
      }
      @MainActor func field(_ title: String) throws -> InspectedView {
        try ui.find(TextField.self, title: title)
      }
      let state: [R8Field: InspectedView] = [
        .a: try field("state a"), .b: try field("state b"), .c: try field("state c"),
      ]
      let model: [R8Field: InspectedView] = [
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
      let probe = R8Probe()
      let actions = ViewActions()
      let ui = show { R8Vanishing(probe: probe, actions: actions) }
      @MainActor func fields() -> [R8Field: InspectedView] {
        var fields: [R8Field: InspectedView] = [:]
        for (value, title) in [(R8Field.a, "a"), (.b, "b"), (.c, "c"), (.d, "d")] {
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
      let probe = R8Probe()
      let actions = ViewActions()
      let ui = show { R8Vanishing(probe: probe, actions: actions) }
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
      for stale in [R8Field.a, .b, .c, nil] {
        let docs = [R8Doc("first"), R8Doc("second", focus: stale)]
        let library = R8Library(docs)
        library.focusOnSelect = .b
        let ui = show { R8Browser(library: library) }
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
      let docs = [R8Doc("first"), R8Doc("second", focus: .a)]
      let library = R8Library(docs)
      let runs = RunCounts()
      let ui = show { R8CountedBrowser(library: library, runs: runs) }
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
      let doc = R8Doc("shared")
      let first = show { R8Detail(doc: doc) }
      let second = show { R8Detail(doc: doc) }
      // NB: without a window manager, the first window's activation can arrive after the
      // second's: wait until the second alone is active.
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { second.window.isActive && !first.window.isActive })
      @MainActor func focused(_ ui: ViewInspection<some View>) -> R8Field? {
        if (try? ui.find(TextField.self, title: "name"))?.isFocused == true { return .a }
        if (try? ui.find(TextField.self, title: "notes"))?.isFocused == true { return .b }
        return nil
      }
      for value in [R8Field.a, .b, .a] {
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
      let flags = [R8Flag(), R8Flag()]
      let one = BoolProbe()
      let two = BoolProbe()
      let actions = ViewActions()
      let ui = show { R8BoolFields(flags: flags, local: one, other: two, actions: actions) }
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
      let probe = R8IntProbe()
      let changes = RunCounts()
      let ui = show { R8Rows(probe: probe, changes: changes) }
      @MainActor func row(_ id: Int) throws -> InspectedView {
        try ui.find(TextField.self, title: "row \(id)")
      }
      probe.focus = 2
      MainLoop.drain()
      let second = try row(2)
      XCTAssertTrue(second.isFocused)
      probe.replace([R8Item(1, "uno"), R8Item(2, "dos"), R8Item(3, "three")])
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
      probe.replace([R8Item(3, "tres"), R8Item(2, "two"), R8Item(1, "one")])
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
