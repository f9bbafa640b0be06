import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class GrowingRows {
  var ids = [1]
  var texts: [Int: String] = [:]
  var focused: Int?

  func text(_ id: Int) -> Binding<String> {
    Binding(get: { self.texts[id, default: ""] }, set: { self.texts[id] = $0 })
  }
}

/// A root of text fields, as many as the model has ids.
private struct GrowingRoot: View {
  let rows: GrowingRows
  @FocusState var focus: Int?

  var body: some View {
    ForEach(rows.ids, id: \.self) { id in
      TextField("field \(id)", text: rows.text(id)).focused($focus, equals: id)
    }
    .onChange(of: focus) { _, now in rows.focused = now }
  }
}

/// A root that is one widget, with a bottom bar around it, and swaps that widget.
private struct SwappingRootWithBar: View {
  let flag: Flag
  var body: some View {
    Group {
      if flag.on { Text("on") } else { Button("off") {} }
    }
    .toolbar { ToolbarItem(placement: .bottomBar) { Button("Bar") {} } }
  }
}

/// The children of `widget`, in order.
@MainActor
private func children(_ widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<
  GtkWidget
>] {
  var result: [UnsafeMutablePointer<GtkWidget>] = []
  var child = gtk_widget_get_first_child(widget)
  while let current = child {
    result.append(current)
    child = gtk_widget_get_next_sibling(current)
  }
  return result
}

/// The visible toplevel windows.
@MainActor
private func toplevels() -> [UnsafeMutablePointer<GtkWidget>] {
  let list = gtk_window_get_toplevels()
  var found: [UnsafeMutablePointer<GtkWidget>] = []
  for index in 0..<g_list_model_get_n_items(list) {
    guard let item = g_list_model_get_item(list, index) else { continue }
    g_object_unref(item)
    let widget = item.assumingMemoryBound(to: GtkWidget.self)
    if gtk_widget_get_visible(widget) != 0 { found.append(widget) }
  }
  return found
}

/// Where a window puts its root view: one widget is the window's content itself (no box in
/// between, so a focus move walks no extra ancestor), other counts go in a box, and bars stay
/// around the content.
final class WindowContentTests: GtkTestCase, @unchecked Sendable {
  func testARootOfOneWidgetIsTheWindowsChild() throws {
    try MainActor.assumeIsolated {
      let ui = show { VStack { TextField("Name", text: .constant("")) } }
      let field = try ui.find(TextField.self)
      let stack = try XCTUnwrap(gtk_widget_get_parent(field.widget.pointer))
      XCTAssertEqual(gtk_window_get_child(ui.window.window), stack)
    }
  }

  func testARootGrowingFromOneFieldToTwoKeepsTheFocusedFieldsFocusAndText() throws {
    try MainActor.assumeIsolated {
      let rows = GrowingRows()
      let ui = show { GrowingRoot(rows: rows) }
      let first = try ui.find(TextField.self, title: "field 1")
      first.type("ab")
      XCTAssertEqual(rows.focused, 1)
      XCTAssertEqual(gtk_window_get_child(ui.window.window), first.widget.pointer)

      rows.ids.append(2)
      MainLoop.drain()
      let box = try XCTUnwrap(gtk_window_get_child(ui.window.window))
      XCTAssertEqual(typeName(box), "GtkBridgeBox")
      XCTAssertEqual(children(box), ui.findAll(TextField.self).map(\.widget.pointer))
      XCTAssertTrue(first.isFocused, "the field that moved into the box keeps focus")
      XCTAssertEqual(rows.focused, 1, "and the focus state still names it")
      cgtk_text_insert_at_cursor(try XCTUnwrap(focusWidget(ui.window)), "c")
      MainLoop.drain()
      XCTAssertEqual(first.text, "abc")
      XCTAssertEqual(rows.texts[1], "abc")

      // Back to one: the box stays, so no widget moves again.
      rows.ids.removeLast()
      MainLoop.drain()
      XCTAssertEqual(gtk_window_get_child(ui.window.window), box)
      XCTAssertEqual(children(box), [first.widget.pointer])
      XCTAssertTrue(first.isFocused)
    }
  }

  func testARootWithNoWidgetsLeavesTheWindowEmptyUntilItsFirstWidget() throws {
    try MainActor.assumeIsolated {
      let rows = GrowingRows()
      rows.ids = []
      let ui = show { GrowingRoot(rows: rows) }
      XCTAssertNil(gtk_window_get_child(ui.window.window))
      rows.ids = [3]
      MainLoop.drain()
      let field = try ui.find(TextField.self, title: "field 3")
      XCTAssertEqual(gtk_window_get_child(ui.window.window), field.widget.pointer)
      rows.ids = [3, 4]
      MainLoop.drain()
      let box = try XCTUnwrap(gtk_window_get_child(ui.window.window))
      XCTAssertEqual(children(box), ui.findAll(TextField.self).map(\.widget.pointer))
      XCTAssertEqual(gtk_box_get_homogeneous(box.cast(to: GtkBox.self)), 0)
      rows.ids = [4]
      MainLoop.drain()
      XCTAssertEqual(children(box).count, 1)
      XCTAssertEqual(gtk_box_get_homogeneous(box.cast(to: GtkBox.self)), 1, "one child fills it")
    }
  }

  func testARootSwappingItsWidgetKeepsItAboveTheBottomBar() throws {
    try MainActor.assumeIsolated {
      let flag = Flag()
      let ui = show { SwappingRootWithBar(flag: flag) }
      let column = try XCTUnwrap(gtk_window_get_child(ui.window.window))
      XCTAssertEqual(children(column).map(typeName), ["GtkButton", "GtkActionBar"])
      flag.on = true
      MainLoop.drain()
      XCTAssertEqual(gtk_window_get_child(ui.window.window), column)
      XCTAssertEqual(children(column).map(typeName), ["GtkLabel", "GtkActionBar"])
      let label = children(column)[0]
      XCTAssertEqual(gtk_widget_get_vexpand(label), 1, "the content fills the column")
      flag.on = false
      MainLoop.drain()
      XCTAssertEqual(children(column).map(typeName), ["GtkButton", "GtkActionBar"])
    }
  }

  func testASheetsRootIsItsWindowsChild() throws {
    try MainActor.assumeIsolated {
      let presented = Flag()
      presented.on = true
      let ui = show {
        Text("main")
          .sheet(isPresented: Binding(get: { presented.on }, set: { presented.on = $0 })) {
            VStack { TextField("In sheet", text: .constant("")) }
          }
      }
      let sheet = try XCTUnwrap(
        toplevels().first {
          gtk_window_get_transient_for($0.cast(to: GtkWindow.self)) == ui.window.window
        })
      let window = sheet.cast(to: GtkWindow.self)
      XCTAssertEqual(gtk_window_get_transient_for(window), ui.window.window)
      // The sheet's root, the stack, is its window's child; the stack holds the field.
      let stack = try XCTUnwrap(gtk_window_get_child(window))
      XCTAssertEqual(typeName(stack), "GtkBridgeBox")
      XCTAssertEqual(children(stack).map(typeName), ["GtkEntry"])
    }
  }
}
