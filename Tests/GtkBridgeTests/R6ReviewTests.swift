import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

// MARK: - Models and views the probes share

enum R6Field: Hashable { case name, mail }

/// Two focus values and two texts in one model: `$model.a` and `$model.b` are two storages.
@Observable
private final class TwoPaths {
  var first: R6Field?
  var second: R6Field?
  var a = "alpha"
  var b = "beta"
  var left = [R6Item(id: 0, name: "l0"), R6Item(id: 1, name: "l1")]
  var right = [R6Item(id: 0, name: "r0"), R6Item(id: 1, name: "r1")]
}

private struct R6Item: Identifiable, Equatable {
  let id: Int
  var name: String
}

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
protocol R6Named: AnyObject, Observable {
  var name: String { get set }
}

@Observable
private final class NamedModel: R6Named {
  var name = "n"
}

/// A generic view: its key path into the model goes through the protocol's witness.
private struct GenericNameField<Model: R6Named>: View {
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
private func genericBinding<Model: R6Named>(_ model: Model) -> Binding<String> {
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
  @State var up = [R6Item(id: 0, name: "u0")]
  @State var down = [R6Item(id: 0, name: "d0")]

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

/// One binding ForEach whose collection binding switches between two arrays holding equal
/// elements: the rows must write to the array they show now.
private struct SwitchedCollection: View {
  let actions: ViewActions
  @Bindable var model: TwoPaths
  @State var useRight = false

  var body: some View {
    VStack {
      ForEach(useRight ? $model.right : $model.left) { $item in
        TextField("col \(item.id)", text: $item.name)
      }
    }
    .onAppear { actions.named["right"] = { useRight = $0 == 1 } }
  }
}

/// A ForEach that is a binding one or a plain one, as a flag says.
private struct BindingOrPlain: View {
  let actions: ViewActions
  @State var items = [R6Item(id: 0, name: "a"), R6Item(id: 1, name: "b")]
  @State var bound = true

  var body: some View {
    VStack {
      if bound {
        ForEach($items) { $item in TextField("item \(item.id)", text: $item.name) }
      } else {
        ForEach(items) { item in Text("text \(item.id) \(item.name)") }
      }
    }
    .onAppear {
      actions.named["bound"] = { bound = $0 == 1 }
      actions.named["rename"] = { id in items[id].name += "!" }
    }
  }
}

/// Elements that are objects, seen through weak references.
private final class RowObject: Identifiable {
  let id: Int
  let name: String
  init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
}

@MainActor
private final class WeakRows {
  private var rows: [Int: () -> RowObject?] = [:]
  func add(_ row: RowObject) { rows[row.id] = { [weak row] in row } }
  func alive(_ id: Int) -> Bool { rows[id]!() != nil }
}

private struct ObjectRows: View {
  let actions: ViewActions
  let weak: WeakRows
  @State var rows: [RowObject] = []
  @State var shows = true

  var body: some View {
    VStack {
      if shows {
        ForEach(rows) { row in Text("row \(row.id) \(row.name)") }
      }
      Text("end")
    }
    .onAppear {
      actions.named["shows"] = { shows = $0 == 1 }
      actions.named["load"] = { _ in
        rows = (0..<3).map { RowObject(id: $0, name: "o\($0)") }
        for row in rows { weak.add(row) }
      }
      actions.named["replace"] = { id in
        rows = rows.map { $0.id == id ? RowObject(id: id, name: "new") : $0 }
      }
      actions.named["drop"] = { id in rows.removeAll { $0.id == id } }
    }
  }
}

/// A zero-sized element type.
private struct Nothing: Hashable {}

/// An element holding a string and an object (non-POD, compared by bytes).
private struct Mixed: Identifiable {
  let id: Int
  var title: String
  var object: RowObject
}

private struct ManyKinds: View {
  let actions: ViewActions
  @State var count = 3
  @State var nothings = [Nothing(), Nothing()]
  @State var words = ["x", "y", "z"]
  @State var mixed = [
    Mixed(id: 0, title: "m0", object: RowObject(id: 0, name: "o0")),
    Mixed(id: 1, title: "m1", object: RowObject(id: 1, name: "o1")),
  ]
  @State var suffix = ""

  var body: some View {
    VStack {
      ForEach(0..<count) { i in Text("range \(i)\(suffix)") }
      ForEach(nothings, id: \.self) { _ in Text("nothing\(suffix)") }
      ForEach(words, id: \.self) { word in Text("word \(word)") }
      ForEach(mixed) { item in Text("mixed \(item.title) \(item.object.name)") }
    }
    .onAppear {
      actions.named["count"] = { count = $0 }
      actions.named["nothings"] = { nothings = Array(repeating: Nothing(), count: $0) }
      actions.named["word"] = { words[$0] = words[$0] + "+" }
      actions.named["title"] = { mixed[$0].title += "*" }
      actions.named["object"] = { mixed[$0].object = RowObject(id: $0, name: "swapped") }
      actions.named["suffix"] = { suffix = "#\($0)" }
    }
  }
}

private struct Group6: Identifiable {
  let id: Int
  var items: [R6Item]
}

/// Binding rows inside binding rows.
private struct NestedRows: View {
  let actions: ViewActions
  @State var groups = [
    Group6(id: 0, items: [R6Item(id: 0, name: "g0i0"), R6Item(id: 1, name: "g0i1")]),
    Group6(id: 1, items: [R6Item(id: 0, name: "g1i0")]),
  ]

  var body: some View {
    VStack {
      ForEach($groups) { $group in
        ForEach($group.items) { $item in
          TextField("g\(group.id) i\(item.id)", text: $item.name)
        }
      }
      Text(groups.map { $0.items.map(\.name).joined(separator: ",") }.joined(separator: "|"))
    }
    .onAppear {
      actions.named["reverse"] = { _ in groups.reverse() }
      actions.named["dropGroup"] = { id in groups.removeAll { $0.id == id } }
      actions.named["reverseItems"] = { id in
        groups[groups.firstIndex { $0.id == id }!].items.reverse()
      }
    }
  }
}

/// Rows that read a shared state, changed in the same turn as an element and the order.
private struct DirtyRows: View {
  let actions: ViewActions
  @State var items = (0..<4).map { R6Item(id: $0, name: "n\($0)") }
  @State var shared = 0

  var body: some View {
    VStack {
      ForEach(items) { item in
        if item.id % 2 == 0 {
          Text("\(item.id) \(item.name) \(shared)")
        } else {
          Text("\(item.id) \(item.name)")
        }
      }
    }
    .onAppear {
      actions.named["sharedAndRename"] = { i in
        shared += 1
        items[i].name += "x"
      }
      actions.named["renameAndShared"] = { i in
        items[i].name += "y"
        shared += 1
      }
      actions.named["sharedAndReverse"] = { _ in
        shared += 1
        items.reverse()
      }
      actions.named["sharedAndDrop"] = { id in
        shared += 1
        items.removeAll { $0.id == id }
      }
    }
  }
}

// MARK: - Modifier layouts

/// A view whose stored properties leave odd sizes: a Bool then an Int8.
private struct Odd: View {
  let flag: Bool
  let small: Int8

  var body: some View {
    Text("odd \(flag) \(small)")
  }
}

/// A view with a Bool then an Int: padding inside the view.
private struct Padded: View {
  let flag: Bool
  let number: Int

  var body: some View {
    TextField("padded \(flag) \(number)", text: .constant(""))
  }
}

enum R6Payload: Hashable {
  case plain
  case named(String)
  case pair(Int8, Bool)
}

private struct OddModifiers: View {
  let actions: ViewActions
  let reads: OddReads
  @State var flag = false
  @State var small: Int8 = 1
  @FocusState var byte: Int8?
  @FocusState var yes: Bool?
  @FocusState var word: String?
  @FocusState var payload: R6Payload?
  @State var appeared = 0

  var body: some View {
    VStack {
      EmptyView().onAppear { appeared += 1 }.padding(3).tag(UInt8(7))
      Odd(flag: flag, small: small).tag(UInt8(small)).padding(Int(small))
      Padded(flag: flag, number: Int(small)).focused($byte, equals: Int8(2))
      TextField("yes \(flag)", text: .constant("")).focused($yes, equals: true)
      TextField("word", text: .constant("")).padding(1).focused($word, equals: "w")
      Padded(flag: !flag, number: 99).focused($payload, equals: .named("p\(small)"))
      Odd(flag: true, small: -1).focusable().focused($payload, equals: .pair(small, flag))
      Text("appeared \(appeared)")
    }
    .onAppear {
      reads.byte = { byte }
      reads.yes = { yes }
      reads.word = { word }
      reads.payload = { payload }
      reads.setByte = { byte = $0 }
      reads.setYes = { yes = $0 }
      reads.setWord = { word = $0 }
      reads.setPayload = { payload = $0 }
      actions.named["flag"] = { flag = $0 == 1 }
      actions.named["small"] = { small = Int8($0) }
    }
  }
}

@MainActor
private final class OddReads {
  var byte: () -> Int8? = { nil }
  var yes: () -> Bool? = { nil }
  var word: () -> String? = { nil }
  var payload: () -> R6Payload? = { nil }
  var setByte: (Int8?) -> Void = { _ in }
  var setYes: (Bool?) -> Void = { _ in }
  var setWord: (String?) -> Void = { _ in }
  var setPayload: (R6Payload?) -> Void = { _ in }
}

/// A user's row with state of its own, under ten modifiers.
private struct Row6: View {
  let title: String
  @State var text = ""

  var body: some View {
    TextField(title, text: $text)
  }
}

private struct DeepChain: View {
  let actions: ViewActions
  @FocusState var focus: R6Field?
  @State var title = "t0"
  @State var other = false
  @State var key = 0
  @State var note = ""

  var body: some View {
    VStack {
      Row6(title: title)
        .padding(1).tag(1).padding(2).accessibilityLabel("deep \(title)").padding(3)
        .onSubmit { note = "submitted \(title)" }.tag("x").padding(4)
        .focused($focus, equals: .name).padding(5)
      if other {
        Text("same modifier \(title)").padding(7).tag(2)
      } else {
        TextField("same modifier \(title)", text: .constant("")).padding(7).tag(2)
      }
      Row6(title: "keyed").padding(2).id(key).focused($focus, equals: .mail)
      Text("note \(note)")
    }
    .onAppear {
      actions.named["title"] = { title = "t\($0)" }
      actions.named["other"] = { other = $0 == 1 }
      actions.named["key"] = { key = $0 }
      actions.named["focus"] = { focus = [nil, .name, .mail][$0] }
    }
  }
}

// MARK: - Text writes during a pass

@Observable
private final class Typing {
  var source = ""
  var target = ""
  var shows = true
  var log: [String] = []
}

/// `.onChange` of one field types into another field's widget (a write during the pass).
private struct TypesDuringPass: View {
  @Bindable var typing: Typing
  let widgets: WidgetBox

  var body: some View {
    VStack {
      TextField("source", text: $typing.source)
      if typing.shows {
        TextField("target", text: $typing.target)
          .configure { widgets.target = $0 as? EditableWidget }
      }
      Text("target \(typing.target)")
    }
    .onChange(of: typing.source) { _, new in
      typing.log.append("change \(new)")
      widgets.type(String(new.last ?? "_"))
      if new.hasSuffix("!") { typing.shows = false }
    }
  }
}

/// A row whose content, re-run in the update that removes the next row, types into that
/// row's field: the keystroke is written after the pass, when the field is gone.
private struct TypedWhileRemoved: View {
  let actions: ViewActions
  @Bindable var typing: Typing
  let widgets: WidgetBox
  @State var ids = [0, 1]
  @State var go = 0

  var body: some View {
    VStack {
      ForEach(ids, id: \.self) { id in
        if id == 0 {
          // NB: once per `go`: a row re-run for another reason (every parent run, with the
          // runtime tricks off) must not type again.
          let _ = go > widgets.typedFor ? widgets.type("z", for: go) : ()
          Text("first \(go)")
        } else {
          TextField("target", text: $typing.target)
            .configure { widgets.target = $0 as? EditableWidget }
        }
      }
      Text("target \(typing.target)")
    }
    .onAppear {
      actions.named["go"] = { _ in go += 1 }
      actions.named["goAndRemove"] = { _ in
        go += 1
        ids = [0]
      }
    }
  }
}

@MainActor
private final class WidgetBox {
  weak var target: EditableWidget?
  /// Whether each keystroke `type` made was typed inside an update pass.
  var typedInPass: [Bool] = []

  /// The last `go` that `type(_:for:)` typed for.
  var typedFor = 0

  func type(_ text: String) {
    guard let target else { return }
    typedInPass.append(UpdateScheduler.shared.isUpdating)
    target.simulateTyping(text)
  }

  func type(_ text: String, for go: Int) {
    typedFor = go
    type(text)
  }
}

// MARK: - More probes: object paths, focus through rows and generic views

@Observable
private final class Doc {
  var items: [R6Item]
  init(_ items: [R6Item]) { self.items = items }
}

@Observable
private final class Library {
  var current = Doc([R6Item(id: 0, name: "a0"), R6Item(id: 1, name: "a1")])
}

/// Rows bound through an object that the model replaces (`$library.current.items`).
private struct CurrentDocRows: View {
  @Bindable var library: Library

  var body: some View {
    VStack {
      ForEach($library.current.items) { $item in
        TextField("item \(item.id)", text: $item.name)
      }
    }
  }
}

private struct Task6: Identifiable {
  let id: Int
  var title: String
  var editing = false
}

/// Each row's field bound to its own `Bool` through the row's binding.
private struct FocusRows: View {
  let actions: ViewActions
  @Bindable var list: TaskList

  var body: some View {
    VStack {
      ForEach($list.tasks) { $task in
        TextField("task \(task.id)", text: $task.title).focused($task.editing)
      }
      TextField("outside", text: .constant(""))
    }
  }
}

@Observable
private final class TaskList {
  var tasks = (0..<3).map { Task6(id: $0, title: "t\($0)") }
}

/// A model's focus reached from a concrete view and from a generic one.
protocol R6Focusing: AnyObject, Observable {
  var focus: R6Field? { get set }
}

@Observable
private final class FocusModel: R6Focusing {
  var focus: R6Field?
}

private struct GenericFocusField<Model: R6Focusing>: View {
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

/// Fields bound to `@AppStorage` keys: two views of one key, and a field switched between two.
private struct StoredFields: View {
  let actions: ViewActions
  @AppStorage("r6 first") var first = "f"
  @AppStorage("r6 first") var firstAgain = "f"
  @AppStorage("r6 second") var second = "s"
  @State var useSecond = false

  var body: some View {
    VStack {
      TextField("first", text: $first)
      TextField("first again", text: $firstAgain)
      TextField("switched", text: useSecond ? $second : $first)
      Text("first \(first) second \(second)")
    }
    .onAppear { actions.named["second"] = { useSecond = $0 == 1 } }
  }
}

/// A non-observable settings object rows read through, and a state that re-runs the parent.
private final class PlainSettings {
  var prefix = "a"
}

private struct RowsThroughAReference: View {
  let actions: ViewActions
  let settings: PlainSettings
  @State var tick = 0
  @State var items = [1, 2]

  var body: some View {
    VStack {
      Text("tick \(tick)")
      ForEach(items, id: \.self) { item in Text("row \(settings.prefix)\(item)") }
    }
    .onAppear { actions.named["tick"] = { tick = $0 } }
  }
}

/// One model's focus, a field claiming `.name` in one window and `.mail` in another.
private struct WindowFocusField: View {
  @Bindable var model: FocusModel
  let claim: R6Field

  var body: some View {
    VStack {
      TextField("field \(claim)", text: .constant("")).focused($model.focus, equals: claim)
      TextField("other \(claim)", text: .constant(""))
    }
  }
}

/// An `ObservableObject` rows read through the view's `@ObservedObject`.
private final class Store6: ObservableObject {
  @Published var prefix = "a"
}

private struct RowsThroughAnObservedObject: View {
  @ObservedObject var store: Store6
  let items = [1, 2]

  var body: some View {
    VStack {
      ForEach(items, id: \.self) { item in Text("row \(store.prefix)\(item)") }
    }
  }
}

/// A generic field claiming `claim` of its model's focus: its key path is made at run time.
private struct GenericClaimField<Model: R6Focusing>: View {
  @Bindable var model: Model
  let claim: R6Field

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

/// A row's content types into a field whose binding keeps upper case, inside the pass.
private struct ReshapedInPass: View {
  let actions: ViewActions
  @Bindable var typing: Typing
  let widgets: WidgetBox
  @State var go = 0

  var body: some View {
    VStack {
      ForEach([0, 1], id: \.self) { id in
        if id == 0 {
          // NB: once per `go`: a row re-run for another reason (every parent run, with the
          // runtime tricks off) must not type again.
          let _ = go > widgets.typedFor ? widgets.type("z", for: go) : ()
          Text("go \(go)")
        } else {
          TextField(
            "upper",
            text: Binding(get: { typing.target }, set: { typing.target = $0.uppercased() })
          )
          .configure { widgets.target = $0 as? EditableWidget }
        }
      }
    }
    .onAppear { actions.named["go"] = { _ in go += 1 } }
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

/// Two `@AppStorage`s of one key with different defaults, and a field switched between them.
private struct StoredDefaults: View {
  let actions: ViewActions
  @AppStorage("r6 shared") var plain = "plain default"
  @AppStorage("r6 shared") var fancy = "fancy default"
  @State var useFancy = false

  var body: some View {
    VStack {
      TextField("switched", text: useFancy ? $fancy : $plain)
      Text("plain \(plain) fancy \(fancy)")
    }
    .onAppear { actions.named["fancy"] = { useFancy = $0 == 1 } }
  }
}

/// Rows with a duplicate id (a user's own state in each), edited between updates.
private struct DuplicateRows: View {
  let actions: ViewActions
  @State var items = [R6Item(id: 0, name: "a"), R6Item(id: 1, name: "b"), R6Item(id: 1, name: "c")]

  var body: some View {
    VStack {
      ForEach(items) { item in Row6(title: "dup \(item.name)") }
    }
    .onAppear {
      actions.named["dropB"] = { _ in items.removeAll { $0.name == "b" } }
      actions.named["renameC"] = { _ in items[items.count - 1].name = "c2" }
      actions.named["addB"] = { _ in items.insert(R6Item(id: 1, name: "b"), at: 1) }
    }
  }
}

extension InspectedView {
  /// Types `text` after what the field shows. NB: the cursor is put at the end by hand:
  /// where a field the model changed while it was not focused has its cursor once tapped is
  /// not what these probes are about (it was at the start in one run of ten; see the report).
  @MainActor
  fileprivate func typeAtEnd(_ text: String) {
    if !isFocused { tap() }
    (widget as? EditableWidget)?.cursorPosition = -1
    type(text)
  }
}

@MainActor
private func entry(_ view: InspectedView) -> Entry {
  view.widget as! Entry
}

/// Tries to break this session's speed-ups (bde5a2a BindingID, c6ec930 ForEachNode's slot,
/// 7eebe9f modifiers in place, 06ef1d2 in-place keystroke write, 8cf6677 BoundContent) as an
/// app would.
final class R6ReviewTests: GtkTestCase, @unchecked Sendable {
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

  // MARK: - ForEachNode (c6ec930, 8cf6677)

  func testAForEachThatSwitchesBetweenBindingAndPlainShowsItsData() throws {
    try MainActor.assumeIsolated {
      let actions = ViewActions()
      let ui = show { BindingOrPlain(actions: actions) }
      try ui.find(TextField.self, title: "item 1").typeAtEnd("x")
      actions("bound", 0)
      MainLoop.drain()
      XCTAssertEqual(ui.findAll(Text.self).map(\.text), ["text 0 a", "text 1 bx"])
      actions("rename", 0)
      MainLoop.drain()
      XCTAssertEqual(ui.findAll(Text.self).map(\.text), ["text 0 a!", "text 1 bx"])
      actions("bound", 1)
      MainLoop.drain()
      XCTAssertEqual(ui.findAll(TextField.self).map(\.text), ["a!", "bx"])
      actions("rename", 1)
      MainLoop.drain()
      try ui.find(TextField.self, title: "item 0").typeAtEnd("y")
      XCTAssertEqual(ui.findAll(TextField.self).map(\.text), ["a!y", "bx!"])
    }
  }

  func testABindingForEachSwitchedToAnotherCollectionWithEqualElementsWritesThatOne() throws {
    try MainActor.assumeIsolated {
      let model = TwoPaths()
      model.left = [R6Item(id: 0, name: "same"), R6Item(id: 1, name: "same")]
      model.right = model.left
      let actions = ViewActions()
      let ui = show { SwitchedCollection(actions: actions, model: model) }
      try ui.find(TextField.self, title: "col 0").typeAtEnd("L")
      XCTAssertEqual(model.left.map(\.name), ["sameL", "same"])
      model.left[0].name = "same"
      MainLoop.drain()
      actions("right", 1)
      MainLoop.drain()
      try ui.find(TextField.self, title: "col 1").typeAtEnd("R")
      XCTAssertEqual(
        model.right.map(\.name), ["same", "sameR"], "the rows still wrote the left array")
      XCTAssertEqual(model.left.map(\.name), ["same", "same"])
      model.right[0].name = "r"
      MainLoop.drain()
      XCTAssertEqual(ui.findAll(TextField.self).map(\.text), ["r", "sameR"])
    }
  }

  func testDuplicateIDsKeepEachRowsStateThroughEditsAndRemovals() throws {
    try MainActor.assumeIsolated {
      let actions = ViewActions()
      let ui = show { DuplicateRows(actions: actions) }
      try ui.find(TextField.self, title: "dup c").typeAtEnd("typed")
      let c = try ui.find(TextField.self, title: "dup c")
      actions("renameC")
      MainLoop.drain()
      let renamed = try ui.find(TextField.self, title: "dup c2")
      XCTAssertTrue(renamed.widget === c.widget, "the row kept its widget")
      XCTAssertEqual(renamed.text, "typed")
      actions("dropB")
      MainLoop.drain()
      XCTAssertEqual(ui.findAll(TextField.self).map(\.title), ["dup a", "dup c2"])
      XCTAssertEqual(try ui.find(TextField.self, title: "dup c2").text, "typed")
      actions("addB")
      MainLoop.drain()
      XCTAssertEqual(ui.findAll(TextField.self).map(\.title), ["dup a", "dup b", "dup c2"])
      XCTAssertEqual(try ui.find(TextField.self, title: "dup c2").text, "typed")
      XCTAssertEqual(try ui.find(TextField.self, title: "dup b").text, "")
    }
  }

  func testObjectElementsAreLetGoWhenReplacedDroppedOrTheForEachGoes() {
    MainActor.assumeIsolated {
      let actions = ViewActions()
      let weak = WeakRows()
      let nodesBefore = LiveObjects.viewNodes.load(ordering: .relaxed)
      do {
        let host = host { ObjectRows(actions: actions, weak: weak) }
        show(host)
        actions("load")
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["row 0 o0", "row 1 o1", "row 2 o2", "end"])
        // Replaced at the same id (the rows' fast path): the old object goes.
        actions("replace", 1)
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["row 0 o0", "row 1 new", "row 2 o2", "end"])
        XCTAssertFalse(weak.alive(1), "the replaced element is still held")
        actions("drop", 2)
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["row 0 o0", "row 1 new", "end"])
        XCTAssertFalse(weak.alive(2), "the dropped element is still held")
        XCTAssertTrue(weak.alive(0))
        actions("shows", 0)
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["end"])
        actions("shows", 1)
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["row 0 o0", "row 1 new", "end"])
        host.close()
        MainLoop.drain()
      }
      hosts.removeAll()
      actions.named = [:]
      MainLoop.drain()
      XCTAssertFalse(weak.alive(0), "the window's last ForEach value is still held")
      XCTAssertEqual(LiveObjects.viewNodes.load(ordering: .relaxed), nodesBefore)
    }
  }

  func testRangesZeroSizedStringAndMixedElementsShowTheirData() {
    MainActor.assumeIsolated {
      let (host, _, actions) = shown { ManyKinds(actions: $1) }
      let start = [
        "range 0", "range 1", "range 2", "nothing", "nothing", "word x", "word y", "word z",
        "mixed m0 o0", "mixed m1 o1",
      ]
      XCTAssertEqual(host.labelTexts, start)
      actions("count", 1)
      actions("nothings", 3)
      MainLoop.drain()
      XCTAssertEqual(
        host.labelTexts,
        [
          "range 0", "nothing", "nothing", "nothing", "word x", "word y", "word z",
          "mixed m0 o0", "mixed m1 o1",
        ])
      actions("word", 1)
      actions("title", 1)
      MainLoop.drain()
      XCTAssertEqual(
        Array(host.labelTexts.suffix(5)),
        ["word x", "word y+", "word z", "mixed m0 o0", "mixed m1* o1"])
      actions("object", 0)
      MainLoop.drain()
      XCTAssertEqual(Array(host.labelTexts.suffix(2)), ["mixed m0 swapped", "mixed m1* o1"])
      actions("suffix", 1)
      actions("count", 2)
      MainLoop.drain()
      XCTAssertEqual(
        Array(host.labelTexts.prefix(5)),
        ["range 0#1", "range 1#1", "nothing#1", "nothing#1", "nothing#1"])
      actions("nothings", 0)
      actions("count", 0)
      MainLoop.drain()
      XCTAssertEqual(
        host.labelTexts, ["word x", "word y+", "word z", "mixed m0 swapped", "mixed m1* o1"])
    }
  }

  func testNestedBindingRowsKeepTheirFieldsThroughReordersAndRemovals() throws {
    try MainActor.assumeIsolated {
      let actions = ViewActions()
      let ui = show { NestedRows(actions: actions) }
      @MainActor func fields() -> [String] {
        ui.findAll(TextField.self).map { "\($0.title!)=\($0.text!)" }
      }
      try ui.find(TextField.self, title: "g0 i1").typeAtEnd("a")
      try ui.find(TextField.self, title: "g1 i0").typeAtEnd("b")
      XCTAssertEqual(fields(), ["g0 i0=g0i0", "g0 i1=g0i1a", "g1 i0=g1i0b"])
      let typedIn = try ui.find(TextField.self, title: "g0 i1")
      actions("reverse")
      MainLoop.drain()
      XCTAssertEqual(fields(), ["g1 i0=g1i0b", "g0 i0=g0i0", "g0 i1=g0i1a"])
      XCTAssertTrue(
        try ui.find(TextField.self, title: "g0 i1").widget === typedIn.widget,
        "the row kept its widget")
      actions("reverseItems", 0)
      MainLoop.drain()
      XCTAssertEqual(fields(), ["g1 i0=g1i0b", "g0 i1=g0i1a", "g0 i0=g0i0"])
      try ui.find(TextField.self, title: "g0 i0").typeAtEnd("c")
      actions("dropGroup", 1)
      MainLoop.drain()
      XCTAssertEqual(fields(), ["g0 i1=g0i1a", "g0 i0=g0i0c"])
      try ui.find(TextField.self, title: "g0 i1").typeAtEnd("d")
      XCTAssertEqual(try ui.find(Text.self).text, "g0i1ad,g0i0c")
    }
  }

  func testDirtyRowsWithAChangedElementReorderOrRemovalShowTheirValues() {
    MainActor.assumeIsolated {
      let (host, _, actions) = shown { DirtyRows(actions: $1) }
      XCTAssertEqual(host.labelTexts, ["0 n0 0", "1 n1", "2 n2 0", "3 n3"])
      actions("sharedAndRename", 1)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["0 n0 1", "1 n1x", "2 n2 1", "3 n3"])
      actions("renameAndShared", 2)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["0 n0 2", "1 n1x", "2 n2y 2", "3 n3"])
      actions("sharedAndReverse")
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["3 n3", "2 n2y 3", "1 n1x", "0 n0 3"])
      actions("sharedAndDrop", 2)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["3 n3", "1 n1x", "0 n0 4"])
      actions("renameAndShared", 2)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["3 n3", "1 n1x", "0 n0y 5"])
    }
  }

  // MARK: - Modifiers read in place (7eebe9f)

  func testModifiersOnOddLayoutsReadTheirValues() throws {
    try MainActor.assumeIsolated {
      let reads = OddReads()
      let actions = ViewActions()
      let ui = show { OddModifiers(actions: actions, reads: reads) }
      @MainActor func labels() -> [String] { ui.findAll(Text.self).compactMap(\.text) }
      let appeared = labels().last
      XCTAssertEqual(labels().dropLast(), ["odd false 1", "odd true -1"])
      let padded = try ui.find(TextField.self, title: "padded false 1")
      let word = try ui.find(TextField.self, title: "word")
      try ui.find(TextField.self, title: "yes false").tap()
      XCTAssertEqual(reads.yes(), true)
      reads.setByte(2)
      MainLoop.drain()
      XCTAssertTrue(padded.isFocused)
      XCTAssertNil(reads.yes())
      reads.setWord("w")
      MainLoop.drain()
      XCTAssertTrue(word.isFocused)
      XCTAssertNil(reads.byte())
      actions("flag", 1)
      actions("small", 2)
      MainLoop.drain()
      XCTAssertEqual(labels(), ["odd true 2", "odd true -1", appeared])
      XCTAssertTrue(word.isFocused)
      let padded2 = try ui.find(TextField.self, title: "padded true 2")
      reads.setByte(2)
      MainLoop.drain()
      XCTAssertTrue(padded2.isFocused)
      reads.setPayload(.named("p2"))
      MainLoop.drain()
      let payloadField = try ui.find(TextField.self, title: "padded false 99")
      XCTAssertTrue(payloadField.isFocused)
      reads.setPayload(.named("p1"))
      MainLoop.drain()
      XCTAssertTrue(payloadField.isFocused, "no view claims p1 now: focus stays")
      XCTAssertEqual(reads.payload(), .named("p2"), "the state reads the truth")
      reads.setPayload(.pair(2, true))
      MainLoop.drain()
      XCTAssertEqual(reads.payload(), .pair(2, true), "the focusable view took the claim")
      XCTAssertFalse(payloadField.isFocused)
      reads.setYes(true)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(TextField.self, title: "yes true").isFocused)
      XCTAssertNil(reads.payload())
    }
  }

  func testATenModifierChainOnAUserViewKeepsItsStateAndFollowsChanges() throws {
    try MainActor.assumeIsolated {
      let actions = ViewActions()
      let ui = show { DeepChain(actions: actions) }
      let field = try ui.find(TextField.self, title: "t0")
      field.typeAtEnd("ab")
      XCTAssertEqual(field.text, "ab")
      actions("title", 1)
      MainLoop.drain()
      let renamed = try ui.find(TextField.self, title: "t1")
      XCTAssertTrue(renamed.widget === field.widget, "the row kept its widget")
      XCTAssertEqual(renamed.text, "ab", "the row kept its state")
      XCTAssertTrue(renamed.isFocused)
      ui.press(.return)
      XCTAssertEqual(try ui.find(Text.self, title: "note submitted t1").text, "note submitted t1")
      actions("focus", 0)
      MainLoop.drain()
      XCTAssertFalse(renamed.isFocused)
      actions("focus", 1)
      MainLoop.drain()
      XCTAssertTrue(renamed.isFocused)
      // The same modifiers on another kind of view.
      XCTAssertNoThrow(try ui.find(TextField.self, title: "same modifier t1"))
      actions("other", 1)
      MainLoop.drain()
      XCTAssertNoThrow(try ui.find(Text.self, title: "same modifier t1"))
      XCTAssertThrowsError(try ui.find(TextField.self, title: "same modifier t1"))
      actions("title", 2)
      MainLoop.drain()
      XCTAssertNoThrow(try ui.find(Text.self, title: "same modifier t2"))
      actions("other", 0)
      MainLoop.drain()
      XCTAssertNoThrow(try ui.find(TextField.self, title: "same modifier t2"))
      // `.id` inside modifiers: a new key is a new row, with fresh state and no focus.
      let keyed = try ui.find(TextField.self, title: "keyed")
      keyed.typeAtEnd("k")
      XCTAssertEqual(keyed.text, "k")
      actions("key", 1)
      MainLoop.drain()
      let fresh = try ui.find(TextField.self, title: "keyed")
      XCTAssertFalse(fresh.widget === keyed.widget)
      XCTAssertEqual(fresh.text, "")
      actions("focus", 2)
      MainLoop.drain()
      XCTAssertTrue(fresh.isFocused, "the new row joined the focus state")
    }
  }

  // MARK: - Keystrokes written in place (06ef1d2)

  func testTypingDuringAPassIntoAnotherFieldLandsAndARemovedFieldsWriteToo() throws {
    try MainActor.assumeIsolated {
      let typing = Typing()
      let widgets = WidgetBox()
      let ui = show { TypesDuringPass(typing: typing, widgets: widgets) }
      let source = try ui.find(TextField.self, title: "source")
      let target = try ui.find(TextField.self, title: "target")
      source.typeAtEnd("ab")
      XCTAssertEqual(typing.log, ["change a", "change ab"])
      // NB: `.onChange` runs after the pass: these keystrokes take the in-place write.
      XCTAssertEqual(widgets.typedInPass, [false, false])
      XCTAssertEqual(typing.target, "ab", "keystrokes typed during a pass were lost")
      XCTAssertEqual(target.text, "ab")
      XCTAssertEqual(try ui.find(Text.self).text, "target ab")
      // Typed in the same pass that removes the field.
      source.typeAtEnd("!")
      XCTAssertEqual(typing.target, "ab!", "the removed field's last keystroke was lost")
      XCTAssertThrowsError(try ui.find(TextField.self, title: "target"))
      XCTAssertEqual(try ui.find(Text.self).text, "target ab!")
      XCTAssertEqual(source.text, "ab!")
    }
  }

  func testAKeystrokeTypedInTheUpdateThatRemovesItsFieldStillLands() throws {
    try MainActor.assumeIsolated {
      let typing = Typing()
      let widgets = WidgetBox()
      let actions = ViewActions()
      let ui = show { TypedWhileRemoved(actions: actions, typing: typing, widgets: widgets) }
      try ui.find(TextField.self, title: "target").typeAtEnd("ab")
      XCTAssertEqual(typing.target, "ab")
      actions("go")
      MainLoop.drain()
      XCTAssertEqual(widgets.typedInPass, [true])
      XCTAssertEqual(typing.target, "abz", "the keystroke typed during the pass was lost")
      XCTAssertEqual(try ui.find(TextField.self, title: "target").text, "abz")
      actions("goAndRemove")
      MainLoop.drain()
      XCTAssertEqual(widgets.typedInPass, [true, true])
      XCTAssertThrowsError(try ui.find(TextField.self, title: "target"))
      XCTAssertNil(widgets.target, "the removed field's widget is still alive")
      XCTAssertEqual(typing.target, "abzz", "the keystroke into the removed field was lost")
      XCTAssertEqual(try ui.find(Text.self, title: "target abzz").text, "target abzz")
    }
  }

  func testUndoAfterInPlaceWritesRestoresTheModel() throws {
    try MainActor.assumeIsolated {
      let typing = Typing()
      let widgets = WidgetBox()
      let ui = show { TypesDuringPass(typing: typing, widgets: widgets) }
      let target = try ui.find(TextField.self, title: "target")
      target.typeAtEnd("xyz")
      XCTAssertEqual(typing.target, "xyz")
      entry(target).simulateUndo()
      MainLoop.drain()
      XCTAssertEqual(target.text, typing.target)
      XCTAssertNotEqual(typing.target, "xyz", "undo did nothing")
      XCTAssertEqual(try ui.find(Text.self).text, "target \(typing.target)")
      entry(target).simulateRedo()
      MainLoop.drain()
      XCTAssertEqual(typing.target, "xyz")
      XCTAssertEqual(target.text, "xyz")
    }
  }

  // MARK: - More probes

  func testRowsBoundThroughAReplacedObjectShowAndWriteTheNewOne() throws {
    try MainActor.assumeIsolated {
      let library = Library()
      let ui = show { CurrentDocRows(library: library) }
      @MainActor func texts() -> [String] { ui.findAll(TextField.self).map { $0.text ?? "?" } }
      try ui.find(TextField.self, title: "item 1").typeAtEnd("x")
      XCTAssertEqual(texts(), ["a0", "a1x"])
      let old = library.current
      library.current = Doc([R6Item(id: 0, name: "b0"), R6Item(id: 1, name: "b1")])
      MainLoop.drain()
      XCTAssertEqual(texts(), ["b0", "b1"], "the rows show the new document")
      try ui.find(TextField.self, title: "item 0").typeAtEnd("y")
      XCTAssertEqual(library.current.items.map(\.name), ["b0y", "b1"])
      XCTAssertEqual(old.items.map(\.name), ["a0", "a1x"], "the old document was written")
      library.current.items[1].name = "B1"
      MainLoop.drain()
      XCTAssertEqual(texts(), ["b0y", "B1"])
      old.items[0].name = "gone"
      MainLoop.drain()
      XCTAssertEqual(texts(), ["b0y", "B1"], "the old document still reaches the rows")
    }
  }

  func testEachRowsOwnFocusBoolFollowsItsRowThroughAReorder() throws {
    try MainActor.assumeIsolated {
      let list = TaskList()
      let actions = ViewActions()
      let ui = show { FocusRows(actions: actions, list: list) }
      try ui.find(TextField.self, title: "outside").tap()
      XCTAssertEqual(list.tasks.map(\.editing), [false, false, false])
      list.tasks[1].editing = true
      MainLoop.drain()
      XCTAssertTrue(try ui.find(TextField.self, title: "task 1").isFocused)
      list.tasks.reverse()
      MainLoop.drain()
      XCTAssertTrue(try ui.find(TextField.self, title: "task 1").isFocused)
      XCTAssertEqual(list.tasks.map(\.editing), [false, true, false])
      // The row now at the position task 1 had before moves focus by its own value.
      list.tasks[0].editing = true
      MainLoop.drain()
      XCTAssertTrue(try ui.find(TextField.self, title: "task 2").isFocused)
      XCTAssertEqual(list.tasks.map(\.id), [2, 1, 0])
      XCTAssertEqual(list.tasks.map(\.editing), [true, false, false])
      try ui.find(TextField.self, title: "task 0").tap()
      XCTAssertEqual(list.tasks.map(\.editing), [false, false, true])
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

  /// Known divergence, not fixed here (it predates this session: a4b85f8's closure
  /// identity): a row that reads a plain (not observable) object through a capture is not run
  /// again when its parent's `body` runs, since the new content closure captures the same
  /// object; SwiftUI runs it again and shows the object's new value. `ClosureIdentity`'s note
  /// says equal bytes read the same values, which holds for values and observable objects
  /// only. Run with GTKBRIDGE_KNOWN_DEFECTS=1 to see it fail.
  func testRowsReadingThroughAPlainObjectShowItWhenTheParentRunsAgain() throws {
    try XCTSkipIf(
      ProcessEnvironment.value("GTKBRIDGE_KNOWN_DEFECTS") == nil,
      "known divergence: rows skipped by closure identity miss a plain object's changes")
    MainActor.assumeIsolated {
      let settings = PlainSettings()
      let (host, _, actions) = shown { RowsThroughAReference(actions: $1, settings: settings) }
      XCTAssertEqual(host.labelTexts, ["tick 0", "row a1", "row a2"])
      settings.prefix = "b"
      actions("tick", 1)
      MainLoop.drain()
      // SwiftUI runs a ForEach's content again whenever the body that made it runs.
      XCTAssertEqual(host.labelTexts, ["tick 1", "row b1", "row b2"])
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

  func testAKeystrokeTypedDuringAPassIntoAReshapingFieldShowsTheModel() throws {
    try MainActor.assumeIsolated {
      let typing = Typing()
      let widgets = WidgetBox()
      let actions = ViewActions()
      let ui = show { ReshapedInPass(actions: actions, typing: typing, widgets: widgets) }
      let field = try ui.find(TextField.self, title: "upper")
      field.typeAtEnd("ab")
      XCTAssertEqual(typing.target, "AB")
      XCTAssertEqual(field.text, "AB")
      actions("go")
      MainLoop.drain()
      XCTAssertEqual(widgets.typedInPass, [true])
      XCTAssertEqual(typing.target, "ABZ")
      XCTAssertEqual(field.text, "ABZ", "the field shows what was typed, not what the model kept")
      actions("go")
      MainLoop.drain()
      XCTAssertEqual(typing.target, "ABZZ")
      XCTAssertEqual(field.text, "ABZZ")
    }
  }

  func testRowsReadingAnObservedObjectShowItsChanges() {
    MainActor.assumeIsolated {
      let store = Store6()
      let (host, _, _) = shown { _, _ in RowsThroughAnObservedObject(store: store) }
      XCTAssertEqual(host.labelTexts, ["row a1", "row a2"])
      store.prefix = "b"
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["row b1", "row b2"])
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

/// `@AppStorage` bindings (bde5a2a's `.other` ids), on a settings file of their own.
final class R6ReviewAppStorageTests: AppStorageTestCase, @unchecked Sendable {
  func testAFieldSwitchedBetweenTwoDefaultsOfOneUnsetKeyShowsEach() throws {
    try MainActor.assumeIsolated {
      let actions = ViewActions()
      let ui = show { StoredDefaults(actions: actions) }
      let field = try ui.find(TextField.self, title: "switched")
      XCTAssertEqual(field.text, "plain default")
      XCTAssertEqual(try ui.find(Text.self).text, "plain plain default fancy fancy default")
      actions("fancy", 1)
      MainLoop.drain()
      XCTAssertEqual(field.text, "fancy default", "an unset key reads each wrapper's default")
      field.typeAtEnd("!")
      XCTAssertEqual(try ui.find(Text.self).text, "plain fancy default! fancy fancy default!")
      actions("fancy", 0)
      MainLoop.drain()
      XCTAssertEqual(field.text, "fancy default!")
    }
  }

  func testFieldsOnOneKeyShareItAndASwitchedFieldShowsTheOtherKey() throws {
    try MainActor.assumeIsolated {
      let actions = ViewActions()
      let ui = show { StoredFields(actions: actions) }
      let first = try ui.find(TextField.self, title: "first")
      let again = try ui.find(TextField.self, title: "first again")
      let switched = try ui.find(TextField.self, title: "switched")
      first.typeAtEnd("1")
      XCTAssertEqual([first.text, again.text, switched.text], ["f1", "f1", "f1"])
      actions("second", 1)
      MainLoop.drain()
      XCTAssertEqual(switched.text, "s")
      switched.typeAtEnd("2")
      XCTAssertEqual([first.text, again.text, switched.text], ["f1", "f1", "s2"])
      again.typeAtEnd("3")
      XCTAssertEqual(try ui.find(Text.self).text, "first f13 second s2")
      actions("second", 0)
      MainLoop.drain()
      XCTAssertEqual(switched.text, "f13")
    }
  }
}
