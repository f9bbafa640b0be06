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
        @State var rows = (0..<10).map { WrittenRow(id: $0, name: "row \($0)") }[4...]
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
      typeAtEnd(host.textFieldEntries[2], "x")
      MainLoop.drain()
      typeAtEnd(host.textFieldEntries[2], "y")
      MainLoop.drain()
      let expected = (4..<10).map { $0 == 6 ? "row 6xy" : "row \($0)" }
      XCTAssertEqual(host.textFieldEntries.map(\.text), expected)
      XCTAssertEqual(host.labelTexts, expected)
    }
  }
}
