import CGtk
import Foundation
import Observation
import XCTest

@testable import GtkBridge

private struct NamedItem: Identifiable, Equatable {
  let id: Int
  var name: String
}

@MainActor
@Observable
private final class NamedItemStore {
  var items: [NamedItem] = (0..<4).map { NamedItem(id: $0, name: "item \($0)") }
  var texts = ["a", "b", "c"]
  @ObservationIgnored var changes: [String] = []
}

@MainActor
@Observable
private final class DuplicateRows {
  var rows = [NamedItem(id: 7, name: "first"), NamedItem(id: 7, name: "second")]
}

/// `ForEach` over bindings and indices, duplicate ids, and state read inside row closures
/// (issue 10 items 0 and 2, issue 16 item 1).
final class ForEachBindingTests: GtkTestCase, @unchecked Sendable {
  func testStateReadInsideARowClosureIsADependencyOfThatRow() {
    MainActor.assumeIsolated {
      var changes: [String] = []
      struct V: View {
        let onChange: (String) -> Void
        @State private var items = ["a", "b"]
        var body: some View {
          VStack {
            ForEach(0..<2, id: \.self) { index in
              TextField("", text: Binding(get: { items[index] }, set: { items[index] = $0 }))
                .onChange(of: items[index]) { _, new in onChange("row \(index) = \(new)") }
              Text("row \(index): \(items[index])")
            }
          }
        }
      }
      let host = host { V { changes.append($0) } }
      show(host)
      let entry = host.textFieldEntries[0]
      entry.cursorPosition = -1
      entry.simulateTyping("x")
      MainLoop.drain()
      XCTAssertEqual(entry.text, "ax")
      XCTAssertEqual(host.labelTexts, ["row 0: ax", "row 1: b"])
      XCTAssertEqual(changes, ["row 0 = ax"])
    }
  }

  func testBindingForEachWritesIntoTheRowTheUserIsInWhileRowsMove() {
    MainActor.assumeIsolated {
      let store = NamedItemStore()
      let host = host {
        @Bindable var store = store
        return VStack {
          ForEach($store.items) { $item in
            TextField("Name", text: $item.name)
          }
        }
      }
      show(host)
      let third = host.textFieldEntries[2]
      third.grabFocus()
      third.cursorPosition = -1
      third.simulateTyping("!")
      MainLoop.drain()
      XCTAssertEqual(store.items.map(\.name), ["item 0", "item 1", "item 2!", "item 3"])

      // Another row is removed and the rest reordered; the user keeps typing in row 2.
      store.items.remove(at: 0)
      store.items.reverse()
      MainLoop.drain()
      XCTAssertTrue(host.textFieldEntries.contains { $0 === third }, "the row kept its widget")
      XCTAssertTrue(holdsFocus(third))
      third.simulateTyping("?")
      MainLoop.drain()
      XCTAssertEqual(store.items.map(\.id), [3, 2, 1])
      XCTAssertEqual(store.items.map(\.name), ["item 3", "item 2!?", "item 1"])
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["item 3", "item 2!?", "item 1"])
    }
  }

  func testAWriteToARemovedElementIsDroppedNotACrash() {
    MainActor.assumeIsolated {
      let store = NamedItemStore()
      var binding: Binding<String>?
      var indexBinding: Binding<String>?
      let host = host {
        @Bindable var store = store
        return VStack {
          ForEach($store.items) { $item in
            TextField("Name", text: $item.name)
              .configure { _ in if item.id == 1 { binding = $item.name } }
          }
          ForEach(store.texts.indices, id: \.self) { index in
            TextField("", text: $store.texts[index])
              .configure { _ in if index == 2 { indexBinding = $store.texts[index] } }
          }
        }
      }
      show(host)
      store.items.removeAll { $0.id == 1 }
      store.texts.removeLast()
      MainLoop.drain()
      binding?.wrappedValue = "late write"
      indexBinding?.wrappedValue = "late write"
      XCTAssertEqual(store.items.map(\.name), ["item 0", "item 2", "item 3"])
      XCTAssertEqual(store.texts, ["a", "b"])
      XCTAssertEqual(binding?.wrappedValue, "item 1", "a read returns the last value seen")
    }
  }

  func testIndexBindingsIntoAnArrayOfStrings() {
    MainActor.assumeIsolated {
      let store = NamedItemStore()
      let host = host {
        @Bindable var store = store
        return VStack {
          ForEach(store.texts.indices, id: \.self) { index in
            TextField("", text: $store.texts[index])
          }
          Text(store.texts.joined(separator: ","))
        }
      }
      show(host)
      host.textFieldEntries[1].cursorPosition = -1
      host.textFieldEntries[1].simulateTyping("x")
      MainLoop.drain()
      XCTAssertEqual(store.texts, ["a", "bx", "c"])
      XCTAssertEqual(host.labelTexts, ["a,bx,c"])
      store.texts[2] = "app"
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["a", "bx", "app"])
    }
  }

  func testRemovingTheUnfocusedDuplicateKeepsTheFocusedOne() {
    MainActor.assumeIsolated {
      let model = DuplicateRows()
      let host = host {
        VStack {
          ForEach(model.rows) { row in
            Counter(title: row.name)
          }
        }
      }
      struct Counter: View {
        let title: String
        @State var text = ""
        var body: some View { TextField(title, text: $text) }
      }
      show(host)
      let second = host.textFieldEntries[1]
      second.grabFocus()
      second.simulateTyping("mine")
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(second))

      model.rows.remove(at: 0)
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.count, 1)
      XCTAssertTrue(host.textFieldEntries[0] === second, "the focused duplicate kept its row")
      XCTAssertEqual(second.text, "mine")
      XCTAssertTrue(holdsFocus(second))
    }
  }
}
