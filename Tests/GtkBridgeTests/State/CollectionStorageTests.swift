import Observation
import XCTest

@testable import GtkBridge

private struct StoredRow: Identifiable {
  let id: Int
  var name: String
}

@MainActor
@Observable
private final class StoredRows {
  var texts = ["a", "b", "c", "d"]
  var rows = (0..<4).map { StoredRow(id: $0, name: "row \($0)") }
}

/// Where an array's elements are stored: the same address after a write means the write
/// changed one element in place, a new one that the whole array was copied.
private func storage<Element>(_ array: [Element]) -> Int {
  array.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
}

/// What the view does to its `@State`, reached from the test as an action would.
@MainActor
private final class StateProbe {
  var storage: () -> Int = { 0 }
  var names: () -> [String] = { [] }
}

/// Issue 10, N-scaling: a write to one element of an app's array costs one element, not N.
/// What the graph keeps to compare the next value with (a `ForEach`'s last data, the
/// snapshot of an observed collection) has storage of its own, so the app's array stays
/// the only owner of its storage and copy on write never copies it; an element binding of a
/// `@State` array changes its element in place.
final class CollectionStorageTests: GtkTestCase, @unchecked Sendable {
  func testAnAppWriteToAnIndexBoundElementChangesTheModelsArrayInPlace() {
    MainActor.assumeIsolated {
      let model = StoredRows()
      let host = host {
        @Bindable var model = model
        return VStack {
          ForEach(model.texts.indices, id: \.self) { i in
            TextField("", text: $model.texts[i])
          }
        }
      }
      show(host)
      let before = storage(model.texts)
      model.texts[1] = "app"
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["a", "app", "c", "d"])
      XCTAssertEqual(storage(model.texts), before, "the element changed where it was")

      model.texts[3] = "again"
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["a", "app", "c", "again"])
      XCTAssertEqual(storage(model.texts), before)
    }
  }

  func testAnAppWriteToAnElementOfAForEachsDataChangesTheModelsArrayInPlace() {
    MainActor.assumeIsolated {
      let model = StoredRows()
      let host = host {
        VStack {
          ForEach(model.rows) { row in Text(row.name) }
        }
      }
      show(host)
      let before = storage(model.rows)
      model.rows[1].name = "changed"
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["row 0", "changed", "row 2", "row 3"])
      XCTAssertEqual(storage(model.rows), before, "the element changed where it was")

      // A change of order still reaches the rows.
      model.rows.swapAt(0, 3)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["row 3", "changed", "row 2", "row 0"])
      model.rows[0].name = "last"
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["last", "changed", "row 2", "row 0"])
    }
  }

  func testTypingIntoABindingForEachRowChangesTheStateArrayInPlace() {
    MainActor.assumeIsolated {
      let probe = StateProbe()
      struct V: View {
        let probe: StateProbe
        @State private var rows = (0..<4).map { StoredRow(id: $0, name: "row \($0)") }
        var body: some View {
          VStack {
            ForEach($rows) { $row in TextField("Name", text: $row.name) }
            Text(rows[2].name)
          }
          .onAppear {
            probe.storage = { storage(rows) }
            probe.names = { rows.map(\.name) }
          }
        }
      }
      let host = host { V(probe: probe) }
      show(host)
      let entry = host.textFieldEntries[2]
      entry.cursorPosition = -1
      // NB: the first write copies once: the state also keeps the value it started from.
      entry.simulateTyping("x")
      MainLoop.drain()
      let before = probe.storage()
      entry.simulateTyping("y")
      MainLoop.drain()
      XCTAssertEqual(probe.names(), ["row 0", "row 1", "row 2xy", "row 3"])
      XCTAssertEqual(host.labelTexts, ["row 2xy"])
      XCTAssertEqual(probe.storage(), before, "the keystroke changed its element in place")
    }
  }

  func testAnActionWritingThroughTheStatesBindingChangesTheElementInPlace() {
    MainActor.assumeIsolated {
      // What the Performance article advises for a large `@State` array: `$items[i].name.wrappedValue = x`
      // changes one element where the state stores it (`items[i].name = x` reads and writes
      // the whole array, as in SwiftUI).
      let probe = StateProbe()
      var rename: (Int, String) -> Void = { _, _ in }
      struct V: View {
        let probe: StateProbe
        let setRename: (@escaping (Int, String) -> Void) -> Void
        @State private var rows = (0..<4).map { StoredRow(id: $0, name: "row \($0)") }
        var body: some View {
          VStack {
            ForEach($rows) { $row in TextField("Name", text: $row.name) }
          }
          .onAppear {
            let rowsBinding = $rows
            probe.storage = { storage(rows) }
            probe.names = { rows.map(\.name) }
            setRename { i, name in rowsBinding[i].name.wrappedValue = name }
          }
        }
      }
      let host = host { V(probe: probe) { rename = $0 } }
      show(host)
      // NB: the first write copies once: the state also keeps the value it started from.
      rename(0, "first")
      MainLoop.drain()
      let before = probe.storage()
      rename(3, "last")
      MainLoop.drain()
      XCTAssertEqual(probe.names(), ["first", "row 1", "row 2", "last"])
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["first", "row 1", "row 2", "last"])
      XCTAssertEqual(probe.storage(), before, "the write changed its element in place")
    }
  }

  func testAnActionThatReadsARowWhileChangingTheStateArrayStillWorks() {
    MainActor.assumeIsolated {
      // `rows.removeAll { $0.id == row.id }` reads the element binding inside the change of
      // the array: the state is written as a whole (SwiftUI's semantics), not in place.
      let probe = StateProbe()
      struct V: View {
        let probe: StateProbe
        @State private var rows = (0..<3).map { StoredRow(id: $0, name: "row \($0)") }
        var body: some View {
          VStack {
            ForEach($rows) { $row in
              HStack {
                TextField("Name", text: $row.name)
                Button("Remove") { rows.removeAll { $0.id == row.id } }
              }
            }
          }
          .onAppear { probe.names = { rows.map(\.name) } }
        }
      }
      let host = host { V(probe: probe) }
      show(host)
      host.buttons[1].simulateClick()
      MainLoop.drain()
      XCTAssertEqual(probe.names(), ["row 0", "row 2"])
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["row 0", "row 2"])
    }
  }
}
