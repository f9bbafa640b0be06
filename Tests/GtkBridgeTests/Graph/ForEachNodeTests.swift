import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

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
  @State var items = [BindingIdentityItem(id: 0, name: "a"), BindingIdentityItem(id: 1, name: "b")]
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
  var items: [BindingIdentityItem]
}

/// Binding rows inside binding rows.
private struct NestedRows: View {
  let actions: ViewActions
  @State var groups = [
    Group6(
      id: 0,
      items: [BindingIdentityItem(id: 0, name: "g0i0"), BindingIdentityItem(id: 1, name: "g0i1")]),
    Group6(id: 1, items: [BindingIdentityItem(id: 0, name: "g1i0")]),
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
  @State var items = (0..<4).map { BindingIdentityItem(id: $0, name: "n\($0)") }
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

@Observable
private final class Doc {
  var items: [BindingIdentityItem]
  init(_ items: [BindingIdentityItem]) { self.items = items }
}

@Observable
private final class Library {
  var current = Doc([
    BindingIdentityItem(id: 0, name: "a0"), BindingIdentityItem(id: 1, name: "a1"),
  ])
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

/// Rows with a duplicate id (a user's own state in each), edited between updates.
private struct DuplicateRows: View {
  let actions: ViewActions
  @State var items = [
    BindingIdentityItem(id: 0, name: "a"), BindingIdentityItem(id: 1, name: "b"),
    BindingIdentityItem(id: 1, name: "c"),
  ]

  var body: some View {
    VStack {
      ForEach(items) { item in Row6(title: "dup \(item.name)") }
    }
    .onAppear {
      actions.named["dropB"] = { _ in items.removeAll { $0.name == "b" } }
      actions.named["renameC"] = { _ in items[items.count - 1].name = "c2" }
      actions.named["addB"] = { _ in items.insert(BindingIdentityItem(id: 1, name: "b"), at: 1) }
    }
  }
}

private struct ChangingRows: View {
  let model: StructureModel

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

/// `ForEach` rows: switched data, duplicates, objects, nested and dirty rows.
final class ForEachNodeTests: GtkTestCase, @unchecked Sendable {
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
      model.left = [
        BindingIdentityItem(id: 0, name: "same"), BindingIdentityItem(id: 1, name: "same"),
      ]
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

  func testRowsBoundThroughAReplacedObjectShowAndWriteTheNewOne() throws {
    try MainActor.assumeIsolated {
      let library = Library()
      let ui = show { CurrentDocRows(library: library) }
      @MainActor func texts() -> [String] { ui.findAll(TextField.self).map { $0.text ?? "?" } }
      try ui.find(TextField.self, title: "item 1").typeAtEnd("x")
      XCTAssertEqual(texts(), ["a0", "a1x"])
      let old = library.current
      library.current = Doc([
        BindingIdentityItem(id: 0, name: "b0"), BindingIdentityItem(id: 1, name: "b1"),
      ])
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

  // MARK: - 5. Changing modifiers in rows that move

  func testRowsThatMoveKeepTheirOwnChangingActionsStylesAndChangeHandlers() throws {
    try MainActor.assumeIsolated {
      let model = StructureModel()
      let ui = show(host { ChangingRows(model: model) })
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
}
