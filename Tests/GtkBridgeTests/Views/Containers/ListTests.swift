import CGtk
import CGtkTesting
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

private struct Mail: Identifiable, Hashable {
  let id: Int
  let subject: String
}

@MainActor
@Observable
private final class MailModel {
  var mails = [
    Mail(id: 1, subject: "Hello"), Mail(id: 2, subject: "Invoice"), Mail(id: 3, subject: "Party"),
  ]
  var selected: Int?
  var many: Set<Int> = []
  var focus: Int?
  var names = ["a", "b", "c"]
}

private struct ListItem: Identifiable {
  let id: Int
  var name: String
}

@MainActor
@Observable
private final class SectionRows {
  var first: [String] = []
  var second = ["Two"]
}

@MainActor
@Observable
private final class ListItems {
  var all = [ListItem(id: 1, name: "a"), ListItem(id: 2, name: "b")]
}

@MainActor
private func listBox(in ui: ViewInspection<some View>) -> UnsafeMutablePointer<GtkWidget> {
  listWidget(in: ui.window.pointer)!
}

@MainActor
private func rowText(_ row: UnsafeMutablePointer<GtkWidget>) -> String {
  gtkTree(row).filter { widgetTypeName($0) == "GtkLabel" }.map(labelText).joined(separator: " ")
}

@MainActor
private func asRow(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkListBoxRow>
{
  UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkListBoxRow.self)
}

/// The text of a row's GTK row header (a section's labels), or "". In a lazy list (a
/// `GtkListView`), the text of the label rows (headers, footers) right before the row.
@MainActor
private func headerText(_ row: UnsafeMutablePointer<GtkWidget>) -> String {
  headerWidgets(row).flatMap(gtkTree).filter { widgetTypeName($0) == "GtkLabel" }
    .map(labelText).joined(separator: " ")
}

/// A list box row's row header, or a list view row's label rows right before it.
@MainActor
private func headerWidgets(_ row: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<
  GtkWidget
>] {
  guard let view = gtk_widget_get_parent(row), isA(view, gtk_list_view_get_type()) else {
    return gtk_list_box_row_get_header(asRow(row)).map { [$0] } ?? []
  }
  let shown = ListViewTabStopType.handle(of: view)!.shownRows
  guard let index = shown.firstIndex(where: { $0.widget == row }) else { return [] }
  var labels: [UnsafeMutablePointer<GtkWidget>] = []
  var previous = index - 1
  while previous >= 0, shown[previous].position == shown[previous + 1].position - 1,
    hasClass(shown[previous].widget, ListCSS.labelRowClass)
  {
    labels.insert(shown[previous].widget, at: 0)
    previous -= 1
  }
  return labels
}

/// The list's texts in the order assistive technologies read them: its widget children's.
@MainActor
private func readingOrder(_ list: UnsafeMutablePointer<GtkWidget>) -> [String] {
  gtkTree(list).filter { widgetTypeName($0) == "GtkLabel" }.map(labelText)
}

/// Whether a row's GTK row header and every label in it are on screen (mapped).
@MainActor
private func headerIsShown(_ row: UnsafeMutablePointer<GtkWidget>) -> Bool {
  let header = headerWidgets(row)
  return !header.isEmpty && header.flatMap(gtkTree).allSatisfy { gtk_widget_get_mapped($0) != 0 }
}

@MainActor
private func isSelected(_ row: UnsafeMutablePointer<GtkWidget>) -> Bool {
  isSelectedRow(row)
}

/// List on a real GtkListBox: rows, focus, selection both ways (issue 13, containers).
final class ListTests: GtkTestCase, @unchecked Sendable {
  func testAListOfIdentifiedDataHasAFocusableRowPerElementInAScrolledWindow() {
    MainActor.assumeIsolated {
      let model = MailModel()
      let ui = show {
        List(model.mails) { mail in Text(mail.subject) }
      }
      let list = listBox(in: ui)
      XCTAssertNotNil(gtk_widget_get_ancestor(list, gtk_scrolled_window_get_type()))
      XCTAssertEqual(rows(of: list).map(rowText), ["Hello", "Invoice", "Party"])
      XCTAssertTrue(rows(of: list).allSatisfy { gtk_widget_get_focusable($0) != 0 })
      XCTAssertTrue(rows(of: list).allSatisfy { !isSelectedRow($0) })
      XCTAssertEqual(listSelectionMode(list), GTK_SELECTION_NONE)
      model.mails.swapAt(0, 2)
      model.mails.removeLast()
      MainLoop.drain()
      XCTAssertEqual(rows(of: list).map(rowText), ["Party", "Invoice"])
    }
  }

  func testSingleSelectionWritesTheBindingAndFollowsIt() {
    MainActor.assumeIsolated {
      let model = MailModel()
      let ui = show {
        List(model.mails, selection: Bindable(model).selected) { mail in Text(mail.subject) }
      }
      let list = listBox(in: ui)
      XCTAssertEqual(listSelectionMode(list), GTK_SELECTION_SINGLE)
      XCTAssertFalse(rows(of: list).contains(where: isSelected))
      model.selected = 2
      MainLoop.drain()
      XCTAssertEqual(rows(of: list).map(isSelected), [false, true, false], "an app write selects")
      // The keyboard's Return/Space on a row: GtkListBoxRow's "activate".
      activateRow(rows(of: list)[2])
      MainLoop.drain()
      XCTAssertEqual(model.selected, 3, "the user's choice writes the binding")
      XCTAssertEqual(rows(of: list).map(isSelected), [false, false, true])
      // Tab into the list focuses a row without selecting it (one Tab stop, as on macOS);
      // Return on it chooses it.
      model.selected = nil
      MainLoop.drain()
      XCTAssertFalse(rows(of: list).contains(where: isSelected), "nil clears the selection")
      ui.press(.tab)
      XCTAssertEqual(focusWidget(ui.window), rows(of: list)[0])
      XCTAssertNil(model.selected)
      ui.press(.return)
      XCTAssertEqual(model.selected, 1)
      // A selected row whose element goes leaves the value in the binding (app state, as in
      // SwiftUI); the row coming back is selected again.
      let hello = model.mails.removeFirst()
      MainLoop.drain()
      XCTAssertEqual(model.selected, 1)
      XCTAssertFalse(rows(of: list).contains(where: isSelected))
      model.mails.insert(hello, at: 0)
      MainLoop.drain()
      XCTAssertEqual(rows(of: list).map(isSelected), [true, false, false])
    }
  }

  func testMultipleSelectionAndExplicitTags() {
    MainActor.assumeIsolated {
      let model = MailModel()
      let ui = show {
        List(selection: Bindable(model).many) {
          Text("First").tag(10)
          Text("Untagged")
          ForEach(model.mails) { mail in Text(mail.subject) }
        }
      }
      let list = listBox(in: ui)
      XCTAssertEqual(gtk_list_box_get_selection_mode(OpaquePointer(list)), GTK_SELECTION_MULTIPLE)
      XCTAssertEqual(
        rows(of: list).map { gtk_list_box_row_get_selectable(asRow($0)) != 0 },
        [true, false, true, true, true], "a row without a tag cannot be selected")
      model.many = [10, 3]
      MainLoop.drain()
      XCTAssertEqual(rows(of: list).map(isSelected), [true, false, false, false, true])
      gtk_list_box_unselect_row(OpaquePointer(list), asRow(rows(of: list)[0]))
      gtk_list_box_select_row(OpaquePointer(list), asRow(rows(of: list)[2]))
      MainLoop.drain()
      XCTAssertEqual(model.many, [1, 3])
    }
  }

  func testSectionsInAListAreRowHeadersAndALastFooterRowThatTakesNoInput() {
    MainActor.assumeIsolated {
      let model = MailModel()
      let ui = show {
        List(selection: Bindable(model).selected) {
          Section {
            ForEach(model.mails) { mail in Text(mail.subject) }
          } header: {
            Text("Inbox")
          } footer: {
            Text("Unread first")
          }
          Section {
            Text("Archive").tag(99)
          } header: {
            Text("Other")
          } footer: {
            Text("Older mail")
          }
        }
      }
      let list = listBox(in: ui)
      let all = rows(of: list)
      XCTAssertEqual(all.map(rowText), ["Hello", "Invoice", "Party", "Archive", "Older mail"])
      // GTK row headers: never a row, so the keyboard's cursor and Tab never land on them.
      XCTAssertEqual(all.map(headerText), ["Inbox", "", "", "Unread first Other", ""])
      let footer = all[4]
      XCTAssertTrue(hasClass(footer, ListCSS.labelRowClass))
      XCTAssertTrue(
        gtk_widget_get_focusable(footer) == 0 && gtk_list_box_row_get_selectable(asRow(footer)) == 0
          && gtk_widget_get_sensitive(footer) == 0)
      // Insensitive (so Tab skips it), the last footer still reads as a dim caption, not as
      // disabled text: the same colour as a content row's label, dimmed by `dim-label` only.
      @MainActor func color(_ row: UnsafeMutablePointer<GtkWidget>) -> GdkRGBA {
        let label = gtkTree(row).first { widgetTypeName($0) == "GtkLabel" }!
        var rgba = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(label), &rgba)
        return rgba
      }
      XCTAssertEqual(color(footer).red, color(all[1]).red, accuracy: 0.01)
      XCTAssertEqual(color(footer).alpha, color(all[1]).alpha, accuracy: 0.01)
      model.selected = 99
      MainLoop.drain()
      XCTAssertTrue(isSelected(all[3]))
      activateRow(all[1])
      MainLoop.drain()
      XCTAssertEqual(model.selected, 2)
      // Headers follow the data: the inbox emptied, its labels head the archive row.
      let mails = model.mails
      model.mails = []
      MainLoop.drain()
      XCTAssertEqual(rows(of: list).map(headerText), ["Inbox Unread first Other", ""])
      model.mails = mails
      MainLoop.drain()
      XCTAssertEqual(rows(of: list).map(headerText), ["Inbox", "", "", "Unread first Other", ""])
    }
  }

  func testAFocusedRowThatIsRemovedResetsTheFocusState() {
    MainActor.assumeIsolated {
      let model = MailModel()
      let ui = show {
        List(model.names, id: \.self) { name in
          TextField(name, text: .constant(""))
            .focused(Bindable(model).focus, equals: name.hashValue)
        }
      }
      model.focus = "b".hashValue
      MainLoop.drain()
      XCTAssertTrue(try! ui.find(TextField.self, title: "b").isFocused)
      model.names = ["a", "c"]
      MainLoop.drain()
      XCTAssertNil(model.focus, "the focused row left: the state reads nil")
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertEqual(rows(of: listBox(in: ui)).count, 2)
    }
  }

  func testListStyleBecomesGtksListStyleClass() {
    MainActor.assumeIsolated {
      let model = MailModel()
      let ui = show {
        VStack {
          List(model.mails) { Text($0.subject) }.listStyle(.sidebar)
          List(model.mails) { Text($0.subject) }.listStyle(.insetGrouped)
          List(model.mails) { Text($0.subject) }
        }
      }
      let lists = gtkTree(ui.window.pointer).filter {
        ["GtkBridgeList", "GtkBridgeListView"].contains(widgetTypeName($0))
      }
      XCTAssertEqual(lists.count, 3)
      XCTAssertTrue(hasClass(lists[0], "navigation-sidebar"))
      XCTAssertFalse(hasClass(lists[0], "rich-list"))
      XCTAssertTrue(hasClass(lists[1], "boxed-list"))
      XCTAssertTrue(hasClass(lists[2], "rich-list"))
    }
  }

  func testArrowKeysMoveTheSelectionAndWriteTheBinding() throws {
    guard try runsInChildProcess(in: "ListTests") else { return }
    try MainActor.assumeIsolated {
      let model = MailModel()
      let ui = show {
        List(model.mails, selection: Bindable(model).selected) { mail in Text(mail.subject) }
      }
      model.selected = 1
      MainLoop.drain()
      let list = listBox(in: ui)
      XCTAssertTrue(focusListRow(rows(of: list)[0]))
      try xdotool(on: ui.window, ["key", "Down"])
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { model.selected == 2 },
        "got \(String(describing: model.selected))")
      XCTAssertEqual(rows(of: list).map(isSelected), [false, true, false])
      XCTAssertEqual(focusWidget(ui.window), rows(of: list)[1], "focus follows the selection")
      try xdotool(on: ui.window, ["key", "End"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.selected == 3 })
      // A real click on the first row, at its middle in the window's X surface.
      var x = 0.0
      var y = 0.0
      let row = rows(of: list)[0]
      _ = gtk_widget_translate_coordinates(
        row, ui.window.pointer, Double(gtk_widget_get_width(row)) / 2,
        Double(gtk_widget_get_height(row)) / 2, &x, &y)
      var offsetX = 0.0
      var offsetY = 0.0
      gtk_native_get_surface_transform(OpaquePointer(ui.window.pointer), &offsetX, &offsetY)
      try xdotool(
        on: ui.window, ["mousemove", "\(Int(x + offsetX))", "\(Int(y + offsetY))", "click", "1"])
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { model.selected == 1 },
        "click: \(String(describing: model.selected))")
    }
  }

  func testAChoiceTheBindingRefusesIsNotShown() {
    MainActor.assumeIsolated {
      let model = MailModel()
      let ui = show {
        List(model.mails, selection: .constant(Optional(1))) { mail in Text(mail.subject) }
      }
      let list = listBox(in: ui)
      XCTAssertEqual(rows(of: list).map(isSelected), [true, false, false])
      activateRow(rows(of: list)[2])
      MainLoop.drain()
      XCTAssertEqual(rows(of: list).map(isSelected), [true, false, false])
    }
  }

  func testTabReachesTheRowsOfAListThatStartsWithASectionHeader() {
    MainActor.assumeIsolated {
      let model = MailModel()
      let ui = show {
        VStack {
          TextField("Before", text: .constant(""))
          List(selection: Bindable(model).selected) {
            Section("Inbox") {
              ForEach(model.mails) { mail in Text(mail.subject) }
            }
          }
        }
      }
      XCTAssertTrue(try! ui.find(TextField.self, title: "Before").isFocused)
      ui.press(.tab)
      let all = rows(of: listBox(in: ui))
      XCTAssertEqual(focusWidget(ui.window), all[0], "the first mail, under the header")
      XCTAssertNil(model.selected, "Tab focuses the list's row, it does not choose it")
    }
  }

  func testAListOverACollectionBindingGivesEachRowItsElement() {
    MainActor.assumeIsolated {
      let items = ListItems()
      let ui = show {
        List(Bindable(items).all) { $item in TextField("Item", text: $item.name) }
      }
      let fields = ui.findAll(TextField.self)
      XCTAssertEqual(fields.map(\.text), ["a", "b"])
      fields[1].type("!")
      XCTAssertEqual(items.all.map(\.name), ["a", "b!"])
    }
  }

  func testSectionsFromForEachInAListSelectTheInnerRowsByTheirIds() {
    MainActor.assumeIsolated {
      let model = MailModel()
      let regions = [(name: "Pacific", seas: [10, 11]), (name: "Indian", seas: [20])]
      let ui = show {
        List(selection: Bindable(model).selected) {
          ForEach(regions, id: \.name) { region in
            Section(header: Text("Major \(region.name) Ocean Seas")) {
              ForEach(region.seas, id: \.self) { sea in Text("Sea \(sea)") }
            }
          }
        }
      }
      let all = rows(of: listBox(in: ui))
      XCTAssertEqual(all.map(rowText), ["Sea 10", "Sea 11", "Sea 20"])
      XCTAssertEqual(
        all.map(headerText), ["Major Pacific Ocean Seas", "", "Major Indian Ocean Seas"])
      model.selected = 20
      MainLoop.drain()
      XCTAssertEqual(all.map(isSelected), [false, false, true])
      activateRow(all[1])
      MainLoop.drain()
      XCTAssertEqual(model.selected, 11)
    }
  }

  // Issue 35, case 3: a screen reader read "Row 1, Second": GTK appends a row header to the
  // list's children after every row, and the accessible tree follows the children.
  func testARowInsertedIntoAnEmptySectionIsReadAfterItsSectionsHeader() {
    MainActor.assumeIsolated {
      let model = SectionRows()
      let ui = show {
        List {
          Section("First") { ForEach(model.first, id: \.self) { Text($0) } }
          Section("Second") { ForEach(model.second, id: \.self) { Text($0) } }
        }
      }
      let list = listBox(in: ui)
      XCTAssertEqual(rows(of: list).map(headerText), ["First Second"])
      XCTAssertEqual(readingOrder(list), ["First", "Second", "Two"])
      model.first.append("Row 1")
      MainLoop.drain()
      var all = rows(of: list)
      XCTAssertEqual(all.map(rowText), ["Row 1", "Two"])
      XCTAssertEqual(all.map(headerText), ["First", "Second"])
      XCTAssertEqual(all.map(headerIsShown), [true, true])
      XCTAssertEqual(readingOrder(list), ["First", "Row 1", "Second", "Two"])
      model.first.append("Row 2")
      model.first.remove(at: 0)
      MainLoop.drain()
      all = rows(of: list)
      XCTAssertEqual(all.map(rowText), ["Row 2", "Two"])
      XCTAssertEqual(all.map(headerText), ["First", "Second"])
      XCTAssertEqual(readingOrder(list), ["First", "Row 2", "Second", "Two"])
      model.first = []
      MainLoop.drain()
      all = rows(of: list)
      XCTAssertEqual(all.map(headerText), ["First Second"])
      XCTAssertEqual(all.map(headerIsShown), [true])
      XCTAssertEqual(readingOrder(list), ["First", "Second", "Two"])
    }
  }

  // Issue 35, case 3, driven with real keys as a user would: Tab to the button, Space.
  func testAddingTheFirstRowOfAnEmptySectionWithRealKeysKeepsTheHeaderBeforeIt() throws {
    guard try runsInChildProcess(in: "ListTests") else { return }
    try MainActor.assumeIsolated {
      let model = SectionRows()
      let ui = show {
        VStack {
          Button("Add") { model.first.append("Row \(model.first.count + 1)") }
          List {
            Section("First") { ForEach(model.first, id: \.self) { Text($0) } }
            Section("Second") { ForEach(model.second, id: \.self) { Text($0) } }
          }
        }
      }
      let list = listBox(in: ui)
      try xdotool(on: ui.window, ["key", "Tab", "space"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.first.count == 1 }, "Space ran the button")
      MainLoop.drain()
      XCTAssertEqual(readingOrder(list), ["First", "Row 1", "Second", "Two"])
      try xdotool(on: ui.window, ["key", "space"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.first.count == 2 })
      MainLoop.drain()
      XCTAssertEqual(readingOrder(list), ["First", "Row 1", "Row 2", "Second", "Two"])
      XCTAssertEqual(rows(of: list).map(headerIsShown), [true, false, true])
    }
  }

  func testArrowKeysCrossSectionHeadersWithoutALostPress() throws {
    guard try runsInChildProcess(in: "ListTests") else { return }
    try MainActor.assumeIsolated {
      let model = MailModel()
      let ui = show {
        List(selection: Bindable(model).selected) {
          Section("Inbox") { Text("Hello").tag(1) }
          Section("Archive") {
            Text("Invoice").tag(2)
            Text("Party").tag(3)
          }
        }
      }
      let list = listBox(in: ui)
      XCTAssertTrue(focusListRow(rows(of: list)[0]))
      try xdotool(on: ui.window, ["key", "Down"])
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { model.selected == 2 }, "\(String(describing: model.selected))")
      try xdotool(on: ui.window, ["key", "Up"])
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { model.selected == 1 }, "\(String(describing: model.selected))")
    }
  }

  /// Seeded random rows, sections and selections, user's and app's: after every step the
  /// list's rows are the data's, in order, and exactly the rows the binding names are selected.
  func testRandomEditsKeepRowsAndSelectionInStep() {
    MainActor.assumeIsolated {
      let model = MailModel()
      model.mails = (1...6).map { Mail(id: $0, subject: "M\($0)") }
      var generator = SeededGenerator(state: 13)
      let ui = show {
        List(selection: Bindable(model).many) {
          Section("First") {
            ForEach(model.mails.prefix(3)) { mail in Text(mail.subject) }
          }
          // Labels without rows of their own, moving between row headers and the end.
          if model.mails.count % 2 == 0 {
            Section {
              EmptyView()
            } header: {
              Text("Even")
            } footer: {
              Text("Count")
            }
          }
          ForEach(model.mails.dropFirst(3)) { mail in Text(mail.subject) }
        }
      }
      let list = listBox(in: ui)
      var nextID = 7
      for step in 0..<300 {
        switch Int.random(in: 0..<6, using: &generator) {
        case 0:
          model.mails.insert(
            Mail(id: nextID, subject: "M\(nextID)"),
            at: Int.random(in: 0...model.mails.count, using: &generator))
          nextID += 1
        case 1 where !model.mails.isEmpty:
          model.mails.remove(at: Int.random(in: 0..<model.mails.count, using: &generator))
        case 2:
          model.mails.shuffle(using: &generator)
        case 3:
          model.many = Set(model.mails.map(\.id).filter { _ in Bool.random(using: &generator) })
        default:
          let content = rows(of: list).filter { !hasClass($0, ListCSS.labelRowClass) }
          if let row = content.randomElement(using: &generator) {
            gtk_list_box_select_row(OpaquePointer(list), asRow(row))
          }
        }
        MainLoop.drain()
        let shown = rows(of: list).filter { !hasClass($0, ListCSS.labelRowClass) }
        let subjects = model.mails.map(\.subject)
        XCTAssertEqual(
          shown.map(rowText), Array(subjects.prefix(3)) + Array(subjects.dropFirst(3)),
          "step \(step)")
        let selected = Set(zip(shown, model.mails).filter { isSelected($0.0) }.map { $0.1.id })
        XCTAssertEqual(selected, model.many.intersection(model.mails.map(\.id)), "step \(step)")
        if selected != model.many.intersection(model.mails.map(\.id)) { break }
      }
    }
  }
}

@MainActor
@Observable
private final class LongMailbox {
  var mails: [Mail]
  var names: [ListItem]
  var selected: Int?
  init(count: Int) {
    mails = (0..<count).map { Mail(id: $0, subject: "Mail \($0)") }
    names = (0..<20).map { ListItem(id: $0, name: "Name \($0)") }
  }
}

/// Scrolls the scrolled window around `list` to `value` and lets GTK lay the rows out.
@MainActor
private func scrollList(_ list: UnsafeMutablePointer<GtkWidget>, to value: Double) {
  let window = gtk_widget_get_ancestor(list, gtk_scrolled_window_get_type())!
  let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(window))!
  gtk_adjustment_set_value(adjustment, min(value, gtk_adjustment_get_upper(adjustment)))
  MainLoop.run(timeout: 0.5) { false }
}

/// A `List` of one `ForEach` on a `GtkListView`: GTK makes rows only for the screen, and the
/// list's rules (selection, focus kept by identity) hold over 100,000 rows.
final class LazyListTests: GtkTestCase, @unchecked Sendable {
  /// `List { … }.buttonStyle(.borderless)`, the usual way to put buttons in rows: the rows
  /// GTK binds as the list opens (after the modifier ran) and those scrolled in are borderless
  /// too, and a row's own `.buttonStyle` wins.
  func testButtonsInRowsTakeTheListsButtonStyleAndTheirOwn() {
    MainActor.assumeIsolated {
      let model = LongMailbox(count: 3_000)
      let ui = show {
        List(model.mails) { mail in
          HStack {
            Text(mail.subject)
            Button("Open") {}
            Button("Delete") {}.buttonStyle(.borderedProminent)
          }
        }
        .buttonStyle(.borderless)
      }
      MainLoop.run(timeout: 1) { false }
      let list = listWidget(in: ui.window.pointer)!
      @MainActor func check(_ where: String) {
        let buttons = gtkTree(list).filter {
          widgetTypeName($0) == "GtkButton" && gtk_widget_get_mapped($0) != 0
        }
        XCTAssertGreaterThan(buttons.count, 10, `where`)
        for button in buttons {
          let flat = gtk_widget_has_css_class(button, "flat") != 0
          let prominent = gtk_widget_has_css_class(button, "suggested-action") != 0
          XCTAssertTrue(flat != prominent, "\(`where`): one style, the nearest")
        }
        XCTAssertEqual(
          buttons.filter { gtk_widget_has_css_class($0, "flat") != 0 }.count * 2, buttons.count,
          `where`)
      }
      check("rows made as the list opened")
      scrollList(list, to: .greatestFiniteMagnitude)
      XCTAssertTrue(rows(of: list).map(rowText).contains { $0.hasPrefix("Mail 2999 ") })
      check("rows scrolled in")
    }
  }

  func testAHundredThousandRowsMakeOnlyTheRowsOnScreenAndSelectByID() {
    MainActor.assumeIsolated {
      let model = LongMailbox(count: 100_000)
      let ui = show {
        List(model.mails, selection: Bindable(model).selected) { mail in Text(mail.subject) }
      }
      MainLoop.run(timeout: 1) { false }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertTrue(isA(list, gtk_list_view_get_type()), widgetTypeName(list))
      let shown = rows(of: list)
      XCTAssertGreaterThan(shown.count, 5)
      // NB: GTK keeps up to 200 rows set up around the visible ones, as for a C list view.
      XCTAssertLessThanOrEqual(shown.count, 250, "rows for the screen, not for 100,000")
      XCTAssertEqual(rowText(shown[0]), "Mail 0")
      // The app selects a row GTK has not made: it shows selected when scrolled to.
      model.selected = 99_998
      MainLoop.drain()
      scrollList(list, to: .greatestFiniteMagnitude)
      let atEnd = rows(of: list)
      let selected = atEnd.filter(isSelectedRow).map(rowText)
      XCTAssertEqual(selected, ["Mail 99998"])
      XCTAssertLessThanOrEqual(atEnd.count, 250)
      // The user's choice there writes the element's id.
      activateRow(atEnd.last!)
      MainLoop.drain()
      XCTAssertEqual(model.selected, 99_999)
    }
  }

  func testAFieldRowKeepsFocusWhileTenThousandRowsAreInsertedAboveIt() {
    MainActor.assumeIsolated {
      let model = LongMailbox(count: 0)
      let ui = show {
        List(Bindable(model).names) { $item in TextField("Name", text: $item.name) }
      }
      let list = listWidget(in: ui.window.pointer)!
      let fields = gtkTree(list).filter { widgetTypeName($0) == "GtkText" }
      XCTAssertGreaterThan(fields.count, 2)
      let field = fields[2]
      XCTAssertTrue(gtk_widget_grab_focus(field) != 0)
      cgtk_text_insert_at_cursor(field, "!")
      MainLoop.drain()
      XCTAssertEqual(model.names[2].name, "Name 2!")
      model.names.insert(
        contentsOf: (0..<10_000).map { ListItem(id: -1 - $0, name: "New \($0)") }, at: 0)
      MainLoop.run(timeout: 0.5) { false }
      XCTAssertEqual(focusWidget(ui.window), field, "the same field keeps the focus")
      cgtk_text_insert_at_cursor(field, "?")
      MainLoop.drain()
      XCTAssertEqual(model.names[10_002].name, "Name 2!?", "typing goes on into the same element")
    }
  }

  func testTheSelectionStaysWithItsElementWhenTheDataIsSorted() {
    MainActor.assumeIsolated {
      let model = LongMailbox(count: 5)
      let ui = show {
        List(model.mails, selection: Bindable(model).selected) { mail in Text(mail.subject) }
      }
      let list = listWidget(in: ui.window.pointer)!
      activateRow(rows(of: list)[1])
      MainLoop.drain()
      XCTAssertEqual(model.selected, 1)
      model.mails.reverse()
      MainLoop.drain()
      XCTAssertEqual(rows(of: list).map(rowText).first, "Mail 4")
      XCTAssertEqual(rows(of: list).filter(isSelectedRow).map(rowText), ["Mail 1"])
      XCTAssertEqual(model.selected, 1, "a sort is no choice of the user's")
      model.mails.removeAll { $0.id == 1 }
      MainLoop.drain()
      XCTAssertEqual(rows(of: list).filter(isSelectedRow), [])
      XCTAssertEqual(model.selected, 1, "the value stays in the binding, as in SwiftUI")
    }
  }

  /// Rows scrolled in take the views of rows scrolled away (recycled): the selection shows
  /// on its element's row only, there and back, and after rows inserted on screen took the
  /// views of rows removed there.
  func testTheSelectionShowsOnItsElementAfterRowsAreRecycled() {
    MainActor.assumeIsolated {
      let model = LongMailbox(count: 3_000)
      let ui = show {
        List(model.mails, selection: Bindable(model).selected) { mail in
          Text(mail.subject).padding(2)
        }
      }
      MainLoop.run(timeout: 1) { false }
      let list = listWidget(in: ui.window.pointer)!
      activateRow(rows(of: list)[3])
      MainLoop.drain()
      XCTAssertEqual(model.selected, 3)
      scrollList(list, to: .greatestFiniteMagnitude)
      // NB: GTK may keep its cursor's row (the selected one) set up off screen.
      let selectedAtEnd = rows(of: list).filter(isSelectedRow).map(rowText)
      XCTAssertTrue(selectedAtEnd.allSatisfy { $0 == "Mail 3" }, "\(selectedAtEnd)")
      scrollList(list, to: 0)
      XCTAssertEqual(rows(of: list).filter(isSelectedRow).map(rowText), ["Mail 3"])
      model.mails.removeSubrange(5..<60)
      MainLoop.run(timeout: 0.5) { false }
      model.mails.insert(
        contentsOf: (0..<40).map { Mail(id: 10_000 + $0, subject: "New \($0)") }, at: 0)
      MainLoop.run(timeout: 0.5) { false }
      settleListView(list)
      let shown = rows(of: list)
      XCTAssertTrue(shown.map(rowText).contains("New 0"))
      XCTAssertEqual(shown.filter(isSelectedRow).map(rowText), ["Mail 3"])
      activateRow(shown.first { rowText($0) == "New 1" }!)
      MainLoop.drain()
      XCTAssertEqual(model.selected, 10_001, "a recycled row selects its own element")
    }
  }

  /// Delete on a row scrolled in (its views most likely a recycled row's) deletes that
  /// row's element, unless that element's row says `.deleteDisabled`.
  func testDeleteOnARecycledRowDeletesItsElementAndKeepsItsDeleteDisabled() {
    MainActor.assumeIsolated {
      let model = LongMailbox(count: 2_000)
      var deleted: [Int] = []
      let ui = show {
        List {
          ForEach(model.mails) { mail in
            Text(mail.subject).deleteDisabled(mail.id % 2 == 0)
          }
          .onDelete { offsets in
            deleted += offsets.map { model.mails[$0].id }
            model.mails.remove(atOffsets: offsets)
          }
        }
      }
      MainLoop.run(timeout: 1) { false }
      let list = listWidget(in: ui.window.pointer)!
      scrollList(list, to: .greatestFiniteMagnitude)
      scrollList(list, to: .greatestFiniteMagnitude)
      settleListView(list)
      @MainActor func press(_ subject: String) {
        let row = rows(of: list).first { rowText($0) == subject }!
        XCTAssertTrue(focusListRow(row), subject)
        MainLoop.drain()
        _ = cgtk_testing_press_key(focusWidget(ui.window)!, UInt32(GDK_KEY_Delete))
        MainLoop.drain()
        settleListView(list)
      }
      press("Mail 1990")
      XCTAssertEqual(deleted, [], "an even mail's row is delete-disabled")
      press("Mail 1991")
      XCTAssertEqual(deleted, [1_991])
      XCTAssertFalse(rows(of: list).map(rowText).contains("Mail 1991"))
    }
  }
}

private struct Note: Identifiable {
  let id: Int
  var text: String
}

private struct Folder: Identifiable {
  let id: Int
  var notes: [Note]
}

@MainActor
@Observable
private final class FolderModel {
  var folders = [
    Folder(id: 0, notes: [Note(id: 1, text: "Hello")]),
    Folder(id: 1, notes: [Note(id: 2, text: "Invoice")]),
  ]
}

extension ListTests {
  /// A lazy list's rows that are groups of fields (`ForEach($folder.notes)` in each row),
  /// two of them with one id (warned of): each row's field shows its own note's changes.
  func testFieldsInLazyRowsWhoseIdRepeatsFollowTheirOwnElements() {
    MainActor.assumeIsolated {
      var warnings: [String] = []
      Log.observer = { warnings.append($0) }
      defer { Log.observer = nil }
      let model = FolderModel()
      model.folders.append(Folder(id: 1, notes: [Note(id: 2, text: "Twin")]))
      let ui = show {
        List {
          ForEach(Bindable(model).folders) { $folder in
            ForEach($folder.notes) { $note in TextField("", text: $note.text) }
          }
        }
      }
      let list = listWidget(in: ui.window.pointer)!
      @MainActor func fields() -> [String] {
        settleListView(list)
        return gtkTree(list).filter { widgetTypeName($0) == "GtkText" }.map {
          String(cString: gtk_editable_get_text(OpaquePointer($0)))
        }
      }
      XCTAssertEqual(fields(), ["Hello", "Invoice", "Twin"])
      model.folders[2].notes[0].text = "Twin 2"
      MainLoop.drain()
      XCTAssertEqual(fields(), ["Hello", "Invoice", "Twin 2"])
      model.folders[1].notes[0].text = "Invoice 2"
      MainLoop.drain()
      XCTAssertEqual(fields(), ["Hello", "Invoice 2", "Twin 2"])
      XCTAssertFalse(warnings.isEmpty, "the repeated id is warned of")
    }
  }
}

@MainActor
@Observable
private final class RowSuffix {
  var text = "A"
}

/// A row with `@State`: kept by its element's id while scrolled away.
private struct StatefulMailRow: View {
  let mail: Mail
  let suffix: String
  @State private var opened = false
  var body: some View { Text("\(mail.subject) \(suffix)") }
}

/// A list whose row closure captures a value of its parent's `body`, not the rows' own reads.
private struct SuffixedMailList: View {
  let model: LongMailbox
  let suffix: RowSuffix
  var body: some View {
    let text = suffix.text
    return List(model.mails) { mail in StatefulMailRow(mail: mail, suffix: text) }
  }
}

extension LazyListTests {
  /// A row kept for its `@State` while scrolled away comes back built by the row closure of
  /// now: a value its parent's `body` passed in changed meanwhile (as SwiftUI, which keeps
  /// the row's state and gives it the new inputs).
  func testAKeptStatefulRowScrolledBackShowsWhatItsParentPassesNow() {
    MainActor.assumeIsolated {
      let model = LongMailbox(count: 3_000)
      let suffix = RowSuffix()
      let ui = show { SuffixedMailList(model: model, suffix: suffix) }
      MainLoop.run(timeout: 1) { false }
      let list = listWidget(in: ui.window.pointer)!
      XCTAssertEqual(rows(of: list).map(rowText).first, "Mail 0 A")
      scrollList(list, to: .greatestFiniteMagnitude)
      XCTAssertTrue(rows(of: list).map(rowText).contains("Mail 2999 A"))
      suffix.text = "B"
      MainLoop.drain()
      XCTAssertTrue(rows(of: list).map(rowText).contains("Mail 2999 B"), "rows on screen")
      scrollList(list, to: 0)
      settleListView(list)
      let shown = rows(of: list).map(rowText).filter { $0.hasPrefix("Mail ") }
      XCTAssertEqual(shown.first, "Mail 0 B")
      XCTAssertEqual(shown.filter { $0.hasSuffix(" A") }, [], "no row built from the old closure")
    }
  }
}

@MainActor
@Observable
private final class RowAlignment {
  var value = TextAlignment.leading
}

private struct AlignedMailList: View {
  let model: LongMailbox
  let alignment: RowAlignment
  var body: some View {
    List(model.mails) { mail in StatefulMailRow(mail: mail, suffix: "") }
      .multilineTextAlignment(alignment.value)
  }
}

extension LazyListTests {
  /// A `.multilineTextAlignment` around a list changed while rows are kept off screen for
  /// their `@State`: those rows, scrolled back, are aligned as the rows on screen.
  func testRowsKeptOffScreenTakeATextAlignmentChangedMeanwhile() {
    MainActor.assumeIsolated {
      let model = LongMailbox(count: 3_000)
      let alignment = RowAlignment()
      let ui = show { AlignedMailList(model: model, alignment: alignment) }
      MainLoop.run(timeout: 1) { false }
      let list = listWidget(in: ui.window.pointer)!
      @MainActor func labels() -> [UnsafeMutablePointer<GtkWidget>] {
        settleListView(list)
        return gtkTree(list).filter {
          widgetTypeName($0) == "GtkLabel" && labelText($0).hasPrefix("Mail ")
            && gtk_widget_get_mapped($0) != 0
        }
      }
      XCTAssertGreaterThan(labels().count, 5)
      scrollList(list, to: .greatestFiniteMagnitude)
      alignment.value = .trailing
      MainLoop.drain()
      XCTAssertEqual(
        labels().filter { gtk_label_get_xalign(OpaquePointer($0)) != 1 }.map(labelText), [])
      scrollList(list, to: 0)
      let shown = labels()
      XCTAssertGreaterThan(shown.count, 5)
      XCTAssertTrue(shown.map(labelText).contains("Mail 1 "))
      XCTAssertEqual(
        shown.filter { gtk_label_get_justify(OpaquePointer($0)) != GTK_JUSTIFY_RIGHT }.map(
          labelText), [],
        "rows kept while scrolled away")
      XCTAssertEqual(
        shown.filter { gtk_label_get_xalign(OpaquePointer($0)) != 1 }.map(labelText), [])
    }
  }
}

private struct CentredRowsList: View {
  let model: LongMailbox
  let suffix: RowSuffix
  var body: some View {
    VStack {
      Text(suffix.text)
      List(model.mails) { mail in Text(mail.subject).multilineTextAlignment(.center) }
    }
    .multilineTextAlignment(.trailing)
  }
}

extension LazyListTests {
  /// Rows that say `.multilineTextAlignment(.center)` inside a list under a `.trailing` stay
  /// centred (the nearest wins) when the view around them updates for something else.
  func testARowsOwnTextAlignmentWinsOverOneAroundTheListAfterAnUpdate() {
    MainActor.assumeIsolated {
      let model = LongMailbox(count: 50)
      let suffix = RowSuffix()
      let ui = show { CentredRowsList(model: model, suffix: suffix) }
      MainLoop.run(timeout: 1) { false }
      let list = listWidget(in: ui.window.pointer)!
      @MainActor func notCentred() -> [String] {
        settleListView(list)
        return gtkTree(list).filter {
          widgetTypeName($0) == "GtkLabel" && labelText($0).hasPrefix("Mail ")
            && gtk_label_get_xalign(OpaquePointer($0)) != 0.5
        }.map(labelText)
      }
      XCTAssertEqual(notCentred(), [], "as made")
      suffix.text = "B"
      MainLoop.drain()
      XCTAssertEqual(notCentred(), [], "after the view around updated")
    }
  }
}

private struct RowPrefixKey: EnvironmentKey {
  static let defaultValue = "-"
}

extension EnvironmentValues {
  fileprivate var rowPrefix: String {
    get { self[RowPrefixKey.self] }
    set { self[RowPrefixKey.self] = newValue }
  }
}

/// A row with `@State` that reads an environment value of the app's own.
private struct PrefixedMailRow: View {
  let mail: Mail
  @Environment(\.rowPrefix) private var prefix
  @State private var opened = false
  var body: some View { Text("\(prefix) \(mail.subject)") }
}

/// A row without state (recycled) that reads it.
private struct PlainPrefixedMailRow: View {
  let mail: Mail
  @Environment(\.rowPrefix) private var prefix
  var body: some View { Text("\(prefix) \(mail.subject)") }
}

private struct PrefixedMailList: View {
  let model: LongMailbox
  let prefix: RowSuffix
  let keepsState: Bool
  var body: some View {
    List(model.mails) { mail in
      if keepsState {
        PrefixedMailRow(mail: mail)
      } else {
        PlainPrefixedMailRow(mail: mail)
      }
    }
    .environment(\.rowPrefix, prefix.text)
  }
}

extension LazyListTests {
  /// An environment value of the app's own changed around a list while it is scrolled away
  /// from the top: the rows scrolled back (kept for their state, or recycled) read the new one.
  func testRowsScrolledBackReadAnEnvironmentValueChangedMeanwhile() {
    MainActor.assumeIsolated {
      for keepsState in [true, false] {
        let model = LongMailbox(count: 3_000)
        let prefix = RowSuffix()
        let ui = show { PrefixedMailList(model: model, prefix: prefix, keepsState: keepsState) }
        MainLoop.run(timeout: 1) { false }
        let list = listWidget(in: ui.window.pointer)!
        XCTAssertEqual(rows(of: list).map(rowText).first, "A Mail 0")
        scrollList(list, to: .greatestFiniteMagnitude)
        prefix.text = "B"
        MainLoop.drain()
        XCTAssertTrue(rows(of: list).map(rowText).contains("B Mail 2999"), "\(keepsState)")
        scrollList(list, to: 0)
        settleListView(list)
        let shown = rows(of: list).map(rowText)
        XCTAssertTrue(shown.contains("B Mail 1"), "\(keepsState)")
        XCTAssertEqual(shown.filter { $0.hasPrefix("A ") }, [], "\(keepsState)")
      }
    }
  }
}

@MainActor
@Observable
private final class Lock {
  var locked = false
}

/// A row with `@State` and a button acting on its element.
private struct OpenMailRow: View {
  let mail: Mail
  let open: (Int) -> Void
  @State private var hovered = false
  var body: some View { Button(mail.subject) { open(mail.id) } }
}

extension LazyListTests {
  /// Buttons in rows scrolled in act on their own row's element, and a `.disabled` set
  /// around the list while it is scrolled away reaches the rows scrolled back (kept for their
  /// state, or made anew).
  func testButtonsInRowsScrolledInActOnTheirElementAndTakeADisabledSetMeanwhile() {
    MainActor.assumeIsolated {
      let model = LongMailbox(count: 3_000)
      let lock = Lock()
      var opened: [Int] = []
      let ui = show {
        List(model.mails) { mail in
          if mail.id % 2 == 0 {
            OpenMailRow(mail: mail) { opened.append($0) }
          } else {
            Button(mail.subject) { opened.append(mail.id) }
          }
        }
        .disabled(lock.locked)
      }
      MainLoop.run(timeout: 1) { false }
      let list = listWidget(in: ui.window.pointer)!
      @MainActor func button(_ subject: String) -> UnsafeMutablePointer<GtkWidget>? {
        settleListView(list)
        let row = rows(of: list).first { rowText($0) == subject }
        return row.flatMap { gtkTree($0).first { widgetTypeName($0) == "GtkButton" } }
      }
      scrollList(list, to: .greatestFiniteMagnitude)
      for subject in ["Mail 2990", "Mail 2991"] {
        cgtk_emit(button(subject)!, "clicked")
        MainLoop.drain()
      }
      XCTAssertEqual(opened, [2_990, 2_991])
      lock.locked = true
      MainLoop.drain()
      XCTAssertEqual(gtk_widget_is_sensitive(button("Mail 2992")!), 0)
      scrollList(list, to: 0)
      for subject in ["Mail 2", "Mail 3"] {
        XCTAssertEqual(gtk_widget_is_sensitive(button(subject)!), 0, subject)
      }
      lock.locked = false
      MainLoop.drain()
      scrollList(list, to: 0)
      cgtk_emit(button("Mail 4")!, "clicked")
      MainLoop.drain()
      XCTAssertEqual(opened, [2_990, 2_991, 4])
    }
  }
}

@MainActor
@Observable
private final class RowLines {
  var limit: Int? = nil
}

private struct LimitedMailList: View {
  let model: LongMailbox
  let lines: RowLines
  var body: some View {
    List(model.mails) { mail in StatefulMailRow(mail: mail, suffix: "") }
      .lineLimit(lines.limit)
  }
}

extension LazyListTests {
  /// A `.lineLimit` around a list changed while rows are kept off screen for their `@State`:
  /// those rows, scrolled back, take it as the rows on screen.
  func testRowsKeptOffScreenTakeALineLimitChangedMeanwhile() {
    MainActor.assumeIsolated {
      let model = LongMailbox(count: 3_000)
      let lines = RowLines()
      let ui = show { LimitedMailList(model: model, lines: lines) }
      MainLoop.run(timeout: 1) { false }
      let list = listWidget(in: ui.window.pointer)!
      @MainActor func limits() -> [Int32] {
        settleListView(list)
        return gtkTree(list).filter {
          widgetTypeName($0) == "GtkLabel" && labelText($0).hasPrefix("Mail ")
            && gtk_widget_get_mapped($0) != 0
        }.map { gtk_label_get_lines(OpaquePointer($0)) }
      }
      XCTAssertGreaterThan(limits().count, 5)
      scrollList(list, to: .greatestFiniteMagnitude)
      lines.limit = 2
      MainLoop.drain()
      XCTAssertEqual(Set(limits()), [2], "rows on screen")
      scrollList(list, to: 0)
      XCTAssertEqual(Set(limits()), [2], "rows kept while scrolled away")
    }
  }
}

private struct Chore: Identifiable {
  let id: Int
  var done = false
}

@MainActor
@Observable
private final class Chores {
  var all = (0..<3_000).map { Chore(id: $0) }
}

extension LazyListTests {
  /// `ForEach($chores) { $chore in Toggle(…, isOn: $chore.done) }` scrolled far: a toggle
  /// switched there writes its own element, and shows its element's value when scrolled back
  /// to after other rows took its place.
  func testTogglesOverElementBindingsWriteTheirOwnElementAfterScrolling() {
    MainActor.assumeIsolated {
      let chores = Chores()
      let ui = show {
        List {
          ForEach(Bindable(chores).all) { $chore in Toggle("Chore \(chore.id)", isOn: $chore.done) }
        }
      }
      MainLoop.run(timeout: 1) { false }
      let list = listWidget(in: ui.window.pointer)!
      @MainActor func check(_ subject: String) -> UnsafeMutablePointer<GtkCheckButton>? {
        settleListView(list)
        let row = rows(of: list).first { rowText($0) == subject }
        return row.flatMap { gtkTree($0).first { widgetTypeName($0) == "GtkCheckButton" } }
          .map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkCheckButton.self) }
      }
      scrollList(list, to: .greatestFiniteMagnitude)
      gtk_check_button_set_active(check("Chore 2995")!, 1)
      MainLoop.drain()
      XCTAssertEqual(chores.all.indices.filter { chores.all[$0].done }, [2_995])
      scrollList(list, to: 0)
      gtk_check_button_set_active(check("Chore 3")!, 1)
      MainLoop.drain()
      XCTAssertEqual(chores.all.indices.filter { chores.all[$0].done }, [3, 2_995])
      XCTAssertEqual(gtk_check_button_get_active(check("Chore 4")!), 0)
      scrollList(list, to: .greatestFiniteMagnitude)
      XCTAssertEqual(gtk_check_button_get_active(check("Chore 2995")!), 1)
      XCTAssertEqual(gtk_check_button_get_active(check("Chore 2994")!), 0)
      gtk_check_button_set_active(check("Chore 2995")!, 0)
      MainLoop.drain()
      XCTAssertEqual(chores.all.indices.filter { chores.all[$0].done }, [3])
    }
  }
}

extension LazyListTests {
  /// Recycled rows whose layout modifiers differ by element (`.padding`, `.frame`) take
  /// their new element's values: each row scrolled in is as tall as its own element says.
  func testRecycledRowsTakeTheirElementsPaddingAndFrame() {
    MainActor.assumeIsolated {
      let model = LongMailbox(count: 3_000)
      let ui = show {
        List(model.mails) { mail in
          Text(mail.subject)
            .padding(.vertical, mail.id % 3 == 0 ? 20 : 0)
            .frame(height: mail.id % 3 == 1 ? 70 : nil)
        }
      }
      MainLoop.run(timeout: 1) { false }
      let list = listWidget(in: ui.window.pointer)!
      @MainActor func heights() -> [Int: Int32] {
        settleListView(list)
        var result: [Int: Int32] = [:]
        for row in rows(of: list) where gtk_widget_get_mapped(row) != 0 {
          let text = rowText(row)
          guard text.hasPrefix("Mail "), let id = Int(text.dropFirst(5)) else { continue }
          result[id] = gtk_widget_get_height(row)
        }
        return result
      }
      @MainActor func check(_ where: String) {
        let shown = heights()
        XCTAssertGreaterThan(shown.count, 3, `where`)
        let byKind = Dictionary(grouping: shown, by: { $0.key % 3 }).mapValues {
          Set($0.map(\.value))
        }
        XCTAssertEqual(byKind.values.filter { $0.count != 1 }.count, 0, "\(`where`): \(byKind)")
        if let padded = byKind[0]?.first, let plain = byKind[2]?.first,
          let framed = byKind[1]?.first
        {
          XCTAssertGreaterThan(padded, plain, `where`)
          XCTAssertGreaterThan(framed, padded, `where`)
        }
      }
      check("as opened")
      scrollList(list, to: 20_000)
      check("scrolled")
      scrollList(list, to: .greatestFiniteMagnitude)
      check("at the end")
      scrollList(list, to: 0)
      check("back")
    }
  }
}

extension LazyListTests {
  /// `List { … }.tint(.mint)`: the prominent buttons of the rows GTK binds as the list opens
  /// and of those scrolled in are mint (with the tint CSS scoped to the list's own widget,
  /// they stayed the theme's blue).
  func testProminentButtonsInRowsScrolledInTakeTheListsTint() {
    MainActor.assumeIsolated {
      let model = LongMailbox(count: 3_000)
      let ui = show {
        List(model.mails) { mail in
          HStack {
            Text(mail.subject)
            Button("Buy") {}.buttonStyle(.borderedProminent)
          }
        }
        .tint(.mint)
      }
      MainLoop.run(timeout: 1) { false }
      let list = listWidget(in: ui.window.pointer)!
      @MainActor func check(_ where: String) {
        settleListView(list)
        let buttons = gtkTree(list).filter {
          gtk_widget_has_css_class($0, "suggested-action") != 0 && gtk_widget_get_mapped($0) != 0
        }
        XCTAssertGreaterThan(buttons.count, 5, `where`)
        XCTAssertEqual(
          buttons.map { StylingModifierTests.pixel($0, x: 6, y: 6) },
          Array(repeating: StylingModifierTests.mint, count: buttons.count), `where`)
      }
      check("rows made as the list opened")
      scrollList(list, to: .greatestFiniteMagnitude)
      XCTAssertTrue(rows(of: list).map(rowText).contains { $0.hasPrefix("Mail 2999 ") })
      check("rows scrolled in")
    }
  }

  /// `Text(…).foregroundStyle(.tint)` in the rows of a `List { … }.tint(.mint)`: the text of
  /// the rows made as the list opens and of those scrolled in is mint (it was the accent
  /// colour).
  func testTextInTheTintInRowsScrolledInTakesTheListsTint() {
    MainActor.assumeIsolated {
      let model = LongMailbox(count: 3_000)
      let ui = show {
        List(model.mails) { mail in
          Text(mail.subject).foregroundStyle(.tint)
        }
        .tint(.mint)
      }
      MainLoop.run(timeout: 1) { false }
      let list = listWidget(in: ui.window.pointer)!
      @MainActor func check(_ where: String) {
        settleListView(list)
        let labels = gtkTree(list).filter {
          gtkIsA($0, gtk_label_get_type()) && gtk_widget_get_mapped($0) != 0
        }
        XCTAssertGreaterThan(labels.count, 5, `where`)
        let colors = labels.map { label in
          var rgba = GdkRGBA()
          cgtk_widget_get_color(label, &rgba)
          return [rgba.red, rgba.green, rgba.blue].map { Int((Double($0) * 255).rounded()) }
        }
        XCTAssertEqual(colors, Array(repeating: [0, 199, 190], count: labels.count), `where`)
      }
      check("rows made as the list opened")
      scrollList(list, to: .greatestFiniteMagnitude)
      XCTAssertTrue(rows(of: list).map(rowText).contains { $0 == "Mail 2999" })
      check("rows scrolled in")
    }
  }
}
