import CGtk
import Observation
import XCTest

@testable import GtkBridge

// Seeded random interleavings of typing, focus moves and row insertions, removals and moves on
// a binding `ForEach($model.items) { $item in … }`, checked after every main-loop turn:
// every character typed lands in the row it was typed into, every field shows its row's
// text, and the focus state names the row GTK's focus is in. On failure the test prints the
// seed and a shrunk trace.
//
//   GTKBRIDGE_RANDOM_OPS=100000 GTKBRIDGE_SEED=7 scripts/test --filter CollectionBindingRandom

struct CollectionRow: Identifiable, Equatable {
  let id: Int
  var name: String
}

@MainActor
@Observable
final class CollectionModel {
  var items: [CollectionRow] = []
  var focus: Int?
  @ObservationIgnored var entries: [Int: Entry] = [:]
  @ObservationIgnored var nextID = 0

  func makeRow() -> CollectionRow {
    nextID += 1
    return CollectionRow(id: nextID, name: "r\(nextID)")
  }
}

struct CollectionForm: View {
  @Bindable var model: CollectionModel

  var body: some View {
    VStack {
      ForEach($model.items) { $item in
        TextField("Row", text: $item.name)
          .focused($model.focus, equals: item.id)
          .configure { [model] widget in model.entries[item.id] = widget as? Entry }
      }
    }
  }
}

enum CollectionOp: CustomStringConvertible {
  case type(Character)
  case backspace
  case click(row: Int)
  case insert(at: Int)
  case remove(row: Int)
  case move(from: Int, to: Int)
  case appWrite(row: Int)
  case appFocus(row: Int?)
  /// Two operations in one main-loop turn: the user types and the app changes the rows.
  indirect case sameTurn(CollectionOp, CollectionOp)

  var description: String {
    switch self {
    case .type(let c): "type \(c.debugDescription)"
    case .backspace: "backspace"
    case .click(let row): "click row[\(row)]"
    case .insert(let at): "app: insert a row at \(at)"
    case .remove(let row): "app: remove row[\(row)]"
    case .move(let from, let to): "app: move row[\(from)] to \(to)"
    case .appWrite(let row): "app: row[\(row)].name += \"!\""
    case .appFocus(let row): "app: focus = \(row.map { "row[\($0)]" } ?? "nil")"
    case .sameTurn(let a, let b): "same turn { \(a); \(b) }"
    }
  }

  static func random(using rng: inout SeededGenerator) -> CollectionOp {
    let row = Int.random(in: 0..<8, using: &rng)
    switch Int.random(in: 0..<100, using: &rng) {
    case 0..<30: return .type(["a", "b", "é", "7"].randomElement(using: &rng)!)
    case 30..<38: return .backspace
    case 38..<50: return .click(row: row)
    case 50..<58: return .insert(at: row)
    case 58..<66: return .remove(row: row)
    case 66..<76: return .move(from: row, to: Int.random(in: 0..<8, using: &rng))
    case 76..<82: return .appWrite(row: row)
    case 82..<88: return .appFocus(row: Bool.random(using: &rng) ? row : nil)
    default:
      let structural: [CollectionOp] = [
        .insert(at: row), .remove(row: row), .move(from: row, to: 0),
      ]
      let change = structural.randomElement(using: &rng)!
      // Either order: a write through a binding made before the rows moved must still find
      // its row.
      return Bool.random(using: &rng)
        ? .sameTurn(.type("x"), change) : .sameTurn(change, .type("y"))
    }
  }
}

@MainActor
final class CollectionRun {
  let model = CollectionModel()
  let host: HostingWindow<CollectionForm>
  /// What each row's text must be: the reference the invariants compare with.
  var expected: [Int: String] = [:]
  private(set) var checks = 0

  init() {
    for _ in 0..<4 { model.items.append(model.makeRow()) }
    for item in model.items { expected[item.id] = item.name }
    let model = model
    host = try! HostingWindow(title: "collection", width: 300, height: 400) {
      CollectionForm(model: model)
    }
    host.present()
    _ = MainLoop.run(timeout: 5) { gtk_widget_get_mapped(self.host.window.pointer) != 0 }
    MainLoop.drain()
  }

  func close() {
    host.close()
    MainLoop.drain()
  }

  func run(_ ops: [CollectionOp]) -> (index: Int, failure: String)? {
    for (index, op) in ops.enumerated() {
      apply(op)
      MainLoop.drain()
      if let failure = checkInvariants() { return (index, failure) }
    }
    return nil
  }

  private func index(_ row: Int) -> Int? {
    model.items.isEmpty ? nil : row % model.items.count
  }

  /// The row whose field holds GTK's focus.
  private var focusedID: Int? {
    model.items.first { holdsFocus(model.entries[$0.id]) }?.id
  }

  private func apply(_ op: CollectionOp) {
    switch op {
    case .type(let character):
      guard let id = focusedID, let entry = model.entries[id] else { return }
      entry.cursorPosition = -1
      entry.simulateTyping(String(character))
      expected[id, default: ""].append(character)
    case .backspace:
      guard let id = focusedID, let entry = model.entries[id] else { return }
      entry.cursorPosition = -1
      entry.simulateBackspace()
      if expected[id]?.isEmpty == false { expected[id]!.removeLast() }
    case .click(let row):
      guard let index = index(row) else { return }
      model.entries[model.items[index].id]?.grabFocus()
    case .insert(let at):
      let row = model.makeRow()
      expected[row.id] = row.name
      model.items.insert(row, at: min(at, model.items.count))
    case .remove(let row):
      guard let index = index(row) else { return }
      let removed = model.items.remove(at: index)
      expected[removed.id] = nil
      model.entries[removed.id] = nil
    case .move(let from, let to):
      guard let index = index(from) else { return }
      let item = model.items.remove(at: index)
      model.items.insert(item, at: min(to, model.items.count))
    case .appWrite(let row):
      guard let index = index(row) else { return }
      model.items[index].name += "!"
      expected[model.items[index].id, default: ""] += "!"
    case .appFocus(let row):
      model.focus = row.flatMap(index).map { model.items[$0].id }
    case .sameTurn(let first, let second):
      apply(first)
      apply(second)
    }
  }

  private func checkInvariants() -> String? {
    checks += 1
    for item in model.items {
      if item.name != expected[item.id] {
        return "row \(item.id) holds \(item.name.debugDescription), "
          + "expected \(expected[item.id]?.debugDescription ?? "nil")"
      }
      guard let entry = model.entries[item.id] else { return "row \(item.id) has no field" }
      if entry.text != item.name {
        return "row \(item.id)'s field shows \(entry.text.debugDescription), "
          + "its model \(item.name.debugDescription)"
      }
    }
    if model.focus != focusedID {
      return "focus state \(String(describing: model.focus)), GTK's focus in row "
        + String(describing: focusedID)
    }
    return nil
  }
}

final class CollectionBindingRandomTests: GtkTestCase, @unchecked Sendable {
  private var operationCount: Int {
    Int(ProcessEnvironment.value("GTKBRIDGE_RANDOM_OPS") ?? "") ?? 2_000
  }

  private var seed: UInt64 {
    UInt64(ProcessEnvironment.value("GTKBRIDGE_SEED") ?? "") ?? 20_261_201
  }

  func testTypingLandsInTheRowTypedIntoWhileRowsMove() {
    MainActor.assumeIsolated {
      var rng = SeededGenerator(state: seed)
      let ops = (0..<operationCount).map { _ in CollectionOp.random(using: &rng) }
      let run = CollectionRun()
      let result = run.run(ops)
      let checks = run.checks
      run.close()
      print("collection operations: \(ops.count) run, \(checks) invariant checks, seed \(seed)")
      guard let (index, failure) = result else { return }
      let shrunk = shrink(Array(ops[...index]))
      XCTFail(
        "seed \(seed): operation \(index) broke an invariant: \(failure)\n"
          + "shrunk trace (\(shrunk.ops.count) operations, fails with: \(shrunk.failure)):\n"
          + shrunk.ops.enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n"))
    }
  }

  @MainActor
  private func shrink(_ ops: [CollectionOp]) -> (ops: [CollectionOp], failure: String) {
    shrinkTrace(ops, budget: 200) { candidate in
      let run = CollectionRun()
      defer { run.close() }
      return run.run(candidate)?.failure
    }
  }
}
