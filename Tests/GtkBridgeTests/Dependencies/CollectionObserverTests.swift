import XCTest

@testable import GtkBridge

private struct ObservedRow: Identifiable, Equatable {
  let id: Int
  var name: String
}

private func observedRows(_ count: Int) -> [ObservedRow] {
  (0..<count).map { ObservedRow(id: $0, name: "row \($0)") }
}

/// What a view's `@State` holds, reached from the test.
@MainActor
private final class ObservedRowsProbe {
  var names: () -> [String] = { [] }
}

/// `ForEach($rows)` with a `ForEach($rows.filter { … })` after it: the filter reads each
/// element through a position binding in the view's `body`, before any row exists.
private struct MainAndFilteredRows: View {
  let probe: ObservedRowsProbe
  @State var rows = observedRows(9)

  var body: some View {
    VStack {
      ForEach($rows) { $row in
        TextField("Name", text: $row.name)
        Text(row.name)
      }
      ForEach($rows.filter { $0.wrappedValue.id % 3 == 0 }) { $row in
        TextField("Name", text: $row.name)
        Text(row.name)
      }
    }
    .onAppear {
      probe.names = { rows.map(\.name) + rows.filter { $0.id % 3 == 0 }.map(\.name) }
    }
  }
}

/// A field bound to `$rows[1].name` above `ForEach($rows)`, whose rows lower-case what is
/// typed into them.
private struct PositionFieldAndRows: View {
  let probe: ObservedRowsProbe
  @State var rows = observedRows(6)

  var body: some View {
    VStack {
      TextField("One", text: $rows[1].name)
      Text(rows[1].name)
      ForEach($rows) { $row in
        TextField("Name", text: $row.name)
          .onChange(of: row.name) { _, new in
            if new != new.lowercased() { row.name = new.lowercased() }
          }
        Text(row.name)
      }
    }
    .onAppear { probe.names = { [rows[1].name] + rows.map(\.name) } }
  }
}

/// One observer per collection, shared by the controls bound to its elements: each hears of
/// its own element's changes, whichever control made the observer.
final class CollectionObserverTests: GtkTestCase, @unchecked Sendable {
  @MainActor
  private func typeAtEnd(_ entry: Entry, _ text: String) {
    entry.cursorPosition = -1
    entry.simulateTyping(text)
  }

  /// The observer was made for the filter's position bindings, which know no ids: the rows
  /// of `ForEach($rows)`, which follow their elements by id, never heard of a change, and
  /// showed the old text when the filtered row of the same element was typed into.
  func testRowsFollowingIDsHearOfChangesWhenPositionsCameFirst() {
    MainActor.assumeIsolated {
      let probe = ObservedRowsProbe()
      let host = host { MainAndFilteredRows(probe: probe) }
      show(host)
      // Entries 0...8: the rows; 9, 10, 11: the filtered rows of ids 0, 3, 6.
      typeAtEnd(host.textFieldEntries[10], "x")
      MainLoop.drain()
      XCTAssertEqual(probe.names()[3], "row 3x")
      XCTAssertEqual(host.textFieldEntries.map(\.text), probe.names())
      XCTAssertEqual(host.labelTexts, probe.names())
      typeAtEnd(host.textFieldEntries[6], "y")
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries.map(\.text), probe.names())
      XCTAssertEqual(host.labelTexts, probe.names())
    }
  }

  /// As above, the observer made by a field bound to `$rows[1].name`: a row's field showed
  /// what was typed, not the row's own lower-casing of it, and the row of the element the
  /// position field changed showed the old text.
  func testRowsFollowingIDsHearOfChangesBesideAPositionField() {
    MainActor.assumeIsolated {
      let probe = ObservedRowsProbe()
      let host = host { PositionFieldAndRows(probe: probe) }
      show(host)
      typeAtEnd(host.textFieldEntries[1 + 4], "X")
      MainLoop.drain()
      XCTAssertEqual(probe.names()[1 + 4], "row 4x")
      XCTAssertEqual(host.textFieldEntries.map(\.text), probe.names())
      XCTAssertEqual(host.labelTexts, probe.names())
      typeAtEnd(host.textFieldEntries[0], "y")
      MainLoop.drain()
      XCTAssertEqual(probe.names()[1 + 1], "row 1y")
      XCTAssertEqual(host.textFieldEntries.map(\.text), probe.names())
      XCTAssertEqual(host.labelTexts, probe.names())
    }
  }
}
