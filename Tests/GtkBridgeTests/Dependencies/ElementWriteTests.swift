import CGtk
import Observation
import XCTest

@testable import GtkBridge

private struct WrittenRow: Identifiable, Equatable {
  let id: Int
  var name: String
}

/// What a view does to its `@State`, reached from the test as an action would.
@MainActor
private final class WrittenRowsProbe {
  var names: () -> [String] = { [] }
  var write: (Int, String) -> Void = { _, _ in }
  var replace: ([String]) -> Void = { _ in }
}

/// A view of `ForEach($rows)` over a `@State` array: a field and a label per row.
private struct WrittenRowsView: View {
  let probe: WrittenRowsProbe
  @State var rows: [WrittenRow]

  var body: some View {
    VStack {
      ForEach($rows) { $row in
        TextField("Name", text: $row.name)
        Text(row.name)
      }
    }
    .onAppear {
      probe.names = { rows.map(\.name) }
      probe.write = { rows[$0].name = $1 }
      probe.replace = { names in rows = names.enumerated().map { WrittenRow(id: $0, name: $1) } }
    }
  }
}

/// An object whose array's setter changes another element: the last one shows the first
/// one's name in capitals. A path where the app's code runs.
@MainActor
private final class EchoingList {
  var rows: [WrittenRow] { didSet { echo(&rows) } }

  init(_ names: [String]) {
    rows = names.enumerated().map { WrittenRow(id: $0, name: $1) }
  }
}

private func echo(_ rows: inout [WrittenRow]) {
  guard rows.count > 1, rows[rows.count - 1].name != rows[0].name.uppercased() else { return }
  rows[rows.count - 1].name = rows[0].name.uppercased()
}

/// A value whose array is a computed property whose setter does the same.
private struct EchoingRows {
  private var stored: [WrittenRow]

  init(_ names: [String]) {
    stored = names.enumerated().map { WrittenRow(id: $0, name: $1) }
  }

  var rows: [WrittenRow] {
    get { stored }
    set {
      stored = newValue
      echo(&stored)
    }
  }
}

/// 300 rows (enough for element writes to tell their position: `ElementWrite.minimumCount`),
/// the last echoing the first.
private let echoNames = ["a"] + (1..<299).map { "row \($0)" } + ["A"]

/// An element binding's write tells its collection's readers where it changed
/// (`ElementWrite`), and the collection's observer tells a binding `ForEach` which rows
/// changed since its last update (`CollectionObserver.changes(since:)`).
final class ElementWriteTests: GtkTestCase, @unchecked Sendable {
  @MainActor
  private func typeAtEnd(_ entry: Entry, _ text: String) {
    entry.cursorPosition = -1
    entry.simulateTyping(text)
  }

  /// A keystroke into one row of 1,000 compares that row's element, not the array: both the
  /// collection's observer and the `ForEach` were told where the write went. What every
  /// field and label shows is checked too.
  func testAKeystrokeIntoOneRowComparesThatElementAlone() {
    MainActor.assumeIsolated {
      let probe = WrittenRowsProbe()
      let names = (0..<1_000).map { "row \($0)" }
      let host = host {
        WrittenRowsView(probe: probe, rows: names.enumerated().map { WrittenRow(id: $0, name: $1) })
      }
      show(host)
      let entries = host.textFieldEntries
      typeAtEnd(entries[700], "a")
      MainLoop.drain()
      let before = ElementChanges.comparedElements
      for text in ["b", "c", "d"] {
        typeAtEnd(entries[700], text)
        MainLoop.drain()
      }
      let compared = ElementChanges.comparedElements - before
      XCTAssertLessThanOrEqual(compared, 3 * 4, "elements compared for 3 keystrokes: \(compared)")
      var expected = names
      expected[700] = "row 700abcd"
      XCTAssertEqual(probe.names(), expected)
      XCTAssertEqual(host.textFieldEntries.map(\.text), expected)
      XCTAssertEqual(host.labelTexts, expected)
    }
  }

  /// The app's own writes between keystrokes (an element through the state, which tells no
  /// position, and the whole array replaced) reach their rows; the keystrokes after them
  /// land where the user typed.
  func testAppWritesBetweenKeystrokesReachTheirRows() {
    MainActor.assumeIsolated {
      let probe = WrittenRowsProbe()
      let names = (0..<600).map { "row \($0)" }
      let host = host {
        WrittenRowsView(probe: probe, rows: names.enumerated().map { WrittenRow(id: $0, name: $1) })
      }
      show(host)
      var expected = names
      typeAtEnd(host.textFieldEntries[5], "a")
      expected[5] += "a"
      probe.write(400, "app")
      expected[400] = "app"
      typeAtEnd(host.textFieldEntries[7], "b")
      expected[7] += "b"
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.map(\.text), expected)
      XCTAssertEqual(host.labelTexts, expected)

      // Keystrokes and app writes in one turn, then an update.
      typeAtEnd(host.textFieldEntries[8], "c")
      expected[8] += "c"
      probe.write(9, "app 9")
      typeAtEnd(host.textFieldEntries[10], "d")
      expected[9] = "app 9"
      expected[10] += "d"
      MainLoop.drain()
      XCTAssertEqual(probe.names(), expected)
      XCTAssertEqual(host.textFieldEntries.map(\.text), expected)
      XCTAssertEqual(host.labelTexts, expected)

      // More writes between two updates than the observer keeps: the `ForEach` compares all.
      for index in 0..<300 { probe.write(index * 2, "many \(index)") }
      for index in 0..<300 { expected[index * 2] = "many \(index)" }
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.map(\.text), expected)
      XCTAssertEqual(host.labelTexts, expected)

      // The array replaced by a shorter one, then a keystroke.
      expected = (0..<50).map { "new \($0)" }
      probe.replace(expected)
      MainLoop.drain()
      typeAtEnd(host.textFieldEntries[49], "e")
      expected[49] += "e"
      MainLoop.drain()
      XCTAssertEqual(probe.names(), expected)
      XCTAssertEqual(host.textFieldEntries.map(\.text), expected)
      XCTAssertEqual(host.labelTexts, expected)
    }
  }

  /// An array a state holds through an object whose setter changes another element: no
  /// position is told (the write of one element changed two), and both rows show the change.
  func testAnArrayBehindAnObjectsSetterIsComparedWhole() {
    MainActor.assumeIsolated {
      struct V: View {
        @State var list = EchoingList(echoNames)
        var body: some View {
          VStack {
            ForEach($list.rows) { $row in
              TextField("Name", text: $row.name)
              Text(row.name)
            }
          }
        }
      }
      typeIntoTheFirstRowAndCheckTheEcho(host { V() })
    }
  }

  /// An array that is a computed property of a state's value, its setter changing another
  /// element: as above.
  func testAComputedArrayOfAStateIsComparedWhole() {
    MainActor.assumeIsolated {
      struct V: View {
        @State var echoing = EchoingRows(echoNames)
        var body: some View {
          VStack {
            ForEach($echoing.rows) { $row in
              TextField("Name", text: $row.name)
              Text(row.name)
            }
          }
        }
      }
      typeIntoTheFirstRowAndCheckTheEcho(host { V() })
    }
  }

  /// Types into the first of `echoNames`' rows; the last row echoes it in capitals.
  @MainActor
  private func typeIntoTheFirstRowAndCheckTheEcho(_ host: HostingWindow<AnyTestView>) {
    show(host)
    typeAtEnd(host.textFieldEntries[0], "z")
    MainLoop.drain()
    var expected = echoNames
    expected[0] = "az"
    expected[expected.count - 1] = "AZ"
    XCTAssertEqual(host.textFieldEntries.map(\.text), expected)
    XCTAssertEqual(host.labelTexts, expected)
  }

  /// An array slice's positions start where the slice does: a write tells its offset in the
  /// slice, and the row typed into is the one that changes.
  func testASliceStateTellsOffsetsFromItsStart() {
    MainActor.assumeIsolated {
      struct V: View {
        // NB: 300 rows, so the write tells its position (`ElementWrite.minimumCount`).
        @State var rows = (0..<304).map { WrittenRow(id: $0, name: "row \($0)") }[4...]
        var body: some View {
          VStack {
            ForEach($rows) { $row in
              TextField("Name", text: $row.name)
              Text(row.name)
            }
          }
        }
      }
      let host = host { V() }
      show(host)
      typeAtEnd(host.textFieldEntries[202], "x")
      MainLoop.drain()
      typeAtEnd(host.textFieldEntries[202], "y")
      MainLoop.drain()
      let expected = (4..<304).map { $0 == 206 ? "row 206xy" : "row \($0)" }
      XCTAssertEqual(host.textFieldEntries.map(\.text), expected)
      XCTAssertEqual(host.labelTexts, expected)
    }
  }
}

private struct PItem: Identifiable, Equatable {
  let id: Int
  var name: String
}

private func pitems(_ count: Int, _ prefix: String = "row") -> [PItem] {
  (0..<count).map { PItem(id: $0, name: "\(prefix) \($0)") }
}

@MainActor
private final class PProbe {
  var names: () -> [String] = { [] }
  var act: [String: () -> Void] = [:]
  var model: [PItem] = []
  func run(_ name: String) { act[name]!() }
}

private struct PGroup: Identifiable, Equatable {
  let id: Int
  var title: String
  var items: [PItem]
}

private struct PSheet: Equatable {
  var title = "sheet"
  var rows: [PItem]
}

@MainActor
@Observable
private final class PModel {
  var items = pitems(400)
}

@MainActor
private func listViewIn(_ window: Window) -> UnsafeMutablePointer<GtkWidget> {
  gtkTree(window.pointer).first { widgetTypeName($0) == "GtkScrolledWindow" }!
}

@MainActor
private func scrollList(_ list: UnsafeMutablePointer<GtkWidget>, to value: Double) {
  let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(list))!
  gtk_adjustment_set_value(adjustment, value)
  MainLoop.run(timeout: 1) { false }
}

@MainActor
private func scrollListToEnd(_ list: UnsafeMutablePointer<GtkWidget>) {
  let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(list))!
  for _ in 0..<3 { scrollList(list, to: gtk_adjustment_get_upper(adjustment)) }
}

// MARK: - Apps' shapes over arrays of 256 elements or more, where writes tell positions

extension ElementWriteTests {
  /// Whether every field and label shows the model's text (`expected`, in their order).
  @MainActor
  private func check(
    _ host: HostingWindow<AnyTestView>, _ expected: [String], _ what: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let entries = host.textFieldEntries.map(\.text)
    let labels = host.labelTexts
    XCTAssertEqual(entries.count, expected.count, "\(what): entries count", file: file, line: line)
    XCTAssertEqual(labels.count, expected.count, "\(what): labels count", file: file, line: line)
    for (index, name) in expected.enumerated() {
      if index < entries.count, entries[index] != name {
        XCTFail(
          "\(what): entry \(index) shows \(entries[index]), model \(name)", file: file, line: line)
        break
      }
    }
    for (index, name) in expected.enumerated() {
      if index < labels.count, labels[index] != name {
        XCTFail(
          "\(what): label \(index) shows \(labels[index]), model \(name)", file: file, line: line)
        break
      }
    }
  }

  /// A row's `.onChange` writes another element (through `$items[i]`, which tells its
  /// position, and through the state), appends, swaps and removes, after the update that
  /// ran it: every row shows its element after each keystroke.
  func testOnChangeInRowWritesAnotherElement() {
    MainActor.assumeIsolated {
      struct V: View {
        let probe: PProbe
        @State var items = pitems(300)
        var body: some View {
          VStack {
            ForEach($items) { $item in
              TextField("Name", text: $item.name)
                .onChange(of: item.name) { _, new in
                  if item.id == 10 { $items[299].name.wrappedValue = new.uppercased() }
                  if item.id == 11 { items[290].name = new + "!" }
                  if new.hasSuffix("+") {
                    items.append(PItem(id: 5000 + items.count, name: "added"))
                  }
                  if new.hasSuffix("-") { items.remove(at: 0) }
                  if new.hasSuffix("~") { items.swapAt(1, 2) }
                }
              Text(item.name)
            }
          }
          .onAppear { probe.names = { items.map(\.name) } }
        }
      }
      let probe = PProbe()
      let host = host { V(probe: probe) }
      show(host)
      for step in 0..<2 {
        typeAtEnd(host.textFieldEntries[10], "a")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) row 10")
        typeAtEnd(host.textFieldEntries[11], "b")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) row 11")
      }
      XCTAssertEqual(probe.names()[299], "ROW 10AA")
      typeAtEnd(host.textFieldEntries[20], "+")
      MainLoop.drain()
      check(host, probe.names(), "append")
      typeAtEnd(host.textFieldEntries[10], "c")
      MainLoop.drain()
      check(host, probe.names(), "after append")
      typeAtEnd(host.textFieldEntries[30], "~")
      MainLoop.drain()
      check(host, probe.names(), "swap")
      typeAtEnd(host.textFieldEntries[10], "d")
      MainLoop.drain()
      check(host, probe.names(), "after swap")
      typeAtEnd(host.textFieldEntries[40], "-")
      MainLoop.drain()
      check(host, probe.names(), "remove")
      typeAtEnd(host.textFieldEntries[9], "e")
      MainLoop.drain()
      check(host, probe.names(), "after remove")
      typeAtEnd(host.textFieldEntries[10], "f")
      MainLoop.drain()
      check(host, probe.names(), "after remove 2")
    }
  }

  /// `ForEach($groups) { ForEach($group.items) }` with 300 items a group: keystrokes into
  /// inner rows and titles, the app's writes to items and titles (through the state and
  /// through element bindings, in one turn with keystrokes), swaps and a removal.
  func testNestedGroupsManyInnerItems() {
    MainActor.assumeIsolated {
      struct V: View {
        let probe: PProbe
        @State var groups = [
          PGroup(id: 0, title: "g0", items: pitems(300, "a")),
          PGroup(id: 1, title: "g1", items: pitems(300, "b")),
        ]
        var body: some View {
          VStack {
            ForEach($groups) { $group in
              TextField("Title", text: $group.title)
              Text(group.title)
              ForEach($group.items) { $item in
                TextField("Name", text: $item.name)
                Text(item.name)
              }
            }
          }
          .onAppear {
            probe.names = { groups.flatMap { [$0.title] + $0.items.map(\.name) } }
            probe.act["title"] = { groups[1].title += "T" }
            probe.act["inner"] = { groups[0].items[5].name += "S" }
            probe.act["innerBinding"] = { $groups[1].items[7].name.wrappedValue += "B" }
            probe.act["innerBinding2"] = { $groups[0].items[280].name.wrappedValue += "C" }
            probe.act["swapGroups"] = { groups.swapAt(0, 1) }
            probe.act["swapInner"] = { groups[0].items.swapAt(3, 4) }
            probe.act["removeInner"] = { groups[1].items.remove(at: 100) }
          }
        }
      }
      let probe = PProbe()
      let host = host { V(probe: probe) }
      show(host)
      // entry 0 is group 0's title; 1...300 its items; 301 group 1's title.
      for step in 0..<2 {
        typeAtEnd(host.textFieldEntries[6], "x")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) inner 0/5")
        typeAtEnd(host.textFieldEntries[301 + 8], "y")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) inner 1/7")
        probe.run("title")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) title")
        probe.run("inner")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) app inner")
        probe.run("innerBinding")
        typeAtEnd(host.textFieldEntries[301 + 8], "z")
        probe.run("innerBinding2")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) binding writes")
        typeAtEnd(host.textFieldEntries[0], "t")
        typeAtEnd(host.textFieldEntries[6], "u")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) title+inner typing")
      }
      probe.run("swapInner")
      typeAtEnd(host.textFieldEntries[4], "q")
      MainLoop.drain()
      check(host, probe.names(), "swap inner + type")
      probe.run("swapGroups")
      MainLoop.drain()
      check(host, probe.names(), "swap groups")
      typeAtEnd(host.textFieldEntries[6], "w")
      MainLoop.drain()
      check(host, probe.names(), "type after swap groups")
      probe.run("removeInner")
      typeAtEnd(host.textFieldEntries[301 + 200], "r")
      MainLoop.drain()
      check(host, probe.names(), "remove inner + type")
      typeAtEnd(host.textFieldEntries[301 + 200], "s")
      MainLoop.drain()
      check(host, probe.names(), "type after remove inner")
    }
  }

  /// As above with 300 groups of 2 items: the outer `ForEach` takes the told positions.
  func testNestedManyGroups() {
    MainActor.assumeIsolated {
      struct V: View {
        let probe: PProbe
        @State var groups = (0..<300).map {
          PGroup(id: $0, title: "g\($0)", items: pitems(2, "i\($0)"))
        }
        var body: some View {
          VStack {
            ForEach($groups) { $group in
              TextField("Title", text: $group.title)
              Text(group.title)
              ForEach($group.items) { $item in
                TextField("Name", text: $item.name)
                Text(item.name)
              }
            }
          }
          .onAppear {
            probe.names = { groups.flatMap { [$0.title] + $0.items.map(\.name) } }
            probe.act["title"] = { groups[200].title += "T" }
            probe.act["inner"] = { groups[100].items[1].name += "S" }
            probe.act["titleBinding"] = { $groups[250].title.wrappedValue += "B" }
            probe.act["appendInner"] = { groups[7].items.append(PItem(id: 99, name: "new")) }
          }
        }
      }
      let probe = PProbe()
      let host = host { V(probe: probe) }
      show(host)
      for step in 0..<2 {
        typeAtEnd(host.textFieldEntries[3 * 50], "x")  // group 50 title
        MainLoop.drain()
        check(host, probe.names(), "step \(step) title 50")
        typeAtEnd(host.textFieldEntries[3 * 60 + 2], "y")  // group 60 item 1
        MainLoop.drain()
        check(host, probe.names(), "step \(step) item 60/1")
        probe.run("title")
        probe.run("inner")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) app")
        probe.run("titleBinding")
        typeAtEnd(host.textFieldEntries[3 * 60 + 2], "z")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) binding+type")
      }
      probe.run("appendInner")
      MainLoop.drain()
      check(host, probe.names(), "append inner")
      typeAtEnd(host.textFieldEntries[3 * 60 + 2 + 1], "k")
      MainLoop.drain()
      check(host, probe.names(), "after append inner")
    }
  }

  /// `ForEach($names, id: \.self)`: each keystroke changes the row's id.
  func testIDSelfStrings() {
    MainActor.assumeIsolated {
      struct V: View {
        let probe: PProbe
        @State var names = (0..<300).map { "n\($0)" }
        var body: some View {
          VStack {
            ForEach($names, id: \.self) { $name in
              TextField("Name", text: $name)
              Text(name)
            }
          }
          .onAppear {
            probe.names = { names }
            probe.act["app"] = { names[200] += "A" }
            probe.act["binding"] = { $names[210].wrappedValue += "B" }
          }
        }
      }
      let probe = PProbe()
      let host = host { V(probe: probe) }
      show(host)
      for step in 0..<2 {
        typeAtEnd(host.textFieldEntries[5], "x")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) type 5")
        typeAtEnd(host.textFieldEntries[5], "y")
        typeAtEnd(host.textFieldEntries[6], "z")
        probe.run("app")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) type 5, 6, app")
        probe.run("binding")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) binding")
      }
    }
  }

  /// Swaps, moves, removals, insertions, a same-count replacement, a reversal and a swap
  /// through element bindings, between keystrokes and in one turn with them.
  func testMutationsBetweenAndWithKeystrokes() {
    MainActor.assumeIsolated {
      struct V: View {
        let probe: PProbe
        @State var items = pitems(400)
        var body: some View {
          VStack {
            ForEach($items) { $item in
              TextField("Name", text: $item.name)
              Text(item.name)
            }
            .onMove { items.move(fromOffsets: $0, toOffset: $1) }
          }
          .onAppear {
            probe.names = { items.map(\.name) }
            probe.act["swap"] = { items.swapAt(3, 350) }
            probe.act["move"] = { items.move(fromOffsets: [10], toOffset: 300) }
            probe.act["remove"] = { items.remove(at: 20) }
            probe.act["insert"] = { items.insert(PItem(id: 9000, name: "ins"), at: 5) }
            probe.act["replaceSameCount"] = {
              items = items.map { PItem(id: $0.id, name: $0.name + ".") }
            }
            probe.act["reverse"] = { items.reverse() }
            probe.act["bindingSwap"] = {
              let a = $items[30].wrappedValue
              $items[30].wrappedValue = $items[31].wrappedValue
              $items[31].wrappedValue = a
            }
          }
        }
      }
      let probe = PProbe()
      let host = host { V(probe: probe) }
      show(host)
      let steps = [
        "swap", "move", "remove", "insert", "replaceSameCount", "reverse", "bindingSwap",
      ]
      for (number, step) in steps.enumerated() {
        typeAtEnd(host.textFieldEntries[3], "a")
        MainLoop.drain()
        check(host, probe.names(), "\(step): before")
        probe.run(step)
        MainLoop.drain()
        check(host, probe.names(), "\(step): between")
        typeAtEnd(host.textFieldEntries[3], "b")
        typeAtEnd(host.textFieldEntries[350], "c")
        MainLoop.drain()
        check(host, probe.names(), "\(step): after")
        // same turn: type, mutate, type, drain
        typeAtEnd(host.textFieldEntries[31], "d\(number)")
        probe.run(step)
        typeAtEnd(host.textFieldEntries[31], "e")
        MainLoop.drain()
        check(host, probe.names(), "\(step): same turn")
        typeAtEnd(host.textFieldEntries[30], "f")
        MainLoop.drain()
        check(host, probe.names(), "\(step): same turn after")
      }
    }
  }

  /// `ForEach($items)`, `ForEach($items.filter { … })` and a child's `ForEach` over the
  /// same state through `@Binding`: a keystroke into any shows in all three.
  func testTwoForEachOneFiltered() {
    MainActor.assumeIsolated {
      struct Child: View {
        @Binding var items: [PItem]
        var body: some View {
          ForEach($items) { $item in
            TextField("Name", text: $item.name)
            Text(item.name)
          }
        }
      }
      struct V: View {
        let probe: PProbe
        @State var items = pitems(300)
        var body: some View {
          VStack {
            ForEach($items) { $item in
              TextField("Name", text: $item.name)
              Text(item.name)
            }
            ForEach($items.filter { $0.wrappedValue.id % 3 == 0 }) { $item in
              TextField("Name", text: $item.name)
              Text(item.name)
            }
            Child(items: $items)
          }
          .onAppear {
            probe.names = {
              let all = items.map(\.name)
              return all + items.filter { $0.id % 3 == 0 }.map(\.name) + all
            }
            probe.act["app"] = { items[150].name += "A" }
            probe.act["swap"] = { items.swapAt(0, 1) }
          }
        }
      }
      let probe = PProbe()
      let host = host { V(probe: probe) }
      show(host)
      let filteredStart = 300
      let childStart = 400
      for step in 0..<2 {
        typeAtEnd(host.textFieldEntries[9], "x")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) first")
        typeAtEnd(host.textFieldEntries[filteredStart + 4], "y")  // id 12
        MainLoop.drain()
        check(host, probe.names(), "step \(step) filtered")
        typeAtEnd(host.textFieldEntries[childStart + 12], "z")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) child")
        typeAtEnd(host.textFieldEntries[childStart + 13], "w")
        typeAtEnd(host.textFieldEntries[filteredStart + 5], "v")
        typeAtEnd(host.textFieldEntries[14], "u")
        probe.run("app")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) all in one turn")
      }
      probe.run("swap")
      MainLoop.drain()
      check(host, probe.names(), "swap")
      typeAtEnd(host.textFieldEntries[filteredStart], "s")
      MainLoop.drain()
      check(host, probe.names(), "type filtered after swap")
    }
  }

  /// `ForEach($sheet.rows)` beside fields bound to `$sheet.rows[i].name`, and the state's
  /// value replaced whole (with one element changed, then every element).
  func testSheetRowsAndPositionFields() {
    MainActor.assumeIsolated {
      struct V: View {
        let probe: PProbe
        @State var sheet = PSheet(rows: pitems(300))
        var body: some View {
          VStack {
            ForEach($sheet.rows) { $row in
              TextField("Name", text: $row.name)
              Text(row.name)
            }
            TextField("Five", text: $sheet.rows[5].name)
            Text(sheet.rows[5].name)
            TextField("Two-eighty", text: $sheet.rows[280].name)
            Text(sheet.rows[280].name)
          }
          .onAppear {
            probe.names = {
              sheet.rows.map(\.name) + [sheet.rows[5].name, sheet.rows[280].name]
            }
            probe.act["replace"] = {
              sheet = PSheet(rows: pitems(300, "new"))
            }
            probe.act["replaceOne"] = {
              var rows = sheet.rows
              rows[280].name = "replaced"
              sheet = PSheet(title: "t", rows: rows)
            }
            probe.act["title"] = { sheet.title += "!" }
          }
        }
      }
      let probe = PProbe()
      let host = host { V(probe: probe) }
      show(host)
      for step in 0..<2 {
        typeAtEnd(host.textFieldEntries[5], "a")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) row 5")
        typeAtEnd(host.textFieldEntries[300], "b")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) field 5")
        typeAtEnd(host.textFieldEntries[301], "c")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) field 280")
        probe.run("replaceOne")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) replace one")
        typeAtEnd(host.textFieldEntries[280], "d")
        probe.run("title")
        typeAtEnd(host.textFieldEntries[300], "e")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) mixed")
        probe.run("replace")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) replace")
      }
    }
  }

  /// A task's write between a keystroke and the update, and more element writes in one
  /// turn than the journal keeps (400, then 70) and than one update's 64.
  func testTaskWriteAndManyBindingWrites() {
    MainActor.assumeIsolated {
      struct V: View {
        let probe: PProbe
        @State var items = pitems(500)
        var body: some View {
          VStack {
            ForEach($items) { $item in
              TextField("Name", text: $item.name)
              Text(item.name)
            }
          }
          .onAppear {
            probe.names = { items.map(\.name) }
            probe.act["task"] = {
              Task { @MainActor in items[250].name += "T" }
            }
            probe.act["taskBinding"] = {
              let binding = $items
              Task { @MainActor in binding[260].name.wrappedValue += "U" }
            }
            probe.act["many"] = {
              for index in 0..<400 { $items[index].name.wrappedValue += "m" }
            }
            probe.act["many70"] = {
              for index in stride(from: 0, to: 490, by: 7) {
                $items[index].name.wrappedValue += "n"
              }
            }
          }
        }
      }
      let probe = PProbe()
      let host = host { V(probe: probe) }
      show(host)
      for step in 0..<2 {
        typeAtEnd(host.textFieldEntries[3], "a")
        probe.run("task")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) task")
        typeAtEnd(host.textFieldEntries[4], "b")
        probe.run("taskBinding")
        typeAtEnd(host.textFieldEntries[5], "c")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) task binding")
        probe.run("many")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) many")
        typeAtEnd(host.textFieldEntries[6], "d")
        probe.run("many70")
        typeAtEnd(host.textFieldEntries[7], "e")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) many70")
        for index in 0..<130 { typeAtEnd(host.textFieldEntries[index * 3], "k") }
        MainLoop.drain()
        check(host, probe.names(), "step \(step) many keystrokes")
      }
    }
  }

  /// An `@Observable` model's array keeps no journal: it is compared as before.
  func testObservableModelArray() {
    MainActor.assumeIsolated {
      struct V: View {
        @Bindable var model: PModel
        var body: some View {
          VStack {
            ForEach($model.items) { $item in
              TextField("Name", text: $item.name)
              Text(item.name)
            }
          }
        }
      }
      let model = PModel()
      let host = host { V(model: model) }
      show(host)
      for step in 0..<2 {
        typeAtEnd(host.textFieldEntries[300], "a")
        MainLoop.drain()
        check(host, model.items.map(\.name), "step \(step) type")
        model.items[301].name += "M"
        typeAtEnd(host.textFieldEntries[302], "b")
        MainLoop.drain()
        check(host, model.items.map(\.name), "step \(step) model + type")
        model.items.swapAt(0, 399)
        MainLoop.drain()
        check(host, model.items.map(\.name), "step \(step) swap")
      }
    }
  }

  /// A row view taking `@Binding var item`, typed into, with the app's writes.
  func testChildRowViewBinding() {
    MainActor.assumeIsolated {
      struct Row: View {
        @Binding var item: PItem
        var body: some View {
          TextField("Name", text: $item.name)
          Text(item.name)
        }
      }
      struct V: View {
        let probe: PProbe
        @State var items = pitems(300)
        var body: some View {
          VStack {
            ForEach($items) { $item in
              Row(item: $item)
            }
          }
          .onAppear {
            probe.names = { items.map(\.name) }
            probe.act["app"] = { items[100].name += "A" }
            probe.act["binding"] = { $items[101].wrappedValue.name += "B" }
          }
        }
      }
      let probe = PProbe()
      let host = host { V(probe: probe) }
      show(host)
      for step in 0..<2 {
        typeAtEnd(host.textFieldEntries[100], "a")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) type")
        probe.run("app")
        typeAtEnd(host.textFieldEntries[101], "b")
        probe.run("binding")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) mixed")
      }
    }
  }

  @MainActor
  private func checkLazy(
    _ host: HostingWindow<AnyTestView>, _ model: [PItem], _ what: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let byID = Dictionary(uniqueKeysWithValues: model.map { ($0.id, $0.name) })
    let labels = host.labelTexts
    let entries = host.textFieldEntries.map(\.text)
    XCTAssertEqual(labels.count, 2 * entries.count, "\(what): counts", file: file, line: line)
    var index = 0
    var checked = 0
    while index + 1 < labels.count, index / 2 < entries.count {
      guard let id = Int(labels[index].dropFirst()) else {
        XCTFail("\(what): label \(labels[index])", file: file, line: line)
        return
      }
      let name = byID[id]
      if labels[index + 1] != name || entries[index / 2] != name {
        XCTFail(
          "\(what): row #\(id) shows \(entries[index / 2]) / \(labels[index + 1]), model \(name ?? "-")",
          file: file, line: line)
        return
      }
      checked += 1
      index += 2
    }
    XCTAssertGreaterThan(checked, 3, "\(what): rows checked", file: file, line: line)
  }

  /// `List { ForEach($items) }` and `LazyVStack`: the rows GTK shows, after keystrokes,
  /// the app's writes to rows off screen, scrolling to the end and back.
  func testListAndLazyVStackScrolled() {
    for lazyStack in [false, true] {
      MainActor.assumeIsolated {
        struct V: View {
          let probe: PProbe
          let lazyStack: Bool
          @State var items = pitems(1_000)
          var body: some View {
            Group {
              if lazyStack {
                ScrollView {
                  LazyVStack {
                    ForEach($items) { $item in
                      HStack {
                        Text("#\(item.id)")
                        TextField("Name", text: $item.name)
                        Text(item.name)
                      }
                    }
                  }
                }
              } else {
                List {
                  ForEach($items) { $item in
                    HStack {
                      Text("#\(item.id)")
                      TextField("Name", text: $item.name)
                      Text(item.name)
                    }
                  }
                }
              }
            }
            .onAppear {
              probe.act["model"] = { probe.model = items }
              probe.act["app"] = { items[2].name += "A" }
              probe.act["far"] = { items[990].name += "F" }
              probe.act["farBinding"] = { $items[991].name.wrappedValue += "G" }
              probe.act["swap"] = { items.swapAt(1, 995) }
            }
          }
        }
        let probe = PProbe()
        let host = host { V(probe: probe, lazyStack: lazyStack) }
        show(host)
        MainLoop.run(timeout: 1) { false }
        @MainActor func model() -> [PItem] {
          probe.run("model")
          return probe.model
        }
        let what = lazyStack ? "LazyVStack" : "List"
        for step in 0..<2 {
          typeAtEnd(host.textFieldEntries[1], "a")
          MainLoop.drain()
          checkLazy(host, model(), "\(what) \(step) type")
          probe.run("app")
          probe.run("far")
          probe.run("farBinding")
          typeAtEnd(host.textFieldEntries[2], "b")
          MainLoop.drain()
          checkLazy(host, model(), "\(what) \(step) app")
          let list = listViewIn(host.window)
          scrollListToEnd(list)
          MainLoop.drain()
          checkLazy(host, model(), "\(what) \(step) scrolled to end")
          let last = host.textFieldEntries.count - 3
          typeAtEnd(host.textFieldEntries[last], "z")
          probe.run("far")
          MainLoop.drain()
          checkLazy(host, model(), "\(what) \(step) typed at end")
          probe.run("swap")
          MainLoop.drain()
          scrollList(list, to: 0)
          MainLoop.drain()
          checkLazy(host, model(), "\(what) \(step) scrolled back")
        }
      }
    }
  }
}

private struct TwoView: View {
  let probe: PProbe
  let shape: Int
  @State var items: [PItem]
  var body: some View {
    VStack {
      ForEach($items) { $item in
        TextField("Name", text: $item.name)
        Text(item.name)
      }
      if shape == 0 {
        ForEach($items) { $item in
          TextField("Name", text: $item.name)
          Text(item.name)
        }
      } else if shape == 1 {
        ForEach($items.filter { $0.wrappedValue.id % 3 == 0 }) { $item in
          TextField("Name", text: $item.name)
          Text(item.name)
        }
      } else {
        TwoChild(items: $items)
      }
    }
    .onAppear {
      probe.names = {
        let all = items.map(\.name)
        return all + (shape == 1 ? items.filter { $0.id % 3 == 0 }.map(\.name) : all)
      }
    }
  }
}

private struct TwoChild: View {
  @Binding var items: [PItem]
  var body: some View {
    ForEach($items) { $item in
      TextField("Name", text: $item.name)
      Text(item.name)
    }
  }
}

extension ElementWriteTests {
  /// Two `ForEach` over one array (a second, a filtered one, a child's), below and above
  /// 256 elements.
  func testTwoForEachOverOneArray() {
    for count in [100, 300] {
      for shape in 0..<3 {
        MainActor.assumeIsolated {
          let probe = PProbe()
          let host = host { TwoView(probe: probe, shape: shape, items: pitems(count)) }
          show(host)
          let what = "count \(count) shape \(shape)"
          typeAtEnd(host.textFieldEntries[9], "x")
          MainLoop.drain()
          check(host, probe.names(), "\(what) first")
          typeAtEnd(host.textFieldEntries[count + 4], "y")
          MainLoop.drain()
          check(host, probe.names(), "\(what) second")
          typeAtEnd(host.textFieldEntries[9], "z")
          MainLoop.drain()
          check(host, probe.names(), "\(what) third")
          host.close()
        }
      }
    }
  }
}

extension ElementWriteTests {
  /// `ForEach(groups.indices) { ForEach($groups[g].items) }`: the inner collection is
  /// found by position, so a swap or removal of groups gives a row another group's items.
  func testIndicesOfGroups() {
    MainActor.assumeIsolated {
      struct V: View {
        let probe: PProbe
        @State var groups = [
          PGroup(id: 0, title: "g0", items: pitems(300, "a")),
          PGroup(id: 1, title: "g1", items: pitems(300, "b")),
          PGroup(id: 2, title: "g2", items: pitems(300, "c")),
        ]
        var body: some View {
          VStack {
            ForEach(groups.indices, id: \.self) { g in
              ForEach($groups[g].items) { $item in
                TextField("Name", text: $item.name)
                Text(item.name)
              }
            }
          }
          .onAppear {
            probe.names = { groups.flatMap { $0.items.map(\.name) } }
            probe.act["removeFirst"] = { groups.remove(at: 0) }
            probe.act["swap"] = { groups.swapAt(0, 1) }
            probe.act["inner"] = { groups[0].items[3].name += "I" }
          }
        }
      }
      let probe = PProbe()
      let host = host { V(probe: probe) }
      show(host)
      typeAtEnd(host.textFieldEntries[3], "x")
      MainLoop.drain()
      check(host, probe.names(), "type g0")
      typeAtEnd(host.textFieldEntries[303], "y")
      MainLoop.drain()
      check(host, probe.names(), "type g1")
      probe.run("swap")
      MainLoop.drain()
      check(host, probe.names(), "swap")
      typeAtEnd(host.textFieldEntries[3], "z")
      MainLoop.drain()
      check(host, probe.names(), "type after swap")
      probe.run("inner")
      typeAtEnd(host.textFieldEntries[4], "w")
      MainLoop.drain()
      check(host, probe.names(), "inner + type")
      probe.run("removeFirst")
      MainLoop.drain()
      check(host, probe.names(), "remove first")
      typeAtEnd(host.textFieldEntries[3], "v")
      MainLoop.drain()
      check(host, probe.names(), "type after remove")
      typeAtEnd(host.textFieldEntries[303], "u")
      MainLoop.drain()
      check(host, probe.names(), "type after remove 2")
    }
  }

  /// Rows that read another state re-run by themselves between the keystrokes.
  func testRowsReadingAnotherState() {
    MainActor.assumeIsolated {
      struct V: View {
        let probe: PProbe
        @State var items = pitems(300)
        @State var mark = ""
        var body: some View {
          VStack {
            ForEach($items) { $item in
              TextField("Name", text: $item.name)
              Text(item.name + mark)
            }
          }
          .onAppear {
            probe.names = { items.map { $0.name + mark } }
            probe.act["mark"] = { mark += "*" }
            probe.act["app"] = { items[7].name += "A" }
          }
        }
      }
      let probe = PProbe()
      let host = host { V(probe: probe) }
      show(host)
      for step in 0..<2 {
        typeAtEnd(host.textFieldEntries[5], "x")
        probe.run("mark")
        MainLoop.drain()
        let names = probe.names()
        XCTAssertEqual(host.labelTexts, names, "step \(step) labels")
        probe.run("mark")
        typeAtEnd(host.textFieldEntries[6], "y")
        probe.run("app")
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, probe.names(), "step \(step) labels 2")
      }
    }
  }

  /// A second window's `ForEach` over the first window's state, through `@Binding`.
  func testSecondWindowChild() {
    MainActor.assumeIsolated {
      @MainActor final class Holder { var binding: Binding<[PItem]>? }
      struct Child: View {
        @Binding var items: [PItem]
        var body: some View {
          VStack {
            ForEach($items) { $item in
              TextField("Name", text: $item.name)
              Text(item.name)
            }
          }
        }
      }
      struct V: View {
        let probe: PProbe
        let holder: Holder
        @State var items = pitems(300)
        var body: some View {
          VStack {
            ForEach($items) { $item in
              TextField("Name", text: $item.name)
              Text(item.name)
            }
          }
          .onAppear {
            holder.binding = $items
            probe.names = { items.map(\.name) }
            probe.act["app"] = { items[7].name += "A" }
          }
        }
      }
      let probe = PProbe()
      let holder = Holder()
      let main = host { V(probe: probe, holder: holder) }
      show(main)
      MainLoop.drain()
      let binding = holder.binding!
      let second = host { Child(items: binding) }
      show(second)
      for step in 0..<2 {
        typeAtEnd(main.textFieldEntries[5], "x")
        MainLoop.drain()
        check(main, probe.names(), "step \(step) main")
        check(second, probe.names(), "step \(step) second")
        typeAtEnd(second.textFieldEntries[6], "y")
        probe.run("app")
        MainLoop.drain()
        check(main, probe.names(), "step \(step) main 2")
        check(second, probe.names(), "step \(step) second 2")
      }
    }
  }

  /// `ForEach($names, id: \.self)` with repeated names (matched by element), then none.
  func testDuplicateStringsIDSelf() {
    MainActor.assumeIsolated {
      struct V: View {
        let probe: PProbe
        @State var names = (0..<300).map { "n\($0 % 150)" }
        var body: some View {
          VStack {
            ForEach($names, id: \.self) { $name in
              TextField("Name", text: $name)
              Text(name)
            }
          }
          .onAppear {
            probe.names = { names }
            probe.act["dedupe"] = { names = (0..<300).map { "u\($0)" } }
            probe.act["dup"] = { names[200] = names[100] }
          }
        }
      }
      let probe = PProbe()
      let host = host { V(probe: probe) }
      show(host)
      typeAtEnd(host.textFieldEntries[5], "x")
      MainLoop.drain()
      check(host, probe.names(), "dup type")
      probe.run("dedupe")
      MainLoop.drain()
      check(host, probe.names(), "dedupe")
      for step in 0..<2 {
        typeAtEnd(host.textFieldEntries[5], "y")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) type")
        typeAtEnd(host.textFieldEntries[6], "z")
        typeAtEnd(host.textFieldEntries[7], "w")
        MainLoop.drain()
        check(host, probe.names(), "step \(step) type 2")
      }
      probe.run("dup")
      MainLoop.drain()
      check(host, probe.names(), "dup again")
      typeAtEnd(host.textFieldEntries[200], "q")
      MainLoop.drain()
      check(host, probe.names(), "type into dup")
      typeAtEnd(host.textFieldEntries[100], "r")
      MainLoop.drain()
      check(host, probe.names(), "type into dup 2")
    }
  }

  /// A row's `.onChange` lower-cases its own element, beside a field bound to `$items[5]`.
  func testOnChangeNormalizesOwnElement() {
    for count in [100, 300] {
      MainActor.assumeIsolated {
        struct V: View {
          let probe: PProbe
          @State var items: [PItem]
          var body: some View {
            VStack {
              TextField("Five", text: $items[5].name)
              Text(items[5].name)
              ForEach($items) { $item in
                TextField("Name", text: $item.name)
                  .onChange(of: item.name) { _, new in
                    if new != new.lowercased() { item.name = new.lowercased() }
                  }
                Text(item.name)
              }
            }
            .onAppear {
              probe.names = { [items[5].name] + items.map(\.name) }
            }
          }
        }
        let probe = PProbe()
        let host = host { V(probe: probe, items: pitems(count)) }
        show(host)
        for step in 0..<2 {
          typeAtEnd(host.textFieldEntries[1 + 9], "X")
          MainLoop.drain()
          check(host, probe.names(), "count \(count) step \(step) row 9")
          typeAtEnd(host.textFieldEntries[0], "Y")
          MainLoop.drain()
          check(host, probe.names(), "count \(count) step \(step) field 5")
          typeAtEnd(host.textFieldEntries[1 + 5], "Z")
          typeAtEnd(host.textFieldEntries[1 + 90], "W")
          MainLoop.drain()
          check(host, probe.names(), "count \(count) step \(step) rows 5, 290")
        }
        host.close()
      }
    }
  }
}
