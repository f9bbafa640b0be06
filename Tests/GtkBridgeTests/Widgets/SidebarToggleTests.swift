import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class Library {
  var columns = NavigationSplitViewVisibility.all
  var filter = ""
  var note = ""
}

/// The header bar's sidebar toggle of `window`.
@MainActor
private func toggle(_ window: Window) throws -> UnsafeMutablePointer<GtkWidget> {
  let toggles = window.gtkDescendants(ofType: gtk_toggle_button_get_type()).filter {
    gtk_widget_get_tooltip_text($0).map { String(cString: $0) } == "Toggle Sidebar"
  }
  XCTAssertEqual(toggles.count, 1)
  return try XCTUnwrap(toggles.first)
}

@MainActor
private func isActive(_ toggle: UnsafeMutablePointer<GtkWidget>) -> Bool {
  gtk_toggle_button_get_active(toggle.cast(to: GtkToggleButton.self)) != 0
}

@MainActor
private func click(_ toggle: UnsafeMutablePointer<GtkWidget>) {
  cgtk_emit(toggle, "clicked")
  MainLoop.drain()
}

/// The header bar's sidebar toggle of a `NavigationSplitView`, as macOS gives every split view
/// one in its toolbar.
final class SidebarToggleTests: GtkTestCase, @unchecked Sendable {
  func testTheToggleWritesTheColumnVisibilityAndFollowsTheApp() throws {
    try MainActor.assumeIsolated {
      let model = Library()
      let ui = show(
        host {
          NavigationSplitView(columnVisibility: Bindable(model).columns) {
            TextField("Filter", text: Bindable(model).filter)
          } detail: {
            TextField("Note", text: Bindable(model).note)
          }
        })
      let button = try toggle(ui.window)
      let filter = try ui.find(title: "Filter")
      XCTAssertTrue(isActive(button))
      XCTAssertTrue(filter.widget.isVisible && gtk_widget_get_mapped(filter.widget.pointer) != 0)
      click(button)
      XCTAssertEqual(model.columns, .detailOnly)
      XCTAssertEqual(gtk_widget_get_mapped(filter.widget.pointer), 0, "the sidebar hid")
      XCTAssertFalse(isActive(button))
      click(button)
      XCTAssertEqual(model.columns, .all)
      XCTAssertNotEqual(gtk_widget_get_mapped(filter.widget.pointer), 0)
      // The app's write moves the button.
      model.columns = .detailOnly
      MainLoop.drain()
      XCTAssertFalse(isActive(button))
      XCTAssertEqual(gtk_widget_get_mapped(filter.widget.pointer), 0)
    }
  }

  func testWithoutABindingTheToggleHidesTheSidebarAndItsFocus() throws {
    try MainActor.assumeIsolated {
      let model = Library()
      let ui = show(
        host {
          NavigationSplitView {
            TextField("Filter", text: Bindable(model).filter)
          } detail: {
            TextField("Note", text: Bindable(model).note)
          }
        })
      let button = try toggle(ui.window)
      let filter = try ui.find(title: "Filter")
      XCTAssertTrue(filter.isFocused, "the launch rule")
      click(button)
      XCTAssertEqual(gtk_widget_get_mapped(filter.widget.pointer), 0)
      XCTAssertFalse(filter.isFocused, "focus left the hidden sidebar")
      XCTAssertNotEqual(focusWidget(ui.window), button, "the toggle takes no focus")
      click(button)
      XCTAssertNotEqual(gtk_widget_get_mapped(filter.widget.pointer), 0)
    }
  }

  func testWithThreeColumnsTheToggleHidesOnlyTheSidebar() throws {
    try MainActor.assumeIsolated {
      let model = Library()
      let ui = show(
        host {
          NavigationSplitView(columnVisibility: Bindable(model).columns) {
            Text("Folders")
          } content: {
            Text("Notes")
          } detail: {
            Text("Note")
          }
        })
      click(try toggle(ui.window))
      XCTAssertEqual(model.columns, .doubleColumn)
      let folders = try ui.find(title: "Folders").widget.pointer
      let notes = try ui.find(title: "Notes").widget.pointer
      XCTAssertEqual(gtk_widget_get_mapped(folders), 0)
      XCTAssertNotEqual(gtk_widget_get_mapped(notes), 0)
    }
  }

  func testABindingThatKeepsItsValueKeepsTheSidebarAndTheButton() throws {
    try MainActor.assumeIsolated {
      let ui = show(
        host {
          NavigationSplitView(columnVisibility: .constant(.all)) {
            Text("Folders")
          } detail: {
            Text("Note")
          }
        })
      let button = try toggle(ui.window)
      click(button)
      MainLoop.drain()
      XCTAssertTrue(isActive(button), "the button shows what the binding holds")
      XCTAssertNotEqual(gtk_widget_get_mapped(try ui.find(title: "Folders").widget.pointer), 0)
    }
  }

  func testTheToggleGoesWithTheSplitView() throws {
    try MainActor.assumeIsolated {
      let shown = Library()
      let ui = show(
        host {
          Group {
            if shown.columns == .all {
              NavigationSplitView {
                Text("Folders")
              } detail: {
                Text("Note")
              }
            } else {
              Text("No split")
            }
          }
        })
      _ = try toggle(ui.window)
      shown.columns = .detailOnly
      MainLoop.drain()
      let toggles = ui.window.gtkDescendants(ofType: gtk_toggle_button_get_type()).filter {
        gtk_widget_get_tooltip_text($0).map { String(cString: $0) } == "Toggle Sidebar"
          && gtk_widget_get_mapped($0) != 0
      }
      XCTAssertEqual(toggles, [], "no split view, no toggle")
    }
  }

  func testF9TogglesTheSidebar() throws {
    guard try runsInChildProcess(in: "SidebarToggleTests") else { return }
    try MainActor.assumeIsolated {
      let model = Library()
      let ui = show(
        host {
          NavigationSplitView(columnVisibility: Bindable(model).columns) {
            Text("Folders")
          } detail: {
            TextField("Note", text: Bindable(model).note)
          }
        })
      let note = try ui.find(title: "Note")
      XCTAssertTrue(note.isFocused)
      try xdotool(on: ui.window, ["key", "F9"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.columns == .detailOnly })
      XCTAssertTrue(note.isFocused, "the field the user was in keeps focus")
      try xdotool(on: ui.window, ["key", "F9"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.columns == .all })
    }
  }
}
