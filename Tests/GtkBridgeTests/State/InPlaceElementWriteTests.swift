import Observation
import XCTest

@testable import GtkBridge

private struct ReviewRow: Identifiable, Equatable {
  let id: Int
  var name: String
}

@MainActor
@Observable
private final class ReviewModel {
  var title = "title"
  var rows = (0..<3).map { ReviewRow(id: $0, name: "row \($0)") }
}

/// What a view does to its `@State`, reached from the test as an action would.
@MainActor
private final class ReviewProbe {
  var names: () -> [String] = { [] }
  var write: (Int, String) -> Void = { _, _ in }
  var act: () -> Void = {}
  var append: () -> Void = {}
}

/// In-place element writes (`Binding.modifier`, `StateBox` `_modify`) and of the
/// detached copies `ForEach` nodes and collection observers keep.
final class InPlaceElementWriteTests: GtkTestCase, @unchecked Sendable {
  // MARK: - Exclusive access

  /// Guards exclusive access where Observation runs inside the change: `@State var model =
  /// Model()` of an `@Observable` class (SwiftUI's own pattern), `$model.rows[i]` typed into;
  /// the model's observers (a child's `@Bindable` rows of the same array, a label) run while
  /// the state's change is under way.
  func testTypingIntoRowsOfAStateHeldObservableModel() {
    MainActor.assumeIsolated {
      let probe = ReviewProbe()
      struct Child: View {
        @Bindable var model: ReviewModel
        var body: some View {
          ForEach($model.rows) { $row in TextField("Child", text: $row.name) }
        }
      }
      struct V: View {
        let probe: ReviewProbe
        @State private var model = ReviewModel()
        var body: some View {
          VStack {
            TextField("Title", text: $model.title)
            ForEach($model.rows) { $row in TextField("Name", text: $row.name) }
            Child(model: model)
            Text(model.title + " " + model.rows[1].name)
          }
          .onAppear { probe.names = { [model.title] + model.rows.map(\.name) } }
        }
      }
      let host = host { V(probe: probe) }
      show(host)
      for index in [0, 2, 5] {
        host.textFieldEntries[index].cursorPosition = -1
        host.textFieldEntries[index].simulateTyping("x")
        MainLoop.drain()
      }
      XCTAssertEqual(probe.names(), ["titlex", "row 0", "row 1xx", "row 2"])
      XCTAssertEqual(
        host.textFieldEntries.map(\.text),
        ["titlex", "row 0", "row 1xx", "row 2", "row 0", "row 1xx", "row 2"])
      XCTAssertEqual(host.labelTexts, ["titlex row 1xx"])
    }
  }

  /// Guards the in-place chain below a struct state: `$sheet.rows[i].name` by index and a
  /// binding `ForEach($sheet.rows)`, typed into in one turn.
  func testAStructStateRowsByIndexAndByBinding() {
    MainActor.assumeIsolated {
      let probe = ReviewProbe()
      struct Sheet {
        var title = "t"
        var rows = (0..<3).map { ReviewRow(id: $0, name: "row \($0)") }
      }
      struct V: View {
        let probe: ReviewProbe
        @State private var sheet = Sheet()
        var body: some View {
          VStack {
            ForEach($sheet.rows) { $row in TextField("Name", text: $row.name) }
            TextField("First", text: $sheet.rows[0].name)
            Text(sheet.rows[0].name)
          }
          .onAppear { probe.names = { sheet.rows.map(\.name) } }
        }
      }
      let host = host { V(probe: probe) }
      show(host)
      host.textFieldEntries[3].cursorPosition = -1
      host.textFieldEntries[3].simulateTyping("a")
      MainLoop.drain()
      host.textFieldEntries[0].cursorPosition = -1
      host.textFieldEntries[0].simulateTyping("b")
      host.textFieldEntries[2].cursorPosition = -1
      host.textFieldEntries[2].simulateTyping("c")
      MainLoop.drain()
      XCTAssertEqual(probe.names(), ["row 0ab", "row 1", "row 2c"])
      XCTAssertEqual(
        host.textFieldEntries.map(\.text), ["row 0ab", "row 1", "row 2c", "row 0ab"])
      XCTAssertEqual(host.labelTexts, ["row 0ab"])
    }
  }

  /// Guards exclusive access against the element's own code, which runs inside the change:
  /// a computed `id`, a computed property with a setter, a `didSet`.
  func testElementUserCodeRunsDuringTheInPlaceChange() {
    MainActor.assumeIsolated {
      let probe = ReviewProbe()
      struct Person: Identifiable {
        var key: Int
        var first: String
        var last: String { didSet { edits += 1 } }
        var edits = 0
        var id: String { "p\(key)" }
        var fullName: String {
          get { first + " " + last }
          set {
            let parts = newValue.split(separator: " ", maxSplits: 1)
            first = parts.first.map(String.init) ?? ""
            last = parts.count > 1 ? String(parts[1]) : ""
          }
        }
      }
      struct V: View {
        let probe: ReviewProbe
        @State private var people = [
          Person(key: 1, first: "Ada", last: "L"), Person(key: 2, first: "Alan", last: "T"),
        ]
        var body: some View {
          VStack {
            ForEach($people) { $person in
              TextField("Full", text: $person.fullName)
              Text("\(person.first)|\(person.last)|\(person.edits)")
            }
          }
          .onAppear { probe.names = { people.map(\.fullName) } }
        }
      }
      let host = host { V(probe: probe) }
      show(host)
      let entry = host.textFieldEntries[1]
      entry.cursorPosition = -1
      entry.simulateTyping("u")
      MainLoop.drain()
      entry.simulateTyping("r")
      MainLoop.drain()
      XCTAssertEqual(probe.names(), ["Ada L", "Alan Tur"])
      XCTAssertEqual(host.labelTexts, ["Ada|L|0", "Alan|Tur|2"])
    }
  }

  /// Guards the in-place chain through two element bindings: `ForEach($sections) {
  /// ForEach($section.rows) }`, typed into around a removal in the same turn.
  func testNestedBindingForEachRows() {
    MainActor.assumeIsolated {
      let probe = ReviewProbe()
      struct Section: Identifiable {
        let id: Int
        var rows: [ReviewRow]
      }
      struct V: View {
        let probe: ReviewProbe
        @State private var sections = (0..<2).map { s in
          Section(id: s, rows: (0..<2).map { ReviewRow(id: $0, name: "\(s).\($0)") })
        }
        var body: some View {
          VStack {
            ForEach($sections) { $section in
              ForEach($section.rows) { $row in TextField("Name", text: $row.name) }
            }
          }
          .onAppear {
            probe.names = { sections.flatMap { $0.rows.map(\.name) } }
            probe.act = { sections[0].rows.remove(at: 0) }
          }
        }
      }
      let host = host { V(probe: probe) }
      show(host)
      let entry = host.textFieldEntries[3]
      entry.cursorPosition = -1
      entry.simulateTyping("x")
      probe.act()
      entry.simulateTyping("y")
      MainLoop.drain()
      XCTAssertEqual(probe.names(), ["0.1", "1.0", "1.1xy"])
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["0.1", "1.0", "1.1xy"])
    }
  }

  /// Guards exclusive access against the app's own code around element bindings: a row view
  /// with `@Binding var row` wraps it in `Binding(get:set:)`, its `.onChange` writes another
  /// state, its button writes the row, and a child with `@Binding var rows` writes
  /// `rows[i].name` while the row is typed into.
  func testChildBindingWritesAndWrappedElementBindings() {
    MainActor.assumeIsolated {
      let probe = ReviewProbe()
      struct RowView: View {
        @Binding var row: ReviewRow
        @Binding var changes: Int
        var body: some View {
          HStack {
            TextField(
              "Name", text: Binding(get: { row.name }, set: { row.name = $0.lowercased() }))
            Button("Mark") { row.name += "*" }
          }
          .onChange(of: row.name) { changes += 1 }
        }
      }
      struct Child: View {
        @Binding var rows: [ReviewRow]
        var body: some View {
          Button("Shout") { rows[1].name += "!" }
        }
      }
      struct V: View {
        let probe: ReviewProbe
        @State private var rows = (0..<3).map { ReviewRow(id: $0, name: "row \($0)") }
        @State private var changes = 0
        var body: some View {
          VStack {
            ForEach($rows) { $row in RowView(row: $row, changes: $changes) }
            Child(rows: $rows)
            Text("\(changes)")
          }
          .onAppear { probe.names = { rows.map(\.name) } }
        }
      }
      let host = host { V(probe: probe) }
      show(host)
      let entry = host.textFieldEntries[1]
      entry.cursorPosition = -1
      entry.simulateTyping("A")
      host.buttons[3].simulateClick()
      MainLoop.drain()
      entry.cursorPosition = -1
      entry.simulateTyping("B")
      host.buttons[1].simulateClick()
      MainLoop.drain()
      XCTAssertEqual(probe.names(), ["row 0", "row 1a!b*", "row 2"])
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["row 0", "row 1a!b*", "row 2"])
      // NB: one `.onChange` call per update, as in SwiftUI.
      XCTAssertEqual(host.labelTexts, ["2"])
    }
  }

  // MARK: - Wrong rows, stale text

  /// Guards the `ForEach` node's in-place refresh of its kept data (fails without it): app
  /// writes in one turn through element bindings, small and heap strings, a swap, a value
  /// written away and back to the very string kept.
  func testAppWritesInOneTurnReachTheRightRows() {
    MainActor.assumeIsolated {
      let probe = ReviewProbe()
      let long = String(repeating: "long text on the heap ", count: 3)
      let host = host { LabeledRows(probe: probe, count: 4) { $0.swapAt(0, 3) } }
      show(host)
      @MainActor func check(_ expected: [String], line: UInt = #line) {
        checkRows(host, probe, expected, line: line)
      }
      // The same element twice in one turn, then two elements.
      probe.write(1, "a")
      probe.write(1, long)
      check(["row 0", long, "row 2", "row 3"])
      probe.write(1, "b")
      probe.write(2, long + "2")
      check(["row 0", "b", long + "2", "row 3"])
      // Swap then write both swapped rows.
      probe.act()
      probe.write(0, "first")
      probe.write(3, "last")
      check(["first", "b", long + "2", "last"])
      // Back to the same bytes (the very string shown before) after another value.
      let shown = probe.names()[2]
      probe.write(2, "other")
      probe.write(2, shown)
      check(["first", "b", long + "2", "last"])
      probe.write(2, "other")
      check(["first", "b", "other", "last"])
      probe.write(2, shown)
      check(["first", "b", long + "2", "last"])
    }
  }

  /// Guards the collection observer's in-place refresh: with no `body` reading the array,
  /// only the observer tells a row's field of a write, so a snapshot left stale at a changed
  /// offset would miss the write that brings it back to the bytes it holds.
  func testAFieldFollowsItsRowBackToTheSameValue() {
    MainActor.assumeIsolated {
      let probe = ReviewProbe()
      struct V: View {
        let probe: ReviewProbe
        @State private var rows = (0..<3).map { ReviewRow(id: $0, name: "row \($0)") }
        var body: some View {
          VStack {
            ForEach($rows) { $row in TextField("Name", text: $row.name) }
          }
          .onAppear {
            let rowsBinding = $rows
            probe.names = { rowsBinding.wrappedValue.map(\.name) }
            probe.write = { i, text in rowsBinding[i].name.wrappedValue = text }
          }
        }
      }
      let host = host { V(probe: probe) }
      show(host)
      let shown = probe.names()[1]
      for text in ["other", shown, "other", shown] {
        probe.write(1, text)
        MainLoop.drain()
        XCTAssertEqual(host.textFieldEntries.map(\.text), ["row 0", text, "row 2"])
      }
    }
  }

  /// Guards what is kept across whole replacements: an equal array, another of the same
  /// count, an append then a write in one turn.
  func testReplacingAndAppendingThenWriting() {
    MainActor.assumeIsolated {
      let probe = ReviewProbe()
      let host = host {
        LabeledRows(probe: probe, count: 3) { rows in
          if rows.count == 3 {
            rows = rows.map { ReviewRow(id: $0.id, name: $0.name) }
          } else {
            rows = (10..<14).map { ReviewRow(id: $0, name: "new \($0)") }
          }
        }
      }
      show(host)
      @MainActor func check(_ expected: [String], line: UInt = #line) {
        checkRows(host, probe, expected, line: line)
      }
      probe.act()  // an equal array, new storage
      probe.write(0, "x")
      check(["x", "row 1", "row 2"])
      probe.write(1, "y")
      check(["x", "y", "row 2"])
      // Appended, then written in the same turn.
      probe.append()
      probe.write(3, "z")
      check(["x", "y", "row 2", "z"])
      probe.act()  // four rows: another array of the same count, other ids
      probe.write(3, "w")
      check(["new 10", "new 11", "new 12", "w"])
      host.textFieldEntries[3].cursorPosition = -1
      host.textFieldEntries[3].simulateTyping("!")
      check(["new 10", "new 11", "new 12", "w!"])
    }
  }

  /// Guards `detach`/`refresh` per kind of data: `ContiguousArray`, `ArraySlice` (not
  /// starting at 0) and `Range`, with plain and binding rows, typed into and written.
  func testOtherCollectionKindsOfData() {
    MainActor.assumeIsolated {
      let probe = ReviewProbe()
      let all = (0..<5).map { ReviewRow(id: $0, name: "r\($0)") }
      struct V: View {
        let probe: ReviewProbe
        let all: [ReviewRow]
        @State private var contiguous: ContiguousArray<ReviewRow> = []
        @State private var slice: ArraySlice<ReviewRow> = []
        @State private var count = 0
        var body: some View {
          VStack {
            ForEach(contiguous) { row in Text("c " + row.name) }
            ForEach($contiguous) { $row in TextField("C", text: $row.name) }
            ForEach(slice) { row in Text("s " + row.name) }
            ForEach($slice) { $row in TextField("S", text: $row.name) }
            ForEach(0..<count) { i in Text("n \(i) " + contiguous[i].name) }
          }
          .onAppear {
            contiguous = ContiguousArray(all.prefix(3))
            slice = all[2...]
            count = 2
            let c = $contiguous
            let s = $slice
            probe.names = {
              contiguous.map(\.name) + slice.map(\.name) + ["\(slice.startIndex)"]
            }
            probe.write = { i, text in
              if i < 3 { c[i].name.wrappedValue = text } else { s[i - 1].name.wrappedValue = text }
            }
            probe.act = {
              slice.removeFirst()
              count = 3
            }
          }
        }
      }
      let host = host { V(probe: probe, all: all) }
      show(host)
      MainLoop.drain()
      probe.write(1, "C1")
      probe.write(3, "S2")
      probe.write(5, "S4")
      MainLoop.drain()
      XCTAssertEqual(probe.names(), ["r0", "C1", "r2", "S2", "r3", "S4", "2"])
      XCTAssertEqual(
        host.labelTexts, ["c r0", "c C1", "c r2", "s S2", "s r3", "s S4", "n 0 r0", "n 1 C1"])
      // Typing into the slice's second row after its first is removed in the same turn.
      let entry = host.textFieldEntries[4]
      entry.cursorPosition = -1
      probe.act()
      entry.simulateTyping("x")
      probe.write(0, "C0")
      MainLoop.drain()
      XCTAssertEqual(probe.names(), ["C0", "C1", "r2", "r3x", "S4", "3"])
      XCTAssertEqual(
        host.labelTexts, ["c C0", "c C1", "c r2", "s r3x", "s S4", "n 0 C0", "n 1 C1", "n 2 r2"])
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["C0", "C1", "r2", "r3x", "S4"])
    }
  }

  /// Guards against leaks: object elements replaced and removed are let go at once (nothing
  /// the graph keeps to compare with holds them), the rest once the window closes.
  func testObjectElementsAreShownAndLetGo() {
    MainActor.assumeIsolated {
      let probe = ReviewProbe()
      var objects: () -> [ReviewItem] = { [] }
      struct V: View {
        let probe: ReviewProbe
        let expose: (@escaping () -> [ReviewItem]) -> Void
        @State private var items: [ReviewItem] = []
        var body: some View {
          VStack {
            ForEach(items) { item in Text(item.name) }
            ForEach($items) { $item in TextField("Name", text: $item.name) }
          }
          .onAppear {
            expose { items }
            probe.names = { items.map(\.name) }
            probe.append = { items = (0..<3).map { ReviewItem($0, "item \($0)") } }
            probe.act = {
              items[1] = ReviewItem(1, "new 1")
              items.remove(at: 0)
            }
          }
        }
      }
      weak var removed: ReviewItem?
      weak var replaced: ReviewItem?
      weak var kept: ReviewItem?
      do {
        let host = host { V(probe: probe, expose: { objects = $0 }) }
        show(host)
        probe.append()
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["item 0", "item 1", "item 2"])
        host.textFieldEntries[2].cursorPosition = -1
        host.textFieldEntries[2].simulateTyping("!")
        MainLoop.drain()
        XCTAssertEqual(probe.names(), ["item 0", "item 1", "item 2!"])
        removed = objects()[0]
        replaced = objects()[1]
        kept = objects()[2]
        probe.act()
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["new 1", "item 2!"])
        XCTAssertEqual(host.textFieldEntries.map(\.text), ["new 1", "item 2!"])
        XCTAssertNil(removed, "a removed row's object")
        XCTAssertNil(replaced, "a replaced row's object")
        XCTAssertNotNil(kept)
        host.close()
        MainLoop.drain()
        objects = { [] }
        probe.names = { [] }
        probe.act = {}
        probe.append = {}
      }
      MainLoop.drain()
      XCTAssertNil(kept, "a row's object once the window closed")
    }
  }

  // MARK: - Lost typing

  /// Seeded random typing into the rows of a `@State` array (the in-place path; the random
  /// tests of `CollectionBindingRandomTests` write a model's array, which has none) while the
  /// app inserts, removes, moves and writes rows, in the same turn or not: every character
  /// lands in the row it was typed into and every field and label shows its row.
  func testRandomTypingIntoStateRowsWhileTheAppChangesThem() {
    MainActor.assumeIsolated {
      let rows = StateRows()
      struct V: View {
        let rows: StateRows
        @State private var items = (0..<4).map { ReviewRow(id: $0, name: "r\($0)") }
        var body: some View {
          VStack {
            ForEach(items) { item in Text(item.name) }
            ForEach($items) { $item in
              TextField("Row", text: $item.name)
                .configure { [rows] in rows.entries[item.id] = $0 as? Entry }
            }
          }
          .onAppear {
            let binding = $items
            rows.read = { items }
            rows.change = { items = $0(items) }
            rows.writeInPlace = { index, suffix in binding[index].name.wrappedValue += suffix }
          }
        }
      }
      let host = host { V(rows: rows) }
      show(host)
      var expected = Dictionary(uniqueKeysWithValues: rows.read().map { ($0.id, $0.name) })
      var nextID = 100
      let turns = Int(ProcessEnvironment.value("GTKBRIDGE_RANDOM_OPS") ?? "") ?? 400
      var rng = SeededGenerator(
        state: UInt64(ProcessEnvironment.value("GTKBRIDGE_SEED") ?? "") ?? 20_261_202)
      var log: [String] = []
      // NB: a field typed into after the app wrote its row in the same turn still shows the
      // old text and writes it back with the keystroke (SwiftUI's fields do the same): such
      // a keystroke waits for the next turn.
      var writtenThisTurn: Set<Int> = []
      @MainActor func step() {
        let count = rows.read().count
        let index = count == 0 ? 0 : Int.random(in: 0..<count, using: &rng)
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<4 where count > 0 && !writtenThisTurn.contains(rows.read()[index].id):
          let id = rows.read()[index].id
          // NB: a row inserted in this turn has no field yet.
          guard let entry = rows.entries[id] else { break }
          entry.cursorPosition = -1
          entry.simulateTyping("k")
          expected[id]! += "k"
          log.append("type into \(id)")
        case 4:
          nextID += 1
          let row = ReviewRow(id: nextID, name: "r\(nextID)")
          expected[row.id] = row.name
          rows.change {
            var items = $0; items.insert(row, at: min(index, count)); return items
          }
          log.append("insert \(row.id) at \(index)")
        case 5 where count > 1:
          let removed = rows.read()[index].id
          expected[removed] = nil
          rows.entries[removed] = nil
          rows.change {
            var items = $0; items.remove(at: index); return items
          }
          log.append("remove \(removed)")
        case 6 where count > 1:
          let to = Int.random(in: 0..<count, using: &rng)
          rows.change {
            var items = $0; items.insert(items.remove(at: index), at: to); return items
          }
          log.append("move \(index) to \(to)")
        case 7 where count > 0:
          expected[rows.read()[index].id]! += "!"
          writtenThisTurn.insert(rows.read()[index].id)
          rows.writeInPlace(index, "!")
          log.append("app writes \(rows.read()[index].id) in place")
        case 8 where count > 0:
          let id = rows.read()[index].id
          expected[id]! += "?"
          writtenThisTurn.insert(id)
          rows.change {
            var items = $0; items[index].name += "?"; return items
          }
          log.append("app writes \(id)")
        default:
          break
        }
      }
      var checks = 0
      for turn in 0..<turns {
        // Up to three operations in one main-loop turn.
        writtenThisTurn = []
        for _ in 0..<Int.random(in: 1...3, using: &rng) { step() }
        MainLoop.drain()
        checks += 1
        let items = rows.read()
        let names = items.map(\.name)
        let wanted = items.map { expected[$0.id] ?? "gone" }
        let shown = items.map { rows.entries[$0.id]?.text ?? "no field" }
        guard names == wanted, shown == names, host.labelTexts == names,
          expected.count == items.count
        else {
          XCTFail(
            "turn \(turn): state \(names), expected \(wanted), fields \(shown), "
              + "labels \(host.labelTexts)\n" + log.suffix(8).joined(separator: "\n"))
          return
        }
      }
      XCTAssertEqual(checks, turns)
    }
  }

  // MARK: - Elements with padding

  /// Found by this review: an element with padding between its fields (`Bool` before a
  /// `String`). Copies made field by field leave the padding as it was in the new memory, so
  /// the kept copy's bytes never equal the app's there: every element read as changed on
  /// every update, and a keystroke re-ran every row (issue 10's N-scaling, back).
  func testAKeystrokeReRunsOneRowWhenElementsHavePadding() throws {
    try skipUnlessRuntimeTricksAreOn(
      "which row closures run: the unchanged rows are skipped because the closure compared equal (ClosureIdentity)"
    )
    MainActor.assumeIsolated {
      struct Task: Identifiable {
        let id: Int
        var done: Bool
        var title: String
      }
      @MainActor final class Runs {
        var rows: [Int: Int] = [:]
      }
      let runs = Runs()
      struct V: View {
        let runs: Runs
        @State private var tasks: [Task] = []
        var body: some View {
          VStack {
            ForEach(tasks) { task in
              let _ = runs.rows[task.id, default: 0] += 1
              Text(task.title)
            }
            ForEach($tasks) { $task in TextField("Title", text: $task.title) }
          }
          .onAppear {
            // NB: made after the heap held other bytes, as an app's arrays are.
            let junk = [UInt8](repeating: 0xAA, count: 40 * 32)
            tasks = (0..<40).map { Task(id: $0, done: $0 % 2 == 0, title: "task \($0)") }
            _ = junk
          }
        }
      }
      let host = host { V(runs: runs) }
      show(host)
      MainLoop.drain()
      let entry = host.textFieldEntries[7]
      entry.cursorPosition = -1
      entry.simulateTyping("x")
      MainLoop.drain()
      runs.rows = [:]
      entry.simulateTyping("y")
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts[7], "task 7xy")
      XCTAssertEqual(runs.rows, [7: 1], "the rows whose content ran again")
    }
  }

  // MARK: - Copies of the whole array

  /// Guards issue 10's claim in the layouts apps use: a keystroke into one row of a `@State`
  /// array leaves the array's storage where it was (no copy of N elements). Each layout
  /// reads the array in its `body` too, so the body re-runs on every keystroke.
  func testAKeystrokeCopiesNoArrayInCommonLayouts() {
    MainActor.assumeIsolated {
      struct V: View {
        let layout: Int
        let probe: ReviewProbe
        @State private var rows = (0..<4).map { ReviewRow(id: $0, name: "row \($0)") }
        var body: some View {
          VStack {
            switch layout {
            case 0:
              ForEach(rows) { row in Text(row.name) }
              ForEach($rows) { $row in TextField("Name", text: $row.name) }
            case 1:
              List($rows) { $row in TextField("Name", text: $row.name) }
              Text(rows[3].name)
            case 2:
              Form {
                Section {
                  ForEach($rows) { $row in TextField("Name", text: $row.name) }
                }
              }
              Text(rows[3].name)
            default:
              ScrollView {
                ForEach($rows) { $row in TextField("Name", text: $row.name) }
              }
              Text(rows[3].name)
            }
          }
          .onAppear {
            probe.names = {
              [rows.withUnsafeBufferPointer { "\(Int(bitPattern: $0.baseAddress))" }]
            }
          }
        }
      }
      var copied: [Int] = []
      for layout in 0..<4 {
        let probe = ReviewProbe()
        let host = host { V(layout: layout, probe: probe) }
        show(host)
        let entry = host.textFieldEntries[3]
        entry.cursorPosition = -1
        // NB: the first write copies once: the state keeps the value it started from.
        entry.simulateTyping("x")
        MainLoop.drain()
        // NB: checked after each keystroke: two copies in a row may land where the first was.
        for character in ["y", "z"] {
          let before = probe.names()
          entry.simulateTyping(character)
          MainLoop.drain()
          if probe.names() != before { copied.append(layout) }
        }
        XCTAssertEqual(entry.text, "row 3xyz", "layout \(layout)")
        host.close()
      }
      XCTAssertEqual(copied, [], "layouts whose keystroke copied the whole array")
    }
  }
}

/// The `@State` rows of the random test, reached as the view's actions would.
@MainActor
private final class StateRows {
  var entries: [Int: Entry] = [:]
  var read: () -> [ReviewRow] = { [] }
  var change: (([ReviewRow]) -> [ReviewRow]) -> Void = { _ in }
  var writeInPlace: (Int, String) -> Void = { _, _ in }
}

private final class ReviewItem: Identifiable {
  let id: Int
  var name: String
  init(_ id: Int, _ name: String) {
    self.id = id
    self.name = name
  }
}

/// Rows shown twice, as labels (`ForEach(rows)`) and as fields (`ForEach($rows)`), in a view
/// whose `@State` the test reaches through `probe` as the view's actions would: `write`
/// through an element binding, `act` (the test's own change), `append`.
private struct LabeledRows: View {
  let probe: ReviewProbe
  let act: @MainActor (inout [ReviewRow]) -> Void
  @State private var rows: [ReviewRow]

  init(probe: ReviewProbe, count: Int, act: @escaping @MainActor (inout [ReviewRow]) -> Void) {
    self.probe = probe
    self.act = act
    _rows = State(initialValue: (0..<count).map { ReviewRow(id: $0, name: "row \($0)") })
  }

  var body: some View {
    VStack {
      ForEach(rows) { row in Text(row.name) }
      ForEach($rows) { $row in TextField("Name", text: $row.name) }
    }
    .onAppear {
      let rowsBinding = $rows
      probe.names = { rows.map(\.name) }
      probe.write = { i, text in rowsBinding[i].name.wrappedValue = text }
      probe.act = { act(&rows) }
      probe.append = { rows.append(ReviewRow(id: 99, name: "appended")) }
    }
  }
}

/// After the pending update: the state's names, the labels and the fields all read `expected`.
@MainActor
private func checkRows(
  _ host: HostingWindow<AnyTestView>, _ probe: ReviewProbe, _ expected: [String], line: UInt
) {
  MainLoop.drain()
  XCTAssertEqual(probe.names(), expected, line: line)
  XCTAssertEqual(host.labelTexts, expected, "labels", line: line)
  XCTAssertEqual(host.textFieldEntries.map(\.text), expected, "fields", line: line)
}
