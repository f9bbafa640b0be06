import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class TabModel {
  var tab = 1
  var name = "Ada"
  var email = "ada@example.org"
  var title = "General"
}

private enum TabField: Hashable { case name, email }

private struct Tabs: View {
  @Bindable var model: TabModel
  @FocusState var focus: TabField?

  var body: some View {
    TabView(selection: $model.tab) {
      TextField("Name", text: $model.name)
        .focused($focus, equals: .name)
        .tabItem { Label(model.title, systemImage: "gear") }
        .tag(1)
      VStack {
        Text("Contact")
        TextField("Email", text: $model.email).focused($focus, equals: .email)
      }
      .tabItem { Text("Advanced") }
      .tag(2)
    }
  }
}

final class TabViewTests: GtkTestCase, @unchecked Sendable {
  @MainActor private func stack(in window: Window) throws -> UnsafeMutablePointer<GtkWidget> {
    try XCTUnwrap(
      descendants(window.pointer).first { isA(UnsafeMutableRawPointer($0), gtk_stack_get_type()) }
    )
  }

  @MainActor private func titles(_ stack: UnsafeMutablePointer<GtkWidget>) -> [String] {
    var titles: [String] = []
    var child = gtk_widget_get_first_child(stack)
    while let page = child {
      let stackPage = gtk_stack_get_page(OpaquePointer(stack), page)
      titles.append(gtk_stack_page_get_title(stackPage).map { String(cString: $0) } ?? "")
      child = gtk_widget_get_next_sibling(page)
    }
    return titles
  }

  func testPagesAreTitledByTheirTabItemsAndTheSelectionFollowsBothWays() throws {
    try MainActor.assumeIsolated {
      let model = TabModel()
      let ui = show(host { Tabs(model: model) })
      let stack = try stack(in: ui.window)
      XCTAssertTrue(
        descendants(ui.window.pointer).contains {
          isA(UnsafeMutableRawPointer($0), gtk_stack_switcher_get_type())
        }, "a switcher shows the tabs")
      XCTAssertEqual(titles(stack), ["General", "Advanced"])
      let name = try ui.find(TextField.self, title: "Name")
      XCTAssertEqual(gtk_stack_get_visible_child(OpaquePointer(stack)), name.widget.pointer)

      model.tab = 2
      MainLoop.drain()
      let email = try ui.find(TextField.self, title: "Email")
      XCTAssertNotNil(
        gtk_stack_get_visible_child(OpaquePointer(stack)).map {
          gtk_widget_is_ancestor(email.widget.pointer, $0) != 0
        }, "the binding shows its page")

      // The user chooses the first tab (its switcher button).
      let buttons =
        descendants(stack).isEmpty
        ? []
        : descendants(ui.window.pointer).filter {
          isA(UnsafeMutableRawPointer($0), gtk_toggle_button_get_type())
            && gtk_widget_get_ancestor($0, gtk_stack_switcher_get_type()) != nil
        }
      XCTAssertEqual(buttons.count, 2)
      cgtk_emit(buttons[0], "clicked")
      MainLoop.drain()
      XCTAssertEqual(model.tab, 1, "choosing a tab writes the binding")
      XCTAssertEqual(gtk_stack_get_visible_child(OpaquePointer(stack)), name.widget.pointer)

      model.title = "Account"
      MainLoop.drain()
      XCTAssertEqual(titles(stack), ["Account", "Advanced"], "a tab's title follows its state")
    }
  }

  func testFocusInTheShownPageMovesIntoTheNextPageAndAHiddenPageTakesNone() throws {
    try MainActor.assumeIsolated {
      let model = TabModel()
      let ui = show(host { Tabs(model: model) })
      let name = try ui.find(TextField.self, title: "Name")
      XCTAssertTrue(name.isFocused, "launch focus")
      model.tab = 2
      let email = try ui.find(TextField.self, title: "Email")
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { email.isFocused },
        "focus moved into the page shown, to its first field")
      let editable = OpaquePointer(email.widget.pointer)
      var start: Int32 = 0
      var end: Int32 = 0
      _ = gtk_editable_get_selection_bounds(editable, &start, &end)
      XCTAssertEqual(start, end, "nothing selected")
      XCTAssertEqual(
        Int(gtk_editable_get_position(editable)), model.email.count, "caret at the end")

      // A field on a page that is not shown takes no focus.
      let nameText = try XCTUnwrap(
        descendants(name.widget.pointer).first {
          isA(UnsafeMutableRawPointer($0), gtk_text_get_type())
        })
      XCTAssertFalse(FocusCoordinator.canTakeFocus(nameText))
    }
  }

  func testATabViewWithoutSelectionShowsItsFirstPage() throws {
    try MainActor.assumeIsolated {
      let ui = show(
        host {
          TabView {
            Text("One").tabItem { Text("First") }
            Text("Two").tabItem { Text("Second") }
            Text("Three")
          }
        })
      let stack = try stack(in: ui.window)
      XCTAssertEqual(titles(stack), ["First", "Second", "Tab 3"])
      XCTAssertEqual(
        gtk_stack_get_visible_child(OpaquePointer(stack)),
        try ui.find(Text.self, title: "One").widget.pointer)
    }
  }
}
