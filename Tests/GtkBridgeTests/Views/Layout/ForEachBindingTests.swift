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

// MARK: - Element bindings of element bindings (`$item` of `$group.items`)

private struct ItemGroup: Identifiable, Equatable {
  let id: Int
  var name: String
  var items: [NamedItem]
}

private func itemGroups() -> [ItemGroup] {
  [
    ItemGroup(
      id: 0, name: "A", items: [NamedItem(id: 0, name: "a0"), NamedItem(id: 1, name: "a1")]),
    ItemGroup(id: 1, name: "B", items: [NamedItem(id: 2, name: "b0")]),
  ]
}

@MainActor
@Observable
private final class GroupStore: @unchecked Sendable {
  var groups = itemGroups()
  var editing: Int?
}

/// A row given its element as a binding, read in its own `body`.
private struct BoundItemRow: View {
  @Binding var item: NamedItem
  let group: String
  var body: some View { Text("\(group)/\(item.name)") }
}

/// Rows of groups' rows that show their group's and their own name, in `@State`.
private struct NestedGroupRows: View {
  let actions: ViewActions
  @State var groups = itemGroups()

  var body: some View {
    VStack {
      ForEach($groups) { $group in
        Text("[\(group.name)]")
        ForEach($group.items) { $item in
          Text("\(group.name)/\(item.name)")
        }
      }
    }
    .onAppear {
      actions.named["renameGroup"] = { groups[$0].name += "!" }
      actions.named["renameItem"] = { id in
        for g in groups.indices {
          if let i = groups[g].items.firstIndex(where: { $0.id == id }) {
            groups[g].items[i].name += "!"
          }
        }
      }
      actions.named["insertGroup"] = {
        groups.insert(
          ItemGroup(id: $0, name: "N", items: [NamedItem(id: $0 * 10, name: "n")]), at: 0)
      }
      actions.named["removeGroup"] = { id in groups.removeAll { $0.id == id } }
      actions.named["reverseItems"] = { g in groups[g].items.reverse() }
      actions.named["sortGroupsDescending"] = { _ in groups.sort { $0.name > $1.name } }
      actions.named["moveItem"] = { _ in
        // The last item of the first group to the end of the last group, its id kept.
        let item = groups[0].items.removeLast()
        groups[groups.count - 1].items.append(item)
      }
    }
  }
}

extension ForEachBindingTests {
  /// Rows of `ForEach($group.items)` inside `ForEach($groups)` show what the app last wrote
  /// to their group and to themselves, through renames, insertions, removals, reorders and
  /// an item moved to another group.
  func testNestedBindingRowsFollowTheAppsWritesToGroupsAndItems() {
    MainActor.assumeIsolated {
      let (host, _, actions) = shown { NestedGroupRows(actions: $1) }
      XCTAssertEqual(host.labelTexts, ["[A]", "A/a0", "A/a1", "[B]", "B/b0"])
      actions("renameItem", 1)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["[A]", "A/a0", "A/a1!", "[B]", "B/b0"])
      actions("renameGroup", 0)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["[A!]", "A!/a0", "A!/a1!", "[B]", "B/b0"])
      actions("insertGroup", 5)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["[N]", "N/n", "[A!]", "A!/a0", "A!/a1!", "[B]", "B/b0"])
      actions("renameItem", 0)
      actions("renameGroup", 2)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["[N]", "N/n", "[A!]", "A!/a0!", "A!/a1!", "[B!]", "B!/b0"])
      actions("reverseItems", 1)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["[N]", "N/n", "[A!]", "A!/a1!", "A!/a0!", "[B!]", "B!/b0"])
      actions("sortGroupsDescending")
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["[N]", "N/n", "[B!]", "B!/b0", "[A!]", "A!/a1!", "A!/a0!"])
      actions("moveItem")
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["[N]", "[B!]", "B!/b0", "[A!]", "A!/a1!", "A!/a0!", "A!/n"])
      actions("renameItem", 50)
      MainLoop.drain()
      XCTAssertEqual(
        host.labelTexts, ["[N]", "[B!]", "B!/b0", "[A!]", "A!/a1!", "A!/a0!", "A!/n!"])
      actions("removeGroup", 1)
      actions("renameItem", 2)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["[N]", "[A!]", "A!/a1!", "A!/a0!", "A!/n!"])
    }
  }

  /// The same rows over an `@Observable` model's groups, written by a Button's action, by
  /// `.onAppear`, and from another thread (a network reply handed to the main queue).
  func testNestedBindingRowsOfAModelFollowWritesFromActionsOnAppearAndOtherThreads() {
    MainActor.assumeIsolated {
      let store = GroupStore()
      let host = host {
        @Bindable var store = store
        return VStack {
          ForEach($store.groups) { $group in
            Text("[\(group.name)]")
            ForEach($group.items) { $item in
              Text("\(group.name)/\(item.name)")
                .onAppear { if item.name == "b0" { item.name = "b0 seen" } }
            }
          }
          Button("Rename") { store.groups[0].items[1].name = "tapped" }
        }
      }
      show(host)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["[A]", "A/a0", "A/a1", "[B]", "B/b0 seen"])
      host.buttons[0].simulateClick()
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["[A]", "A/a0", "A/tapped", "[B]", "B/b0 seen"])
      let done = Box(false)
      Task.detached {
        let reply = "from afar"
        DispatchQueue.main.async {
          MainActor.assumeIsolated {
            store.groups[1].items[0].name = reply
            store.groups[0].name = "Z"
            done.value = true
          }
        }
      }
      XCTAssertTrue(MainLoop.run(timeout: 5) { done.value })
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["[Z]", "Z/a0", "Z/tapped", "[B]", "B/from afar"])
      // A new group's row appears, and runs its `.onAppear`.
      store.groups.append(
        ItemGroup(id: 9, name: "C", items: [NamedItem(id: 90, name: "b0")]))
      MainLoop.drain()
      XCTAssertEqual(
        host.labelTexts, ["[Z]", "Z/a0", "Z/tapped", "[B]", "B/from afar", "[C]", "C/b0 seen"])
    }
  }

  /// Nested rows by index (`$store.groups[g].items[i]`) follow renames of items and groups.
  func testNestedIndexBindingsFollowTheModel() {
    MainActor.assumeIsolated {
      let store = GroupStore()
      let host = host {
        @Bindable var store = store
        return VStack {
          ForEach(store.groups.indices, id: \.self) { g in
            ForEach(store.groups[g].items.indices, id: \.self) { i in
              BoundItemRow(item: $store.groups[g].items[i], group: store.groups[g].name)
              TextField("", text: $store.groups[g].items[i].name)
            }
          }
        }
      }
      show(host)
      XCTAssertEqual(host.labelTexts, ["A/a0", "A/a1", "B/b0"])
      store.groups[0].items[1].name = "x"
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["A/a0", "A/x", "B/b0"])
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["a0", "x", "b0"])
      store.groups[1].name = "Q"
      store.groups[1].items[0].name = "y"
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["A/a0", "A/x", "Q/y"])
      let second = host.textFieldEntries[1]
      second.grabFocus()
      second.cursorPosition = -1
      second.simulateTyping("z")
      MainLoop.drain()
      XCTAssertEqual(store.groups[0].items[1].name, "xz")
      XCTAssertEqual(host.labelTexts, ["A/a0", "A/xz", "Q/y"])
    }
  }

  /// A nested row's binding handed to a child view (`@Binding var item`) follows its element
  /// in the child's `body`, and a Button's action reads the element's current value through
  /// the binding it captured when the row ran.
  func testANestedRowsBindingPassedDownOrCapturedReadsTheCurrentElement() {
    MainActor.assumeIsolated {
      let store = GroupStore()
      var read: [String] = []
      let host = host {
        @Bindable var store = store
        return VStack {
          ForEach($store.groups) { $group in
            ForEach($group.items) { $item in
              BoundItemRow(item: $item, group: group.name)
              Button("Read") {
                read.append($item.wrappedValue.name + "@" + $group.wrappedValue.name)
              }
            }
          }
        }
      }
      show(host)
      XCTAssertEqual(host.labelTexts, ["A/a0", "A/a1", "B/b0"])
      store.groups[0].items[1].name = "one"
      store.groups[1].name = "BB"
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["A/a0", "A/one", "BB/b0"])
      host.buttons[1].simulateClick()
      host.buttons[2].simulateClick()
      // Changed again with no update in between: the action reads the data, not the row's run.
      store.groups[0].items[1].name = "two"
      host.buttons[1].simulateClick()
      XCTAssertEqual(read, ["one@A", "b0@BB", "two@A"])
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["A/a0", "A/two", "BB/b0"])
      // Reordered: the row's captured binding still reads its own element.
      store.groups[0].items.reverse()
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["A/two", "A/a0", "BB/b0"])
      host.buttons[0].simulateClick()
      XCTAssertEqual(read.last, "two@A")
    }
  }

  /// `.onChange(of: item.name)` in the rows of a nested `ForEach` fires once per change of
  /// its own element: from the app, from typing into the row's field, and from another row's
  /// `.onChange` that writes it.
  func testOnChangeInNestedRowsFiresOncePerChangeOfItsElement() {
    MainActor.assumeIsolated {
      let store = GroupStore()
      var fired: [String] = []
      let host = host {
        @Bindable var store = store
        return VStack {
          ForEach($store.groups) { $group in
            ForEach($group.items) { $item in
              TextField("", text: $item.name)
                .onChange(of: item.name) { _, new in
                  fired.append("\(item.id)=\(new)")
                  // Row 0 mirrors its text into row 2 (another group).
                  if item.id == 0 { store.groups[1].items[0].name = "copy " + new }
                }
            }
          }
        }
      }
      show(host)
      XCTAssertEqual(fired, [])
      store.groups[0].items[1].name = "x"
      MainLoop.drain()
      XCTAssertEqual(fired, ["1=x"])
      store.groups[0].name = "renamed"
      MainLoop.drain()
      XCTAssertEqual(fired, ["1=x"], "a group's own change is no item's")
      let first = host.textFieldEntries[0]
      first.grabFocus()
      first.cursorPosition = -1
      first.simulateTyping("y")
      MainLoop.drain()
      XCTAssertEqual(fired, ["1=x", "0=a0y", "2=copy a0y"])
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["a0y", "x", "copy a0y"])
      XCTAssertTrue(holdsFocus(first))
    }
  }

  /// A row that writes its own element while it runs (discouraged, but apps do it to fill a
  /// default) shows what it wrote, as does the row beside it, and the app's later writes.
  func testANestedRowWritingItsOwnElementDuringItsBodyShowsWhatItWrote() {
    MainActor.assumeIsolated {
      let (host, _, actions) = shown { _, actions in DefaultingRows(actions: actions) }
      XCTAssertEqual(host.labelTexts, ["a0", "Untitled", "b0"])
      actions("add", 7)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["a0", "Untitled", "Untitled", "b0"])
      actions("rename", 7)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["a0", "Untitled", "seven", "b0"])
      actions("clear", 7)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["a0", "Untitled", "Untitled", "b0"])
    }
  }

  /// Typing into a field of a nested `ForEach` while the app inserts, removes and reorders
  /// groups around it: no keystroke is lost, and the field keeps its widget and focus.
  func testTypingIntoANestedFieldWhileTheAppChangesTheGroupsKeepsTextAndFocus() {
    MainActor.assumeIsolated {
      let store = GroupStore()
      let host = host {
        @Bindable var store = store
        return VStack {
          ForEach($store.groups) { $group in
            Text(group.name)
            ForEach($group.items) { $item in TextField("", text: $item.name) }
          }
        }
      }
      show(host)
      let field = host.textFieldEntries[2]
      XCTAssertEqual(field.text, "b0")
      field.grabFocus()
      field.cursorPosition = -1
      field.simulateTyping("1")
      store.groups.insert(ItemGroup(id: 5, name: "N", items: [NamedItem(id: 50, name: "n")]), at: 0)
      MainLoop.drain()
      field.simulateTyping("2")
      store.groups.removeAll { $0.id == 0 }
      field.simulateTyping("3")
      MainLoop.drain()
      store.groups.reverse()
      field.simulateTyping("4")
      MainLoop.drain()
      store.groups[0].name = "B!"
      store.groups[1].items[0].name = "n!"
      field.simulateTyping("5")
      MainLoop.drain()
      XCTAssertEqual(store.groups.map(\.name), ["B!", "N"])
      XCTAssertEqual(store.groups[0].items.map(\.name), ["b012345"])
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["b012345", "n!"])
      XCTAssertTrue(host.textFieldEntries[0] === field, "the field kept its widget")
      XCTAssertTrue(holdsFocus(field))
      XCTAssertEqual(host.labelTexts, ["B!", "N"])
    }
  }

  /// Duplicate item ids in a nested `ForEach`: each row shows its own element after the app
  /// renames one of them.
  func testNestedRowsWithDuplicateIdsShowTheirOwnElements() {
    MainActor.assumeIsolated {
      let store = GroupStore()
      store.groups[0].items = [NamedItem(id: 3, name: "first"), NamedItem(id: 3, name: "second")]
      let host = host {
        @Bindable var store = store
        return VStack {
          ForEach($store.groups) { $group in
            ForEach($group.items) { $item in Text("\(group.name)/\(item.name)") }
          }
        }
      }
      show(host)
      XCTAssertEqual(host.labelTexts, ["A/first", "A/second", "B/b0"])
      store.groups[0].items[1].name = "2nd"
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["A/first", "A/2nd", "B/b0"])
      store.groups[0].items[0].name = "1st"
      store.groups[0].name = "D"
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["D/1st", "D/2nd", "B/b0"])
    }
  }
}

/// A nested row that fills an empty name while it runs.
private struct DefaultingRows: View {
  let actions: ViewActions
  @State var groups = [
    ItemGroup(id: 0, name: "A", items: [NamedItem(id: 0, name: "a0"), NamedItem(id: 1, name: "")]),
    ItemGroup(id: 1, name: "B", items: [NamedItem(id: 2, name: "b0")]),
  ]

  var body: some View {
    VStack {
      ForEach($groups) { $group in
        ForEach($group.items) { $item in
          let _ = item.name.isEmpty ? (item.name = "Untitled") : ()
          Text(item.name)
        }
      }
    }
    .onAppear {
      actions.named["add"] = { groups[0].items.append(NamedItem(id: $0, name: "")) }
      actions.named["rename"] = { id in
        if let i = groups[0].items.firstIndex(where: { $0.id == id }) {
          groups[0].items[i].name = "seven"
        }
      }
      actions.named["clear"] = { id in
        if let i = groups[0].items.firstIndex(where: { $0.id == id }) {
          groups[0].items[i].name = ""
        }
      }
    }
  }
}

/// A value a closure sets and a test reads.
@MainActor
private final class Box<T>: @unchecked Sendable {
  var value: T
  init(_ value: T) { self.value = value }
}

extension ForEachBindingTests {
  /// Two groups with one id (undefined in SwiftUI, logged here): a field of the second
  /// group's item still shows the app's change to that item.
  func testAFieldOfAGroupWhoseIdRepeatsFollowsItsItem() {
    MainActor.assumeIsolated {
      let store = GroupStore()
      store.groups[1] = ItemGroup(id: 0, name: "B", items: [NamedItem(id: 2, name: "b0")])
      let host = host {
        @Bindable var store = store
        return VStack {
          ForEach($store.groups) { $group in
            ForEach($group.items) { $item in TextField("", text: $item.name) }
          }
        }
      }
      show(host)
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["a0", "a1", "b0"])
      store.groups[1].items[0].name = "changed"
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["a0", "a1", "changed"])
      store.groups[0].items[0].name = "also"
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["also", "a1", "changed"])
      // Typed into the second group's field: its own item changes.
      let field = host.textFieldEntries[2]
      field.grabFocus()
      field.cursorPosition = -1
      field.simulateTyping("!")
      MainLoop.drain()
      XCTAssertEqual(store.groups.map { $0.items.map(\.name) }, [["also", "a1"], ["changed!"]])
      XCTAssertTrue(holdsFocus(field))
    }
  }

  /// A group whose id becomes repeated after the fields were made (a copy inserted before
  /// it, as a paste would): each group's field still shows its own item, and once the id
  /// is unique again the fields still follow the app.
  func testFieldsFollowTheirItemsWhenAGroupsIdComesToRepeatAndStopsRepeating() {
    MainActor.assumeIsolated {
      let store = GroupStore()
      let host = host {
        @Bindable var store = store
        return VStack {
          ForEach($store.groups) { $group in
            ForEach($group.items) { $item in TextField("", text: $item.name) }
          }
        }
      }
      show(host)
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["a0", "a1", "b0"])
      store.groups.insert(
        ItemGroup(id: 1, name: "copy", items: [NamedItem(id: 2, name: "c0")]), at: 0)
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["c0", "a0", "a1", "b0"])
      store.groups[2].items[0].name = "b0!"
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["c0", "a0", "a1", "b0!"])
      store.groups[0].items[0].name = "c0!"
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["c0!", "a0", "a1", "b0!"])
      store.groups.remove(at: 0)
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["a0", "a1", "b0!"])
      store.groups[1].items[0].name = "b0!!"
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["a0", "a1", "b0!!"])
    }
  }
}

extension ForEachBindingTests {
  /// A nested row's binding shown in a second window's field: the field follows the item
  /// the app changes, and what the user types there shows in the first window's row.
  func testANestedRowsBindingInASecondWindowStaysInStepWithTheRow() {
    MainActor.assumeIsolated {
      let store = GroupStore()
      var captured: Binding<NamedItem>?
      let first = host {
        @Bindable var store = store
        return VStack {
          ForEach($store.groups) { $group in
            ForEach($group.items) { $item in
              let _ = item.id == 2 ? captured = $item : ()
              Text("\(group.name)/\(item.name)")
            }
          }
        }
      }
      show(first)
      let item = captured!
      let second = host { TextField("", text: item.name) }
      show(second)
      let field = second.textFieldEntries[0]
      XCTAssertEqual(field.text, "b0")
      store.groups[1].items[0].name = "app"
      MainLoop.drain()
      XCTAssertEqual(field.text, "app")
      store.groups.insert(ItemGroup(id: 4, name: "N", items: []), at: 0)
      store.groups[2].name = "C"
      MainLoop.drain()
      field.grabFocus()
      field.cursorPosition = -1
      field.simulateTyping("!")
      MainLoop.drain()
      XCTAssertEqual(store.groups[2].items[0].name, "app!")
      XCTAssertEqual(first.labelTexts, ["A/a0", "A/a1", "C/app!"])
      XCTAssertTrue(holdsFocus(field))
    }
  }
}

@MainActor
@Observable
private final class TagStore {
  var groups = [TagGroup(id: 0, tags: ["red", "green"]), TagGroup(id: 1, tags: ["blue"])]
  var editing: Int?
}

private struct TagGroup: Identifiable {
  let id: Int
  var tags: [String]
}

/// The windows shown over `window` (transient for it, visible).
@MainActor
private func windows(over window: Window) -> [UnsafeMutablePointer<GtkWindow>] {
  let list = gtk_window_get_toplevels()
  var found: [UnsafeMutablePointer<GtkWindow>] = []
  for index in 0..<g_list_model_get_n_items(list) {
    guard let item = g_list_model_get_item(list, index) else { continue }
    g_object_unref(item)
    let candidate = item.assumingMemoryBound(to: GtkWindow.self)
    if gtk_window_get_transient_for(candidate) == window.window,
      gtk_widget_get_visible(
        UnsafeMutableRawPointer(candidate).assumingMemoryBound(to: GtkWidget.self)) != 0
    {
      found.append(candidate)
    }
  }
  return found
}

extension ForEachBindingTests {
  /// Typing into nested `ForEach($group.tags, id: \.self)` fields (the id is the value, so
  /// each keystroke changes it) while the app renames another tag: the text goes on in the
  /// same field, and the other row shows the app's change.
  func testTypingIntoANestedIDSelfFieldKeepsItsRowWhileTheAppEditsAnother() {
    MainActor.assumeIsolated {
      let store = TagStore()
      let host = host {
        @Bindable var store = store
        return VStack {
          ForEach($store.groups) { $group in
            ForEach($group.tags, id: \.self) { $tag in TextField("", text: $tag) }
          }
        }
      }
      show(host)
      let field = host.textFieldEntries[1]
      field.grabFocus()
      field.cursorPosition = -1
      field.simulateTyping("ish")
      MainLoop.drain()
      store.groups[1].tags[0] = "navy"
      store.groups[0].tags[0] = "crimson"
      field.simulateTyping("!")
      MainLoop.drain()
      XCTAssertEqual(store.groups.map(\.tags), [["crimson", "greenish!"], ["navy"]])
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["crimson", "greenish!", "navy"])
      XCTAssertTrue(host.textFieldEntries[1] === field, "the field kept its widget")
      XCTAssertTrue(holdsFocus(field))
    }
  }

  /// A sheet a nested row presents, editing the row's element through its binding: the
  /// sheet's field shows the app's change, and what the user types shows in the row.
  func testASheetOfANestedRowEditsItsElement() {
    MainActor.assumeIsolated {
      let store = GroupStore()
      let host = host {
        @Bindable var store = store
        return VStack {
          ForEach($store.groups) { $group in
            ForEach($group.items) { $item in
              Text("\(group.name)/\(item.name)")
                .sheet(
                  isPresented: Binding(
                    get: { store.editing == item.id }, set: { if !$0 { store.editing = nil } })
                ) {
                  TextField("", text: $item.name)
                }
            }
          }
          Button("Edit") { store.editing = 2 }
        }
      }
      show(host)
      host.buttons[0].simulateClick()
      store.groups[1].name = "Q"
      MainLoop.drain()
      guard let sheet = windows(over: host.window).first else {
        return XCTFail("no sheet is shown")
      }
      let root = Widget(retaining: UnsafeMutableRawPointer(sheet))
      let text = root.gtkDescendants(ofType: gtk_text_get_type()).first!
      @MainActor func sheetText() -> String {
        String(cString: gtk_editable_get_text(OpaquePointer(text)))
      }
      XCTAssertEqual(sheetText(), "b0")
      store.groups[1].items[0].name = "app"
      MainLoop.drain()
      XCTAssertEqual(sheetText(), "app")
      store.groups.insert(ItemGroup(id: 4, name: "N", items: []), at: 0)
      MainLoop.drain()
      XCTAssertTrue(gtk_widget_grab_focus(text) != 0)
      gtk_editable_set_position(OpaquePointer(text), -1)
      var position: Int32 = 3
      gtk_editable_insert_text(OpaquePointer(text), "!", -1, &position)
      MainLoop.drain()
      XCTAssertEqual(store.groups[2].items[0].name, "app!")
      XCTAssertEqual(host.labelTexts, ["A/a0", "A/a1", "Q/app!"])
    }
  }
}

@MainActor
private final class PublishedGroups: ObservableObject {
  @Published var groups = itemGroups()
}

/// A child view given the groups as a `@Binding`, with nested fields.
private struct GroupsEditor: View {
  @Binding var groups: [ItemGroup]
  var body: some View {
    VStack {
      ForEach($groups) { $group in
        ForEach($group.items) { $item in TextField("", text: $item.name) }
      }
    }
  }
}

extension ForEachBindingTests {
  /// Nested fields over an `ObservableObject`'s `@Published` groups, and over groups handed
  /// to a child view as a `@Binding`: each field shows the app's change to its item.
  func testNestedFieldsOverPublishedAndPassedDownGroupsFollowTheApp() {
    MainActor.assumeIsolated {
      let object = PublishedGroups()
      let actions = ViewActions()
      struct Root: View {
        @ObservedObject var object: PublishedGroups
        let actions: ViewActions
        @State var groups = itemGroups()
        var body: some View {
          VStack {
            ForEach($object.groups) { $group in
              ForEach($group.items) { $item in TextField("", text: $item.name) }
            }
            GroupsEditor(groups: $groups)
          }
          .onAppear {
            actions.named["rename"] = { id in
              for g in groups.indices {
                if let i = groups[g].items.firstIndex(where: { $0.id == id }) {
                  groups[g].items[i].name += "!"
                }
              }
            }
          }
        }
      }
      let host = host { Root(object: object, actions: actions) }
      show(host)
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["a0", "a1", "b0", "a0", "a1", "b0"])
      object.groups[1].items[0].name = "published"
      MainLoop.drain()
      XCTAssertEqual(
        host.textFieldEntries.map(\.text), ["a0", "a1", "published", "a0", "a1", "b0"])
      actions("rename", 1)
      MainLoop.drain()
      XCTAssertEqual(
        host.textFieldEntries.map(\.text), ["a0", "a1", "published", "a0", "a1!", "b0"])
      object.groups.reverse()
      object.groups[1].items[0].name = "first"
      MainLoop.drain()
      XCTAssertEqual(
        host.textFieldEntries.map(\.text), ["published", "first", "a1", "a0", "a1!", "b0"])
      let field = host.textFieldEntries[5]
      field.grabFocus()
      field.cursorPosition = -1
      field.simulateTyping("?")
      MainLoop.drain()
      actions("rename", 2)
      MainLoop.drain()
      XCTAssertEqual(
        host.textFieldEntries.map(\.text), ["published", "first", "a1", "a0", "a1!", "b0?!"])
      XCTAssertTrue(holdsFocus(field))
    }
  }
}

private struct Shelf3: Identifiable {
  let id: Int
  var groups: [ItemGroup]
}

@MainActor
@Observable
private final class ShelfStore {
  var shelves = [
    Shelf3(id: 0, groups: itemGroups()),
    Shelf3(id: 1, groups: [ItemGroup(id: 0, name: "C", items: [NamedItem(id: 0, name: "c0")])]),
  ]
}

extension ForEachBindingTests {
  /// Fields three `ForEach`s deep (`$item` of `$group.items` of `$shelf.groups`), ids
  /// repeating across shelves: each field follows the app's changes to its own item, and
  /// typing writes into it.
  func testFieldsThreeElementBindingsDeepFollowTheirItems() {
    MainActor.assumeIsolated {
      let store = ShelfStore()
      let host = host {
        @Bindable var store = store
        return VStack {
          ForEach($store.shelves) { $shelf in
            ForEach($shelf.groups) { $group in
              ForEach($group.items) { $item in TextField("", text: $item.name) }
            }
          }
        }
      }
      show(host)
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["a0", "a1", "b0", "c0"])
      store.shelves[1].groups[0].items[0].name = "deep"
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["a0", "a1", "b0", "deep"])
      store.shelves[0].groups[1].items[0].name = "b0!"
      store.shelves[0].groups.reverse()
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["b0!", "a0", "a1", "deep"])
      let field = host.textFieldEntries[3]
      field.grabFocus()
      field.cursorPosition = -1
      field.simulateTyping("er")
      store.shelves.reverse()
      field.simulateTyping("!")
      MainLoop.drain()
      XCTAssertEqual(store.shelves[0].groups[0].items[0].name, "deeper!")
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["deeper!", "b0!", "a0", "a1"])
      XCTAssertTrue(holdsFocus(field))
    }
  }
}
