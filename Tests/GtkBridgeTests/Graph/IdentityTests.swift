import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
final class Row: Identifiable {
  let id: Int
  var title: String

  init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
}

@MainActor
@Observable
final class RowList {
  var rows: [Row]
  var focus: Int?
  var revision = 0
  @ObservationIgnored var bodyRuns: [Int: Int] = [:]
  /// Every value the rows' `@FocusState` took, as `.onChange(of: focus)` saw it.
  @ObservationIgnored var focusStateValues: [Int?] = []
  @ObservationIgnored var widgets: [Int: Entry] = [:]
  @ObservationIgnored weak var box: Widget?

  init(count: Int) {
    rows = (0..<count).map { Row(id: $0, title: "row \($0)") }
  }
}

/// One row; its body reads only its own row's title.
struct RowView: View {
  @Bindable var row: Row
  let list: RowList
  let focus: FocusState<Int?>.Binding

  var body: some View {
    list.bodyRuns[row.id, default: 0] += 1
    return HStack {
      Text(row.title.isEmpty ? "(empty)" : "\(row.title.count) characters")
      TextField("Row \(row.id)", text: $row.title)
        .focused(focus, equals: row.id)
        .configure { list.widgets[row.id] = $0 as? Entry }
    }
  }
}

struct RowsView: View {
  @FocusState var focus: Int?
  let list: RowList

  var body: some View {
    _ = list.revision
    return VStack {
      ForEach(list.rows) { row in
        RowView(row: row, list: list, focus: $focus)
      }
    }
    .configure { list.box = $0 }
    .onChange(of: list.focus) { _, new in focus = new }
    .onChange(of: focus) { _, new in list.focusStateValues.append(new) }
  }
}

/// Widgets keep their identity across updates and reorders; views removed are freed.
final class IdentityTests: GtkTestCase, @unchecked Sendable {
  private func boxOrder(_ list: RowList) -> [Int] {
    MainActor.assumeIsolated {
      var order: [Int] = []
      var child = gtk_widget_get_first_child(list.box!.pointer)
      while let widget = child {
        // Each row is an HStack holding its label and entry.
        let row = list.widgets.first { gtk_widget_get_parent($0.value.pointer) == widget }
        if let id = row?.key {
          order.append(id)
        }
        child = gtk_widget_get_next_sibling(widget)
      }
      return order
    }
  }

  func testFocusAndCursorSurviveAReRenderAndAReorder() {
    MainActor.assumeIsolated {
      let list = RowList(count: 4)
      let host = host { RowsView(list: list) }
      show(host)
      list.focus = 2
      MainLoop.drain()
      let entry = list.widgets[2]!
      XCTAssertTrue(holdsFocus(entry))
      entry.simulateTyping("!")
      entry.cursorPosition = 3
      MainLoop.drain()
      XCTAssertEqual(list.rows[2].title, "row 2!")

      list.revision += 1  // the parent's body runs again
      MainLoop.drain()
      XCTAssertTrue(list.widgets[2] === entry, "the row's widget was rebuilt")
      XCTAssertTrue(holdsFocus(entry))
      XCTAssertEqual(entry.cursorPosition, 3)

      list.rows.reverse()
      MainLoop.drain()
      XCTAssertEqual(boxOrder(list), [3, 2, 1, 0])
      XCTAssertTrue(list.widgets[2] === entry)
      XCTAssertTrue(holdsFocus(entry))
      XCTAssertEqual(entry.cursorPosition, 3)
      XCTAssertEqual(entry.text, "row 2!")
    }
  }

  func testChangingOneRowsModelReEvaluatesThatRowOnly() {
    MainActor.assumeIsolated {
      let list = RowList(count: 5)
      let host = host { RowsView(list: list) }
      show(host)
      let before = list.bodyRuns
      XCTAssertEqual(before, [0: 1, 1: 1, 2: 1, 3: 1, 4: 1])

      list.rows[3].title = "changed"
      MainLoop.drain()
      XCTAssertEqual(list.bodyRuns, [0: 1, 1: 1, 2: 1, 3: 2, 4: 1])
      XCTAssertEqual(list.widgets[3]?.text, "changed")

      // Typing into a row also re-evaluates that row only.
      list.widgets[1]!.simulateTyping("x")
      MainLoop.drain()
      XCTAssertEqual(list.bodyRuns, [0: 1, 1: 2, 2: 1, 3: 2, 4: 1])
    }
  }

  func testRemovedRowsFreeTheirWidgetsAndCoordinatorsAndFocusedRemovalResetsTheState() {
    MainActor.assumeIsolated {
      let list = RowList(count: 3)
      let host = host { RowsView(list: list) }
      show(host)
      list.focus = 1
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(list.widgets[1]), "row 1 holds focus before it is removed")
      // (GTK focused row 0 on present, as the first focusable widget.)
      XCTAssertEqual(list.focusStateValues.last, 1)
      let valuesBefore = list.focusStateValues.count
      weak var removedEntry: Entry?
      weak var coordinator: EditableFieldCoordinator?
      do {
        removedEntry = list.widgets[1]
        let node = host.graph.root!.subtree
          .compactMap { $0 as? RepresentableNode<TextField<Text>> }
          .first { $0.widget === list.widgets[1] }!
        coordinator = node.context.coordinator
        list.widgets[1] = nil
      }

      list.rows.remove(at: 1)
      MainLoop.drain()
      XCTAssertEqual(boxOrder(list), [0, 2])
      XCTAssertNil(removedEntry, "the removed row's entry handle leaked")
      XCTAssertNil(coordinator, "the removed row's coordinator leaked")
      // The FocusState the rows share reads nil, in one write: its focused view left.
      XCTAssertEqual(list.focusStateValues.dropFirst(valuesBefore), [nil])
      let rows = host.graph.root!.subtree.compactMap { $0 as? RepresentableNode<TextField<Text>> }
      XCTAssertEqual(rows.count, 2)
      XCTAssertFalse(rows.contains { holdsFocus($0.widget) })
      // It stays nil once GTK has moved its own focus off the removed widget (next frame).
      XCTAssertTrue(
        MainLoop.run(timeout: 2) {
          let focus = focusWidget(host.window)
          return focus == nil || rows.contains { ($0.widget as? Entry)?.delegate == focus }
        })
      XCTAssertEqual(list.focusStateValues.dropFirst(valuesBefore), [nil])
    }
  }

  func testReorderMovesWidgetsWithoutRecreatingThem() {
    MainActor.assumeIsolated {
      let list = RowList(count: 5)
      let host = host { RowsView(list: list) }
      show(host)
      let original = list.widgets.mapValues { ObjectIdentifier($0) }
      list.rows.swapAt(0, 4)
      list.rows.swapAt(1, 2)
      MainLoop.drain()
      XCTAssertEqual(boxOrder(list), [4, 2, 1, 3, 0])
      XCTAssertEqual(list.widgets.mapValues { ObjectIdentifier($0) }, original)
      XCTAssertEqual(list.bodyRuns.values.max(), 1, "a reorder re-evaluates no row")
    }
  }
}
