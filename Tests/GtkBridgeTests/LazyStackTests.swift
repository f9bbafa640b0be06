import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

private struct Entry: Identifiable, Equatable {
  let id: Int
  var name: String
}

@MainActor
@Observable
private final class Entries {
  var all: [Entry]
  init(count: Int) { all = (0..<count).map { Entry(id: $0, name: "Entry \($0)") } }
}

/// A row with state of its own: SwiftUI keeps it by the row's identity.
private struct CounterRow: View {
  let entry: Entry
  @State private var taps = 0

  var body: some View {
    Button("\(entry.name): \(taps)") { taps += 1 }
  }
}

@MainActor
private func listView(in window: Window) -> UnsafeMutablePointer<GtkWidget> {
  gtkTree(window.pointer).first { widgetTypeName($0) == "GtkListView" }!
}

/// The texts of the labels GTK has made in `list` (the rows it set up), in tree order.
@MainActor
private func madeLabels(_ list: UnsafeMutablePointer<GtkWidget>) -> [String] {
  gtkTree(list).filter { widgetTypeName($0) == "GtkLabel" }.map(labelText)
}

/// The rows' vertical scroll position: set to `value` (clamped by GTK), then laid out.
@MainActor
private func scroll(_ list: UnsafeMutablePointer<GtkWidget>, to value: Double) {
  let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(list))!
  gtk_adjustment_set_value(adjustment, value)
  MainLoop.run(timeout: 1) { false }
}

@MainActor
private func scrollToEnd(_ list: UnsafeMutablePointer<GtkWidget>) {
  let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(list))!
  // NB: GTK's upper bound is an estimate until the rows near the end are measured: twice.
  for _ in 0..<3 {
    scroll(list, to: gtk_adjustment_get_upper(adjustment))
  }
}

/// LazyVStack and LazyHStack on a real GtkListView: rows made as GTK shows them, identity,
/// state and focus kept by id, changes told to GTK as one range.
final class LazyStackTests: GtkTestCase, @unchecked Sendable {
  func testAHundredThousandRowsMakeOnlyTheRowsOnScreen() {
    MainActor.assumeIsolated {
      let model = Entries(count: 100_000)
      let ui = show {
        ScrollView {
          LazyVStack(alignment: .leading) {
            ForEach(model.all) { entry in Text(entry.name) }
          }
        }
      }
      MainLoop.run(timeout: 1) { false }
      let list = listView(in: ui.window)
      XCTAssertEqual(
        widgetTypeName(gtk_widget_get_parent(list)!), "GtkScrolledWindow",
        "the list view scrolls itself, without a viewport")
      let made = madeLabels(list)
      XCTAssertEqual(made.first, "Entry 0")
      XCTAssertGreaterThan(made.count, 5)
      // NB: GTK keeps up to 200 rows set up around the visible ones (GtkListView's own
      // GTK_LIST_VIEW_MAX_LIST_ITEMS), as it does for a list view written in C.
      XCTAssertLessThanOrEqual(made.count, 250, "rows for the screen, not for 100,000")
      scrollToEnd(list)
      let atEnd = madeLabels(list)
      XCTAssertTrue(atEnd.contains("Entry 99999"), "\(atEnd.suffix(3))")
      XCTAssertLessThanOrEqual(atEnd.count, 250)
    }
  }

  func testChangesReachTheRowsOnScreen() {
    MainActor.assumeIsolated {
      let model = Entries(count: 3)
      let ui = show {
        ScrollView {
          LazyVStack { ForEach(model.all) { entry in Text(entry.name) } }
        }
      }
      let list = listView(in: ui.window)
      XCTAssertEqual(madeLabels(list), ["Entry 0", "Entry 1", "Entry 2"])
      model.all[1].name = "Renamed"
      MainLoop.run(timeout: 0.3) { false }
      XCTAssertEqual(madeLabels(list), ["Entry 0", "Renamed", "Entry 2"])
      model.all.append(Entry(id: 3, name: "Appended"))
      model.all.remove(at: 0)
      MainLoop.run(timeout: 0.3) { false }
      XCTAssertEqual(madeLabels(list).sorted(), ["Appended", "Entry 2", "Renamed"])
      model.all.reverse()
      MainLoop.run(timeout: 0.3) { false }
      let rows = rowsInOrder(list)
      XCTAssertEqual(rows, ["Appended", "Entry 2", "Renamed"])
      model.all = []
      MainLoop.run(timeout: 0.3) { false }
      XCTAssertEqual(rowsInOrder(list), [])
    }
  }

  func testARowKeepsItsStateWhenScrolledAwayAndBack() throws {
    try MainActor.assumeIsolated {
      let model = Entries(count: 5_000)
      let ui = show {
        ScrollView {
          LazyVStack { ForEach(model.all) { entry in CounterRow(entry: entry) } }
        }
      }
      let list = listView(in: ui.window)
      // NB: not the first row: GTK keeps the row its cursor is on (the first) set up.
      let row = try ui.find(label: "Entry 5: 0")
      row.tap()
      row.tap()
      MainLoop.drain()
      XCTAssertTrue(madeLabels(list).contains("Entry 5: 2"))
      scrollToEnd(list)
      XCTAssertTrue(madeLabels(list).contains("Entry 4999: 0"))
      XCTAssertFalse(madeLabels(list).contains("Entry 5: 2"), "the row's widget was recycled")
      XCTAssertFalse(madeLabels(list).contains("Entry 6: 0"))
      scroll(list, to: 0)
      let back = madeLabels(list)
      XCTAssertTrue(back.contains("Entry 5: 2"), "the row's @State came back: \(back.prefix(8))")
      XCTAssertTrue(back.contains("Entry 6: 0"))
    }
  }

  func testAFieldBeingEditedKeepsFocusWhileTenThousandRowsAreInsertedAboveIt() {
    MainActor.assumeIsolated {
      let model = Entries(count: 20)
      let ui = show {
        ScrollView {
          LazyVStack {
            ForEach(Bindable(model).all) { $entry in TextField("Name", text: $entry.name) }
          }
        }
      }
      let list = listView(in: ui.window)
      let fields = gtkTree(list).filter { widgetTypeName($0) == "GtkText" }
      XCTAssertGreaterThan(fields.count, 2)
      let field = fields[2]
      XCTAssertTrue(gtk_widget_grab_focus(field) != 0)
      cgtk_text_insert_at_cursor(field, "!")
      MainLoop.drain()
      XCTAssertEqual(model.all[2].name, "Entry 2!")
      model.all.insert(
        contentsOf: (0..<10_000).map { Entry(id: -1 - $0, name: "New \($0)") }, at: 0)
      MainLoop.run(timeout: 0.5) { false }
      XCTAssertEqual(focusWidget(ui.window), field, "the same field keeps the focus")
      cgtk_text_insert_at_cursor(field, "?")
      MainLoop.drain()
      XCTAssertEqual(model.all[10_002].name, "Entry 2!?", "typing goes on into the same element")
      XCTAssertEqual(model.all.count, 10_020)
    }
  }

  func testALazyHStackLaysRowsSideBySide() {
    MainActor.assumeIsolated {
      let model = Entries(count: 1_000)
      let ui = show {
        ScrollView(.horizontal) {
          LazyHStack { ForEach(model.all) { entry in Text(entry.name) } }
        }
      }
      let list = listView(in: ui.window)
      XCTAssertEqual(
        gtk_orientable_get_orientation(OpaquePointer(list)), GTK_ORIENTATION_HORIZONTAL)
      let made = madeLabels(list)
      XCTAssertEqual(made.first, "Entry 0")
      XCTAssertLessThanOrEqual(made.count, 250)
    }
  }

  func testContentBesideAForEachIsShownWhole() {
    MainActor.assumeIsolated {
      let model = Entries(count: 2)
      let ui = show {
        ScrollView {
          LazyVStack {
            Text("Header")
            ForEach(model.all) { entry in Text(entry.name) }
          }
        }
      }
      let list = listView(in: ui.window)
      XCTAssertEqual(rowsInOrder(list), ["Header", "Entry 0", "Entry 1"])
      model.all.append(Entry(id: 2, name: "Entry 2"))
      MainLoop.run(timeout: 0.3) { false }
      XCTAssertEqual(rowsInOrder(list), ["Header", "Entry 0", "Entry 1", "Entry 2"])
    }
  }
}

/// The labels of `list`'s rows, top to bottom as laid out (GTK's widget order among
/// recycled rows is not the rows' order).
@MainActor
private func rowsInOrder(_ list: UnsafeMutablePointer<GtkWidget>) -> [String] {
  let labels = gtkTree(list).filter {
    widgetTypeName($0) == "GtkLabel" && gtk_widget_get_mapped($0) != 0
  }
  return labels.map { label -> (Double, String) in
    var x = 0.0
    var y = 0.0
    _ = cgtk_widget_translate_point(label, list, 0, 0, &x, &y)
    return (y, labelText(label))
  }.sorted { $0.0 < $1.0 }.map(\.1)
}
