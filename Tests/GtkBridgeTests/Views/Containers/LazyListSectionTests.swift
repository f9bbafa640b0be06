import CGtk
import CGtkTesting
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

private struct Book: Identifiable, Hashable {
  let id: Int
  var title: String
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

/// A group of books: a section made by a `ForEach` over the shelves.
private struct Shelf: Identifiable, Hashable {
  let id: Int
  var name: String
  var books: [Book]
}

@MainActor
@Observable
private final class Library {
  var shelves: [Shelf]
  var selected: Int?
  var many: Set<Int> = []

  /// `count` shelves of `booksEach` books: shelf `s` holds books `s * booksEach` on.
  init(shelves count: Int, booksEach: Int) {
    shelves = (0..<count).map { shelf in
      Shelf(
        id: shelf, name: "Shelf \(shelf)",
        books: books((shelf * booksEach)..<((shelf + 1) * booksEach)))
    }
  }

  /// The rows a list of the shelves as sections shows: each shelf's name, then its books.
  var expectedRows: [String] { shelves.flatMap { [$0.name] + $0.books.map(\.title) } }
}

/// A row with state of its own: SwiftUI keeps it by the row's identity.
private struct CounterRow: View {
  let book: Book
  @State private var taps = 0

  var body: some View {
    Button("\(book.title): \(taps)") { taps += 1 }
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
  // NB: GTK's upper bound is an estimate until the rows near the end are measured: again
  // until the last row is shown.
  let handle = ListViewTabStopType.handle(of: list)!
  for _ in 0..<4 {
    gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
    MainLoop.run(timeout: 0.5) { false }
    if handle.shownRows.last?.position == handle.count - 1 { return }
  }
}

/// Scrolls the scrolled window around `list` to its start and lets GTK lay the rows out.
@MainActor
private func scrollToStart(_ list: UnsafeMutablePointer<GtkWidget>) {
  let window = gtk_widget_get_ancestor(list, gtk_scrolled_window_get_type())!
  let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(window))!
  gtk_adjustment_set_value(adjustment, 0)
  MainLoop.run(timeout: 0.5) { false }
}

/// The label widgets of the row GTK shows at the model's `position`.
@MainActor
private func labels(at position: Int, of list: UnsafeMutablePointer<GtkWidget>)
  -> [UnsafeMutablePointer<
    GtkWidget
  >]
{
  settleListView(list)
  guard let row = ListViewTabStopType.handle(of: list)!.rowWidget(at: position) else { return [] }
  return gtkTree(row).filter { widgetTypeName($0) == "GtkLabel" }
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
  /// Two sections of two row types: GTK hands list items from one section's rows to the
  /// other's as it scrolls, and each section recycles the rows it lets go. Scrolled down and
  /// up again, every row shows its own section's views for its own element.
  func testRowsOfSectionsOfTwoRowTypesShowTheirOwnViewsScrolledBothWays() {
    MainActor.assumeIsolated {
      let model = Shelves(first: 0..<2_000, second: 2_000..<4_000)
      let ui = show {
        List {
          Section("Fiction") { ForEach(model.first) { Text($0.title) } }
          Section("Poetry") {
            ForEach(model.second) { book in
              HStack {
                Text("Poem")
                Text(book.title).padding(1)
              }
            }
          }
        }
      }
      MainLoop.run(timeout: 1) { false }
      let list = listWidget(in: ui.window.pointer)!
      let handle = ListViewTabStopType.handle(of: list)!
      let window = gtk_widget_get_ancestor(list, gtk_scrolled_window_get_type())!
      let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(window))!
      var checked = 0
      for fraction in [0.3, 0.5, 0.52, 0.7, 1, 1, 0.51, 0.2, 0] {
        gtk_adjustment_set_value(adjustment, fraction * gtk_adjustment_get_upper(adjustment))
        MainLoop.run(timeout: 0.5) { false }
        settleListView(list)
        for row in handle.shownRows {
          let texts = gtkTree(row.widget).filter { widgetTypeName($0) == "GtkLabel" }.map(
            labelText)
          let expected: [String] =
            switch row.position {
            case 0: ["Fiction"]
            case 1...2_000: ["Book \(row.position - 1)"]
            case 2_001: ["Poetry"]
            default: ["Poem", "Book \(row.position - 2)"]
            }
          XCTAssertEqual(texts, expected, "row \(row.position) at \(fraction)")
          checked += 1
        }
      }
      XCTAssertGreaterThan(checked, 100)
    }
  }

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

  // MARK: Sections made by a ForEach (the data's groups)

  func testAHundredThousandRowsInAHundredGroupsMakeOnlyTheRowsOnScreen() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 100, booksEach: 1_000)
      let ui = show {
        List(selection: Bindable(model).selected) {
          ForEach(model.shelves) { shelf in
            Section(shelf.name) { ForEach(shelf.books) { Text($0.title) } }
          }
        }
      }
      MainLoop.run(timeout: 1) { false }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      let handle = ListViewTabStopType.handle(of: list)!
      XCTAssertEqual(handle.count, 100_100, "a header and 1,000 rows per group")
      // NB: GTK keeps up to 200 rows set up around the visible ones, as for a C list view.
      XCTAssertLessThanOrEqual(handle.rowWidgetCount, 250)
      XCTAssertEqual(
        modelRows(list).prefix(3).map(text), ["Shelf 0", "Book 0", "Book 1"])
      XCTAssertEqual(modelRows(list).filter(isLabelRow).map(text).first, "Shelf 0")
      // The app selects a row of the last group, which GTK has not made.
      model.selected = 99_998
      MainLoop.drain()
      scrollToEnd(list)
      let atEnd = modelRows(list)
      XCTAssertEqual(atEnd.filter(isSelectedRow).map(text), ["Book 99998"])
      XCTAssertEqual(atEnd.suffix(2).map(text), ["Book 99998", "Book 99999"])
      XCTAssertLessThanOrEqual(handle.rowWidgetCount, 250)
      // The user's choice there writes the element's id.
      activateRow(atEnd[atEnd.count - 1])
      MainLoop.drain()
      XCTAssertEqual(model.selected, 99_999)
    }
  }

  func testARowKeepsItsStateWhenScrolledAwayAndBackAcrossGroups() throws {
    try MainActor.assumeIsolated {
      let model = Library(shelves: 20, booksEach: 250)
      let ui = show {
        List {
          ForEach(model.shelves) { shelf in
            Section(shelf.name) { ForEach(shelf.books) { CounterRow(book: $0) } }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      // NB: not the first row: GTK keeps the row its cursor is on set up.
      let row = try ui.find(title: "Book 5: 0")
      row.tap()
      row.tap()
      MainLoop.drain()
      XCTAssertTrue(modelRows(list).map(text).contains("Book 5: 2"))
      scrollToEnd(list)
      let atEnd = modelRows(list).map(text)
      XCTAssertTrue(atEnd.contains("Book 4999: 0"), "\(atEnd.suffix(3))")
      XCTAssertFalse(atEnd.contains("Book 5: 2"), "the row's widget was recycled")
      XCTAssertLessThanOrEqual(ListViewTabStopType.handle(of: list)!.rowWidgetCount, 250)
      scrollToStart(list)
      let back = modelRows(list).map(text)
      XCTAssertTrue(back.contains("Book 5: 2"), "the row's @State came back: \(back.prefix(8))")
      XCTAssertTrue(back.contains("Book 6: 0"))
      // A group inserted above, and the group moved: the row keeps its state by its id.
      model.shelves.insert(Shelf(id: 100, name: "New", books: books(100_000..<100_002)), at: 0)
      MainLoop.drain()
      model.shelves.swapAt(1, 2)
      MainLoop.drain()
      // NB: the tapped button has the focus: GTK keeps its row in view.
      let moved = modelRows(list).map(text)
      XCTAssertTrue(moved.contains("Book 5: 2"), "\(moved.prefix(12))")
      scrollToStart(list)
      XCTAssertEqual(
        Array(modelRows(list).map(text).prefix(4)),
        ["New", "Book 100000: 0", "Book 100001: 0", "Shelf 1"])
    }
  }

  func testAFieldRowKeepsFocusWhileAGroupIsInsertedAboveIt() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 3, booksEach: 3)
      let ui = show {
        List {
          ForEach(Bindable(model).shelves) { $shelf in
            Section(shelf.name) {
              ForEach($shelf.books) { $book in TextField("Title", text: $book.title) }
            }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      settleListView(list)
      let field = gtkTree(list).first {
        widgetTypeName($0) == "GtkText"
          && String(cString: gtk_editable_get_text(OpaquePointer($0))) == "Book 4"
      }!
      XCTAssertTrue(gtk_widget_grab_focus(field) != 0)
      cgtk_text_insert_at_cursor(field, "!")
      MainLoop.drain()
      XCTAssertEqual(model.shelves[1].books[1].title, "Book 4!")
      let log = ItemsChangedLog(list)
      defer { log.stop() }
      model.shelves.insert(
        Shelf(id: 10, name: "New", books: books(100..<1_100)), at: 0)
      MainLoop.run(timeout: 0.5) { false }
      XCTAssertEqual(log.changes, [[0, 0, 1_001]], "one items-changed: the header and its rows")
      XCTAssertEqual(focusWidget(ui.window), field, "the same field keeps the focus")
      cgtk_text_insert_at_cursor(field, "?")
      MainLoop.drain()
      XCTAssertEqual(model.shelves[2].books[1].title, "Book 4!?", "typing goes on into its element")
      // A group removed above it, and the group after it moved before it.
      model.shelves.remove(at: 0)
      MainLoop.drain()
      model.shelves.swapAt(1, 2)
      MainLoop.run(timeout: 0.5) { false }
      XCTAssertEqual(focusWidget(ui.window), field, "the same field keeps the focus")
      XCTAssertEqual(
        modelRows(list).filter(isLabelRow).map(text), ["Shelf 0", "Shelf 2", "Shelf 1"])
      cgtk_text_insert_at_cursor(field, "#")
      MainLoop.drain()
      XCTAssertEqual(model.shelves[2].books[1].title, "Book 4!?#")
    }
  }

  func testTheSelectionFollowsItsElementWhenTheGroupsAreReordered() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 5, booksEach: 3)
      let ui = show {
        List(selection: Bindable(model).selected) {
          ForEach(model.shelves) { shelf in
            Section(shelf.name) { ForEach(shelf.books) { Text($0.title) } }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      let book7 = modelRows(list).first { text($0) == "Book 7" }!
      activateRow(book7)
      MainLoop.drain()
      XCTAssertEqual(model.selected, 7)
      model.shelves.reverse()
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), model.expectedRows)
      XCTAssertEqual(modelRows(list).filter(isSelectedRow).map(text), ["Book 7"])
      XCTAssertEqual(model.selected, 7, "a reorder is no choice of the user's")
      XCTAssertEqual(focusWidget(ui.window), book7, "the focused row keeps its widget")
      // The arrow keys go on from it, past the header of the next group.
      model.shelves.sort { $0.id < $1.id }
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).filter(isSelectedRow).map(text), ["Book 7"])
      // The group removed: nothing selected, the value stays in the binding.
      model.shelves.remove(at: 2)
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).filter(isSelectedRow), [])
      XCTAssertEqual(model.selected, 7)
    }
  }

  func testSeveralSelectedRowsFollowTheirElementsAcrossAShuffleOfGroups() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 6, booksEach: 2)
      var generator = SeededGenerator(state: 7)
      let ui = show {
        List(selection: Bindable(model).many) {
          ForEach(model.shelves) { shelf in
            Section {
              ForEach(shelf.books) { Text($0.title) }
            } header: {
              Text(shelf.name)
            } footer: {
              Text("\(shelf.books.count) books")
            }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      let all = modelRows(list)
      selectListRow(all.first { text($0) == "Book 1" }!)
      selectListRow(all.first { text($0) == "Book 8" }!, adding: true)
      MainLoop.drain()
      XCTAssertEqual(model.many, [1, 8])
      for _ in 0..<5 {
        model.shelves.shuffle(using: &generator)
        MainLoop.drain()
        let shown = modelRows(list)
        XCTAssertEqual(
          shown.map(text),
          model.shelves.flatMap { [$0.name] + $0.books.map(\.title) + ["\($0.books.count) books"] })
        XCTAssertEqual(Set(shown.filter(isSelectedRow).map(text)), ["Book 1", "Book 8"])
        XCTAssertEqual(model.many, [1, 8])
      }
      // Select all: the rows, never the headers and footers.
      selectAllRows(list)
      MainLoop.drain()
      XCTAssertEqual(model.many, Set(0..<12))
      XCTAssertEqual(modelRows(list).map(isSelectedRow), modelRows(list).map { !isLabelRow($0) })
    }
  }

  func testARenamedGroupUpdatesItsHeaderAndNothingElse() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 3, booksEach: 3)
      let ui = show {
        List {
          ForEach(model.shelves) { shelf in
            Section {
              ForEach(shelf.books) { Text($0.title) }
            } header: {
              Text(shelf.name)
            } footer: {
              Text("\(shelf.books.count) books")
            }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      let before = modelRows(list)
      XCTAssertEqual(before.map(text)[4...5], ["3 books", "Shelf 1"])
      let header = labels(at: 5, of: list)
      let log = ItemsChangedLog(list)
      defer { log.stop() }
      model.shelves[1].name = "Poetry"
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text)[4...5], ["3 books", "Poetry"])
      XCTAssertEqual(labels(at: 5, of: list), header, "the same label, its text changed")
      XCTAssertEqual(log.changes, [], "no row made again")
      XCTAssertEqual(modelRows(list), before)
      // A footer that reads the group's rows follows them.
      model.shelves[1].books.removeLast()
      MainLoop.drain()
      XCTAssertEqual(
        modelRows(list).map(text)[4...8], ["3 books", "Poetry", "Book 3", "Book 4", "2 books"])
    }
  }

  func testGroupsAndItemsThatChangeAreOneItemsChangedOfTheirRows() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 3, booksEach: 3)
      let ui = show {
        List {
          Section("Static") { ForEach(books(500..<502)) { Text($0.title) } }
          ForEach(model.shelves) { shelf in
            Section(shelf.name) { ForEach(shelf.books) { Text($0.title) } }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      XCTAssertEqual(
        modelRows(list).map(text), ["Static", "Book 500", "Book 501"] + model.expectedRows)
      let log = ItemsChangedLog(list)
      defer { log.stop() }
      // The groups start at 3; each is a header and three rows.
      model.shelves[1].books.append(Book(id: 50, title: "Book 50"))
      MainLoop.drain()
      XCTAssertEqual(log.changes, [[11, 0, 1]], "one row at the end of the second group")
      model.shelves[2].books.insert(Book(id: 51, title: "Book 51"), at: 0)
      MainLoop.drain()
      XCTAssertEqual(log.changes.last, [13, 0, 1])
      model.shelves.insert(Shelf(id: 9, name: "Shelf 9", books: books(90..<92)), at: 1)
      MainLoop.drain()
      XCTAssertEqual(log.changes.last, [7, 0, 3], "a group inserted: its header and rows")
      model.shelves.remove(at: 2)
      MainLoop.drain()
      XCTAssertEqual(log.changes.last, [10, 5, 0], "a group removed: its header and rows")
      let count = log.changes.count
      model.shelves.append(Shelf(id: 8, name: "Empty", books: []))
      MainLoop.drain()
      XCTAssertEqual(
        log.changes.dropFirst(count), [[15, 0, 1]], "a group without rows: its header")
      // The last group moved first: it goes and comes, the groups it passes keep their rows.
      let moved = log.changes.count
      model.shelves.insert(model.shelves.removeLast(), at: 0)
      MainLoop.drain()
      XCTAssertEqual(log.changes.dropFirst(moved), [[15, 1, 0], [3, 0, 1]])
      XCTAssertEqual(
        modelRows(list).map(text), ["Static", "Book 500", "Book 501"] + model.expectedRows)
      XCTAssertEqual(ListViewTabStopType.handle(of: list)!.count, 3 + model.expectedRows.count)
    }
  }

  /// Seeded random edits of the groups and their rows, and selections, the user's and the
  /// app's: after every step the model's rows are the groups' headers and rows in order, and
  /// exactly the rows the binding names are selected.
  func testRandomEditsOfGroupsAndTheirRowsKeepRowsAndSelectionInStep() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 4, booksEach: 3)
      var generator = SeededGenerator(state: 3939)
      let ui = show {
        List(selection: Bindable(model).many) {
          ForEach(model.shelves) { shelf in
            Section(shelf.name) { ForEach(shelf.books) { Text($0.title) } }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      var nextID = 1_000
      for step in 0..<200 {
        var shelves = model.shelves
        let shelf = shelves.isEmpty ? nil : Int.random(in: 0..<shelves.count, using: &generator)
        switch Int.random(in: 0..<10, using: &generator) {
        case 0:
          let count = Int.random(in: 0..<4, using: &generator)
          shelves.insert(
            Shelf(
              id: nextID, name: "Shelf \(nextID)", books: books((nextID + 1)..<(nextID + 1 + count))
            ),
            at: Int.random(in: 0...shelves.count, using: &generator))
          nextID += 10
        case 1 where shelf != nil:
          shelves.remove(at: shelf!)
        case 2:
          shelves.shuffle(using: &generator)
        case 3 where shelf != nil:
          shelves[shelf!].name += "'"
        case 4 where shelf != nil:
          shelves[shelf!].books.insert(
            Book(id: nextID, title: "Book \(nextID)"),
            at: Int.random(in: 0...shelves[shelf!].books.count, using: &generator))
          nextID += 1
        case 5 where shelf != nil && !shelves[shelf!].books.isEmpty:
          // A book moves to another shelf.
          let book = shelves[shelf!].books.remove(
            at: Int.random(in: 0..<shelves[shelf!].books.count, using: &generator))
          shelves[Int.random(in: 0..<shelves.count, using: &generator)].books.append(book)
        case 6:
          let ids = shelves.flatMap(\.books).map(\.id)
          model.many = Set(ids.filter { _ in Bool.random(using: &generator) })
        case 7:
          // A focused row: the groups around its group are replaced around it.
          if let row = rows(of: list).randomElement(using: &generator) { focusListRow(row) }
        default:
          let content = rows(of: list)
          if let row = content.randomElement(using: &generator) {
            selectListRow(row, adding: Bool.random(using: &generator))
          }
        }
        let focused = focusWidget(ui.window).map(text)
        /// The shelf that holds the focused row's book.
        func shelfID(holding title: String?, in shelves: [Shelf]) -> Int? {
          shelves.first { $0.books.contains { $0.title == title } }?.id
        }
        let focusedShelf = shelfID(holding: focused, in: model.shelves)
        model.shelves = shelves
        MainLoop.drain()
        let shown = modelRows(list)
        XCTAssertEqual(shown.map(text), model.expectedRows, "step \(step)")
        XCTAssertEqual(
          shown.map(isLabelRow), model.shelves.flatMap { [true] + $0.books.map { _ in false } },
          "step \(step)")
        XCTAssertEqual(
          Set(shown.filter(isSelectedRow).map(text)),
          Set(model.shelves.flatMap(\.books).filter { model.many.contains($0.id) }.map(\.title)),
          "step \(step)")
        // A focused row whose element stays in its group keeps the focus.
        if focusedShelf != nil, shelfID(holding: focused, in: model.shelves) == focusedShelf {
          XCTAssertEqual(focusWidget(ui.window).map(text), focused, "step \(step)")
        }
      }
    }
  }

  func testHeaderRowsAreNoSelectableItemsToAScreenReader() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 3, booksEach: 2)
      let ui = show {
        List(selection: Bindable(model).many) {
          ForEach(model.shelves) { shelf in
            Section(shelf.name) { ForEach(shelf.books) { Text($0.title) } }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      /// Whether a screen reader reads the row as a selectable item: it has a "selected"
      /// state, true or false (AT-SPI's SELECTABLE).
      @MainActor func readsAsSelectable(_ row: UnsafeMutablePointer<GtkWidget>) -> Bool {
        cgtk_testing_accessible_has_state(row, Int32(GTK_ACCESSIBLE_STATE_SELECTED.rawValue)) != 0
      }
      // Select all sweeps over the headers; the list unselects them, and they say nothing.
      selectAllRows(list)
      MainLoop.drain()
      XCTAssertEqual(model.many, Set(0..<6))
      var all = modelRows(list)
      XCTAssertEqual(all.filter(isLabelRow).count, 3)
      XCTAssertEqual(all.map(readsAsSelectable), all.map { !isLabelRow($0) })
      // Rows shift under the row widgets (a group inserted first, one removed): the widgets
      // that now show headers say nothing either, those that show rows again say selected.
      model.shelves.insert(Shelf(id: 9, name: "New", books: books(90..<91)), at: 0)
      MainLoop.drain()
      model.shelves.remove(at: 1)
      MainLoop.drain()
      model.many = [2, 90]
      MainLoop.drain()
      all = modelRows(list)
      XCTAssertEqual(all.map(text), model.expectedRows)
      XCTAssertEqual(all.filter(isLabelRow).map(readsAsSelectable), [false, false, false])
      XCTAssertEqual(all.filter(isSelectedRow).map(text), ["Book 90", "Book 2"])
      XCTAssertTrue(all.filter(isSelectedRow).allSatisfy(readsAsSelectable))
    }
  }

  func testShiftArrowsExtendTheSelectionPastHeaders() throws {
    guard try runsInChildProcess(in: "LazyListSectionTests") else { return }
    try MainActor.assumeIsolated {
      let model = Library(shelves: 3, booksEach: 2)
      let ui = show {
        List(selection: Bindable(model).many) {
          ForEach(model.shelves) { shelf in
            Section(shelf.name) { ForEach(shelf.books) { Text($0.title) } }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      // Shelf 0, Book 0, Book 1, Shelf 1, Book 2, Book 3, Shelf 2, Book 4, Book 5.
      // A click: the row focused and selected, the anchor of a Shift move.
      XCTAssertTrue(focusListRow(rows(of: list)[1]))
      selectListRow(rows(of: list)[1])
      MainLoop.drain()
      XCTAssertEqual(model.many, [1])
      try xdotool(on: ui.window, ["key", "shift+Down"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.many == [1, 2] }, "\(model.many)")
      XCTAssertEqual(focusWidget(ui.window).map(text), "Book 2")
      try xdotool(on: ui.window, ["key", "shift+Down", "shift+Down"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.many == [1, 2, 3, 4] }, "\(model.many)")
      XCTAssertEqual(focusWidget(ui.window).map(text), "Book 4")
      XCTAssertFalse(modelRows(list).filter(isLabelRow).contains(where: isSelectedRow))
      // Back up past the header: the selection shrinks to the anchor's side again.
      try xdotool(on: ui.window, ["key", "shift+Up"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.many == [1, 2, 3] }, "\(model.many)")
      XCTAssertEqual(focusWidget(ui.window).map(text), "Book 3")
      // Plain Down past a header selects the row alone, as before, and is the new anchor.
      try xdotool(on: ui.window, ["key", "Down"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.many == [4] }, "\(model.many)")
      try xdotool(on: ui.window, ["key", "shift+Up"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.many == [3, 4] }, "\(model.many)")
    }
  }

  func testDeleteOnAFocusedRowRunsItsGroupsOnDelete() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 3, booksEach: 3)
      let ui = show {
        List(selection: Bindable(model).selected) {
          ForEach(Bindable(model).shelves) { $shelf in
            Section(shelf.name) {
              ForEach(shelf.books) { Text($0.title) }
                .onDelete { shelf.books.remove(atOffsets: $0) }
            }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      let book4 = modelRows(list).first { text($0) == "Book 4" }!
      XCTAssertTrue(focusListRow(book4))
      pressKey(ui.window, GDK_KEY_Delete)
      XCTAssertEqual(model.shelves.map { $0.books.map(\.id) }, [[0, 1, 2], [3, 5], [6, 7, 8]])
      waitForFrames(ui.window)
      XCTAssertEqual(focusWidget(ui.window).map(text), "Book 5", "the row that took its place")
      // The last row of a group: the one before it, never the next group's header or row.
      pressKey(ui.window, GDK_KEY_Delete)
      XCTAssertEqual(model.shelves[1].books.map(\.id), [3])
      waitForFrames(ui.window)
      XCTAssertEqual(focusWidget(ui.window).map(text), "Book 3")
      XCTAssertEqual(modelRows(list).map(text), model.expectedRows)
    }
  }
}

/// A group whose fields the views read through the object (an `@Observable` class per group).
@MainActor
@Observable
private final class Folder: Identifiable {
  let id: Int
  var name: String
  var books: [Book]

  init(id: Int, name: String, books: [Book]) {
    self.id = id
    self.name = name
    self.books = books
  }
}

@MainActor
@Observable
private final class Folders {
  var folders: [Folder]
  init(_ count: Int, booksEach: Int) {
    folders = (0..<count).map { index in
      Folder(
        id: index, name: "Folder \(index)",
        books: books((index * booksEach)..<((index + 1) * booksEach)))
    }
  }
  var expectedRows: [String] { folders.flatMap { [$0.name] + $0.books.map(\.title) } }
}

/// Headers and footers that read `@State` of the view around the list.
private struct StatefulHeaders: View {
  let model: Library
  @State private var mark = 0

  var body: some View {
    VStack {
      Button("Bump") { mark += 1 }
      Text("Mark \(mark)")
      List {
        ForEach(model.shelves) { shelf in
          Section {
            ForEach(shelf.books) { Text($0.title) }
          } header: {
            Text("\(shelf.name) #\(mark)")
          } footer: {
            Text("End \(mark)")
          }
        }
      }
    }
  }
}

/// A search over the groups: the groups with a matching item, with those items only.
@MainActor
@Observable
private final class SearchModel {
  let library = Library(shelves: 4, booksEach: 5)
  var query = ""
  var selected: Int?

  var filtered: [Shelf] {
    guard !query.isEmpty else { return library.shelves }
    return library.shelves.compactMap { shelf in
      let books = shelf.books.filter { $0.title.contains(query) }
      return books.isEmpty ? nil : Shelf(id: shelf.id, name: shelf.name, books: books)
    }
  }

  var expectedRows: [String] { filtered.flatMap { [$0.name] + $0.books.map(\.title) } }
}

// MARK: Review probes: edge cases of groups made by a ForEach

extension LazyListSectionTests {
  func testGroupsWithNoItemsShowTheirHeaderAndFooterAlone() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 3, booksEach: 2)
      model.shelves[0].books = []
      model.shelves[2].books = []
      let ui = show {
        List(selection: Bindable(model).selected) {
          ForEach(model.shelves) { shelf in
            Section(shelf.name) { ForEach(shelf.books) { Text($0.title) } }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      XCTAssertEqual(modelRows(list).map(text), model.expectedRows)
      model.shelves[0].books.append(Book(id: 100, title: "Book 100"))
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), model.expectedRows)
      model.shelves[1].books = []
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), model.expectedRows)
      model.shelves[2].books = books(200..<202)
      model.selected = 201
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), model.expectedRows)
      XCTAssertEqual(modelRows(list).filter(isSelectedRow).map(text), ["Book 201"])
    }
  }

  func testDeletingTheLastRowOfAGroupLeavesItsHeaderAndMovesTheFocusOn() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 3, booksEach: 1)
      let ui = show {
        List(selection: Bindable(model).selected) {
          ForEach(model.shelves) { shelf in
            Section {
              ForEach(shelf.books) { Text($0.title) }.onDelete { offsets in
                let index = model.shelves.firstIndex { $0.id == shelf.id }!
                model.shelves[index].books.remove(atOffsets: offsets)
              }
            } header: {
              Text(shelf.name)
            } footer: {
              Text("\(shelf.books.count) books")
            }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      let expected = {
        model.shelves.flatMap { [$0.name] + $0.books.map(\.title) + ["\($0.books.count) books"] }
      }
      XCTAssertEqual(modelRows(list).map(text), expected())
      XCTAssertTrue(focusListRow(rows(of: list)[1]))
      XCTAssertEqual(focusWidget(ui.window).map(text), "Book 1")
      pressKey(ui.window, GDK_KEY_Delete)
      XCTAssertEqual(model.shelves.map(\.books.count), [1, 0, 1])
      waitForFrames(ui.window)
      XCTAssertEqual(modelRows(list).map(text), expected())
      // Every remaining row deleted from the keyboard: the headers and footers stay.
      for _ in 0..<3 {
        guard let row = rows(of: list).first else { break }
        XCTAssertTrue(focusListRow(row))
        pressKey(ui.window, GDK_KEY_Delete)
        waitForFrames(ui.window)
      }
      XCTAssertEqual(model.shelves.map(\.books.count), [0, 0, 0])
      XCTAssertEqual(modelRows(list).map(text), expected())
      // Rows again in the middle group.
      model.shelves[1].books = books(50..<52)
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), expected())
    }
  }

  func testAllGroupsRemovedThenAddedAgainShowTheirRowsAndSelection() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 3, booksEach: 3)
      let ui = show {
        List(selection: Bindable(model).selected) {
          ForEach(model.shelves) { shelf in
            Section(shelf.name) { ForEach(shelf.books) { Text($0.title) } }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      activateRow(modelRows(list).first { text($0) == "Book 4" }!)
      MainLoop.drain()
      XCTAssertEqual(model.selected, 4)
      let all = model.shelves
      model.shelves = []
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), [])
      XCTAssertEqual(ListViewTabStopType.handle(of: list)!.count, 0)
      model.shelves = all
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), model.expectedRows)
      XCTAssertEqual(modelRows(list).filter(isSelectedRow).map(text), ["Book 4"])
      model.shelves = Array(all.reversed())
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), model.expectedRows)
    }
  }

  func testGroupsWithTheSameIdAreEachShown() {
    MainActor.assumeIsolated {
      var warnings: [String] = []
      Log.observer = { warnings.append($0) }
      defer { Log.observer = nil }
      let model = Library(shelves: 3, booksEach: 2)
      model.shelves[1] = Shelf(id: 0, name: "Twin", books: books(20..<22))
      let ui = show {
        List(selection: Bindable(model).selected) {
          ForEach(model.shelves) { shelf in
            Section(shelf.name) { ForEach(shelf.books) { Text($0.title) } }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      XCTAssertEqual(modelRows(list).map(text), model.expectedRows)
      XCTAssertEqual(warnings.count, 1, "\(warnings)")
      model.shelves[1].name = "Twin 2"
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), model.expectedRows)
      model.shelves.remove(at: 0)
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), model.expectedRows)
      model.shelves.append(Shelf(id: 0, name: "Third", books: books(30..<31)))
      model.shelves.swapAt(0, 1)
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), model.expectedRows)
    }
  }

  func testTypingInTheLastGroupGoesOnWhileAGroupIsInsertedFirst() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 3, booksEach: 2)
      let ui = show {
        List {
          ForEach(Bindable(model).shelves) { $shelf in
            Section(shelf.name) {
              ForEach($shelf.books) { $book in TextField("Title", text: $book.title) }
            }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      settleListView(list)
      let field = gtkTree(list).first {
        widgetTypeName($0) == "GtkText"
          && String(cString: gtk_editable_get_text(OpaquePointer($0))) == "Book 5"
      }!
      XCTAssertTrue(gtk_widget_grab_focus(field) != 0)
      typeAtFocus(ui.window, "ab")
      XCTAssertEqual(model.shelves[2].books[1].title, "Book 5ab")
      model.shelves.insert(Shelf(id: 9, name: "New", books: books(90..<120)), at: 0)
      MainLoop.drain()
      typeAtFocus(ui.window, "c")
      model.shelves.insert(Shelf(id: 8, name: "Newer", books: []), at: 0)
      typeAtFocus(ui.window, "d")
      MainLoop.run(timeout: 0.3) { false }
      XCTAssertEqual(focusWidget(ui.window), field, "the same field keeps the focus")
      XCTAssertEqual(model.shelves[4].books[1].title, "Book 5abcd")
      XCTAssertEqual(String(cString: gtk_editable_get_text(OpaquePointer(field))), "Book 5abcd")
      XCTAssertEqual(model.shelves.map(\.name), ["Newer", "New", "Shelf 0", "Shelf 1", "Shelf 2"])
    }
  }

  /// A keystroke into a field of one group of an `@Observable` model's groups runs that
  /// group's content again and no other's (the groups read the model's array only through
  /// their element bindings): with 100 groups, each keystroke ran all 100.
  func testTypingInOneGroupsFieldRunsNoOtherGroupAgain() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 4, booksEach: 2)
      let runs = RunCounts()
      let ui = show {
        List {
          ForEach(Bindable(model).shelves) { $shelf in
            let _ = runs.hit("shelf\(shelf.id)")
            Section(shelf.name) {
              ForEach($shelf.books) { $book in TextField("Title", text: $book.title) }
            }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      settleListView(list)
      let field = gtkTree(list).first {
        widgetTypeName($0) == "GtkText"
          && String(cString: gtk_editable_get_text(OpaquePointer($0))) == "Book 3"
      }!
      XCTAssertTrue(gtk_widget_grab_focus(field) != 0)
      MainLoop.drain()
      let before = (0..<4).map { runs["shelf\($0)"] }
      typeAtFocus(ui.window, "xyz")
      XCTAssertEqual(model.shelves[1].books[1].title, "Book 3xyz")
      // NB: with the runtime tricks off every group's closure counts as changed whenever the
      // list's parent runs (correct, slower): the counts hold with them on.
      let countsHold = RuntimeTricks.areOn
      // The group typed into changed (its element is a new value each keystroke), as in
      // SwiftUI; the others did not.
      if countsHold {
        XCTAssertEqual(
          (0..<4).map { runs["shelf\($0)"] }, [before[0], before[1] + 3, before[2], before[3]])
      }
      // A change of a group's own value still runs that group, and only it.
      model.shelves[2].name = "Renamed"
      MainLoop.drain()
      if countsHold {
        XCTAssertEqual(runs["shelf2"], before[2] + 1)
        XCTAssertEqual(runs["shelf1"], before[1] + 3)
      }
      XCTAssertTrue(modelRows(list).map(text).contains("Renamed"))
      XCTAssertEqual(focusWidget(ui.window), field)
    }
  }

  func testAGroupRenamedOffScreenShowsItsNewNameWhenScrolledTo() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 30, booksEach: 10)
      let ui = show {
        List(selection: Bindable(model).selected) {
          ForEach(model.shelves) { shelf in
            Section(shelf.name) { ForEach(shelf.books) { Text($0.title) } }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      settleListView(list)
      XCTAssertFalse(modelRows(list).map(text).contains("Shelf 29"), "off screen")
      model.shelves[29].name = "Renamed"
      model.shelves[28].books.remove(at: 0)
      MainLoop.drain()
      scrollToEnd(list)
      let atEnd = modelRows(list).map(text)
      XCTAssertTrue(atEnd.contains("Renamed"), "\(atEnd.suffix(12))")
      XCTAssertFalse(atEnd.contains("Shelf 29"))
      XCTAssertFalse(atEnd.contains("Book 280"))
      model.shelves[0].name = "First"
      MainLoop.drain()
      scrollToStart(list)
      XCTAssertEqual(modelRows(list).prefix(2).map(text), ["First", "Book 0"])
    }
  }

  func testASearchThatChangesGroupsAndItemsAtOnceShowsTheMatches() {
    MainActor.assumeIsolated {
      let model = SearchModel()
      let ui = show {
        List(selection: Bindable(model).selected) {
          ForEach(model.filtered) { shelf in
            Section(shelf.name) { ForEach(shelf.books) { Text($0.title) } }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      XCTAssertEqual(modelRows(list).map(text), model.expectedRows)
      activateRow(modelRows(list).first { text($0) == "Book 12" }!)
      MainLoop.drain()
      XCTAssertEqual(model.selected, 12)
      for query in ["1", "Book 1", "2", "zzz", "", "Book 12", "1", ""] {
        model.query = query
        MainLoop.drain()
        XCTAssertEqual(modelRows(list).map(text), model.expectedRows, "query \(query)")
        let shown = modelRows(list).map(text).contains("Book 12")
        XCTAssertEqual(
          modelRows(list).filter(isSelectedRow).map(text), shown ? ["Book 12"] : [],
          "query \(query)")
      }
      XCTAssertEqual(model.selected, 12, "a search is no choice of the user's")
    }
  }

  func testSelectedItemsStaySelectedWhenMovedBetweenGroups() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 3, booksEach: 3)
      let ui = show {
        List(selection: Bindable(model).many) {
          ForEach(model.shelves) { shelf in
            Section(shelf.name) { ForEach(shelf.books) { Text($0.title) } }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      selectListRow(modelRows(list).first { text($0) == "Book 1" }!)
      selectListRow(modelRows(list).first { text($0) == "Book 7" }!, adding: true)
      MainLoop.drain()
      XCTAssertEqual(model.many, [1, 7])
      let selectedTitles = {
        model.shelves.flatMap(\.books).filter { model.many.contains($0.id) }.map(\.title)
      }
      // Book 1 moves to the last group, book 7 to the first.
      let one = model.shelves[0].books.remove(at: 1)
      model.shelves[2].books.append(one)
      let seven = model.shelves[2].books.remove(at: 1)
      model.shelves[0].books.insert(seven, at: 0)
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), model.expectedRows)
      XCTAssertEqual(modelRows(list).filter(isSelectedRow).map(text), selectedTitles())
      XCTAssertEqual(model.many, [1, 7], "a move is no choice of the user's")
      // The user adds a row of the middle group: the moved rows stay selected.
      selectListRow(modelRows(list).first { text($0) == "Book 4" }!, adding: true)
      MainLoop.drain()
      XCTAssertEqual(model.many, [1, 4, 7])
      XCTAssertEqual(modelRows(list).filter(isSelectedRow).map(text), selectedTitles())
      // A whole group moved with its selected row.
      model.shelves.swapAt(0, 2)
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), model.expectedRows)
      XCTAssertEqual(modelRows(list).filter(isSelectedRow).map(text), selectedTitles())
    }
  }

  func testHeadersAndFootersFollowStateOfTheViewAroundTheList() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 2, booksEach: 2)
      let ui = show { StatefulHeaders(model: model) }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      XCTAssertEqual(
        modelRows(list).filter(isLabelRow).map(text),
        ["Shelf 0 #0", "End 0", "Shelf 1 #0", "End 0"])
      ui.findAll(Button<Text>.self)[0].tap()
      MainLoop.drain()
      XCTAssertNotNil(
        gtkTree(ui.window.pointer).first {
          widgetTypeName($0) == "GtkLabel" && labelText($0) == "Mark 1"
        }, "the button ran")
      XCTAssertEqual(
        modelRows(list).filter(isLabelRow).map(text),
        ["Shelf 0 #1", "End 1", "Shelf 1 #1", "End 1"])
      model.shelves[1].name = "Poetry"
      MainLoop.drain()
      XCTAssertEqual(
        modelRows(list).filter(isLabelRow).map(text),
        ["Shelf 0 #1", "End 1", "Poetry #1", "End 1"])
    }
  }

  func testObservableGroupsUpdateTheirHeaderAndRowsInPlace() {
    MainActor.assumeIsolated {
      let model = Folders(3, booksEach: 2)
      let ui = show {
        List {
          ForEach(model.folders) { folder in
            Section(folder.name) { ForEach(folder.books) { Text($0.title) } }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      XCTAssertEqual(modelRows(list).map(text), model.expectedRows)
      model.folders[1].name = "Renamed"
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), model.expectedRows)
      model.folders[2].books.append(Book(id: 99, title: "Book 99"))
      model.folders[0].books.removeAll()
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), model.expectedRows)
      let moved = model.folders.remove(at: 2)
      model.folders.insert(moved, at: 0)
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), model.expectedRows)
      // A folder that left the list: its changes no longer touch it.
      let gone = model.folders.removeLast()
      MainLoop.drain()
      gone.name = "Gone"
      gone.books.append(Book(id: 98, title: "Book 98"))
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), model.expectedRows)
    }
  }

  func testTwoWindowsShowingTheSameGroupsStayInStep() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 3, booksEach: 2)
      let first = show {
        List(selection: Bindable(model).selected) {
          ForEach(model.shelves) { shelf in
            Section(shelf.name) { ForEach(shelf.books) { Text($0.title) } }
          }
        }
      }
      let second = show {
        List(selection: Bindable(model).selected) {
          ForEach(model.shelves) { shelf in
            Section(shelf.name) { ForEach(shelf.books) { Text($0.title) } }
          }
        }
      }
      let lists = [first, second].map { listWidget(in: $0.window.pointer)! }
      for list in lists { XCTAssertEqual(modelRows(list).map(text), model.expectedRows) }
      activateRow(modelRows(lists[0]).first { text($0) == "Book 3" }!)
      MainLoop.drain()
      XCTAssertEqual(model.selected, 3)
      model.shelves.insert(Shelf(id: 7, name: "New", books: books(70..<71)), at: 1)
      model.shelves[0].books.removeAll()
      model.shelves[2].name = "Renamed"
      MainLoop.drain()
      for list in lists {
        XCTAssertEqual(modelRows(list).map(text), model.expectedRows)
        XCTAssertEqual(modelRows(list).filter(isSelectedRow).map(text), ["Book 3"])
      }
      activateRow(modelRows(lists[1]).first { text($0) == "Book 70" }!)
      MainLoop.drain()
      XCTAssertEqual(model.selected, 70)
      for list in lists {
        XCTAssertEqual(modelRows(list).filter(isSelectedRow).map(text), ["Book 70"])
      }
    }
  }
}

// MARK: Review probes, second round

/// The GtkText of the field showing `value` under `root`.
@MainActor
private func field(showing value: String, in root: UnsafeMutablePointer<GtkWidget>)
  -> UnsafeMutablePointer<GtkWidget>?
{
  gtkTree(root).first {
    widgetTypeName($0) == "GtkText"
      && String(cString: gtk_editable_get_text(OpaquePointer($0))) == value
  }
}

extension LazyListSectionTests {
  func testAFieldInAGroupsHeaderRenamesItAsTheUserTypes() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 3, booksEach: 2)
      let ui = show {
        List {
          ForEach(Bindable(model).shelves) { $shelf in
            Section {
              ForEach($shelf.books) { $book in Text(book.title) }
            } header: {
              TextField("Name", text: $shelf.name)
            }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      settleListView(list)
      let name = field(showing: "Shelf 1", in: list)!
      XCTAssertTrue(gtk_widget_grab_focus(name) != 0)
      typeAtFocus(ui.window, "xy")
      MainLoop.run(timeout: 0.2) { false }
      XCTAssertEqual(model.shelves[1].name, "Shelf 1xy")
      XCTAssertEqual(focusWidget(ui.window), name, "the header's field keeps the focus")
      model.shelves.insert(Shelf(id: 9, name: "New", books: []), at: 0)
      MainLoop.drain()
      typeAtFocus(ui.window, "z")
      XCTAssertEqual(model.shelves[2].name, "Shelf 1xyz")
      XCTAssertEqual(focusWidget(ui.window), name, "the header's field keeps the focus")
    }
  }

  func testASearchThatHidesTheFocusedRowsGroupAndShowsItAgain() {
    MainActor.assumeIsolated {
      let model = SearchModel()
      let ui = show {
        List(selection: Bindable(model).selected) {
          ForEach(model.filtered) { shelf in
            Section(shelf.name) { ForEach(shelf.books) { Text($0.title) } }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      activateRow(modelRows(list).first { text($0) == "Book 12" }!)
      MainLoop.drain()
      // Shelf 1 (books 5 to 9) goes, shelf 2 keeps book 12 and loses 10, 11, 13 and 14.
      model.query = "1"
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), model.expectedRows)
      XCTAssertEqual(focusWidget(ui.window).map(text), "Book 12", "its row keeps the focus")
      model.query = "Book 3"
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), model.expectedRows)
      model.query = ""
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), model.expectedRows)
      XCTAssertEqual(modelRows(list).filter(isSelectedRow).map(text), ["Book 12"])
      activateRow(modelRows(list).first { text($0) == "Book 7" }!)
      MainLoop.drain()
      XCTAssertEqual(model.selected, 7)
    }
  }

  func testTypingInOneWindowShowsInTheOtherWindowsField() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 2, booksEach: 2)
      let first = show {
        List {
          ForEach(Bindable(model).shelves) { $shelf in
            Section(shelf.name) {
              ForEach($shelf.books) { $book in TextField("Title", text: $book.title) }
            }
          }
        }
      }
      let second = show {
        List {
          ForEach(Bindable(model).shelves) { $shelf in
            Section(shelf.name) {
              ForEach($shelf.books) { $book in TextField("Title", text: $book.title) }
            }
          }
        }
      }
      let lists = [first, second].map { listWidget(in: $0.window.pointer)! }
      for list in lists { settleListView(list) }
      let typed = field(showing: "Book 3", in: lists[0])!
      XCTAssertTrue(gtk_widget_grab_focus(typed) != 0)
      typeAtFocus(first.window, "ab")
      MainLoop.run(timeout: 0.2) { false }
      XCTAssertEqual(model.shelves[1].books[1].title, "Book 3ab")
      XCTAssertNotNil(field(showing: "Book 3ab", in: lists[1]), "the other window shows it")
      XCTAssertEqual(focusWidget(first.window), typed)
      model.shelves.insert(Shelf(id: 5, name: "New", books: books(50..<51)), at: 0)
      MainLoop.drain()
      typeAtFocus(first.window, "c")
      XCTAssertEqual(model.shelves[2].books[1].title, "Book 3abc")
      XCTAssertNotNil(field(showing: "Book 3abc", in: lists[1]))
      XCTAssertEqual(
        modelRows(lists[1]).filter(isLabelRow).map(text), ["New", "Shelf 0", "Shelf 1"])
    }
  }

  func testTheAppRemovingTheFocusedFieldsRowEmptiesItsGroupCleanly() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 3, booksEach: 1)
      let ui = show {
        List {
          ForEach(Bindable(model).shelves) { $shelf in
            Section(shelf.name) {
              ForEach($shelf.books) { $book in TextField("Title", text: $book.title) }
            }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      settleListView(list)
      let typed = field(showing: "Book 1", in: list)!
      XCTAssertTrue(gtk_widget_grab_focus(typed) != 0)
      typeAtFocus(ui.window, "a")
      model.shelves[1].books.removeAll()
      MainLoop.run(timeout: 0.2) { false }
      XCTAssertEqual(
        modelRows(list).map { isLabelRow($0) ? text($0) : "field" },
        ["Shelf 0", "field", "Shelf 1", "Shelf 2", "field"])
      XCTAssertEqual(
        gtkTree(list).filter { widgetTypeName($0) == "GtkText" }.map {
          String(cString: gtk_editable_get_text(OpaquePointer($0)))
        }.sorted(), ["Book 0", "Book 2"])
      // The group itself goes, then comes back with a row.
      model.shelves.remove(at: 1)
      MainLoop.drain()
      model.shelves.insert(Shelf(id: 1, name: "Shelf 1", books: books(7..<8)), at: 1)
      MainLoop.drain()
      XCTAssertEqual(
        modelRows(list).filter(isLabelRow).map(text), ["Shelf 0", "Shelf 1", "Shelf 2"])
      XCTAssertNotNil(field(showing: "Book 7", in: list))
    }
  }
}

extension LazyListSectionTests {
  func testTypingInASearchableFieldFiltersGroupsAndItemsAndKeepsItsFocus() throws {
    try MainActor.assumeIsolated {
      let model = SearchModel()
      let ui = show {
        List(selection: Bindable(model).selected) {
          ForEach(model.filtered) { shelf in
            Section(shelf.name) { ForEach(shelf.books) { Text($0.title) } }
          }
        }
        .searchable(text: Bindable(model).query)
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      model.selected = 13
      let search = try XCTUnwrap(ui.window.gtkDescendants(ofType: gtk_search_bar_get_type()).first)
      let entry = try XCTUnwrap(
        Widget(retaining: UnsafeMutableRawPointer(search)).gtkDescendants(
          ofType: gtk_search_entry_get_type()
        ).first)
      gtk_search_bar_set_search_mode(OpaquePointer(search), 1)
      let inner = try XCTUnwrap(gtkTree(entry).first { isA($0, gtk_text_get_type()) })
      XCTAssertEqual(focusWidget(ui.window), inner, "the revealed search takes focus")
      for (typed, query) in [("1", "1"), ("3", "13"), ("\u{8}", "1"), ("7", "17")] {
        if typed == "\u{8}" {
          cgtk_emit(inner, "backspace")
        } else {
          cgtk_text_insert_at_cursor(inner, typed)
        }
        MainLoop.drain()
        XCTAssertEqual(model.query, query)
        XCTAssertEqual(modelRows(list).map(text), model.expectedRows, "query \(query)")
        XCTAssertEqual(focusWidget(ui.window), inner, "query \(query): the search keeps the focus")
        let shown = model.expectedRows.contains("Book 13")
        XCTAssertEqual(
          modelRows(list).filter(isSelectedRow).map(text), shown ? ["Book 13"] : [],
          "query \(query)")
      }
      XCTAssertEqual(model.selected, 13)
    }
  }
}

extension LazyListSectionTests {
  func testAnAbsentOptionalHeaderShowsNoRow() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 3, booksEach: 2)
      model.shelves[1].books = []
      let ui = show {
        List {
          ForEach(model.shelves) { shelf in
            Section {
              ForEach(shelf.books) { Text($0.title) }
            } header: {
              if !shelf.books.isEmpty { Text(shelf.name) }
            }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      let expected = {
        model.shelves.flatMap { ($0.books.isEmpty ? [] : [$0.name]) + $0.books.map(\.title) }
      }
      XCTAssertEqual(modelRows(list).map(text).filter { !$0.isEmpty }, expected())
      waitForFrames(ui.window)
      /// The rows that take room on screen.
      let shown = {
        modelRows(list).filter { gtk_widget_get_height($0) > 0 }.map(text)
      }
      XCTAssertEqual(shown(), expected(), "no blank header row")
      model.shelves[1].books = books(40..<41)
      model.shelves[0].books = []
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertEqual(shown(), expected(), "no blank header row")
    }
  }
}

extension LazyListSectionTests {
  func testTwinGroupsOfFieldsSurviveEditsAroundTheFocusedTwin() {
    MainActor.assumeIsolated {
      var warnings: [String] = []
      Log.observer = { warnings.append($0) }
      defer { Log.observer = nil }
      let model = Library(shelves: 3, booksEach: 1)
      model.shelves[2] = Shelf(id: 1, name: "Twin", books: books(20..<21))
      let ui = show {
        List {
          ForEach(Bindable(model).shelves) { $shelf in
            Section(shelf.name) {
              ForEach($shelf.books) { $book in TextField("Title", text: $book.title) }
            }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      settleListView(list)
      let typed = field(showing: "Book 20", in: list)!
      XCTAssertTrue(gtk_widget_grab_focus(typed) != 0)
      typeAtFocus(ui.window, "a")
      XCTAssertEqual(model.shelves[2].books[0].title, "Book 20a")
      model.shelves.remove(at: 1)
      MainLoop.run(timeout: 0.2) { false }
      XCTAssertEqual(modelRows(list).filter(isLabelRow).map(text), ["Shelf 0", "Twin"])
      model.shelves.insert(Shelf(id: 1, name: "Back", books: books(30..<31)), at: 0)
      MainLoop.run(timeout: 0.2) { false }
      XCTAssertEqual(modelRows(list).filter(isLabelRow).map(text), ["Back", "Shelf 0", "Twin"])
      XCTAssertEqual(
        gtkTree(list).filter { widgetTypeName($0) == "GtkText" }.map {
          String(cString: gtk_editable_get_text(OpaquePointer($0)))
        }.sorted(), ["Book 0", "Book 20a", "Book 30"])
      XCTAssertFalse(warnings.isEmpty, "the repeated id is warned of")
    }
  }
}

// MARK: - Element bindings of element bindings in a grouped list

/// The texts of the fields a list shows, in the tree's order.
@MainActor
private func fieldTexts(in list: UnsafeMutablePointer<GtkWidget>) -> [String] {
  settleListView(list)
  return gtkTree(list).filter { widgetTypeName($0) == "GtkText" }.map {
    String(cString: gtk_editable_get_text(OpaquePointer($0)))
  }
}

extension LazyListSectionTests {
  /// Rows of `ForEach($shelf.books)` in `ForEach($model.shelves) { Section }` that show their
  /// group's name and their own follow the app's renames, insertions, removals, sorts and a
  /// book moved to another group.
  func testGroupedBindingRowsShowTheirGroupsAndTheirOwnChanges() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 3, booksEach: 2)
      let ui = show {
        List {
          ForEach(Bindable(model).shelves) { $shelf in
            Section(shelf.name) {
              ForEach($shelf.books) { $book in Text("\(shelf.name): \(book.title)") }
            }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      @MainActor func expected() -> [String] {
        model.shelves.flatMap { shelf in
          [shelf.name] + shelf.books.map { "\(shelf.name): \($0.title)" }
        }
      }
      XCTAssertEqual(modelRows(list).map(text), expected())
      model.shelves[1].books[0].title = "Renamed"
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), expected())
      model.shelves[1].name = "Middle"
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), expected())
      XCTAssertTrue(modelRows(list).map(text).contains("Middle: Renamed"))
      model.shelves.insert(Shelf(id: 7, name: "New", books: books(70..<72)), at: 0)
      model.shelves[2].books.reverse()
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), expected())
      model.shelves.sort { $0.name > $1.name }
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), expected())
      let moved = model.shelves[0].books.removeLast()
      model.shelves[model.shelves.count - 1].books.insert(moved, at: 0)
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), expected())
      model.shelves.removeAll { $0.id == 1 }
      model.shelves[0].name = "First"
      model.shelves[0].books[0].title = "Again"
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).map(text), expected())
    }
  }

  /// Typing into a grouped list's field while the app inserts, removes, renames and reorders
  /// groups: every keystroke lands in the book typed into, and the field keeps its focus.
  func testTypingIntoAGroupedFieldWhileTheAppRearrangesGroupsLosesNoText() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 3, booksEach: 2)
      let ui = show {
        List {
          ForEach(Bindable(model).shelves) { $shelf in
            Section(shelf.name) {
              ForEach($shelf.books) { $book in TextField("Title", text: $book.title) }
            }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      settleListView(list)
      let typed = field(showing: "Book 3", in: list)!
      XCTAssertTrue(gtk_widget_grab_focus(typed) != 0)
      typeAtFocus(ui.window, "a")
      model.shelves.insert(Shelf(id: 9, name: "New", books: books(90..<92)), at: 0)
      typeAtFocus(ui.window, "b")
      model.shelves.removeAll { $0.id == 0 }
      MainLoop.drain()
      typeAtFocus(ui.window, "c")
      model.shelves[1].name = "Renamed"
      model.shelves[1].books[0].title = "Other"
      typeAtFocus(ui.window, "d")
      model.shelves.reverse()
      MainLoop.drain()
      typeAtFocus(ui.window, "e")
      MainLoop.drain()
      let shelf1 = model.shelves.first { $0.id == 1 }!
      XCTAssertEqual(shelf1.name, "Renamed")
      XCTAssertEqual(shelf1.books.map(\.title), ["Other", "Book 3abcde"])
      XCTAssertEqual(focusWidget(ui.window), typed, "the same field keeps the focus")
      XCTAssertEqual(String(cString: gtk_editable_get_text(OpaquePointer(typed))), "Book 3abcde")
      XCTAssertEqual(
        fieldTexts(in: list).sorted(), model.shelves.flatMap { $0.books.map(\.title) }.sorted())
    }
  }

  /// The selection of a grouped list of bound rows stays on its book through renames of the
  /// book and of its group.
  func testTheSelectionOfGroupedBindingRowsStaysThroughRenames() {
    MainActor.assumeIsolated {
      let model = Library(shelves: 3, booksEach: 3)
      let observers = CollectionObserver.activeCount
      let host = host {
        List(selection: Bindable(model).selected) {
          ForEach(Bindable(model).shelves) { $shelf in
            Section(shelf.name) {
              ForEach($shelf.books) { $book in Text("\(shelf.name): \(book.title)") }
            }
          }
        }
      }
      let ui = show(host)
      let list = listWidget(in: ui.window.pointer)!
      let row = modelRows(list).first { text($0) == "Shelf 1: Book 4" }!
      activateRow(row)
      MainLoop.drain()
      XCTAssertEqual(model.selected, 4)
      model.shelves[1].books[1].title = "Four"
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).filter(isSelectedRow).map(text), ["Shelf 1: Four"])
      model.shelves[1].name = "One"
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).filter(isSelectedRow).map(text), ["One: Four"])
      model.shelves.reverse()
      model.shelves[0].books[0].title = "Six"
      MainLoop.drain()
      XCTAssertEqual(modelRows(list).filter(isSelectedRow).map(text), ["One: Four"])
      XCTAssertEqual(model.selected, 4)
      // NB: GTK 4.18 may let a row go in the middle of the pass that was to apply its
      // element's change (its list item re-bound as the groups are spliced). The row must
      // not run again after it was let go: that observed its books anew, for good (2 of 6
      // runs on GTK 4.18 left 2 collections observed after the window closed).
      host.close()
      MainLoop.drain()
      XCTAssertEqual(CollectionObserver.activeCount, observers, "no row observes after the window")
    }
  }

  /// Two groups with one id (warned of): each group's fields show what the app writes to
  /// their own books, and typing into the second group's field writes its book.
  func testFieldsOfGroupsWithTheSameIdFollowTheirOwnBooks() {
    MainActor.assumeIsolated {
      var warnings: [String] = []
      Log.observer = { warnings.append($0) }
      defer { Log.observer = nil }
      let model = Library(shelves: 3, booksEach: 1)
      model.shelves[2] = Shelf(id: 1, name: "Twin", books: books(20..<21))
      let ui = show {
        List {
          ForEach(Bindable(model).shelves) { $shelf in
            Section(shelf.name) {
              ForEach($shelf.books) { $book in TextField("Title", text: $book.title) }
            }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertEqual(fieldTexts(in: list), ["Book 0", "Book 1", "Book 20"])
      model.shelves[2].books[0].title = "Twin's"
      MainLoop.drain()
      XCTAssertEqual(fieldTexts(in: list), ["Book 0", "Book 1", "Twin's"])
      model.shelves[1].books[0].title = "Shelf 1's"
      MainLoop.drain()
      XCTAssertEqual(fieldTexts(in: list), ["Book 0", "Shelf 1's", "Twin's"])
      let typed = field(showing: "Twin's", in: list)!
      XCTAssertTrue(gtk_widget_grab_focus(typed) != 0)
      typeAtFocus(ui.window, "!")
      MainLoop.drain()
      XCTAssertEqual(model.shelves.map { $0.books[0].title }, ["Book 0", "Shelf 1's", "Twin's!"])
      XCTAssertEqual(fieldTexts(in: list), ["Book 0", "Shelf 1's", "Twin's!"])
      XCTAssertFalse(warnings.isEmpty, "the repeated id is warned of")
    }
  }
}

/// Groups of bound rows in `@State`, each row showing its group's name and its own.
private struct StateShelves: View {
  let actions: ViewActions
  /// What the rows should show, written by the "expected" action.
  let expected: ExpectedRows
  @State var shelves = Library(shelves: 3, booksEach: 2).shelves

  var body: some View {
    List {
      ForEach($shelves) { $shelf in
        Section(shelf.name) {
          ForEach($shelf.books) { $book in
            Text("\(shelf.name): \(book.title)")
              .onAppear { if book.title == "Book 5" { book.title = "Book 5 seen" } }
          }
        }
      }
    }
    .onAppear {
      actions.named["renameShelf"] = { shelves[$0].name += "!" }
      actions.named["renameBook"] = { id in
        for s in shelves.indices {
          if let b = shelves[s].books.firstIndex(where: { $0.id == id }) {
            shelves[s].books[b].title += "!"
          }
        }
      }
      actions.named["insertShelf"] = {
        shelves.insert(Shelf(id: $0, name: "New", books: books(($0 * 10)..<($0 * 10 + 1))), at: 0)
      }
      actions.named["sort"] = { _ in shelves.sort { $0.name > $1.name } }
      actions.named["expected"] = { _ in
        expected.rows = shelves.flatMap { shelf in
          [shelf.name] + shelf.books.map { "\(shelf.name): \($0.title)" }
        }
      }
    }
  }
}

@MainActor
private final class ExpectedRows {
  var rows: [String] = []
}

extension LazyListSectionTests {
  /// The same grouped rows over `@State` groups: the app's writes from actions and from a
  /// row's `.onAppear` show in the rows of their group.
  func testGroupedBindingRowsOverStateFollowTheAppsWrites() {
    MainActor.assumeIsolated {
      let expected = ExpectedRows()
      let (ui, _, actions) = shown { StateShelves(actions: $1, expected: expected) }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      settleListView(list)
      MainLoop.drain()
      @MainActor func check(_ line: UInt = #line) {
        MainLoop.drain()
        actions("expected")
        XCTAssertEqual(modelRows(list).map(text), expected.rows, line: line)
      }
      check()
      XCTAssertTrue(expected.rows.contains("Shelf 2: Book 5 seen"))
      actions("renameShelf", 1)
      check()
      actions("renameBook", 2)
      actions("renameBook", 0)
      check()
      actions("insertShelf", 7)
      check()
      actions("renameShelf", 2)
      actions("sort")
      check()
      XCTAssertTrue(expected.rows.contains("Shelf 1!!: Book 2!"), "\(expected.rows)")
    }
  }
}
