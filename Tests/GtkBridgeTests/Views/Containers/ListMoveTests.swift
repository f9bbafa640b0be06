import CGtk
import CGtkTesting
import Foundation
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

// `ForEach.onMove` in a `List`, on real widgets: rows dragged with the mouse (xdotool under
// Xvfb: press, move in steps, release, GDK's own drag and drop on X11), in the lazy list (a
// `GtkListView`) and the list box behind other lists, one row and a selection, `.moveDisabled`,
// a move to the end, rows in sections, and the focus in a row kept across the move.

private struct MoveItem: Identifiable, Hashable {
  var id = UUID()
  var title: String
}

private func items(_ titles: String...) -> [MoveItem] { titles.map { MoveItem(title: $0) } }

/// What the views' state and actions are, reached from the test as the app would reach them.
@MainActor
private final class MoveProbe {
  var items: () -> [MoveItem] = { [] }
  var focus: () -> UUID? = { nil }
  var setFocus: (UUID?) -> Void = { _ in }
  var selection: () -> Set<UUID> = { [] }
  var setSelection: (Set<UUID>) -> Void = { _ in }
  /// Each `onMove` call: "move [offsets] destination".
  var log: [String] = []

  var titles: [String] { items().map(\.title) }

  func id(_ title: String) -> UUID { items().first { $0.title == title }!.id }
}

private func logMove(_ probe: MoveProbe, _ offsets: IndexSet, _ destination: Int) {
  MainActor.assumeIsolated { probe.log.append("move \(Array(offsets)) \(destination)") }
}

/// The brief's to-do list: a field per row, beside a handle to drag it by. Lazy: one `ForEach`.
private struct LazyFields: View {
  let probe: MoveProbe
  @State var items: [MoveItem]
  @FocusState private var focus: UUID?

  var body: some View {
    probe.items = { items }
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return List {
      ForEach($items) { $item in
        HStack {
          Text("Move")
          TextField("Title", text: $item.title).focused($focus, equals: item.id)
        }
      }
      .onMove { offsets, destination in
        logMove(probe, offsets, destination)
        items.move(fromOffsets: offsets, toOffset: destination)
      }
    }
  }
}

/// The same rows after a static row: a list box (`ListNode`).
private struct EagerFields: View {
  let probe: MoveProbe
  @State var items: [MoveItem]
  @FocusState private var focus: UUID?

  var body: some View {
    probe.items = { items }
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return List {
      Text("Static")
      ForEach($items) { $item in
        HStack {
          Text("Move")
          TextField("Title", text: $item.title).focused($focus, equals: item.id)
        }
      }
      .onMove { offsets, destination in
        logMove(probe, offsets, destination)
        items.move(fromOffsets: offsets, toOffset: destination)
      }
    }
  }
}

/// Rows selected several at a time, pinned rows `.moveDisabled`; lazy, or after a static row
/// (`eager`).
private struct Selectable: View {
  let probe: MoveProbe
  let eager: Bool
  @State var items: [MoveItem]
  @State private var selection: Set<UUID> = []

  var body: some View {
    probe.items = { items }
    probe.selection = { selection }
    probe.setSelection = { selection = $0 }
    return Group {
      if eager {
        List(selection: $selection) {
          Text("Static")
          rows
        }
      } else {
        List(selection: $selection) { rows }
      }
    }
  }

  private var rows: some View {
    ForEach(items) { item in
      Text(item.title).moveDisabled(item.title.hasPrefix("pinned"))
    }
    .onMove { offsets, destination in
      logMove(probe, offsets, destination)
      items.move(fromOffsets: offsets, toOffset: destination)
    }
  }
}

/// Two sections, each its own `ForEach` with `.onMove`; lazy, or with a static row in the
/// second section (`eager`).
private struct Sectioned: View {
  let probe: MoveProbe
  let eager: Bool
  @State var first: [MoveItem]
  @State var second: [MoveItem]

  var body: some View {
    probe.items = { first + second }
    return Group {
      if eager {
        List {
          Section("First") { firstRows }
          Section("Second") {
            secondRows
            Text("Static")
          }
        }
      } else {
        List {
          Section("First") { firstRows }
          Section("Second") { secondRows }
        }
      }
    }
  }

  private var firstRows: some View {
    ForEach(first) { Text($0.title) }
      .onMove { offsets, destination in
        logMove(probe, offsets, destination)
        first.move(fromOffsets: offsets, toOffset: destination)
      }
  }

  private var secondRows: some View {
    ForEach(second) { Text($0.title) }
      .onMove { offsets, destination in
        logMove(probe, offsets, destination)
        second.move(fromOffsets: offsets, toOffset: destination)
      }
  }
}

/// A group of items: a section made by a `ForEach` over the groups.
private struct MoveGroup: Identifiable, Hashable {
  var id = UUID()
  var name: String
  var items: [MoveItem]
}

/// Sections made by a `ForEach` over groups (a lazy list's `LazySectionForEachNode`), each
/// group's items with `.onMove`.
private struct Grouped: View {
  let probe: MoveProbe
  @State var groups: [MoveGroup]

  var body: some View {
    probe.items = { groups.flatMap(\.items) }
    return List {
      ForEach($groups) { $group in
        Section(group.name) {
          ForEach(group.items) { Text($0.title) }
            .onMove { offsets, destination in
              logMove(probe, offsets, destination)
              group.items.move(fromOffsets: offsets, toOffset: destination)
            }
        }
      }
    }
  }
}

/// Forty rows of text in a short window: most are off screen. Lazy, or after a static row
/// (`eager`).
private struct LongList: View {
  let probe: MoveProbe
  let eager: Bool
  @State var items: [MoveItem] = (0..<40).map { MoveItem(title: "R\($0)") }

  var body: some View {
    probe.items = { items }
    return Group {
      if eager {
        List {
          Text("Static")
          rows
        }
      } else {
        List { rows }
      }
    }
  }

  private var rows: some View {
    ForEach(items) { Text($0.title) }
      .onMove { offsets, destination in
        logMove(probe, offsets, destination)
        items.move(fromOffsets: offsets, toOffset: destination)
      }
  }
}

// MARK: - Helpers

/// The list widget of the window's `List`, and whether it is a list view (the lazy list).
@MainActor
private func list(in ui: ViewInspection<some View>) -> UnsafeMutablePointer<GtkWidget> {
  listWidget(in: ui.window.pointer)!
}

@MainActor
private func isListView(_ list: UnsafeMutablePointer<GtkWidget>) -> Bool {
  isA(list, gtk_list_view_get_type())
}

/// The text each row shows, in the order GTK shows the rows: a field's text, else a label's.
@MainActor
private func shownRows(_ ui: ViewInspection<some View>) -> [String] {
  rows(of: list(in: ui)).map { row in
    if let entry = gtkTree(row).first(where: { isA($0, gtk_entry_get_type()) }) {
      return String(cString: gtk_editable_get_text(OpaquePointer(entry)))
    }
    let labels = gtkTree(row).filter { isA($0, gtk_label_get_type()) }
    return labels.map { String(cString: gtk_label_get_text(OpaquePointer($0))) }
      .joined(separator: " ")
  }
}

/// The row GTK shows with `title` (a field's text or a label's).
@MainActor
private func row(_ ui: ViewInspection<some View>, _ title: String) -> UnsafeMutablePointer<
  GtkWidget
> {
  let all = rows(of: list(in: ui))
  let index = shownRows(ui).firstIndex(of: title)!
  return all[index]
}

/// The field in the row with `title`.
@MainActor
private func field(_ ui: ViewInspection<some View>, _ title: String) -> UnsafeMutablePointer<
  GtkWidget
> {
  gtkTree(row(ui, title)).first { isA($0, gtk_entry_get_type()) }!
}

/// The point `x`, `y` of `widget` in the window's X surface.
@MainActor
private func surfacePoint(
  _ widget: UnsafeMutablePointer<GtkWidget>, _ window: Window, x: Double, y: Double
) -> (Int, Int) {
  var windowX = 0.0
  var windowY = 0.0
  _ = cgtk_widget_translate_point(widget, window.pointer, x, y, &windowX, &windowY)
  var offsetX = 0.0
  var offsetY = 0.0
  gtk_native_get_surface_transform(OpaquePointer(window.pointer), &offsetX, &offsetY)
  return (Int(windowX + offsetX), Int(windowY + offsetY))
}

/// Drags the row `from` by a point 12 pixels from its start (its handle, not its field) to
/// the upper (`.before`) or lower (`.after`) part of `to` with the real mouse: xdotool
/// presses, moves in steps (GDK starts a drag past GTK's threshold), waits for the drop
/// indicator on `to`, and releases. Returns whether the drag started (`expectsDrag` false:
/// whether it had started once GTK drew a frame after the moves).
@MainActor
@discardableResult
private func mouseDrag(
  _ ui: ViewInspection<some View>, from: UnsafeMutablePointer<GtkWidget>,
  to: UnsafeMutablePointer<GtkWidget>, _ edge: RowDragging.Edge, startX: Double = 12,
  expectsDrag: Bool = true, expectsDrop: Bool = true
) throws -> Bool {
  let listWidget = list(in: ui)
  // Where the rows are is known after GTK's next layout (a list box sorts its rows at once,
  // and lays them out at the next frame).
  settleListView(listWidget)
  let start = surfacePoint(from, ui.window, x: startX, y: Double(gtk_widget_get_height(from)) / 2)
  let height = Double(gtk_widget_get_height(to))
  let end = surfacePoint(to, ui.window, x: 12, y: edge == .before ? height * 0.25 : height * 0.75)
  try xdotool(on: ui.window, ["mousemove", "\(start.0)", "\(start.1)"])
  MainLoop.drain()
  // NB: no `--window`: xdotool would send the button with XSendEvent, which GTK ignores;
  // without it, XTEST presses where the pointer is.
  _ = try runXdotool(["mousedown", "1"])
  MainLoop.drain()
  // Past GTK's drag threshold, in steps, as a hand moves.
  let steps = 8
  for step in 1...steps {
    let x = start.0 + (end.0 - start.0) * step / steps
    let y = start.1 + (end.1 - start.1) * step / steps
    try xdotool(on: ui.window, ["mousemove", "\(x)", "\(y)"])
    _ = MainLoop.run(timeout: 0.05) { false }
  }
  let dragging = RowDragging.on(listWidget)
  // A drag that should not start: GTK has seen every move once it drew a frame after them.
  if !expectsDrag { settleListView(listWidget) }
  let started = MainLoop.run(timeout: expectsDrag ? 5 : 0) { dragging?.isDragging == true }
  if started {
    // A last small move, so the target hears of the final place.
    try xdotool(on: ui.window, ["mousemove", "\(end.0)", "\(end.1 + 1)"])
    // The drop indicator, as GTK reports the row's style classes.
    let wanted = edge == .before ? RowDragging.dropBeforeClass : RowDragging.dropAfterClass
    if expectsDrop {
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { gtk_widget_has_css_class(to, wanted) != 0 },
        "the drop indicator shows at the row's \(edge) edge")
    } else {
      settleListView(listWidget)
    }
    XCTAssertEqual(
      indicatedRows(listWidget).count, expectsDrop ? 1 : 0, "one row shows the indicator")
  }
  _ = try runXdotool(["mouseup", "1"])
  _ = MainLoop.run(timeout: 5) { dragging?.isDragging != true }
  MainLoop.drain()
  settleListView(listWidget)
  XCTAssertEqual(indicatedRows(listWidget), [], "no indicator is left after the drop")
  return started
}

/// The rows showing a drop indicator (either style class).
@MainActor
private func indicatedRows(_ list: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<
  GtkWidget
>] {
  rows(of: list).filter {
    gtk_widget_has_css_class($0, RowDragging.dropBeforeClass) != 0
      || gtk_widget_has_css_class($0, RowDragging.dropAfterClass) != 0
  }
}

/// What a drag from `from` to `edge` of `to` does when GTK's drag-and-drop signal handlers
/// run it (``RowDragging/simulateDrag(from:to:edge:)``: the list's own checks, indicator and
/// drop, without GDK's drag, which needs the pointer).
@MainActor
@discardableResult
private func handlerDrag(
  _ ui: ViewInspection<some View>, from: UnsafeMutablePointer<GtkWidget>,
  to: UnsafeMutablePointer<GtkWidget>, _ edge: RowDragging.Edge
) -> Bool {
  let listWidget = list(in: ui)
  let taken = RowDragging.on(listWidget)!.simulateDrag(from: from, to: to, edge: edge)
  MainLoop.drain()
  settleListView(listWidget)
  return taken
}

/// The row widget holding the focus itself, if a row does.
@MainActor
private func focusedRowTitle(_ ui: ViewInspection<some View>) -> String? {
  guard let focus = focusWidget(ui.window) else { return nil }
  let all = rows(of: list(in: ui))
  return all.firstIndex(of: focus).map { shownRows(ui)[$0] }
}

/// Where the caret is in `entry`.
@MainActor
private func caret(_ entry: UnsafeMutablePointer<GtkWidget>) -> Int32 {
  gtk_editable_get_position(OpaquePointer(entry))
}

final class ListMoveTests: GtkTestCase, @unchecked Sendable {
  // MARK: Real drags (xdotool)

  func testDraggingARowOfALazyListToTheEndMovesItAndItKeepsTheFocus() throws {
    guard try runsInChildProcess(in: "ListMoveTests") else { return }
    try MainActor.assumeIsolated {
      let probe = MoveProbe()
      let ui = show { LazyFields(probe: probe, items: items("A", "B", "C", "D")) }
      XCTAssertTrue(isListView(list(in: ui)))
      XCTAssertEqual(shownRows(ui), ["A", "B", "C", "D"])
      // A to below D: SwiftUI's destination is the end, 4.
      XCTAssertTrue(try mouseDrag(ui, from: row(ui, "A"), to: row(ui, "D"), .after))
      XCTAssertTrue(MainLoop.run(timeout: 5) { !probe.log.isEmpty })
      XCTAssertEqual(probe.log, ["move [0] 4"])
      XCTAssertEqual(probe.titles, ["B", "C", "D", "A"])
      XCTAssertEqual(shownRows(ui), ["B", "C", "D", "A"])
      // The press focused the row dragged (GTK's focus on click); it keeps it at its new place.
      XCTAssertEqual(focusedRowTitle(ui), "A")
      XCTAssertNil(RowDragging.on(list(in: ui))?.indicator, "no drop indicator is left")
      // And back up, to before B: destination 0.
      XCTAssertTrue(try mouseDrag(ui, from: row(ui, "A"), to: row(ui, "B"), .before))
      XCTAssertTrue(MainLoop.run(timeout: 5) { probe.log.count == 2 })
      XCTAssertEqual(probe.log.last, "move [3] 0")
      XCTAssertEqual(shownRows(ui), ["A", "B", "C", "D"])
      XCTAssertEqual(focusedRowTitle(ui), "A")
    }
  }

  func testDraggingARowOfAListBoxMovesItAndTheFocusedFieldOfAnotherRowKeepsFocusAndCaret()
    throws
  {
    guard try runsInChildProcess(in: "ListMoveTests") else { return }
    try MainActor.assumeIsolated {
      let probe = MoveProbe()
      let ui = show { EagerFields(probe: probe, items: items("A", "B", "C", "D")) }
      XCTAssertFalse(isListView(list(in: ui)), "a static row beside the ForEach: a list box")
      XCTAssertEqual(shownRows(ui), ["Static", "A", "B", "C", "D"])
      probe.setFocus(probe.id("C"))
      MainLoop.drain()
      gtk_editable_set_position(OpaquePointer(field(ui, "C")), 1)
      MainLoop.drain()
      XCTAssertTrue(try mouseDrag(ui, from: row(ui, "A"), to: row(ui, "C"), .after))
      XCTAssertTrue(MainLoop.run(timeout: 5) { !probe.log.isEmpty })
      XCTAssertEqual(probe.log, ["move [0] 3"])
      XCTAssertEqual(probe.titles, ["B", "C", "A", "D"])
      XCTAssertEqual(shownRows(ui), ["Static", "B", "C", "A", "D"])
      // The field the user was in stays focused, its caret where it was: a list box takes
      // focus on a click's release, and a drag is no click.
      XCTAssertEqual(focusedEntry(ui.window), field(ui, "C"))
      XCTAssertEqual(probe.focus(), probe.id("C"))
      XCTAssertEqual(caret(field(ui, "C")), 1)
      // The row dragged to the end of the list, below its last row.
      XCTAssertTrue(try mouseDrag(ui, from: row(ui, "B"), to: row(ui, "D"), .after))
      XCTAssertTrue(MainLoop.run(timeout: 5) { probe.log.count == 2 })
      XCTAssertEqual(probe.log.last, "move [0] 4")
      XCTAssertEqual(shownRows(ui), ["Static", "C", "A", "D", "B"])
      XCTAssertEqual(focusedEntry(ui.window), field(ui, "C"))
    }
  }

  func testDraggingASelectedRowMovesEverySelectedRowAndAMoveDisabledRowStays() throws {
    guard try runsInChildProcess(in: "ListMoveTests") else { return }
    try MainActor.assumeIsolated {
      for eager in [false, true] {
        let probe = MoveProbe()
        let ui = show {
          Selectable(probe: probe, eager: eager, items: items("pinned", "A", "B", "C", "D"))
        }
        XCTAssertEqual(isListView(list(in: ui)), !eager)
        let fixed = eager ? ["Static"] : []
        // A pinned row is not dragged.
        XCTAssertFalse(
          try mouseDrag(ui, from: row(ui, "pinned"), to: row(ui, "D"), .after, expectsDrag: false))
        XCTAssertEqual(probe.log, [])
        // B and D selected (D, then B with Ctrl, as a click does), pinned too: dragging D takes
        // B and D to before A; the pinned row stays.
        probe.setSelection([probe.id("pinned"), probe.id("B"), probe.id("D")])
        MainLoop.drain()
        XCTAssertTrue(try mouseDrag(ui, from: row(ui, "D"), to: row(ui, "A"), .before))
        XCTAssertTrue(MainLoop.run(timeout: 5) { !probe.log.isEmpty }, "eager: \(eager)")
        XCTAssertEqual(probe.log, ["move [2, 4] 1"], "eager: \(eager)")
        XCTAssertEqual(probe.titles, ["pinned", "B", "D", "A", "C"])
        XCTAssertEqual(shownRows(ui), fixed + ["pinned", "B", "D", "A", "C"])
        // The selection stays with the rows (by id), as the binding says.
        XCTAssertEqual(probe.selection(), [probe.id("pinned"), probe.id("B"), probe.id("D")])
        let selected = rows(of: list(in: ui)).map(isSelectedRow)
        XCTAssertEqual(selected, (eager ? [false] : []) + [true, true, true, false, false])
        // An unselected row dragged moves alone.
        XCTAssertTrue(try mouseDrag(ui, from: row(ui, "C"), to: row(ui, "B"), .before))
        XCTAssertTrue(MainLoop.run(timeout: 5) { probe.log.count == 2 })
        XCTAssertEqual(probe.log.last, "move [4] 1")
        XCTAssertEqual(shownRows(ui), fixed + ["pinned", "C", "B", "D", "A"])
        ui.host.close()
        MainLoop.drain()
      }
    }
  }

  func testARowDraggedOntoAnotherSectionDoesNotMove() throws {
    guard try runsInChildProcess(in: "ListMoveTests") else { return }
    try MainActor.assumeIsolated {
      for eager in [false, true] {
        let probe = MoveProbe()
        let ui = show {
          Sectioned(probe: probe, eager: eager, first: items("1a", "1b"), second: items("2a", "2b"))
        }
        XCTAssertEqual(isListView(list(in: ui)), !eager)
        let dragging = RowDragging.on(list(in: ui))!
        // Onto the other section's row: no indicator, no drop.
        XCTAssertTrue(
          try mouseDrag(ui, from: row(ui, "1a"), to: row(ui, "2b"), .before, expectsDrop: false))
        XCTAssertEqual(probe.log, [], "eager: \(eager)")
        XCTAssertNil(dragging.indicator)
        // Within its own section, it moves.
        XCTAssertTrue(try mouseDrag(ui, from: row(ui, "2a"), to: row(ui, "2b"), .after))
        XCTAssertTrue(MainLoop.run(timeout: 5) { !probe.log.isEmpty }, "eager: \(eager)")
        XCTAssertEqual(probe.log, ["move [0] 2"])
        XCTAssertEqual(probe.titles, ["1a", "1b", "2b", "2a"])
        XCTAssertEqual(
          shownRows(ui).filter { $0 != "Static" }, ["1a", "1b", "2b", "2a"], "eager: \(eager)")
        ui.host.close()
        MainLoop.drain()
      }
    }
  }

  func testADragHeldAtTheBottomEdgeScrollsTheListToRowsOffScreen() throws {
    guard try runsInChildProcess(in: "ListMoveTests") else { return }
    try MainActor.assumeIsolated {
      for eager in [false, true] {
        let probe = MoveProbe()
        let ui = show(height: 240) { LongList(probe: probe, eager: eager) }
        XCTAssertEqual(isListView(list(in: ui)), !eager)
        let listWidget = list(in: ui)
        let scrolled = gtk_widget_get_ancestor(listWidget, gtk_scrolled_window_get_type())!
        let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled))!
        XCTAssertEqual(gtk_adjustment_get_value(adjustment), 0)
        XCTAssertGreaterThan(
          gtk_adjustment_get_upper(adjustment), 2 * gtk_adjustment_get_page_size(adjustment),
          "most rows are below the fold")
        let first = row(ui, "R0")
        let start = surfacePoint(
          first, ui.window, x: 12, y: Double(gtk_widget_get_height(first)) / 2)
        let edge = surfacePoint(
          scrolled, ui.window, x: 12, y: Double(gtk_widget_get_height(scrolled)) - 6)
        try xdotool(on: ui.window, ["mousemove", "\(start.0)", "\(start.1)"])
        MainLoop.drain()
        _ = try runXdotool(["mousedown", "1"])
        MainLoop.drain()
        for step in 1...8 {
          let y = start.1 + (edge.1 - start.1) * step / 8
          try xdotool(on: ui.window, ["mousemove", "\(start.0)", "\(y)"])
          _ = MainLoop.run(timeout: 0.05) { false }
        }
        let dragging = RowDragging.on(listWidget)!
        XCTAssertTrue(MainLoop.run(timeout: 5) { dragging.isDragging })
        // Held at the edge, the list scrolls until its end shows.
        XCTAssertTrue(
          MainLoop.run(timeout: 10) {
            gtk_adjustment_get_value(adjustment)
              >= gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
          })
        // The pointer, still at the edge, is on the lower half of the last row now.
        try xdotool(on: ui.window, ["mousemove", "\(edge.0)", "\(edge.1 - 1)"])
        XCTAssertTrue(
          MainLoop.run(timeout: 5) {
            gtk_widget_has_css_class(row(ui, "R39"), RowDragging.dropAfterClass) != 0
          })
        _ = try runXdotool(["mouseup", "1"])
        XCTAssertTrue(MainLoop.run(timeout: 5) { !probe.log.isEmpty })
        XCTAssertEqual(probe.log, ["move [0] 40"])
        XCTAssertEqual(probe.titles.last, "R0")
        XCTAssertEqual(shownRows(ui).suffix(2), ["R39", "R0"], "eager: \(eager)")
        ui.host.close()
        MainLoop.drain()
      }
    }
  }

  func testAMouseDragInARowsFieldSelectsTextAndMovesNoRow() throws {
    guard try runsInChildProcess(in: "ListMoveTests") else { return }
    try MainActor.assumeIsolated {
      for eager in [false, true] {
        let probe = MoveProbe()
        let ui = show {
          if eager {
            AnyView(EagerFields(probe: probe, items: items("Alpha beta", "B", "C")))
          } else {
            AnyView(LazyFields(probe: probe, items: items("Alpha beta", "B", "C")))
          }
        }
        let entry = field(ui, "Alpha beta")
        // From inside the field's text, across it.
        var x = 0.0
        var y = 0.0
        _ = cgtk_widget_translate_point(entry, row(ui, "Alpha beta"), 8, 4, &x, &y)
        XCTAssertFalse(
          try mouseDrag(
            ui, from: row(ui, "Alpha beta"), to: row(ui, "C"), .after, startX: x,
            expectsDrag: false), "eager: \(eager)")
        XCTAssertEqual(probe.log, [])
        XCTAssertEqual(shownRows(ui).filter { $0 != "Static" }, ["Alpha beta", "B", "C"])
        var start: Int32 = 0
        var end: Int32 = 0
        XCTAssertTrue(
          gtk_editable_get_selection_bounds(OpaquePointer(entry), &start, &end) != 0,
          "the drag selected text in the field (eager: \(eager))")
        XCTAssertEqual(focusedEntry(ui.window), entry)
        ui.host.close()
        MainLoop.drain()
      }
    }
  }

  // MARK: GTK's drag-and-drop handlers, without the pointer

  func testAMoveAroundTheFocusedFieldKeepsItsFocusAndCaretInBothLists() {
    MainActor.assumeIsolated {
      for eager in [false, true] {
        let probe = MoveProbe()
        let ui = show {
          if eager {
            AnyView(EagerFields(probe: probe, items: items("A", "B", "C", "D")))
          } else {
            AnyView(LazyFields(probe: probe, items: items("A", "B", "C", "D")))
          }
        }
        probe.setFocus(probe.id("C"))
        MainLoop.drain()
        gtk_editable_set_position(OpaquePointer(field(ui, "C")), 1)
        MainLoop.drain()
        // A and the focused row's neighbours move around it; then the focused row itself.
        XCTAssertTrue(handlerDrag(ui, from: row(ui, "A"), to: row(ui, "D"), .after))
        XCTAssertEqual(probe.titles, ["B", "C", "D", "A"])
        XCTAssertTrue(handlerDrag(ui, from: row(ui, "C"), to: row(ui, "B"), .before))
        XCTAssertEqual(probe.titles, ["C", "B", "D", "A"])
        XCTAssertEqual(probe.log, ["move [0] 4", "move [1] 0"])
        XCTAssertEqual(
          shownRows(ui).filter { $0 != "Static" }, ["C", "B", "D", "A"], "eager: \(eager)")
        XCTAssertEqual(focusedEntry(ui.window), field(ui, "C"), "eager: \(eager)")
        XCTAssertEqual(probe.focus(), probe.id("C"))
        XCTAssertEqual(caret(field(ui, "C")), 1, "eager: \(eager)")
        // A drop that leaves the rows where they are runs nothing.
        XCTAssertTrue(handlerDrag(ui, from: row(ui, "B"), to: row(ui, "B"), .after))
        XCTAssertTrue(handlerDrag(ui, from: row(ui, "B"), to: row(ui, "D"), .before))
        XCTAssertEqual(probe.log.count, 2)
        ui.host.close()
        MainLoop.drain()
      }
    }
  }

  func testRowsOfSectionsMadeByAForEachMoveWithinTheirGroupOnly() {
    MainActor.assumeIsolated {
      let probe = MoveProbe()
      let ui = show {
        Grouped(
          probe: probe,
          groups: [
            MoveGroup(name: "One", items: items("1a", "1b", "1c")),
            MoveGroup(name: "Two", items: items("2a", "2b")),
          ])
      }
      XCTAssertTrue(isListView(list(in: ui)))
      // Onto the other group's row, before or after: refused, nothing runs.
      XCTAssertFalse(handlerDrag(ui, from: row(ui, "1a"), to: row(ui, "2a"), .before))
      XCTAssertFalse(handlerDrag(ui, from: row(ui, "2b"), to: row(ui, "1c"), .after))
      XCTAssertEqual(probe.log, [])
      // Within the group: to its end.
      XCTAssertTrue(handlerDrag(ui, from: row(ui, "1a"), to: row(ui, "1c"), .after))
      XCTAssertEqual(probe.log, ["move [0] 3"])
      XCTAssertEqual(probe.titles, ["1b", "1c", "1a", "2a", "2b"])
      // (The headers are label rows of the model, which `rows(of:)` leaves out.)
      XCTAssertEqual(shownRows(ui), ["1b", "1c", "1a", "2a", "2b"])
    }
  }

  func testAListWithoutOnMoveHasNoRowDrag() {
    MainActor.assumeIsolated {
      let ui = show { List(items("A", "B")) { Text($0.title) } }
      XCTAssertNil(RowDragging.on(list(in: ui)))
    }
  }

  func testMoveOffsetsThatLeaveTheOrderAsItIsAreNoMove() {
    XCTAssertFalse(RowMoveOffsets.changesOrder([2], to: 2))
    XCTAssertFalse(RowMoveOffsets.changesOrder([2], to: 3))
    XCTAssertTrue(RowMoveOffsets.changesOrder([2], to: 4))
    XCTAssertTrue(RowMoveOffsets.changesOrder([2], to: 1))
    XCTAssertFalse(RowMoveOffsets.changesOrder([1, 2, 3], to: 1))
    XCTAssertFalse(RowMoveOffsets.changesOrder([1, 2, 3], to: 4))
    XCTAssertTrue(RowMoveOffsets.changesOrder([1, 3], to: 2))
    XCTAssertFalse(RowMoveOffsets.changesOrder([], to: 0))
  }
}
