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

@MainActor
@Observable
private final class Counter {
  var value = 2
}

@MainActor
@Observable
private final class Person: Identifiable {
  var name: String
  init(name: String) { self.name = name }
}

@MainActor
@Observable
private final class People {
  var all = [Person(name: "Ann"), Person(name: "Bob")]
}

@MainActor
private final class Appearances {
  var appeared: Set<Int> = []
  var disappeared: Set<Int> = []
}

/// A small deterministic generator, so a failing sequence can be run again.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next(below bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}

/// "on" or "off" as `flag.value` is 2 or not, as two view types.
private struct FlagView: View {
  let flag: Counter
  var body: some View {
    if flag.value == 2 { Text("on") } else { Group { Text("off") } }
  }
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
      // A lazy stack's rows are no Tab stops of their own, as a VStack's children are not.
      var row = gtk_widget_get_first_child(list)
      var rows = 0
      while let current = row {
        if gtk_widget_get_first_child(current) != nil {
          rows += 1
          XCTAssertEqual(gtk_widget_get_focusable(current), 0, widgetTypeName(current))
        }
        row = gtk_widget_get_next_sibling(current)
      }
      XCTAssertGreaterThan(rows, 5)
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
      let row = try ui.find(title: "Entry 5: 0")
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

  // Found by the generated trees over lazy stacks: a branch inside a row that flipped made
  // a new widget in the old one's place, and the row went on showing the old one.
  func testABranchThatFlipsInsideARowShowsItsNewView() throws {
    try MainActor.assumeIsolated {
      let flag = Counter()
      let ui = show {
        ScrollView {
          LazyVStack {
            ForEach(0..<2, id: \.self) { key in
              Text("Row \(key)")
              FlagView(flag: flag)
            }
          }
        }
      }
      XCTAssertEqual(madeLabels(listView(in: ui.window)).filter { $0 == "on" }.count, 2)
      flag.value = 0
      MainLoop.drain()
      let labels = madeLabels(listView(in: ui.window))
      XCTAssertEqual(labels.filter { $0 == "off" }.count, 2, "\(labels)")
      XCTAssertEqual(labels.filter { $0 == "on" }.count, 0, "\(labels)")
    }
  }

  // A row moved past the focused one, and the focused row moved itself: the focus stays in
  // its field (GTK takes focus from a widget whose list item goes, so the rows GTK re-makes
  // are the others).
  func testMovingARowKeepsTheFocusedFieldFocused() {
    MainActor.assumeIsolated {
      let model = Entries(count: 6)
      let ui = show {
        ScrollView {
          LazyVStack {
            ForEach(Bindable(model).all) { $entry in TextField("Name", text: $entry.name) }
          }
        }
      }
      let fields = gtkTree(listView(in: ui.window)).filter { widgetTypeName($0) == "GtkText" }
      let field = fields[2]
      XCTAssertTrue(gtk_widget_grab_focus(field) != 0)
      MainLoop.drain()
      model.all.move(fromOffsets: [4], toOffset: 1)  // a row moved above the focused one
      MainLoop.run(timeout: 0.3) { false }
      XCTAssertEqual(focusWidget(ui.window), field)
      model.all.move(fromOffsets: [3], toOffset: 0)  // the focused row moved to the top
      MainLoop.run(timeout: 0.3) { false }
      XCTAssertEqual(focusWidget(ui.window), field, "the moved row keeps its focus")
      XCTAssertEqual(model.all.map(\.id), [2, 0, 4, 1, 3, 5])
      cgtk_text_insert_at_cursor(field, "!")
      MainLoop.drain()
      XCTAssertEqual(model.all[0].name, "Entry 2!")
    }
  }

  // Two rows' fields claim the same focus value: the first in the data takes focus (rows
  // are in the data's order, not in the order GTK made them).
  func testAFocusValueClaimedByTwoRowsGoesToTheFirstInTheData() throws {
    try MainActor.assumeIsolated {
      struct Rows: View {
        let model: Entries
        @FocusState var focus: Int?
        var body: some View {
          VStack {
            Button("Focus") { focus = 7 }
            Button("Clear") { focus = nil }
            ScrollView {
              LazyVStack {
                ForEach(Bindable(model).all) { $entry in
                  TextField("Name", text: $entry.name).focused($focus, equals: 7)
                }
              }
            }
          }
        }
      }
      let model = Entries(count: 2)
      let ui = show { Rows(model: model) }
      model.all.insert(Entry(id: 9, name: "Inserted"), at: 0)
      MainLoop.run(timeout: 0.3) { false }
      // NB: the launch rule focused the first field, which claims 7 too: start from none.
      try ui.find(Button<Text>.self, title: "Clear").tap()
      MainLoop.drain()
      XCTAssertNil(focusWidget(ui.window))
      try ui.find(Button<Text>.self, title: "Focus").tap()
      MainLoop.drain()
      let focused = try XCTUnwrap(focusWidget(ui.window))
      let text = gtk_editable_get_text(OpaquePointer(focused)).map { String(cString: $0) }
      XCTAssertEqual(text, "Inserted")
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

  /// Random inserts, removals, moves, renames and scrolls: after each, the rows GTK shows are
  /// a run of the data's names in order, and no row shows a name the data no longer has.
  func testRandomChangesKeepTheShownRowsInStepWithTheData() {
    MainActor.assumeIsolated {
      var generator = SplitMix(seed: 0x5eed_1a2e)
      let model = Entries(count: 300)
      var nextID = 300
      let ui = show {
        ScrollView {
          LazyVStack(spacing: 0) { ForEach(model.all) { entry in Text(entry.name) } }
        }
      }
      let list = listView(in: ui.window)
      for step in 0..<120 {
        let count = model.all.count
        let kind = generator.next(below: 6)
        switch kind {
        case 0:
          let at = generator.next(below: count + 1)
          let added = (0..<generator.next(below: 4) + 1).map { _ -> Entry in
            nextID += 1
            return Entry(id: nextID, name: "New \(nextID)")
          }
          model.all.insert(contentsOf: added, at: at)
        case 1 where count > 0:
          let at = generator.next(below: count)
          model.all.removeSubrange(at..<min(count, at + generator.next(below: 3) + 1))
        case 2 where count > 1:
          let from = generator.next(below: count)
          let entry = model.all.remove(at: from)
          model.all.insert(entry, at: generator.next(below: count))
        case 3 where count > 0:
          let at = generator.next(below: count)
          model.all[at].name = "Renamed \(step)-\(model.all[at].id)"
        case 4:
          let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(list))!
          let upper = gtk_adjustment_get_upper(adjustment)
          gtk_adjustment_set_value(adjustment, Double(generator.next(below: 100)) / 100 * upper)
        default:
          model.all.swapAt(0, count - 1)
        }
        MainLoop.run(timeout: 0.05) { false }
        let shown = rowsInOrder(list)
        let names = model.all.map(\.name)
        guard let first = shown.first else {
          XCTAssertTrue(names.isEmpty, "step \(step): no row shown")
          continue
        }
        guard let start = names.firstIndex(of: first) else {
          XCTFail("step \(step): \(first) is not in the data")
          break
        }
        XCTAssertEqual(
          shown, Array(names[start..<min(names.count, start + shown.count)]), "step \(step)")
        let made = Set(madeLabels(list))
        XCTAssertTrue(
          made.isSubset(of: Set(names)), "step \(step) (\(kind)): \(made.subtracting(names))")
      }
    }
  }

  func testRowsOfARangeAndOfObservableObjectsFollowTheirData() {
    MainActor.assumeIsolated {
      let count = Counter()
      let people = People()
      let ui = show {
        VStack {
          ScrollView {
            LazyVStack { ForEach(0..<count.value, id: \.self) { Text("Number \($0)") } }
          }
          ScrollView {
            LazyVStack { ForEach(people.all) { person in Text(person.name) } }
          }
        }
      }
      let lists = gtkTree(ui.window.pointer).filter { widgetTypeName($0) == "GtkListView" }
      XCTAssertEqual(rowsInOrder(lists[0]), ["Number 0", "Number 1"])
      XCTAssertEqual(rowsInOrder(lists[1]), ["Ann", "Bob"])
      count.value = 3
      people.all[1].name = "Bert"
      people.all.insert(Person(name: "Cy"), at: 0)
      MainLoop.run(timeout: 0.3) { false }
      XCTAssertEqual(rowsInOrder(lists[0]), ["Number 0", "Number 1", "Number 2"])
      XCTAssertEqual(rowsInOrder(lists[1]), ["Cy", "Ann", "Bert"])
    }
  }

  func testALazyVGridLaysItsCellsInTheColumnsItsGridItemsAskFor() {
    MainActor.assumeIsolated {
      let model = Entries(count: 10_000)
      let ui = show(width: 480, height: 360) {
        VStack {
          ScrollView {
            LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible()), GridItem()]) {
              ForEach(model.all) { entry in Text(entry.name) }
            }
          }
          ScrollView {
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 100))], spacing: 4) {
              ForEach(model.all) { entry in Text("\(entry.id)") }
            }
          }
        }
      }
      MainLoop.run(timeout: 0.5) { false }
      let grids = gtkTree(ui.window.pointer).filter { widgetTypeName($0) == "GtkGridView" }
      XCTAssertEqual(grids.count, 2)
      XCTAssertEqual(columnCount(grids[0], first: "Entry 0"), 3, "three flexible columns")
      // 480 px less the window's frame, in cells of at least 100 px: four columns.
      XCTAssertEqual(columnCount(grids[1], first: "0"), 4, "as many 100 px columns as fit")
      XCTAssertLessThanOrEqual(madeLabels(grids[0]).count, 250, "cells made for the screen")
    }
  }

  /// `.onAppear` and `.onDisappear` run as GTK makes and lets go of rows, not for every
  /// element up front.
  func testRowsAppearAndDisappearAsTheyAreMadeAndLetGo() {
    MainActor.assumeIsolated {
      let model = Entries(count: 5_000)
      let seen = Appearances()
      let ui = show {
        ScrollView {
          LazyVStack {
            ForEach(model.all) { entry in
              Text(entry.name)
                .onAppear { seen.appeared.insert(entry.id) }
                .onDisappear { seen.disappeared.insert(entry.id) }
            }
          }
        }
      }
      let list = listView(in: ui.window)
      MainLoop.run(timeout: 0.3) { false }
      XCTAssertTrue(seen.appeared.contains(0))
      XCTAssertLessThanOrEqual(seen.appeared.count, 250, "only the rows GTK made appeared")
      XCTAssertFalse(seen.appeared.contains(4_999))
      XCTAssertTrue(seen.disappeared.isEmpty)
      scrollToEnd(list)
      MainLoop.run(timeout: 0.3) { false }
      XCTAssertTrue(seen.appeared.contains(4_999), "the last row appeared once shown")
      XCTAssertTrue(seen.disappeared.contains(50), "a row scrolled far away disappeared")
    }
  }

  /// A row without state or lifecycle actions is recycled as GTK recycles its widget: the
  /// row scrolled in takes a released row's views and widgets, updated to its own element,
  /// modifiers and all.
  func testARowScrolledInTakesARecycledRowsViewsUpdatedToItsElement() {
    MainActor.assumeIsolated {
      let model = Entries(count: 5_000)
      let ui = show {
        ScrollView {
          LazyVStack(spacing: 0) {
            ForEach(model.all) { entry in
              HStack {
                Text(entry.name).frame(width: entry.id % 2 == 0 ? 120 : 160)
                Spacer()
                Text("#\(entry.id)")
              }
              .padding(2)
            }
          }
        }
      }
      MainLoop.run(timeout: 0.3) { false }
      let list = listView(in: ui.window)
      // NB: marked on the objects, not kept as addresses: a freed label's address is reused.
      for label in gtkTree(list) where widgetTypeName(label) == "GtkLabel" {
        g_object_set_data(gobject(label), "made-first", label)
      }
      scrollToEnd(list)
      let rows = recycledRowLabels(list)
      XCTAssertTrue(rows.contains { $0.name == "Entry 4999" }, "\(rows.suffix(3))")
      for row in rows {
        // The row's two labels and its frame follow one element, whichever row it was.
        XCTAssertEqual(row.name, "Entry \(row.id)")
        XCTAssertEqual(row.width, row.id % 2 == 0 ? 120 : 160, row.name)
      }
      // NB: rows near the end: GTK keeps the first rows (its cursor's) set up.
      let reused = rows.filter { row in
        guard row.id >= 1_000, let label = row.label else { return false }
        return g_object_get_data(gobject(label), "made-first") != nil
      }
      XCTAssertFalse(reused.isEmpty, "rows scrolled in reuse the labels of rows let go")
      model.all[4_999].name = "Last"
      MainLoop.run(timeout: 0.3) { false }
      XCTAssertTrue(madeLabels(list).contains("Last"), "a recycled row follows its new element")
    }
  }

  /// A `Label` row recycled for another element shows that element's title and icon.
  func testARecycledLabelRowShowsItsElementsTitleAndIcon() {
    MainActor.assumeIsolated {
      let model = Entries(count: 3_000)
      let ui = show {
        ScrollView {
          LazyVStack(spacing: 0) {
            ForEach(model.all) { entry in
              Label(entry.name, systemImage: entry.id % 2 == 0 ? "star" : "folder")
            }
          }
        }
      }
      MainLoop.run(timeout: 0.3) { false }
      let list = listView(in: ui.window)
      scrollToEnd(list)
      var checked = 0
      for image in gtkTree(list) where widgetTypeName(image) == "GtkImage" {
        guard let label = gtk_widget_get_next_sibling(image),
          let id = Int(labelText(label).dropFirst("Entry ".count))
        else { continue }
        let icon = gtk_image_get_icon_name(OpaquePointer(image)).map { String(cString: $0) }
        let wanted = Image.iconName(forSystemName: id % 2 == 0 ? "star" : "folder")
        XCTAssertEqual(icon, wanted, labelText(label))
        checked += 1
      }
      XCTAssertGreaterThan(checked, 10)
      XCTAssertTrue(madeLabels(list).contains("Entry 2999"))
    }
  }

  /// Rows of icons and pictures: a recycled row taken for an element whose image needs the
  /// other kind of widget gets a new one.
  func testARecycledRowOfAnImageShowsItsElementsIconOrPicture() throws {
    try MainActor.assumeIsolated {
      let texture = try onePixelTexture()
      let model = Entries(count: 3_000)
      let ui = show {
        ScrollView {
          LazyVStack(spacing: 0) {
            ForEach(model.all) { entry in
              HStack {
                entry.id % 5 == 0
                  ? Image(texture: texture, label: "dot")
                  : Image(systemName: entry.id % 2 == 0 ? "star" : "folder")
                Text(entry.name)
              }
            }
          }
        }
      }
      MainLoop.run(timeout: 0.3) { false }
      let list = listView(in: ui.window)
      scrollToEnd(list)
      var checked = 0
      for label in gtkTree(list) where widgetTypeName(label) == "GtkLabel" {
        guard let image = gtk_widget_get_prev_sibling(label),
          let id = Int(labelText(label).dropFirst("Entry ".count))
        else { continue }
        if id % 5 == 0 {
          XCTAssertEqual(widgetTypeName(image), "GtkPicture", labelText(label))
        } else {
          XCTAssertEqual(widgetTypeName(image), "GtkImage", labelText(label))
          let icon = gtk_image_get_icon_name(OpaquePointer(image)).map { String(cString: $0) }
          XCTAssertEqual(
            icon, Image.iconName(forSystemName: id % 2 == 0 ? "star" : "folder"), labelText(label))
        }
        checked += 1
      }
      XCTAssertGreaterThan(checked, 10)
    }
  }

  /// A `.multilineTextAlignment` above a lazy stack reaches the rows made after it changed,
  /// whether built anew or taken from released rows, as it reaches those on screen.
  func testRowsMadeAfterATextAlignmentChangeAreAligned() {
    MainActor.assumeIsolated {
      let model = Entries(count: 3_000)
      let flag = Counter()
      let ui = show {
        ScrollView {
          LazyVStack(spacing: 0) {
            ForEach(model.all) { entry in Text(entry.name) }
          }
          .multilineTextAlignment(flag.value == 3 ? .trailing : .leading)
        }
      }
      MainLoop.run(timeout: 0.3) { false }
      let list = listView(in: ui.window)
      flag.value = 3
      MainLoop.run(timeout: 0.3) { false }
      scrollToEnd(list)
      let labels = gtkTree(list).filter {
        widgetTypeName($0) == "GtkLabel" && gtk_widget_get_mapped($0) != 0
      }
      XCTAssertTrue(labels.map(labelText).contains("Entry 2999"))
      for label in labels {
        XCTAssertEqual(gtk_label_get_xalign(OpaquePointer(label)), 1, labelText(label))
      }
      flag.value = 2
      MainLoop.run(timeout: 0.3) { false }
      scroll(list, to: 0)
      for label in gtkTree(list) where widgetTypeName(label) == "GtkLabel" {
        guard gtk_widget_get_mapped(label) != 0 else { continue }
        XCTAssertEqual(gtk_label_get_xalign(OpaquePointer(label)), 0, labelText(label))
      }
    }
  }

  /// Text fields, secure fields and vertical fields of rows made after a
  /// `.multilineTextAlignment` change above the stack (scrolled in) are aligned by it: their
  /// text (`gtk_editable_get_alignment`) and a vertical field's lines.
  func testFieldRowsMadeAfterATextAlignmentChangeAreAligned() {
    MainActor.assumeIsolated {
      let model = Entries(count: 3_000)
      let flag = Counter()
      let ui = show {
        ScrollView {
          LazyVStack(spacing: 0) {
            ForEach(Bindable(model).all) { $entry in
              switch entry.id % 3 {
              case 0: TextField("Name", text: $entry.name)
              case 1: SecureField("Name", text: $entry.name)
              default: TextField("Name", text: $entry.name, axis: .vertical)
              }
            }
          }
          .multilineTextAlignment(flag.value == 3 ? .trailing : .leading)
        }
      }
      MainLoop.run(timeout: 0.3) { false }
      let list = listView(in: ui.window)
      flag.value = 3
      MainLoop.run(timeout: 0.3) { false }
      scrollToEnd(list)
      let mapped = gtkTree(list).filter { gtk_widget_get_mapped($0) != 0 }
      let texts = mapped.filter { widgetTypeName($0) == "GtkText" }
      let editors = mapped.filter { widgetTypeName($0).contains("TextView") }
      let shown = texts.map { String(cString: gtk_editable_get_text(OpaquePointer($0))) }
      XCTAssertTrue(shown.contains("Entry 2997"), "\(shown)")
      XCTAssertFalse(editors.isEmpty, "vertical fields are shown")
      for text in texts {
        XCTAssertEqual(gtk_editable_get_alignment(OpaquePointer(text)), 1)
      }
      for editor in editors {
        let view = UnsafeMutableRawPointer(editor).assumingMemoryBound(to: GtkTextView.self)
        XCTAssertEqual(gtk_text_view_get_justification(view), GTK_JUSTIFY_RIGHT)
      }
    }
  }

  /// A released row waiting to be recycled hears no change of what it read (its element's
  /// model may change, or go); the row that takes it shows its own element's current value.
  func testARecycledRowShowsWhatChangedWhileItWaited() {
    MainActor.assumeIsolated {
      let people = People()
      people.all = (0..<3_000).map { Person(name: "P\($0)") }
      let ui = show {
        ScrollView {
          LazyVStack(spacing: 0) {
            ForEach(people.all) { person in PersonRow(person: person) }
          }
        }
      }
      MainLoop.run(timeout: 0.3) { false }
      let list = listView(in: ui.window)
      scrollToEnd(list)
      // Rows near the top were let go; their people change and some go from the data.
      for person in people.all.prefix(400) { person.name += "!" }
      people.all.removeSubrange(200..<300)
      MainLoop.run(timeout: 0.3) { false }
      scroll(list, to: 0)
      let shown = madeLabels(list)
      XCTAssertTrue(shown.contains("P0!"), "\(shown.prefix(4))")
      XCTAssertTrue(shown.contains("P199!"))
      XCTAssertFalse(shown.contains("P200!"), "a removed person's row does not come back")
      XCTAssertFalse(shown.contains("P5"), "no row shows a name from before the change")
    }
  }

  /// Rows waiting to be recycled are not in the tree: an inherited attribute changed above
  /// (`.disabled`) reaches the rows made afterwards all the same (rows inserted on screen,
  /// which take the waiting rows' nodes).
  func testRowsScrolledInAfterADisabledChangeAreDisabled() {
    MainActor.assumeIsolated {
      let model = Entries(count: 3_000)
      let flag = Counter()
      let ui = show {
        ScrollView {
          LazyVStack(spacing: 0) {
            ForEach(model.all) { entry in Text(entry.name) }
          }
          .disabled(flag.value == 3)
        }
      }
      MainLoop.run(timeout: 0.3) { false }
      let list = listView(in: ui.window)
      // NB: rows removed on screen are let go with no row bound in their place: their
      // nodes wait to be recycled (a scroll binds a new row in the item it unbinds).
      model.all.removeSubrange(0..<100)
      MainLoop.run(timeout: 0.3) { false }
      flag.value = 3
      MainLoop.run(timeout: 0.3) { false }
      let inserted = (0..<60).map { Entry(id: 10_000 + $0, name: "New \($0)") }
      model.all.insert(contentsOf: inserted, at: 3)
      MainLoop.run(timeout: 0.3) { false }
      XCTAssertTrue(madeLabels(list).contains("New 0"))
      let labels = gtkTree(list).filter {
        widgetTypeName($0) == "GtkLabel" && gtk_widget_get_mapped($0) != 0
      }
      XCTAssertFalse(labels.isEmpty)
      for label in labels {
        // NB: its own flag: GTK's `is_sensitive` would follow the disabled list view anyway.
        XCTAssertEqual(gtk_widget_get_sensitive(label), 0, labelText(label))
      }
    }
  }

  /// A row whose modifiers and branches differ by element: each row scrolled in (most of
  /// them taking a released row's views) is what GTK reports of a row built anew for its
  /// element: a frame's fill and alignment given back as the widget had them, padding,
  /// `.disabled`, opacity, accessibility label, line limit, spacing, an environment value
  /// set in the row and read by a view without state, branch.
  func testARecycledRowWhoseModifiersDifferByElementIsARowBuiltAnew() {
    MainActor.assumeIsolated {
      let model = Entries(count: 4_000)
      let ui = show {
        ScrollView {
          LazyVStack(spacing: 0) {
            ForEach(model.all) { entry in VariedRow(entry: entry) }
          }
        }
      }
      MainLoop.run(timeout: 0.3) { false }
      let list = listView(in: ui.window)
      var fresh: [Int: String] = [:]
      for (kind, signature) in variedRowSignatures(list) where fresh[kind] == nil {
        fresh[kind] = signature
      }
      XCTAssertEqual(fresh.count, 4)
      scrollToEnd(list)
      let recycled = variedRowSignatures(list)
      XCTAssertGreaterThan(recycled.count, 4)
      for (kind, signature) in recycled {
        XCTAssertEqual(signature, fresh[kind], "kind \(kind)")
      }
    }
  }

  /// A `.lineLimit` above the rows changed while released rows waited to be recycled: the
  /// rows that take them show the new limit, as rows built anew do.
  func testRowsTakingReleasedRowsShowALineLimitChangedWhileTheyWaited() {
    MainActor.assumeIsolated {
      let model = Entries(count: 3_000)
      let limit = Counter()
      let ui = show {
        ScrollView {
          LazyVStack(spacing: 0) {
            ForEach(model.all) { entry in Text(entry.name) }
          }
          .lineLimit(limit.value)
        }
      }
      MainLoop.run(timeout: 0.3) { false }
      let list = listView(in: ui.window)
      model.all.removeSubrange(0..<100)
      MainLoop.run(timeout: 0.3) { false }
      limit.value = 5
      MainLoop.run(timeout: 0.3) { false }
      let inserted = (0..<60).map { Entry(id: 10_000 + $0, name: "New \($0)") }
      model.all.insert(contentsOf: inserted, at: 3)
      MainLoop.run(timeout: 0.3) { false }
      let labels = gtkTree(list).filter {
        widgetTypeName($0) == "GtkLabel" && gtk_widget_get_mapped($0) != 0
      }
      XCTAssertTrue(labels.map(labelText).contains("New 0"))
      for label in labels {
        XCTAssertEqual(gtk_label_get_lines(OpaquePointer(label)), 5, labelText(label))
      }
    }
  }

  /// A view without state in the row reads an environment value set above, changed while
  /// released rows waited: the rows that take them show the new value's branch.
  func testRowsTakingReleasedRowsReadAnEnvironmentValueChangedWhileTheyWaited() {
    MainActor.assumeIsolated {
      let model = Entries(count: 3_000)
      let flag = Counter()
      let ui = show {
        ScrollView {
          LazyVStack(spacing: 0) {
            ForEach(model.all) { entry in
              HStack {
                Text(entry.name)
                ProbeBadge()
              }
            }
          }
          .environment(\.probeMark, flag.value == 2 ? "old" : "new")
        }
      }
      MainLoop.run(timeout: 0.3) { false }
      let list = listView(in: ui.window)
      model.all.removeSubrange(0..<100)
      MainLoop.run(timeout: 0.3) { false }
      flag.value = 3
      MainLoop.run(timeout: 0.3) { false }
      let inserted = (0..<60).map { Entry(id: 10_000 + $0, name: "New \($0)") }
      model.all.insert(contentsOf: inserted, at: 3)
      MainLoop.run(timeout: 0.3) { false }
      let shown = gtkTree(list).filter {
        widgetTypeName($0) == "GtkLabel" && gtk_widget_get_mapped($0) != 0
      }.map(labelText)
      XCTAssertTrue(shown.contains("New 0"))
      XCTAssertFalse(shown.contains("mark old"), "\(shown.prefix(6))")
      XCTAssertFalse(shown.contains("bold old"), "\(shown.prefix(6))")
      XCTAssertTrue(shown.contains("bold new"), "\(shown.prefix(6))")
    }
  }

  /// Rows whose element picks a branch with lifecycle actions (not recyclable) or one
  /// without (recyclable): a row that takes a released row's views and builds the other
  /// branch runs its `onAppear`, and no `onChange` (a new row has no old value).
  func testARecycledRowBuildingABranchWithActionsAppearsAndSeesNoChange() {
    MainActor.assumeIsolated {
      let model = Entries(count: 4_000)
      let seen = Appearances()
      var changed: [Int] = []
      let ui = show {
        ScrollView {
          LazyVStack(spacing: 0) {
            ForEach(model.all) { entry in
              if entry.id % 5 == 0 {
                Text(entry.name)
                  .onAppear { seen.appeared.insert(entry.id) }
                  .onChange(of: entry.name) { changed.append(entry.id) }
              } else {
                Text(entry.name)
              }
            }
          }
        }
      }
      MainLoop.run(timeout: 0.3) { false }
      let list = listView(in: ui.window)
      scrollToEnd(list)
      MainLoop.run(timeout: 0.3) { false }
      let shown = gtkTree(list).filter {
        widgetTypeName($0) == "GtkLabel" && gtk_widget_get_mapped($0) != 0
      }.compactMap { Int(labelText($0).dropFirst("Entry ".count)) }
      XCTAssertTrue(shown.contains(3_995), "\(shown.suffix(3))")
      for id in shown where id % 5 == 0 {
        XCTAssertTrue(seen.appeared.contains(id), "row \(id) appeared")
      }
      XCTAssertEqual(changed, [], "no row new to the screen sees a change")
      model.all[3_995].name = "Renamed"
      MainLoop.run(timeout: 0.3) { false }
      XCTAssertEqual(changed, [3_995])
      XCTAssertTrue(madeLabels(list).contains("Renamed"))
    }
  }

  /// The `ForEach` is replaced by one of another row type while released rows wait: the
  /// rows shown afterwards are the new type's, and rows inserted on screen too.
  func testAForEachReplacedWhileRowsWaitShowsItsOwnRows() {
    MainActor.assumeIsolated {
      let model = Entries(count: 3_000)
      let flag = Counter()
      let ui = show {
        ScrollView {
          LazyVStack(spacing: 0) {
            if flag.value == 2 {
              ForEach(model.all) { entry in Text(entry.name) }
            } else {
              ForEach(model.all) { entry in
                HStack {
                  Text("New row"); Text(entry.name)
                }
              }
            }
          }
        }
      }
      MainLoop.run(timeout: 0.3) { false }
      let list = listView(in: ui.window)
      model.all.removeSubrange(0..<100)
      MainLoop.run(timeout: 0.3) { false }
      flag.value = 3
      MainLoop.run(timeout: 0.3) { false }
      model.all.insert(
        contentsOf: (0..<60).map { Entry(id: 10_000 + $0, name: "Inserted \($0)") }, at: 3)
      MainLoop.run(timeout: 0.3) { false }
      let labels = gtkTree(list).filter {
        widgetTypeName($0) == "GtkLabel" && gtk_widget_get_mapped($0) != 0
      }.map(labelText)
      XCTAssertTrue(labels.contains("Inserted 0"), "\(labels.prefix(6))")
      XCTAssertEqual(labels.count(where: { $0 == "New row" }) * 2, labels.count)
    }
  }

  /// The same rows in two windows: scrolling one recycles its rows only; the other keeps
  /// showing its own elements, and both follow a change.
  func testTwoWindowsOfRecycledRowsShowTheirOwnElements() {
    MainActor.assumeIsolated {
      let model = Entries(count: 3_000)
      @MainActor func rows() -> some View {
        ScrollView {
          LazyVStack(spacing: 0) {
            ForEach(model.all) { entry in Text(entry.name).padding(1) }
          }
        }
      }
      let first = show { rows() }
      let second = show { rows() }
      MainLoop.run(timeout: 0.3) { false }
      let (list, other) = (listView(in: first.window), listView(in: second.window))
      scrollToEnd(list)
      XCTAssertTrue(madeLabels(list).contains("Entry 2999"))
      XCTAssertTrue(madeLabels(other).contains("Entry 0"))
      XCTAssertFalse(madeLabels(other).contains("Entry 2999"))
      model.all[0].name = "First"
      model.all[2_999].name = "Last"
      MainLoop.run(timeout: 0.3) { false }
      scroll(list, to: 0)
      XCTAssertTrue(madeLabels(list).contains("First"))
      XCTAssertTrue(madeLabels(other).contains("First"))
      XCTAssertFalse(madeLabels(other).contains("Entry 0"))
    }
  }

  /// Grid cells scrolled in (taking released cells' views, whose nested `ForEach` is built
  /// anew) show their own element and as many nested views as it has.
  func testGridCellsScrolledInShowTheirOwnElementAndItsNestedRows() {
    MainActor.assumeIsolated {
      let model = Entries(count: 3_000)
      let ui = show {
        ScrollView {
          LazyVGrid(columns: [GridItem(), GridItem()]) {
            ForEach(model.all) { entry in
              VStack {
                Text(entry.name)
                HStack { ForEach(0..<(entry.id % 3), id: \.self) { Text("t\($0)") } }
                Text("#\(entry.id)")
              }
            }
          }
        }
      }
      MainLoop.run(timeout: 0.3) { false }
      let grid = gtkTree(ui.window.pointer).first { widgetTypeName($0) == "GtkGridView" }!
      let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(grid))!
      for _ in 0..<3 {
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
        MainLoop.run(timeout: 1) { false }
      }
      var checked = 0
      for cell in gtkTree(grid) where widgetTypeName(cell).hasSuffix("Box") {
        let labels = gtkTree(cell).filter { widgetTypeName($0) == "GtkLabel" }.map(labelText)
        guard let last = labels.last, last.hasPrefix("#"), let id = Int(last.dropFirst()) else {
          continue
        }
        checked += 1
        XCTAssertEqual(labels.first, "Entry \(id)")
        XCTAssertEqual(labels.count - 2, id % 3, "\(labels)")
      }
      XCTAssertGreaterThan(checked, 4)
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
  return labels.map { (top(of: $0, in: list), labelText($0)) }.sorted { $0.0 < $1.0 }.map(\.1)
}

/// Where `widget`'s top edge is in `ancestor`.
@MainActor
private func top(
  of widget: UnsafeMutablePointer<GtkWidget>, in ancestor: UnsafeMutablePointer<GtkWidget>
) -> Double {
  var x = 0.0
  var y = 0.0
  _ = cgtk_widget_translate_point(widget, ancestor, 0, 0, &x, &y)
  return y
}

/// How many labels share the first label's row (the same y) in `grid`.
@MainActor
private func columnCount(_ grid: UnsafeMutablePointer<GtkWidget>, first: String) -> Int {
  let labels = gtkTree(grid).filter {
    widgetTypeName($0) == "GtkLabel" && gtk_widget_get_mapped($0) != 0
  }
  guard let firstLabel = labels.first(where: { labelText($0) == first }) else { return 0 }
  let firstTop = top(of: firstLabel, in: grid)
  return labels.filter { abs(top(of: $0, in: grid) - firstTop) < 1 }.count
}

@MainActor
private func gobject(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GObject> {
  UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self)
}

/// A row reading its person, an `@Observable` model.
private struct PersonRow: View {
  let person: Person
  var body: some View { Text(person.name) }
}

/// Each row's element id (from its "#id" label), name label and that label's fixed width,
/// for the rows GTK shows.
@MainActor
private func recycledRowLabels(
  _ list: UnsafeMutablePointer<GtkWidget>
) -> [(id: Int, name: String, width: Int32, label: UnsafeMutablePointer<GtkWidget>?)] {
  gtkTree(list).compactMap { box in
    var labels: [UnsafeMutablePointer<GtkWidget>] = []
    var child = gtk_widget_get_first_child(box)
    while let current = child {
      if widgetTypeName(current) == "GtkLabel" { labels.append(current) }
      child = gtk_widget_get_next_sibling(current)
    }
    guard labels.count == 2, labelText(labels[1]).hasPrefix("#"),
      let id = Int(labelText(labels[1]).dropFirst())
    else { return nil }
    var width: Int32 = 0
    gtk_widget_get_size_request(labels[0], &width, nil)
    return (id, labelText(labels[0]), width, labels[0])
  }
}

/// A row made of recyclable views whose modifiers and branches depend on its element's kind.
private struct VariedRow: View {
  let entry: Entry
  var kind: Int { entry.id % 4 }
  var body: some View {
    HStack(alignment: kind == 1 ? .top : .center, spacing: CGFloat(kind * 2)) {
      Text("#\(entry.id)")
      Text("k\(kind)")
        .frame(maxWidth: kind == 0 ? .infinity : nil, alignment: kind == 1 ? .trailing : .center)
        .padding(kind == 2 ? .leading : .trailing, CGFloat(kind * 3))
        .disabled(kind == 3)
        .opacity(kind == 1 ? 0.5 : 1)
        .accessibilityLabel("label \(kind)")
        .lineLimit(kind == 2 ? 1 : nil)
      Text("w").frame(width: kind == 1 ? 40 : nil).frame(maxHeight: kind == 3 ? .infinity : nil)
      ProbeBadge().environment(\.probeMark, kind == 1 ? "new" : "old")
      if kind == 0 { Spacer() } else { Divider() }
      Spacer()
    }
    .frame(maxWidth: kind == 2 ? .infinity : nil)
    .padding(CGFloat(kind))
  }
}

/// Each shown `VariedRow`'s kind and what GTK reports of its widgets (the "#id" label left
/// out).
@MainActor
private func variedRowSignatures(_ list: UnsafeMutablePointer<GtkWidget>) -> [(Int, String)] {
  gtkTree(list).compactMap { box in
    guard widgetTypeName(box).hasSuffix("Box"),
      let first = gtk_widget_get_first_child(box), widgetTypeName(first) == "GtkLabel",
      labelText(first).hasPrefix("#"), let id = Int(labelText(first).dropFirst())
    else { return nil }
    let widgets = [box] + gtkTree(box).filter { $0 != first }
    let parts = widgets.map { widget -> String in
      var width: Int32 = 0
      var height: Int32 = 0
      gtk_widget_get_size_request(widget, &width, &height)
      var part = "\(widgetTypeName(widget)) hx\(gtk_widget_get_hexpand_set(widget))"
      part += "\(gtk_widget_get_hexpand(widget)) vx\(gtk_widget_get_vexpand_set(widget))"
      part +=
        "\(gtk_widget_get_vexpand(widget)) ce\(gtk_widget_compute_expand(widget, GTK_ORIENTATION_HORIZONTAL))"
      part += " s\(width)x\(height) m\(gtk_widget_get_margin_start(widget)),"
      part += "\(gtk_widget_get_margin_end(widget)),\(gtk_widget_get_margin_top(widget)),"
      part += "\(gtk_widget_get_margin_bottom(widget)) sens\(gtk_widget_get_sensitive(widget))"
      part += " vis\(gtk_widget_get_visible(widget)) op\(gtk_widget_get_opacity(widget))"
      part +=
        " al\(gtk_widget_get_halign(widget).rawValue)\(gtk_widget_get_valign(widget).rawValue)"
      if widgetTypeName(widget) == "GtkLabel" {
        let label = OpaquePointer(widget)
        part += " '\(labelText(widget))' xa\(gtk_label_get_xalign(label))"
        part += " ya\(gtk_label_get_yalign(label)) ln\(gtk_label_get_lines(label))"
        part += " el\(gtk_label_get_ellipsize(label).rawValue) wr\(gtk_label_get_wrap(label))"
        part += " a11y\(hasAccessibleLabel(widget, "label \(id % 4)"))"
      }
      if widgetTypeName(widget).hasSuffix("Box") {
        part +=
          " sp\(gtk_box_get_spacing(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkBox.self)))"
      }
      return part
    }
    return (id % 4, parts.joined(separator: " | "))
  }
}

private struct ProbeMarkKey: EnvironmentKey {
  static var defaultValue: String { "none" }
}

extension EnvironmentValues {
  fileprivate var probeMark: String {
    get { self[ProbeMarkKey.self] }
    set { self[ProbeMarkKey.self] = newValue }
  }
}

/// A view without state of its own reading an environment value, with a branch on it.
private struct ProbeBadge: View {
  @Environment(\.probeMark) private var mark
  var body: some View {
    if mark == "new" { Text("bold \(mark)") } else { Text("mark \(mark)").padding(1) }
  }
}

extension LazyStackTests {
  /// `.buttonStyle`, `.controlSize`, `.textFieldStyle` and the text-input traits around a lazy
  /// stack reach its rows: those GTK binds when the window opens (after the modifiers ran)
  /// and those scrolled in later, and a change of the control size reaches the rows shown
  /// and the rows scrolled in after it. (Each modifier used to style the widgets below it
  /// when it ran, so no lazy row had them.)
  func testRowsTakeTheControlStylesAroundTheStackWhenMadeAndWhenTheyChange() {
    MainActor.assumeIsolated {
      let model = Entries(count: 3_000)
      let size = Counter()
      let ui = show {
        ScrollView {
          LazyVStack(spacing: 0) {
            ForEach(Bindable(model).all) { $entry in
              HStack {
                Button(entry.name) {}
                TextField("Name", text: $entry.name)
              }
            }
          }
          .buttonStyle(.borderless)
          .controlSize(size.value == 2 ? .small : .large)
          .textFieldStyle(.plain)
          .keyboardType(.numberPad)
          .autocorrectionDisabled()
        }
      }
      MainLoop.run(timeout: 0.3) { false }
      let list = listView(in: ui.window)
      @MainActor func check(_ where: String, size: String) {
        let mapped = gtkTree(list).filter { gtk_widget_get_mapped($0) != 0 }
        let buttons = mapped.filter { widgetTypeName($0) == "GtkButton" }
        let entries = mapped.filter { widgetTypeName($0) == "GtkEntry" }
        XCTAssertGreaterThan(buttons.count, 5, `where`)
        XCTAssertEqual(entries.count, buttons.count, `where`)
        for button in buttons {
          XCTAssertTrue(gtk_widget_has_css_class(button, "flat") != 0, `where`)
          XCTAssertTrue(gtk_widget_has_css_class(button, size) != 0, `where`)
        }
        for entry in entries {
          XCTAssertTrue(gtk_widget_has_css_class(entry, "flat") != 0, `where`)
          XCTAssertTrue(gtk_widget_has_css_class(entry, size) != 0, `where`)
          let field = entry.cast(to: GtkEntry.self)
          XCTAssertEqual(gtk_entry_get_input_purpose(field), GTK_INPUT_PURPOSE_DIGITS, `where`)
          let hints = InputHints(rawValue: gtk_entry_get_input_hints(field).rawValue)
          XCTAssertEqual(hints, [.noSpellcheck], `where`)
        }
      }
      check("rows made as the window opened", size: "gtkbridge-control-small")
      scroll(list, to: 20_000)
      check("rows scrolled in", size: "gtkbridge-control-small")
      size.value = 3
      MainLoop.run(timeout: 0.3) { false }
      check("rows shown when the size changed", size: "gtkbridge-control-large")
      scrollToEnd(list)
      check("rows scrolled in after the change", size: "gtkbridge-control-large")
      for button in gtkTree(list) where widgetTypeName(button) == "GtkButton" {
        XCTAssertFalse(gtk_widget_has_css_class(button, "gtkbridge-control-small") != 0)
      }
    }
  }
}

/// A cell with state of its own that shows a value its parent passes in.
private struct SuffixedCell: View {
  let entry: Entry
  let suffix: Int
  @State private var taps = 0
  var body: some View {
    Button("\(entry.name) \(suffix): \(taps)") { taps += 1 }
  }
}

/// A grid whose cell closure captures a value of its parent's `body`.
private struct SuffixedGrid: View {
  let model: Entries
  let counter: Counter
  var body: some View {
    let suffix = counter.value
    return ScrollView {
      LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible())]) {
        ForEach(model.all) { entry in SuffixedCell(entry: entry, suffix: suffix) }
      }
    }
  }
}

extension LazyStackTests {
  /// A `LazyVGrid`'s cells kept off screen for their `@State` come back with their state and
  /// with what their parent passes in now, changed while they were away.
  func testALazyVGridsKeptCellsComeBackWithTheirStateAndTheirParentsNewInputs() {
    MainActor.assumeIsolated {
      let model = Entries(count: 3_000)
      let counter = Counter()
      let ui = show { SuffixedGrid(model: model, counter: counter) }
      MainLoop.run(timeout: 0.5) { false }
      let grid = gtkTree(ui.window.pointer).first { widgetTypeName($0) == "GtkGridView" }!
      let first = gtkTree(grid).first {
        widgetTypeName($0) == "GtkButton"
          && gtkTree($0).contains {
            widgetTypeName($0) == "GtkLabel" && labelText($0) == "Entry 1 2: 0"
          }
      }!
      cgtk_emit(first, "clicked")
      MainLoop.drain()
      XCTAssertTrue(madeLabels(grid).contains("Entry 1 2: 1"))
      scrollToEnd(grid)
      XCTAssertTrue(madeLabels(grid).contains("Entry 2999 2: 0"))
      counter.value = 7
      MainLoop.drain()
      XCTAssertTrue(madeLabels(grid).contains("Entry 2999 7: 0"))
      scroll(grid, to: 0)
      let labels = madeLabels(grid).filter { $0.hasPrefix("Entry ") }
      XCTAssertTrue(labels.contains("Entry 1 7: 1"), "\(labels.prefix(6))")
      XCTAssertEqual(labels.filter { $0.contains(" 2: ") }, [], "no cell from the old closure")
    }
  }
}
