import CGtk
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

/// An open menu is read by its name, never GTK's type names (issue 37): Orca read GTK 4.8's
/// "GtkPopoverMenu menu. GtkStackPage panel." as F10 opened the main menu.
final class PopoverMenuNameTests: GtkTestCase, @unchecked Sendable {
  func testAnOpenMenuAndItsPagesAreNamedAfterItsButtonAndItsSubmenusTitles() throws {
    try MainActor.assumeIsolated {
      let ui = show(
        host {
          VStack {
            TextField("Name", text: .constant(""))
            Menu("Actions") {
              Button("Run") {}
              Menu("More") { Button("Deep") {} }
            }
          }
        })
      XCTAssertTrue(MainLoop.run(timeout: 5) { ui.window.isActive })
      let button = try XCTUnwrap(
        descendants(ui.window.pointer).first {
          isA(UnsafeMutableRawPointer($0), gtk_menu_button_get_type())
        })
      gtk_menu_button_popup(OpaquePointer(button))
      XCTAssertTrue(
        MainLoop.run(timeout: 5) {
          focusWidget(ui.window).map { $0.popoverMenu != nil } ?? false
        }, "the menu holds the focus")
      let popover = try XCTUnwrap(gtk_menu_button_get_popover(OpaquePointer(button)))
      let menu = Widget(retaining: UnsafeMutableRawPointer(popover))
      XCTAssertEqual(menu.accessibility.name, "Actions")
      XCTAssertEqual(menu.accessibility.role, "menu")
      // NB: GTK's own parts inside (an item's empty accelerator label, a submenu's arrow) are
      // named by type in any GTK program; Orca reads none of them.
      XCTAssertEqual(
        widgetsNamedByTheirType(in: menu).filter { $0.hasPrefix("GtkPopoverMenu") }, [])
      if !GTKVersion.isAtLeast(4, 10) {
        // NB: a GtkStackPage is no widget; the check only casts it to GtkAccessible.
        let stack = try XCTUnwrap(menu.gtkDescendants(ofType: gtk_stack_get_type()).first)
        var labels: [String: Bool] = [:]
        var child = gtk_widget_get_first_child(stack)
        while let current = child {
          let page = try XCTUnwrap(gtk_stack_get_page(OpaquePointer(stack), current))
          let name = String(cString: gtk_stack_page_get_name(page))
          let pointer = UnsafeMutableRawPointer(page).assumingMemoryBound(to: GtkWidget.self)
          labels[name] =
            hasAccessibleLabel(pointer, "Actions") || hasAccessibleLabel(pointer, "More")
          child = gtk_widget_get_next_sibling(current)
        }
        XCTAssertEqual(labels, ["main": true, "More": true], "every page named")
      }
      gtk_menu_button_popdown(OpaquePointer(button))
      MainLoop.drain()
    }
  }
}
