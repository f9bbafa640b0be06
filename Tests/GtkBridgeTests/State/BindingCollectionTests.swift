import CGtk
import Foundation
import Observation
import XCTest

@testable import GtkBridge

/// A row that is not `Identifiable`: a binding `ForEach` identifies it by `key`.
private struct KeyedRow: Equatable {
  var key: String
  var value: String
}

private struct Chore: Identifiable, Equatable {
  let id: Int
  var title: String
  var done = false
}

@MainActor
@Observable
private final class NamesModel {
  var names = ["ann", "bob", "cy"]
  var rows = [
    KeyedRow(key: "a", value: "one"), KeyedRow(key: "b", value: "two"),
    KeyedRow(key: "c", value: "three"),
  ]
  var tasks = [
    Chore(id: 1, title: "shop"), Chore(id: 2, title: "cook", done: true),
    Chore(id: 3, title: "eat"),
  ]
}

/// `ForEach($data, id:)` for elements that are not `Identifiable`, and a collection binding
/// as a collection of element bindings (`for $x in $xs`, `$xs.filter`, `$xs.indices`).
final class BindingCollectionTests: GtkTestCase, @unchecked Sendable {
  // MARK: ForEach($data, id:)

  /// Focuses `entry`'s text with the cursor at the end, as a click at its end would.
  @MainActor private func focusAtEnd(_ entry: Entry) {
    entry.grabFocus()
    entry.cursorPosition = -1
    MainLoop.drain()
  }

  func testTypingIntoAnIDSelfRowKeepsTheRowItsWidgetAndFocus() {
    MainActor.assumeIsolated {
      let model = NamesModel()
      let host = host {
        @Bindable var model = model
        return VStack {
          ForEach($model.names, id: \.self) { $name in
            TextField("Name", text: $name)
          }
          Text(model.names.joined(separator: ","))
        }
      }
      show(host)
      let bob = host.textFieldEntries[1]
      focusAtEnd(bob)
      // Real keystrokes: "insert-at-cursor" on the focused GtkText, one a main-loop turn.
      // With `id: \.self` each one changes the row's id.
      typeAtFocus(host.window, "by")
      XCTAssertEqual(model.names, ["ann", "bobby", "cy"])
      XCTAssertTrue(host.textFieldEntries[1] === bob, "the row kept its widget")
      XCTAssertTrue(holdsFocus(bob), "the field kept the focus")
      XCTAssertEqual(bob.text, "bobby")
      XCTAssertEqual(host.labelTexts, ["ann,bobby,cy"])

      // Backspace, and the row goes on following its element.
      let focus = focusWidget(host.window)
      cgtk_emit(focus, "backspace")
      MainLoop.drain()
      typeAtFocus(host.window, "!")
      XCTAssertEqual(model.names, ["ann", "bobb!", "cy"])
      XCTAssertTrue(host.textFieldEntries[1] === bob)
      XCTAssertTrue(holdsFocus(bob))
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["ann", "bobb!", "cy"])
    }
  }

  func testAnIDSelfRowKeepsFollowingItsElementWhileOthersMoveAndGo() {
    MainActor.assumeIsolated {
      struct Names: View {
        @State var names = ["ann", "bob", "cy", "dee"]
        let onAppear: (Binding<[String]>) -> Void
        var body: some View {
          VStack {
            ForEach($names, id: \.self) { $name in
              TextField("Name", text: $name)
            }
          }
          .configure { _ in onAppear($names) }
        }
      }
      var names: Binding<[String]>?
      let host = host { Names { names = $0 } }
      show(host)
      let cy = host.textFieldEntries[2]
      focusAtEnd(cy)
      typeAtFocus(host.window, "x")
      // The app removes the first name and reverses the rest; the user types on.
      names?.wrappedValue.removeFirst()
      names?.wrappedValue.reverse()
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(cy))
      typeAtFocus(host.window, "z")
      XCTAssertEqual(names?.wrappedValue, ["dee", "cyxz", "bob"])
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["dee", "cyxz", "bob"])
      XCTAssertTrue(host.textFieldEntries[1] === cy, "the row kept its widget")
      XCTAssertTrue(holdsFocus(cy))
    }
  }

  func testAKeyPathRowWritesIntoItsElementWhileRowsAreRemovedAndReordered() {
    MainActor.assumeIsolated {
      let model = NamesModel()
      let host = host {
        @Bindable var model = model
        return VStack {
          ForEach($model.rows, id: \.key) { $row in
            TextField(row.key, text: $row.value)
          }
        }
      }
      show(host)
      let b = host.textFieldEntries[1]
      focusAtEnd(b)
      typeAtFocus(host.window, "!")
      model.rows.remove(at: 0)
      model.rows.reverse()
      MainLoop.drain()
      XCTAssertTrue(host.textFieldEntries[1] === b, "the row kept its widget")
      XCTAssertTrue(holdsFocus(b))
      typeAtFocus(host.window, "?")
      XCTAssertEqual(model.rows.map(\.key), ["c", "b"])
      XCTAssertEqual(model.rows.map(\.value), ["three", "two!?"])
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["three", "two!?"])
    }
  }

  func testAWriteToAKeyPathRowThatIsGoneIsDroppedWithOneWarning() {
    MainActor.assumeIsolated {
      let model = NamesModel()
      var kept: Binding<String>?
      let host = host {
        @Bindable var model = model
        return VStack {
          ForEach($model.rows, id: \.key) { $row in
            TextField(row.key, text: $row.value)
              .configure { _ in if row.key == "b" { kept = $row.value } }
          }
        }
      }
      show(host)
      model.rows.removeAll { $0.key == "b" }
      MainLoop.drain()
      var warnings: [String] = []
      Log.observer = { warnings.append($0) }
      defer { Log.observer = nil }
      kept?.wrappedValue = "late"
      XCTAssertEqual(model.rows.map(\.value), ["one", "three"])
      XCTAssertEqual(warnings.count, 1, "\(warnings)")
      XCTAssertEqual(kept?.wrappedValue, "two", "a read returns the last value seen")
    }
  }

  func testAnElementTheAppReplacesIsANewRowAsInSwiftUI() {
    MainActor.assumeIsolated {
      let model = NamesModel()
      let host = host {
        @Bindable var model = model
        return VStack {
          ForEach($model.names, id: \.self) { $name in
            TextField("Name", text: $name)
          }
        }
      }
      show(host)
      let bob = host.textFieldEntries[1]
      model.names[1] = "bea"
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["ann", "bea", "cy"])
      XCTAssertFalse(host.textFieldEntries[1] === bob, "another id is another row")
    }
  }

  func testAListOfBoundRowsByKeyPath() {
    MainActor.assumeIsolated {
      let model = NamesModel()
      let host = host {
        @Bindable var model = model
        return List($model.names, id: \.self) { $name in
          TextField("Name", text: $name)
        }
      }
      show(host)
      let cy = host.textFieldEntries[2]
      focusAtEnd(cy)
      typeAtFocus(host.window, "ril")
      XCTAssertEqual(model.names, ["ann", "bob", "cyril"])
      XCTAssertTrue(host.textFieldEntries[2] === cy)
      XCTAssertTrue(holdsFocus(cy))
    }
  }

  func testTypingARowIntoADuplicateOfAnotherKeepsWritingIntoTheRowTheUserIsIn() {
    MainActor.assumeIsolated {
      let model = NamesModel()
      model.names = ["ab", "a"]
      let host = host {
        @Bindable var model = model
        return VStack {
          ForEach($model.names, id: \.self) { $name in
            TextField("Name", text: $name)
          }
        }
      }
      show(host)
      let second = host.textFieldEntries[1]
      focusAtEnd(second)
      typeAtFocus(host.window, "b")
      XCTAssertEqual(model.names, ["ab", "ab"], "a duplicate id (SwiftUI leaves it undefined)")
      typeAtFocus(host.window, "c")
      XCTAssertEqual(model.names, ["ab", "abc"])
      XCTAssertTrue(host.textFieldEntries[1] === second, "the row kept its widget")
      XCTAssertTrue(holdsFocus(second))
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["ab", "abc"])
    }
  }

  func testTwoWindowsOnOneArrayWithIDSelfRowsAndARowView() {
    MainActor.assumeIsolated {
      struct NameRow: View {
        @Binding var name: String
        var body: some View {
          HStack {
            TextField("Name", text: $name)
            Text("\(name.count)")
          }
        }
      }
      let model = NamesModel()
      @MainActor func window() -> HostingWindow<AnyTestView> {
        host {
          @Bindable var model = model
          return VStack {
            ForEach($model.names, id: \.self) { $name in
              NameRow(name: $name)
            }
          }
        }
      }
      let first = window()
      let second = window()
      show(first)
      show(second)
      let cy = first.textFieldEntries[2]
      focusAtEnd(cy)
      typeAtFocus(first.window, "ril")
      XCTAssertEqual(model.names, ["ann", "bob", "cyril"])
      XCTAssertTrue(first.textFieldEntries[2] === cy)
      XCTAssertTrue(holdsFocus(cy))
      XCTAssertEqual(first.labelTexts, ["3", "3", "5"])
      XCTAssertEqual(second.textFieldEntries.map(\.text), ["ann", "bob", "cyril"])
      XCTAssertEqual(second.labelTexts, ["3", "3", "5"])
    }
  }

  // MARK: Binding as a collection

  /// A field per task not done: `ForEach($model.tasks.filter { !$0.wrappedValue.done })`.
  @MainActor private func showUndoneTasks(of model: NamesModel) -> HostingWindow<AnyTestView> {
    let host = host {
      @Bindable var model = model
      return VStack {
        ForEach($model.tasks.filter { !$0.wrappedValue.done }) { $task in
          TextField("Task", text: $task.title)
        }
      }
    }
    show(host)
    return host
  }

  func testAFilteredCollectionBindingDrivesAForEachOfElementBindings() {
    MainActor.assumeIsolated {
      let model = NamesModel()
      let host = showUndoneTasks(of: model)
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["shop", "eat"])
      let eat = host.textFieldEntries[1]
      focusAtEnd(eat)
      typeAtFocus(host.window, "s")
      XCTAssertEqual(model.tasks.map(\.title), ["shop", "cook", "eats"])
      XCTAssertTrue(host.textFieldEntries[1] === eat, "the row (id 3) kept its widget")
      XCTAssertTrue(holdsFocus(eat))
      model.tasks[0].done = true
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["eats"])
      XCTAssertTrue(holdsFocus(eat))
    }
  }

  func testAFilteredCollectionBindingsRowsFollowTheirElementsWhenTheyMove() {
    MainActor.assumeIsolated {
      let model = NamesModel()
      let host = showUndoneTasks(of: model)
      let shop = host.textFieldEntries[0]
      let eat = host.textFieldEntries[1]
      focusAtEnd(shop)
      model.tasks.reverse()
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["eat", "shop"])
      XCTAssertTrue(host.textFieldEntries[1] === shop, "the row of task 1 moved with it")
      XCTAssertTrue(host.textFieldEntries[0] === eat)
      XCTAssertTrue(holdsFocus(shop), "focus stayed in the row the user is in")
      typeAtFocus(host.window, "!")
      XCTAssertEqual(model.tasks.map(\.title), ["eat", "cook", "shop!"])
    }
  }

  func testAListOfAFilteredCollectionBinding() {
    MainActor.assumeIsolated {
      let model = NamesModel()
      let host = host {
        @Bindable var model = model
        return List($model.tasks.filter { !$0.wrappedValue.done }) { $task in
          TextField("Task", text: $task.title)
        }
      }
      show(host)
      XCTAssertEqual(host.textFieldEntries.map(\.text), ["shop", "eat"])
      let shop = host.textFieldEntries[0]
      focusAtEnd(shop)
      typeAtFocus(host.window, "!")
      XCTAssertEqual(model.tasks.map(\.title), ["shop!", "cook", "eat"])
      XCTAssertTrue(host.textFieldEntries[0] === shop)
      XCTAssertTrue(holdsFocus(shop))
    }
  }

  func testForEachOverABindingsIndices() {
    MainActor.assumeIsolated {
      let model = NamesModel()
      let host = host {
        @Bindable var model = model
        return VStack {
          ForEach($model.names.indices, id: \.self) { index in
            TextField("Name", text: $model.names[index])
          }
        }
      }
      show(host)
      let ann = host.textFieldEntries[0]
      focusAtEnd(ann)
      typeAtFocus(host.window, "e")
      XCTAssertEqual(model.names, ["anne", "bob", "cy"])
      XCTAssertTrue(holdsFocus(ann))
    }
  }

  func testElementBindingsFromIteratingWriteTheirElementAndDropWritesToAGoneIndex() {
    MainActor.assumeIsolated {
      let model = NamesModel()
      model.names = ["a", "b", "c"]
      @Bindable var bindable = model
      let names = model
      var bindings: [Binding<String>] = []
      for name in $bindable.names { bindings.append(name) }
      XCTAssertEqual(bindings.map(\.wrappedValue), ["a", "b", "c"])
      XCTAssertEqual($bindable.names.count, 3)
      XCTAssertEqual($bindable.names.first?.wrappedValue, "a")
      XCTAssertEqual($bindable.names[1].wrappedValue, "b")
      XCTAssertEqual($bindable.names.last?.wrappedValue, "c")
      bindings[1].wrappedValue = "B"
      XCTAssertEqual(names.names, ["a", "B", "c"])

      names.names.removeLast()
      var warnings: [String] = []
      Log.observer = { warnings.append($0) }
      defer { Log.observer = nil }
      bindings[2].wrappedValue = "late"
      XCTAssertEqual(names.names, ["a", "B"])
      XCTAssertEqual(warnings.count, 1, "\(warnings)")
      XCTAssertEqual(bindings[2].wrappedValue, "c", "a read returns the last value seen")
      // `$names[i]` (the index subscript of an array binding) behaves the same.
      let first = $bindable.names[0]
      XCTAssertEqual(first.wrappedValue, "a")
      names.names.removeAll()
      first.wrappedValue = "late"
      XCTAssertEqual(names.names, [])
      XCTAssertEqual(warnings.count, 2, "\(warnings)")
    }
  }

  func testASliceBindingsElementsAreAddressedByTheSlicesIndices() {
    MainActor.assumeIsolated {
      final class Box { var slice = ["a", "b", "c", "d"][1...] }
      let box = Box()
      let slice = Binding(get: { box.slice }, set: { box.slice = $0 })
      XCTAssertEqual(slice.indices, 1..<4)
      let bindings = Array(slice)
      for binding in bindings { binding.wrappedValue += "!" }
      XCTAssertEqual(Array(box.slice), ["b!", "c!", "d!"])
      XCTAssertEqual(slice.reversed().map(\.wrappedValue), ["d!", "c!", "b!"])
      box.slice.removeLast()
      var warnings: [String] = []
      Log.observer = { warnings.append($0) }
      defer { Log.observer = nil }
      bindings[2].wrappedValue = "late"
      XCTAssertEqual(Array(box.slice), ["b!", "c!"])
      XCTAssertEqual(warnings.count, 1, "\(warnings)")
      XCTAssertEqual(bindings[2].wrappedValue, "d!")
    }
  }
}

extension BindingCollectionTests {
  /// A row's element binding, read in the run of the row that made it, gives the element the
  /// row was made from, and what the row itself writes; read anywhere else (an action later,
  /// another reader's run) it reads the collection as it is now.
  func testARowsElementBindingReadsTheCollectionOutsideTheRunThatMadeIt() {
    MainActor.assumeIsolated {
      let model = NamesModel()
      var captured: [Int: Binding<Chore>] = [:]
      var seenInRun: [String] = []
      let host = host {
        @Bindable var model = model
        return VStack {
          ForEach($model.tasks) { $task in
            let _ = captured[task.id] = $task
            let _ = task.title == "shop" ? ($task.wrappedValue.title = "shop!") : ()
            let _ = task.id == 1 ? seenInRun.append(task.title) : ()
            Text(task.title)
          }
        }
      }
      show(host)
      XCTAssertEqual(seenInRun.first, "shop!", "the row's own write, in the run that made it")
      XCTAssertEqual(host.labelTexts, ["shop!", "cook", "eat"])
      model.tasks[1].title = "bake"
      // No update yet: the binding the row made reads the data.
      XCTAssertEqual(captured[2]!.wrappedValue.title, "bake")
      let reader = DependencyReader {}
      XCTAssertEqual(reader.run { captured[2]!.wrappedValue.title }, "bake")
      reader.cancel()
      model.tasks.swapAt(0, 2)
      XCTAssertEqual(captured[1]!.wrappedValue.title, "shop!", "found by id, not by place")
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["eat", "bake", "shop!"])
      // A write through an old binding reaches the element, and the rows show it.
      captured[3]!.wrappedValue.title = "dine"
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["dine", "bake", "shop!"])
    }
  }
}
