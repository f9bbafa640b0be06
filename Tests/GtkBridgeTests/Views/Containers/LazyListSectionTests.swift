import CGtk
import CGtkTesting
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

private struct Book: Identifiable, Hashable {
  let id: Int
  let title: String
}

private func books(_ ids: Range<Int>) -> [Book] {
  ids.map { Book(id: $0, title: "Book \($0)") }
}

@MainActor
@Observable
private final class Shelves {
  var first: [Book]
  var second: [Book]
  var selected: Int?
  var many: Set<Int> = []

  init(first: Range<Int>, second: Range<Int>) {
    self.first = books(first)
    self.second = books(second)
  }
}

/// Every row GTK shows, label rows (headers, footers) included, in the model's order.
@MainActor
private func modelRows(_ list: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>]
{
  settleListView(list)
  return ListViewTabStopType.handle(of: list)!.shownRows.map(\.widget)
}

@MainActor
private func text(_ row: UnsafeMutablePointer<GtkWidget>) -> String {
  gtkTree(row).filter { widgetTypeName($0) == "GtkLabel" }.map(labelText).joined(separator: " ")
}

@MainActor
private func isLabelRow(_ row: UnsafeMutablePointer<GtkWidget>) -> Bool {
  hasClass(row, ListCSS.labelRowClass)
}

/// The `items-changed` signals of a list view's model, as (position, removed, added).
@MainActor
private final class ItemsChangedLog {
  var changes: [[Int]] = []
  private let model: UnsafeMutableRawPointer
  private var handler: gulong = 0

  init(_ list: UnsafeMutablePointer<GtkWidget>) {
    model = UnsafeMutableRawPointer(gtk_list_view_get_model(OpaquePointer(list))!)
    let callback:
      @convention(c) (
        UnsafeMutableRawPointer?, guint, guint, guint, UnsafeMutableRawPointer?
      ) -> Void = { _, position, removed, added, data in
        let bits = UInt(bitPattern: data)
        MainActor.assumeIsolated {
          let log = Unmanaged<ItemsChangedLog>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
            .takeUnretainedValue()
          log.changes.append([Int(position), Int(removed), Int(added)])
        }
      }
    handler = g_signal_connect_data(
      model, "items-changed", unsafeBitCast(callback, to: GCallback.self),
      Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(rawValue: 0))
  }

  func stop() { g_signal_handler_disconnect(model, handler) }
}

/// Scrolls the scrolled window around `list` to its end and lets GTK lay the rows out.
@MainActor
private func scrollToEnd(_ list: UnsafeMutablePointer<GtkWidget>) {
  let window = gtk_widget_get_ancestor(list, gtk_scrolled_window_get_type())!
  let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(window))!
  gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
  MainLoop.run(timeout: 0.5) { false }
}

/// A key pressed at the focused widget, as GTK delivers it (capture, then bubble).
@MainActor
private func pressKey(_ window: Window, _ keyval: Int32) {
  guard let focus = focusWidget(window) else { return }
  _ = cgtk_testing_press_key(focus, UInt32(keyval))
  MainLoop.drain()
  if let list = listWidget(in: window.pointer) { settleListView(list) }
}

/// A `List` of sections each holding one `ForEach` (issue 39): one `GtkListView` whose model
/// is the sections' headers, rows and footers one after another, rows made as GTK shows them.
final class LazyListSectionTests: GtkTestCase, @unchecked Sendable {
  func testSectionsOfTenThousandRowsEachMakeOnlyTheRowsOnScreen() {
    MainActor.assumeIsolated {
      let model = Shelves(first: 0..<10_000, second: 10_000..<20_000)
      let ui = show {
        List(selection: Bindable(model).selected) {
          Section("Fiction") { ForEach(model.first) { Text($0.title) } }
          Section {
            ForEach(model.second) { Text($0.title) }
          } header: {
            Text("Poetry")
          } footer: {
            Text("The end")
          }
        }
      }
      MainLoop.run(timeout: 1) { false }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      let handle = ListViewTabStopType.handle(of: list)!
      XCTAssertEqual(handle.count, 20_003, "a header, 10,000 rows, a header, 10,000 rows, a footer")
      // NB: GTK keeps up to 200 rows set up around the visible ones, as for a C list view.
      XCTAssertLessThanOrEqual(handle.rowWidgetCount, 250)
      XCTAssertEqual(modelRows(list).prefix(3).map(text), ["Fiction", "Book 0", "Book 1"])
      // The app selects a row of the second section GTK has not made.
      model.selected = 19_998
      MainLoop.drain()
      scrollToEnd(list)
      let atEnd = modelRows(list)
      XCTAssertEqual(atEnd.filter(isSelectedRow).map(text), ["Book 19998"])
      XCTAssertEqual(atEnd.suffix(2).map(text), ["Book 19999", "The end"])
      XCTAssertLessThanOrEqual(handle.rowWidgetCount, 250)
      // The user's choice there writes the element's id.
      activateRow(atEnd[atEnd.count - 2])
      MainLoop.drain()
      XCTAssertEqual(model.selected, 19_999)
    }
  }

  func testAChangeInTheSecondSectionIsOneItemsChangedAtItsOffsetAndLeavesTheFirstAlone() {
    MainActor.assumeIsolated {
      let model = Shelves(first: 0..<10_000, second: 10_000..<20_000)
      let ui = show {
        List {
          Section("A") { ForEach(model.first) { Text($0.title) } }
          Section("B") { ForEach(model.second) { Text($0.title) } }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      let before = modelRows(list)
      let labelsBefore = before.map { gtkTree($0).filter { widgetTypeName($0) == "GtkLabel" } }
      XCTAssertEqual(before.prefix(2).map(text), ["A", "Book 0"])
      let log = ItemsChangedLog(list)
      defer { log.stop() }
      // Section B starts at 1 + 10,000 + 1 = 10,002.
      model.second.insert(Book(id: -1, title: "New"), at: 0)
      MainLoop.drain()
      XCTAssertEqual(log.changes, [[10_002, 0, 1]])
      model.second.remove(at: 5)
      MainLoop.drain()
      XCTAssertEqual(log.changes.last, [10_007, 1, 0])
      model.second.append(Book(id: -2, title: "Last"))
      MainLoop.drain()
      XCTAssertEqual(log.changes.last, [20_002, 0, 1])
      // A move in B: what GTK hears of stays in B's range.
      let moved = log.changes.count
      model.second.swapAt(1, 3)
      MainLoop.drain()
      XCTAssertTrue(
        log.changes.dropFirst(moved).allSatisfy { $0[0] >= 10_002 && $0[0] + $0[1] <= 20_003 },
        "\(log.changes)")
      // The first section's rows are the same widgets showing the same labels.
      let after = modelRows(list)
      XCTAssertEqual(after.prefix(before.count), before[...])
      XCTAssertEqual(
        after.prefix(before.count).map { gtkTree($0).filter { widgetTypeName($0) == "GtkLabel" } },
        labelsBefore)
      XCTAssertEqual(after.prefix(3).map(text), ["A", "Book 0", "Book 1"])
      // A change in A moves B's header and rows along: one items-changed in A's range.
      model.first.remove(at: 0)
      MainLoop.drain()
      XCTAssertEqual(log.changes.last, [1, 1, 0])
      model.second.insert(Book(id: -3, title: "Newer"), at: 0)
      MainLoop.drain()
      XCTAssertEqual(log.changes.last, [10_001, 0, 1], "B now starts one row earlier")
      XCTAssertEqual(ListViewTabStopType.handle(of: list)!.count, 1 + 9_999 + 1 + 10_002)
    }
  }

  func testHeaderAndFooterRowsTakeNoFocusNorSelectionAndReadAsSectionLabels() {
    MainActor.assumeIsolated {
      let model = Shelves(first: 0..<3, second: 10..<12)
      let ui = show {
        List(selection: Bindable(model).many) {
          Section {
            ForEach(model.first) { Text($0.title) }
          } header: {
            Text("Fiction")
          } footer: {
            Text("Three books")
          }
          Section("Poetry") { ForEach(model.second) { Text($0.title) } }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      let all = modelRows(list)
      XCTAssertEqual(
        all.map(text),
        ["Fiction", "Book 0", "Book 1", "Book 2", "Three books", "Poetry", "Book 10", "Book 11"])
      XCTAssertEqual(all.map(isLabelRow), [true, false, false, false, true, true, false, false])
      // As a list box's section labels: a heading (a caption), dimmed.
      @MainActor func label(_ row: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<
        GtkWidget
      > {
        gtkTree(row).first { widgetTypeName($0) == "GtkLabel" }!
      }
      for header in [all[0], all[5]] {
        XCTAssertTrue(hasClass(label(header), ListCSS.headerClass))
        XCTAssertTrue(hasClass(label(header), "heading") && hasClass(label(header), "dim-label"))
      }
      XCTAssertTrue(
        hasClass(label(all[4]), ListCSS.footerClass) && hasClass(label(all[4]), "caption"))
      for row in all {
        XCTAssertEqual(gtk_widget_get_focusable(row) != 0, !isLabelRow(row), text(row))
      }
      XCTAssertFalse(focusListRow(all[0]), "a header takes no focus")
      // A click on a header selects nothing.
      selectListRow(all[5])
      MainLoop.drain()
      XCTAssertEqual(model.many, [])
      XCTAssertFalse(isSelectedRow(all[5]))
      // Select all: the rows, never the labels.
      selectAllRows(list)
      MainLoop.drain()
      XCTAssertEqual(model.many, [0, 1, 2, 10, 11])
      XCTAssertEqual(modelRows(list).map(isSelectedRow), all.map { !isLabelRow($0) })
      // Selection by id, both ways, across the sections.
      model.many = [1, 11]
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).filter(isSelectedRow).map(text), ["Book 1", "Book 11"])
      selectListRow(all[6], adding: true)
      MainLoop.drain()
      XCTAssertEqual(model.many, [1, 10, 11])
      // A row of the first section recycled as a header and back keeps neither look.
      model.first.insert(Book(id: 5, title: "Book 5"), at: 0)
      MainLoop.drain()
      let rows = modelRows(list)
      XCTAssertEqual(
        rows.map(isLabelRow), [true, false, false, false, false, true, true, false, false])
      XCTAssertEqual(rows.map { gtk_widget_get_focusable($0) != 0 }, rows.map { !isLabelRow($0) })
    }
  }

  func testDeleteOnAFocusedRowRunsItsOwnSectionsOnDelete() {
    MainActor.assumeIsolated {
      let model = Shelves(first: 0..<3, second: 10..<13)
      let ui = show {
        List(selection: Bindable(model).selected) {
          Section("First") {
            ForEach(model.first) { Text($0.title) }.onDelete { model.first.remove(atOffsets: $0) }
          }
          // A `ForEach` outside any section, after one.
          ForEach(model.second) { Text($0.title) }.onDelete { model.second.remove(atOffsets: $0) }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      XCTAssertEqual(
        modelRows(list).map(text),
        ["First", "Book 0", "Book 1", "Book 2", "Book 10", "Book 11", "Book 12"])
      XCTAssertTrue(focusListRow(rows(of: list)[4]))
      pressKey(ui.window, GDK_KEY_Delete)
      XCTAssertEqual(model.second.map(\.id), [10, 12])
      XCTAssertEqual(model.first.map(\.id), [0, 1, 2], "the other section's rows stay")
      waitForFrames(ui.window)
      XCTAssertEqual(focusWidget(ui.window).map(text), "Book 12", "the row that took its place")
      // The selected row of the first section, then Delete: it goes, its successor is chosen.
      activateRow(rows(of: list)[1])
      MainLoop.drain()
      XCTAssertEqual(model.selected, 1)
      pressKey(ui.window, GDK_KEY_Delete)
      XCTAssertEqual(model.first.map(\.id), [0, 2])
      XCTAssertEqual(model.second.map(\.id), [10, 12])
      waitForFrames(ui.window)
      XCTAssertEqual(focusWidget(ui.window).map(text), "Book 2")
      XCTAssertEqual(model.selected, 2)
    }
  }

  func testTabMakesASectionedListOneStopPastItsHeaders() {
    MainActor.assumeIsolated {
      let model = Shelves(first: 0..<2, second: 10..<12)
      let ui = show {
        VStack {
          TextField("Before", text: .constant(""))
          List(selection: Bindable(model).selected) {
            Section("Fiction") { ForEach(model.first) { Text($0.title) } }
            Section("Poetry") { ForEach(model.second) { Text($0.title) } }
          }
          TextField("After", text: .constant(""))
        }
      }
      XCTAssertTrue(try! ui.find(TextField.self, title: "Before").isFocused)
      ui.press(.tab)
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertEqual(focusWidget(ui.window).map(text), "Book 0", "the first row, under the header")
      ui.press(.tab)
      XCTAssertTrue(try! ui.find(TextField.self, title: "After").isFocused, "one stop")
      model.selected = 11
      MainLoop.drain()
      ui.press(.shiftTab)
      XCTAssertEqual(focusWidget(ui.window), rows(of: list)[3], "back to the selected row")
      ui.press(.shiftTab)
      XCTAssertTrue(try! ui.find(TextField.self, title: "Before").isFocused)
    }
  }

  func testArrowHomeAndEndKeysPassOverHeadersAndFooters() throws {
    guard try runsInChildProcess(in: "LazyListSectionTests") else { return }
    try MainActor.assumeIsolated {
      let model = Shelves(first: 0..<1, second: 10..<12)
      let ui = show {
        List(selection: Bindable(model).selected) {
          Section("Inbox") { ForEach(model.first) { Text($0.title) } }
          Section {
            ForEach(model.second) { Text($0.title) }
          } header: {
            Text("Archive")
          } footer: {
            Text("Older mail")
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      XCTAssertTrue(focusListRow(rows(of: list)[0]))
      try xdotool(on: ui.window, ["key", "Down"])
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { model.selected == 10 }, "\(String(describing: model.selected))")
      try xdotool(on: ui.window, ["key", "Down"])
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { model.selected == 11 }, "\(String(describing: model.selected))")
      try xdotool(on: ui.window, ["key", "Up", "Up"])
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { model.selected == 0 }, "\(String(describing: model.selected))")
      // Home and End: the first and last rows, past the header and the footer.
      try xdotool(on: ui.window, ["key", "End"])
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { model.selected == 11 }, "\(String(describing: model.selected))")
      try xdotool(on: ui.window, ["key", "Home"])
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { model.selected == 0 }, "\(String(describing: model.selected))")
      XCTAssertEqual(focusWidget(ui.window).map(text), "Book 0")
    }
  }

  /// Seeded random edits in both sections and selections, the user's and the app's: after
  /// every step the model's rows are the headers and the data's rows in order, and exactly
  /// the rows the binding names are selected.
  func testRandomEditsInTwoSectionsKeepRowsAndSelectionInStep() {
    MainActor.assumeIsolated {
      let model = Shelves(first: 0..<4, second: 100..<104)
      var generator = SeededGenerator(state: 39)
      let ui = show {
        List(selection: Bindable(model).many) {
          Section("A") { ForEach(model.first) { Text($0.title) } }
          Section {
            ForEach(model.second) { Text($0.title) }
          } header: {
            Text("B")
          } footer: {
            Text("End")
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      var nextID = 200
      for step in 0..<200 {
        let second = Bool.random(using: &generator)
        var shelf = second ? model.second : model.first
        switch Int.random(in: 0..<6, using: &generator) {
        case 0:
          shelf.insert(
            Book(id: nextID, title: "Book \(nextID)"),
            at: Int.random(in: 0...shelf.count, using: &generator))
          nextID += 1
        case 1 where !shelf.isEmpty:
          shelf.remove(at: Int.random(in: 0..<shelf.count, using: &generator))
        case 2:
          shelf.shuffle(using: &generator)
        case 3:
          let ids = (model.first + model.second).map(\.id)
          model.many = Set(ids.filter { _ in Bool.random(using: &generator) })
        default:
          let content = rows(of: list)
          if let row = content.randomElement(using: &generator) {
            selectListRow(row, adding: Bool.random(using: &generator))
          }
        }
        if second { model.second = shelf } else { model.first = shelf }
        MainLoop.drain()
        let shown = modelRows(list)
        XCTAssertEqual(
          shown.map(text),
          ["A"] + model.first.map(\.title) + ["B"] + model.second.map(\.title) + ["End"],
          "step \(step)")
        XCTAssertEqual(
          Set(shown.filter(isSelectedRow).map(text)),
          Set((model.first + model.second).filter { model.many.contains($0.id) }.map(\.title)),
          "step \(step)")
      }
    }
  }
}
