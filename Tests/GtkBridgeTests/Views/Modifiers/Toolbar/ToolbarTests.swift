import CGtk
import CGtkTesting
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class ToolbarFlag {
  var on = true
}

/// What the toolbar's buttons did, in order.
@MainActor
private final class ToolbarLog {
  var actions: [String] = []
}

private struct Editor: View {
  @State var name = ""
  @State var notes = ""
  @FocusState var focus: Field?
  let log: ToolbarLog

  var body: some View {
    VStack {
      TextField("Name", text: $name).focused($focus, equals: .username)
      TextField("Notes", text: $notes).focused($focus, equals: .notes)
      Button("Plain") { log.actions.append("plain") }
    }
    .toolbar {
      ToolbarItem(placement: .cancellationAction) {
        Button("Cancel") { log.actions.append("cancel") }
      }
      ToolbarItem(placement: .confirmationAction) {
        Button("Save") { log.actions.append("save") }.disabled(name.isEmpty)
      }
      ToolbarItem(placement: .primaryAction) { Button("Share") {} }
      ToolbarItem(placement: .navigation) { Button("Sidebar") {} }
      ToolbarItemGroup(placement: .bottomBar) {
        Text("\(name.count) characters")
        Spacer()
        Button("Trash") {}
      }
      ToolbarItemGroup(placement: .keyboard) {
        Button("Next") { focus = focus == .username ? .notes : .username }
        Spacer()
        Button("Done") { focus = nil }
      }
    }
  }
}

@MainActor
private func ancestor(_ widget: Widget, _ type: GType) -> UnsafeMutablePointer<GtkWidget>? {
  gtk_widget_get_ancestor(widget.pointer, type)
}

/// The widget's left edge in `container`'s coordinates, as GTK laid it out.
@MainActor
private func left(_ widget: Widget, in container: UnsafeMutablePointer<GtkWidget>) -> Double {
  var bounds = graphene_rect_t()
  XCTAssertNotEqual(gtk_widget_compute_bounds(widget.pointer, container, &bounds), 0)
  return Double(bounds.origin.x)
}

/// Clicks the middle of the button titled `title` with the X pointer (real input).
@MainActor
private func realClick(_ title: String, in ui: ViewInspection<AnyTestView>) throws {
  let button = try ui.find(title: title).widget
  var bounds = graphene_rect_t()
  XCTAssertNotEqual(gtk_widget_compute_bounds(button.pointer, ui.window.pointer, &bounds), 0)
  var dx = 0.0
  var dy = 0.0
  gtk_native_get_surface_transform(OpaquePointer(ui.window.pointer), &dx, &dy)
  let x = Int(Double(bounds.origin.x + bounds.size.width / 2) + dx)
  let y = Int(Double(bounds.origin.y + bounds.size.height / 2) + dy)
  try xdotool(on: ui.window, ["mousemove", "\(x)", "\(y)", "click", "1"])
}

/// `.toolbar` with ToolbarItem / ToolbarItemGroup on real GTK widgets (issue 13, window
/// chrome): header bar placement, the action bar, the keyboard bar, Return and Escape.
final class ToolbarTests: GtkTestCase, @unchecked Sendable {
  func testItemsGoWhereGNOMEPutsThem() throws {
    try MainActor.assumeIsolated {
      let ui = show(host { Editor(log: ToolbarLog()) })
      waitForFrames(ui.window)
      let header = try XCTUnwrap(titlebar(of: ui.window))
      let width = Double(gtk_widget_get_width(header))
      let position = { (title: String) -> Double in
        let button = try ui.find(title: title).widget
        XCTAssertEqual(
          ancestor(button, gtk_header_bar_get_type()), header, "\(title) is in the header bar")
        return left(button, in: header)
      }
      let sidebar = try position("Sidebar")
      let cancel = try position("Cancel")
      let share = try position("Share")
      let save = try position("Save")
      XCTAssertLessThan(sidebar, cancel, "navigation first, then cancellation, at the start")
      XCTAssertLessThan(cancel, width / 2)
      XCTAssertLessThan(cancel, share, "actions at the end")
      XCTAssertLessThan(share, save, "the confirmation at the very end")
      XCTAssertGreaterThan(save, width / 2)

      let trash = try ui.find(title: "Trash").widget
      let bar = try XCTUnwrap(ancestor(trash, gtk_action_bar_get_type()), ".bottomBar")
      XCTAssertNil(ancestor(trash, gtk_header_bar_get_type()))
      XCTAssertNotEqual(gtk_widget_get_mapped(bar), 0, "the bottom bar shows")
      let name = try ui.find(title: "Name").widget
      XCTAssertGreaterThan(
        gtk_widget_get_allocated_width(trash.pointer), 0)
      var barBounds = graphene_rect_t()
      var nameBounds = graphene_rect_t()
      _ = gtk_widget_compute_bounds(bar, ui.window.pointer, &barBounds)
      _ = gtk_widget_compute_bounds(name.pointer, ui.window.pointer, &nameBounds)
      XCTAssertGreaterThan(barBounds.origin.y, nameBounds.origin.y, "under the content")
      XCTAssertGreaterThan(
        left(trash, in: bar), Double(gtk_widget_get_width(bar)) / 2,
        "a Spacer in the bar pushes the next item to the far end")
      XCTAssertEqual(try ui.find(Text.self).text, "0 characters")
    }
  }

  func testTheKeyboardBarShowsWhileAFieldHasFocusAndItsButtonsKeepFocusInTheFields() throws {
    try MainActor.assumeIsolated {
      let ui = show(host { Editor(log: ToolbarLog()) })
      let name = try ui.find(title: "Name")
      let notes = try ui.find(title: "Notes")
      let done = try ui.find(title: "Done")
      let bar = try XCTUnwrap(ancestor(done.widget, gtk_action_bar_get_type()))
      XCTAssertNil(ancestor(done.widget, gtk_header_bar_get_type()))
      XCTAssertTrue(name.isFocused, "launch focus")
      XCTAssertNotEqual(gtk_widget_get_visible(bar), 0, "shown while a field has focus")
      XCTAssertEqual(gtk_widget_get_can_focus(bar), 0, "nothing in the bar takes focus")
      XCTAssertEqual(gtk_widget_get_focus_on_click(done.widget.pointer), 0)

      try ui.find(title: "Next").tap()
      XCTAssertTrue(notes.isFocused, "Next moves focus through @FocusState")
      XCTAssertNotEqual(gtk_widget_get_visible(bar), 0)
      try ui.find(title: "Next").tap()
      XCTAssertTrue(name.isFocused)

      done.tap()
      XCTAssertNil(focusWidget(ui.window), "Done dismisses focus")
      XCTAssertEqual(gtk_widget_get_visible(bar), 0, "hidden without a focused field")

      notes.tap()
      XCTAssertNotEqual(gtk_widget_get_visible(bar), 0)
      ui.press(.tab)
      XCTAssertTrue(try ui.find(title: "Plain").isFocused, "Tab skips the keyboard bar")
      XCTAssertEqual(gtk_widget_get_visible(bar), 0, "a focused button is no field")
    }
  }

  func testARealClickOnTheKeyboardBarLeavesFocusWhereTheActionPutsIt() throws {
    guard try runsInChildProcess(in: "ToolbarTests") else { return }
    try MainActor.assumeIsolated {
      let ui = show(host { Editor(log: ToolbarLog()) })
      waitForFrames(ui.window)
      XCTAssertTrue(try ui.find(title: "Name").isFocused)
      try realClick("Next", in: ui)
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { (try? ui.find(title: "Notes").isFocused) == true },
        "a real click on Next moves focus to the next field, and the click takes none")
      waitForFrames(ui.window)
      XCTAssertTrue(try ui.find(title: "Notes").isFocused)
      try realClick("Done", in: ui)
      XCTAssertTrue(MainLoop.run(timeout: 5) { focusWidget(ui.window) == nil }, "Done: no focus")
    }
  }

  func testAPrincipalItemIsTheHeaderBarsTitleWhileItIsThere() throws {
    try MainActor.assumeIsolated {
      let flag = ToolbarFlag()
      let ui = show(
        host {
          Text("Body")
            .toolbar {
              if flag.on {
                ToolbarItem(placement: .principal) { Text("Custom title") }
              }
              ToolbarItem(placement: .primaryAction) { Button("Share") {} }
            }
        })
      let header = try XCTUnwrap(titlebar(of: ui.window))
      let share = try ui.find(title: "Share").widget
      let custom = try XCTUnwrap(ui.findAll(Text.self).first { $0.text == "Custom title" })
      XCTAssertEqual(gtk_header_bar_get_title_widget(OpaquePointer(header)), custom.widget.pointer)
      flag.on = false
      MainLoop.drain()
      XCTAssertNil(gtk_header_bar_get_title_widget(OpaquePointer(header)), "the title is back")
      XCTAssertTrue(try ui.find(title: "Share").widget === share, "the other item keeps its widget")
      XCTAssertNotNil(share.root)
    }
  }

  func testAToolbarThatAppearsInAShownWindowKeepsTheUsersFocus() throws {
    try MainActor.assumeIsolated {
      let flag = ToolbarFlag()
      flag.on = false
      let ui = show(
        host {
          VStack {
            TextField("Name", text: .constant("Ada"))
            if flag.on {
              Text("More")
                .toolbar {
                  ToolbarItem(placement: .bottomBar) { Button("Trash") {} }
                  ToolbarItem(placement: .primaryAction) { Button("Share") {} }
                }
            }
          }
        })
      waitForFrames(ui.window)
      let name = try ui.find(title: "Name")
      XCTAssertTrue(name.isFocused)
      XCTAssertNil(titlebar(of: ui.window))
      flag.on = true
      MainLoop.drain()
      waitForFrames(ui.window)
      XCTAssertTrue(name.isFocused, "moving the content under the new bars keeps focus")
      XCTAssertNil((name.widget as? Entry)?.selection, "and selects nothing")
      let share = try ui.find(title: "Share").widget
      let header = try XCTUnwrap(ancestor(share, gtk_header_bar_get_type()))
      XCTAssertEqual(
        gtk_header_bar_get_show_title_buttons(OpaquePointer(header)), 0,
        "a shown window gets its header bar above the content, without window buttons")
      XCTAssertNotNil(ancestor(try ui.find(title: "Trash").widget, gtk_action_bar_get_type()))
    }
  }

  func testTheLastToolbarsItemsLeaveTheHeaderBarWithIt() throws {
    try MainActor.assumeIsolated {
      let flag = ToolbarFlag()
      let ui = show(
        host {
          VStack {
            TextField("Name", text: .constant("Ada"))
            if flag.on {
              Text("More")
                .toolbar {
                  ToolbarItem(placement: .navigation) { Button("Back") {} }
                  ToolbarItem(placement: .primaryAction) { Button("Share") {} }
                }
            }
          }
        })
      let header = try XCTUnwrap(titlebar(of: ui.window))
      @MainActor func buttons() -> [String] {
        gtkTree(header).filter { isA($0, gtk_button_get_type()) }.compactMap {
          gtk_button_get_label($0.cast(to: GtkButton.self)).map { String(cString: $0) }
        }
      }
      XCTAssertEqual(Set(buttons()), ["Back", "Share"])
      flag.on = false
      MainLoop.drain()
      XCTAssertEqual(buttons(), [], "no toolbar left, no items left in the header bar")
    }
  }

  func testNavigationBarItemsGoToTheHeaderBarsEnds() throws {
    try MainActor.assumeIsolated {
      let ui = show(
        host {
          Text("List")
            .navigationBarTitleDisplayMode(.inline)
            .navigationBarItems(leading: Button("Edit") {}, trailing: Button("Add") {})
        })
      waitForFrames(ui.window)
      let header = try XCTUnwrap(titlebar(of: ui.window))
      let edit = try ui.find(title: "Edit").widget
      let add = try ui.find(title: "Add").widget
      XCTAssertEqual(ancestor(edit, gtk_header_bar_get_type()), header)
      XCTAssertEqual(ancestor(add, gtk_header_bar_get_type()), header)
      XCTAssertLessThan(left(edit, in: header), left(add, in: header))
    }
  }

  func testTheKeyboardBarFollowsATextEditor() throws {
    try MainActor.assumeIsolated {
      struct Notes: View {
        @State var text = ""
        @FocusState var editing: Bool
        var body: some View {
          VStack {
            Button("Edit") { editing = true }
            TextEditor(text: $text).focused($editing)
          }
          .toolbar {
            ToolbarItemGroup(placement: .keyboard) { Button("Done") { editing = false } }
          }
        }
      }
      let ui = show(host { Notes() })
      let done = try ui.find(title: "Done")
      let bar = try XCTUnwrap(ancestor(done.widget, gtk_action_bar_get_type()))
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertEqual(gtk_widget_get_visible(bar), 0)
      try ui.find(title: "Edit").tap()
      XCTAssertNotEqual(gtk_widget_get_visible(bar), 0, "a focused text editor shows it")
      done.tap()
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertEqual(gtk_widget_get_visible(bar), 0)
    }
  }

  // Issue 37: the keyboard bar's Done could not be reached by keyboard at all.
  func testF6ReachesTheKeyboardBarWhoseButtonsActOnTheFieldTheUserIsIn() throws {
    try MainActor.assumeIsolated {
      struct Fields: View {
        @State var first = ""
        @State var second = ""
        @FocusState var focus: Field?
        let probe: FormProbe
        var body: some View {
          probe.focus = $focus
          return VStack {
            TextField("First", text: $first).focused($focus, equals: .username)
            TextField("Second", text: $second).focused($focus, equals: .password)
          }
          .toolbar {
            ToolbarItemGroup(placement: .keyboard) {
              Button("Next") { focus = .password }
              Button("Done") { focus = nil }
            }
          }
        }
      }
      let probe = FormProbe()
      let ui = show(host { Fields(probe: probe) })
      let next = try ui.find(title: "Next")
      let bar = try XCTUnwrap(ancestor(next.widget, gtk_action_bar_get_type()))
      XCTAssertEqual(probe.current, .username, "launch focus")
      XCTAssertNotEqual(gtk_widget_get_visible(bar), 0)
      @MainActor func press(_ keyval: Int32) {
        let focus = gtk_root_get_focus(OpaquePointer(ui.window.pointer))!
        _ = cgtk_testing_press_key(focus, UInt32(keyval))
        MainLoop.drain()
      }
      XCTAssertEqual(gtk_widget_get_can_focus(bar), 0, "the bar takes no focus on its own")

      press(GDK_KEY_F6)
      XCTAssertTrue(next.isFocused, "F6 puts focus on the bar's first button")
      XCTAssertEqual(probe.current, .username, "the focus state keeps the field")
      XCTAssertNotEqual(gtk_widget_get_visible(bar), 0, "the bar stays while focus is in it")
      XCTAssertEqual(next.widget.accessibility.name, "Next")
      press(GDK_KEY_Escape)
      XCTAssertTrue(try ui.find(title: "First").isFocused, "Escape returns to the field")
      XCTAssertEqual(gtk_widget_get_can_focus(bar), 0)

      press(GDK_KEY_F6)
      cgtk_window_move_focus(ui.window.pointer, GTK_DIR_TAB_FORWARD)
      MainLoop.drain()
      XCTAssertTrue(try ui.find(title: "Done").isFocused, "Tab walks the bar's buttons")
      press(GDK_KEY_F6)
      XCTAssertTrue(try ui.find(title: "First").isFocused, "F6 again returns to the field")

      press(GDK_KEY_F6)
      press(GDK_KEY_Return)
      XCTAssertEqual(probe.current, .password, "Next acts on the field the user was in")
      XCTAssertTrue(try ui.find(title: "Second").isFocused)
      press(GDK_KEY_F6)
      cgtk_window_move_focus(ui.window.pointer, GTK_DIR_TAB_FORWARD)
      MainLoop.drain()
      press(GDK_KEY_space)
      XCTAssertNil(probe.current, "Done ends the editing")
      XCTAssertNil(gtk_root_get_focus(OpaquePointer(ui.window.pointer)))
      XCTAssertEqual(gtk_widget_get_visible(bar), 0)
      XCTAssertEqual(gtk_widget_get_can_focus(bar), 0)
    }
  }

  func testTheConfirmationIsTheDefaultWidgetAndFollowsDisabled() throws {
    try MainActor.assumeIsolated {
      let log = ToolbarLog()
      let ui = show(host { Editor(log: log) })
      let save = try ui.find(title: "Save")
      let window = ui.window.pointer.cast(to: GtkWindow.self)
      XCTAssertEqual(gtk_window_get_default_widget(window), save.widget.pointer)
      XCTAssertFalse(save.isEnabled, ".disabled(name.isEmpty)")
      XCTAssertNotEqual(gtk_widget_has_css_class(save.widget.pointer, "suggested-action"), 0)

      try ui.find(title: "Name").type("Ada")
      XCTAssertTrue(save.isEnabled, "the item follows state")
      XCTAssertEqual(try ui.find(title: "Save").widget.pointer, save.widget.pointer, "same widget")
      XCTAssertEqual(try ui.find(Text.self).text, "3 characters")

      try ui.find(title: "Done").tap()
      XCTAssertNil(focusWidget(ui.window))
      // What Return does in a window whose focus takes no Return: GtkWindow's binding.
      cgtk_emit(ui.window.pointer, "activate-default")
      // NB: GTK clicks an activated button after its press animation.
      XCTAssertTrue(MainLoop.run(timeout: 5) { !log.actions.isEmpty })
      XCTAssertEqual(log.actions, ["save"])
    }
  }

  func testEscapeRunsTheCancellationActionFromAField() throws {
    guard try runsInChildProcess(in: "ToolbarTests") else { return }
    try MainActor.assumeIsolated {
      let log = ToolbarLog()
      let ui = show(host { Editor(log: log) })
      XCTAssertTrue(try ui.find(title: "Name").isFocused)
      try xdotool(on: ui.window, ["key", "Escape"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { log.actions == ["cancel"] }, "got \(log.actions)")
    }
  }

  func testAPushedPagesToolbarReplacesTheRootsAndPopBringsItBack() throws {
    try MainActor.assumeIsolated {
      let log = ToolbarLog()
      let ui = show(
        host {
          NavigationStack {
            NavigationLink("Edit") { Editor(log: log) }
              .toolbar { ToolbarItem(placement: .primaryAction) { Button("Add") {} } }
          }
        })
      let add = try ui.find(title: "Add").widget
      XCTAssertNotNil(add.root, "the root's item is in the window")
      try ui.find(title: "Edit").tap()
      XCTAssertNil(add.root, "a covered page's items leave the header bar")
      let save = try ui.find(title: "Save").widget
      XCTAssertNotNil(ancestor(save, gtk_header_bar_get_type()))
      XCTAssertEqual(
        gtk_window_get_default_widget(ui.window.pointer.cast(to: GtkWindow.self)), save.pointer)

      XCTAssertTrue(ui.host.graph.chrome!.goBack())
      MainLoop.drain()
      XCTAssertNotNil(add.root, "back on the root, its item is back")
      XCTAssertNil(
        gtk_window_get_default_widget(ui.window.pointer.cast(to: GtkWindow.self)),
        "the popped page's confirmation is no longer the default")
    }
  }
}
