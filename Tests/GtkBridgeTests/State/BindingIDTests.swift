import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

/// Two fields bound to two properties of one model, each claiming the same value.
private struct TwoFocusPaths: View {
  @Bindable var model: TwoPaths

  var body: some View {
    VStack {
      TextField("first", text: .constant("")).focused($model.first, equals: .name)
      TextField("second", text: .constant("")).focused($model.second, equals: .name)
      TextField("neither", text: .constant(""))
    }
  }
}

/// One field whose binding the parent switches between two properties of one model, or
/// between two rows of its array, or two `@State`s: the field must show the storage it is
/// bound to now.
private struct SwitchedBinding: View {
  let actions: ViewActions
  @Bindable var model: TwoPaths
  @State var useB = false
  @State var row = 0
  @State var one = "one"
  @State var two = "two"

  var body: some View {
    VStack {
      TextField("switched", text: useB ? $model.b : $model.a)
      TextField("row", text: $model.left[row].name)
      TextField("row path", text: row == 0 ? $model.left[0].name : $model.left[1].name)
      TextField("state", text: useB ? $two : $one)
    }
    .onAppear {
      actions.named["useB"] = { useB = $0 == 1 }
      actions.named["row"] = { row = $0 }
    }
  }
}

/// A model reached through a protocol, as a generic editor reaches it.
protocol BindingIDNamed: AnyObject, Observable {
  var name: String { get set }
}

@Observable
private final class NamedModel: BindingIDNamed {
  var name = "n"
}

/// A generic view: its key path into the model goes through the protocol's witness.
private struct GenericNameField<Model: BindingIDNamed>: View {
  @Bindable var model: Model
  let title: String

  var body: some View {
    TextField(title, text: $model.name)
  }
}

private struct ConcreteAndGeneric: View {
  @Bindable var model: NamedModel
  let actions: ViewActions
  @State var generic = true

  var body: some View {
    VStack {
      TextField("concrete", text: $model.name)
      GenericNameField(model: model, title: "generic")
      TextField("either", text: generic ? genericBinding(model) : $model.name)
    }
    .onAppear { actions.named["generic"] = { generic = $0 == 1 } }
  }
}

/// A binding to `name` made in a generic context, anew each call.
@MainActor
private func genericBinding<Model: BindingIDNamed>(_ model: Model) -> Binding<String> {
  Bindable(model).name
}

/// A `@State` Bool and a `@FocusState` Bool, each bound with `.focused(_:)`.
private struct StateAndFocusBools: View {
  let reads: BoolReads
  @State var plain = false
  @FocusState var focus: Bool

  var body: some View {
    VStack {
      TextField("plain", text: .constant("")).focused($plain)
      TextField("focus", text: .constant("")).focused($focus)
      TextField("other", text: .constant(""))
    }
    .onAppear {
      reads.plain = { plain }
      reads.focus = { focus }
      reads.setPlain = { plain = $0 }
      reads.setFocus = { focus = $0 }
    }
  }
}

@MainActor
private final class BoolReads {
  var plain: () -> Bool = { false }
  var focus: () -> Bool = { false }
  var setPlain: (Bool) -> Void = { _ in }
  var setFocus: (Bool) -> Void = { _ in }
}

/// Two binding `ForEach`es over arrays whose elements have equal ids: in one model (two key
/// paths into one object) and in two `@State`s.
private struct EqualIDColumns: View {
  @Bindable var model: TwoPaths
  @State var up = [BindingIdentityItem(id: 0, name: "u0")]
  @State var down = [BindingIdentityItem(id: 0, name: "d0")]

  var body: some View {
    VStack {
      ForEach($model.left) { $item in TextField("left \(item.id)", text: $item.name) }
      ForEach($model.right) { $item in TextField("right \(item.id)", text: $item.name) }
      ForEach($up) { $item in TextField("up \(item.id)", text: $item.name) }
      ForEach($down) { $item in TextField("down \(item.id)", text: $item.name) }
      Text("up \(up.map(\.name)) down \(down.map(\.name))")
    }
  }
}

/// A model's focus reached from a concrete view and from a generic one.
protocol BindingIDFocusing: AnyObject, Observable {
  var focus: BindingIdentityField? { get set }
}

@Observable
private final class FocusModel: BindingIDFocusing {
  var focus: BindingIdentityField?
}

private struct GenericFocusField<Model: BindingIDFocusing>: View {
  @Bindable var model: Model

  var body: some View {
    TextField("generic", text: .constant("")).focused($model.focus, equals: .mail)
  }
}

private struct ConcreteAndGenericFocus: View {
  @Bindable var model: FocusModel

  var body: some View {
    VStack {
      TextField("concrete", text: .constant("")).focused($model.focus, equals: .name)
      GenericFocusField(model: model)
      TextField("outside", text: .constant(""))
    }
  }
}

/// One model's focus, a field claiming `.name` in one window and `.mail` in another.
private struct WindowFocusField: View {
  @Bindable var model: FocusModel
  let claim: BindingIdentityField

  var body: some View {
    VStack {
      TextField("field \(claim)", text: .constant("")).focused($model.focus, equals: claim)
      TextField("other \(claim)", text: .constant(""))
    }
  }
}

/// A generic field claiming `claim` of its model's focus: its key path is made at run time.
private struct GenericClaimField<Model: BindingIDFocusing>: View {
  @Bindable var model: Model
  let claim: BindingIdentityField

  var body: some View {
    TextField("claims \(claim)", text: .constant("")).focused($model.focus, equals: claim)
  }
}

private struct TwoGenericClaims: View {
  @Bindable var model: FocusModel
  let actions: ViewActions
  @State var tick = 0

  var body: some View {
    VStack {
      GenericClaimField(model: model, claim: .name)
      GenericClaimField(model: model, claim: .mail)
      TextField("outside \(tick)", text: .constant(""))
    }
    .onAppear { actions.named["tick"] = { tick = $0 } }
  }
}

/// One window's field bound to the model's focus from generic code.
private struct GenericWindowField: View {
  @Bindable var model: FocusModel

  var body: some View {
    VStack {
      GenericClaimField(model: model, claim: .mail)
      TextField("generic other", text: .constant(""))
    }
  }
}

/// A binding's identity: two paths, rows, generic views and windows reaching one storage.
final class BindingIDTests: GtkTestCase, @unchecked Sendable {
  // MARK: - BindingID (bde5a2a)

  func testTwoPathsIntoOneModelAreTwoFocusStates() throws {
    try MainActor.assumeIsolated {
      let model = TwoPaths()
      let ui = show { TwoFocusPaths(model: model) }
      let first = try ui.find(TextField.self, title: "first")
      let second = try ui.find(TextField.self, title: "second")
      try ui.find(TextField.self, title: "neither").tap()
      XCTAssertNil(model.first)
      model.second = .name
      MainLoop.drain()
      XCTAssertTrue(second.isFocused, "the second path's value moves focus to its field")
      XCTAssertNil(model.first, "the first path is another state")
      model.first = .name
      MainLoop.drain()
      XCTAssertTrue(first.isFocused)
      XCTAssertNil(model.second, "focus left the second path's field")
      second.tap()
      XCTAssertEqual(model.second, .name)
      XCTAssertNil(model.first)
    }
  }

  func testAFieldReboundToAnotherPathRowOrStateShowsIt() throws {
    try MainActor.assumeIsolated {
      let model = TwoPaths()
      let actions = ViewActions()
      let ui = show { SwitchedBinding(actions: actions, model: model) }
      let switched = try ui.find(TextField.self, title: "switched")
      let row = try ui.find(TextField.self, title: "row")
      let rowPath = try ui.find(TextField.self, title: "row path")
      let state = try ui.find(TextField.self, title: "state")
      XCTAssertEqual(
        [switched.text, row.text, rowPath.text, state.text], ["alpha", "l0", "l0", "one"])
      actions("useB", 1)
      actions("row", 1)
      MainLoop.drain()
      XCTAssertEqual(
        [switched.text, row.text, rowPath.text, state.text], ["beta", "l1", "l1", "two"])
      switched.typeAtEnd("!")
      row.typeAtEnd("?")
      state.typeAtEnd("+")
      XCTAssertEqual(model.a, "alpha")
      XCTAssertEqual(model.b, "beta!")
      XCTAssertEqual(model.left.map(\.name), ["l0", "l1?"])
      XCTAssertEqual(rowPath.text, "l1?")
      actions("useB", 0)
      actions("row", 0)
      MainLoop.drain()
      XCTAssertEqual(
        [switched.text, row.text, rowPath.text, state.text], ["alpha", "l0", "l0", "one"])
      rowPath.typeAtEnd("#")
      XCTAssertEqual(model.left.map(\.name), ["l0#", "l1?"])
      XCTAssertEqual(row.text, "l0#")
    }
  }

  func testAGenericViewsKeyPathReachesTheSameStorage() throws {
    try MainActor.assumeIsolated {
      let model = NamedModel()
      let actions = ViewActions()
      let ui = show { ConcreteAndGeneric(model: model, actions: actions) }
      let concrete = try ui.find(TextField.self, title: "concrete")
      let generic = try ui.find(TextField.self, title: "generic")
      let either = try ui.find(TextField.self, title: "either")
      generic.typeAtEnd("g")
      XCTAssertEqual(model.name, "ng")
      XCTAssertEqual(concrete.text, "ng")
      XCTAssertEqual(either.text, "ng")
      concrete.typeAtEnd("c")
      XCTAssertEqual(generic.text, "ngc")
      actions("generic", 0)
      MainLoop.drain()
      either.typeAtEnd("e")
      XCTAssertEqual(model.name, "ngce")
      XCTAssertEqual(generic.text, "ngce")
      actions("generic", 1)
      MainLoop.drain()
      either.typeAtEnd("f")
      XCTAssertEqual([concrete.text, generic.text, either.text], ["ngcef", "ngcef", "ngcef"])
    }
  }

  func testAStateBoolAndAFocusStateBoolAreTwoFocusStates() throws {
    try MainActor.assumeIsolated {
      let reads = BoolReads()
      let ui = show { StateAndFocusBools(reads: reads) }
      let plain = try ui.find(TextField.self, title: "plain")
      let focus = try ui.find(TextField.self, title: "focus")
      try ui.find(TextField.self, title: "other").tap()
      XCTAssertFalse(reads.plain())
      XCTAssertFalse(reads.focus())
      reads.setFocus(true)
      MainLoop.drain()
      XCTAssertTrue(focus.isFocused)
      XCTAssertFalse(reads.plain())
      reads.setPlain(true)
      MainLoop.drain()
      XCTAssertTrue(plain.isFocused)
      XCTAssertFalse(reads.focus(), "focus left the focus state's field")
      focus.tap()
      XCTAssertTrue(reads.focus())
      XCTAssertFalse(reads.plain())
    }
  }

  func testBindingRowsOfTwoCollectionsWithEqualIDsStayApart() throws {
    try MainActor.assumeIsolated {
      let model = TwoPaths()
      let ui = show { EqualIDColumns(model: model) }
      @MainActor func texts() -> [String] { ui.findAll(TextField.self).map { $0.text ?? "?" } }
      XCTAssertEqual(texts(), ["l0", "l1", "r0", "r1", "u0", "d0"])
      try ui.find(TextField.self, title: "left 0").typeAtEnd("a")
      try ui.find(TextField.self, title: "down 0").typeAtEnd("b")
      XCTAssertEqual(texts(), ["l0a", "l1", "r0", "r1", "u0", "d0b"])
      XCTAssertEqual(model.right.map(\.name), ["r0", "r1"])
      // Writes from the model reach the rows of their own collection only.
      model.right[0].name = "R0"
      MainLoop.drain()
      XCTAssertEqual(texts(), ["l0a", "l1", "R0", "r1", "u0", "d0b"])
      model.left[1].name = "L1"
      MainLoop.drain()
      XCTAssertEqual(texts(), ["l0a", "L1", "R0", "r1", "u0", "d0b"])
      try ui.find(TextField.self, title: "right 1").typeAtEnd("c")
      XCTAssertEqual(model.left.map(\.name), ["l0a", "L1"])
      XCTAssertEqual(model.right.map(\.name), ["R0", "r1c"])
      XCTAssertEqual(try ui.find(Text.self).text, "up [\"u0\"] down [\"d0b\"]")
    }
  }

  /// A generic view's `\Model.focus` goes through the protocol's witness, a concrete view's
  /// `\FocusModel.focus` through the getter, and Swift's key paths of the two are not equal:
  /// two focus groups for one storage. Each wrote back "the truth" for the other's value
  /// (every read `nil`, no claim moved focus) until FocusGroup left a value that a group of
  /// the same object claims and reads (`isClaimedThroughAnotherPath`).
  func testOneModelFocusReachedFromAConcreteAndAGenericViewIsOneState() throws {
    try MainActor.assumeIsolated {
      let model = FocusModel()
      let ui = show { ConcreteAndGenericFocus(model: model) }
      let concrete = try ui.find(TextField.self, title: "concrete")
      let generic = try ui.find(TextField.self, title: "generic")
      try ui.find(TextField.self, title: "outside").tap()
      XCTAssertNil(model.focus)
      model.focus = .mail
      MainLoop.drain()
      XCTAssertTrue(generic.isFocused, "the generic view's claim moves focus")
      XCTAssertEqual(model.focus, .mail)
      model.focus = .name
      MainLoop.drain()
      XCTAssertTrue(concrete.isFocused)
      XCTAssertEqual(model.focus, .name)
      generic.tap()
      XCTAssertEqual(model.focus, .mail)
      concrete.tap()
      XCTAssertEqual(model.focus, .name)
    }
  }

  func testTwoGenericViewsOfOneModelFocusAreOneState() throws {
    try MainActor.assumeIsolated {
      let model = FocusModel()
      let actions = ViewActions()
      let ui = show { TwoGenericClaims(model: model, actions: actions) }
      let name = try ui.find(TextField.self, title: "claims name")
      let mail = try ui.find(TextField.self, title: "claims mail")
      for round in 1...2 {
        try ui.find(TextField.self, title: "outside \(round - 1)").tap()
        XCTAssertNil(model.focus)
        model.focus = .mail
        MainLoop.drain()
        XCTAssertTrue(mail.isFocused, "round \(round)")
        XCTAssertEqual(model.focus, .mail)
        name.tap()
        XCTAssertEqual(model.focus, .name)
        model.focus = .mail
        MainLoop.drain()
        XCTAssertTrue(mail.isFocused)
        actions("tick", round)
        MainLoop.drain()
        XCTAssertEqual(model.focus, .mail, "a re-run of the body kept the state")
      }
    }
  }

  func testOneModelFocusBoundConcretelyInOneWindowAndGenericallyInAnother() throws {
    try MainActor.assumeIsolated {
      let model = FocusModel()
      let first = show { WindowFocusField(model: model, claim: .name) }
      let second = show { GenericWindowField(model: model) }
      try first.find(TextField.self, title: "other name").tap()
      try second.find(TextField.self, title: "generic other").tap()
      try assertWritesMoveFocus(of: model, between: first, second, mailField: "claims mail")
    }
  }

  func testOneModelFocusSharedByTwoWindowsMovesToTheWindowThatClaimsIt() throws {
    try MainActor.assumeIsolated {
      let model = FocusModel()
      let first = show { WindowFocusField(model: model, claim: .name) }
      let second = show { WindowFocusField(model: model, claim: .mail) }
      try first.find(TextField.self, title: "other name").tap()
      try second.find(TextField.self, title: "other mail").tap()
      try assertWritesMoveFocus(of: model, between: first, second, mailField: "field mail")
    }
  }

  /// Writes `.name` then `.mail` to `model.focus`, twice: each activates the window whose
  /// field claims it and focuses that field (`mailField` in `second`), and the model keeps it.
  @MainActor
  private func assertWritesMoveFocus(
    of model: FocusModel, between first: ViewInspection<some View>,
    _ second: ViewInspection<some View>, mailField: String
  ) throws {
    XCTAssertNil(model.focus)
    for round in 1...2 {
      model.focus = .name
      MainLoop.drain()
      XCTAssertTrue(MainLoop.run(timeout: 5) { first.window.isActive }, "round \(round)")
      MainLoop.drain()
      XCTAssertTrue(try first.find(TextField.self, title: "field name").isFocused)
      XCTAssertEqual(model.focus, .name, "round \(round)")
      model.focus = .mail
      MainLoop.drain()
      XCTAssertTrue(MainLoop.run(timeout: 5) { second.window.isActive }, "round \(round)")
      MainLoop.drain()
      XCTAssertTrue(try second.find(TextField.self, title: mailField).isFocused)
      XCTAssertEqual(model.focus, .mail, "round \(round)")
    }
  }
}
