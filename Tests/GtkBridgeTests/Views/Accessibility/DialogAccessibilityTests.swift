import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class DialogModel {
  var note = ""
  var item = ""
  var addingItem = false
  var deleting = false
  var confirming = false
}

/// Every time a widget gained or lost focus in the process, with whether its window was shown
/// then: GTK tells assistive technologies of a focus change as it happens
/// (`gtk_widget_set_has_focus`, beside the FOCUSED state flag changing), and a screen reader
/// hears only a change in a shown window. (`notify` takes no emission hook;
/// "state-flags-changed" does.)
@MainActor
enum FocusEvents {
  struct Event {
    let widget: UnsafeMutableRawPointer
    let focused: Bool
    let windowShown: Bool
  }

  nonisolated(unsafe) static var events: [Event] = []
  nonisolated(unsafe) static var hook: gulong = 0

  static func start() {
    events = []
    guard hook == 0 else { return }
    // NB: a signal is known once its class is: before the first widget, it is made here.
    g_type_class_unref(g_type_class_ref(gtk_widget_get_type()))
    let signal = g_signal_lookup("state-flags-changed", gtk_widget_get_type())
    hook = g_signal_add_emission_hook(
      signal, 0,
      { _, count, values, _ in
        guard count > 1, let values, let object = g_value_get_object(values) else { return 1 }
        let widget = object.assumingMemoryBound(to: GtkWidget.self)
        let focused = GTK_STATE_FLAG_FOCUSED.rawValue
        let before = g_value_get_flags(values + 1) & focused
        let now = gtk_widget_get_state_flags(widget).rawValue & focused
        guard before != now else { return 1 }
        let root = gtk_widget_get_root(widget).map {
          UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self)
        }
        FocusEvents.events.append(
          Event(
            widget: object, focused: now != 0,
            windowShown: root.map { gtk_widget_get_mapped($0) != 0 } ?? false))
        return 1
      }, nil, nil)
  }

  /// The times `widget` gained focus since `start()`, and how many of them were in a window
  /// not shown.
  static func gains(of widget: UnsafeMutablePointer<GtkWidget>) -> (all: Int, unseen: Int) {
    let gains = events.filter { $0.widget == UnsafeMutableRawPointer(widget) && $0.focused }
    return (gains.count, gains.filter { !$0.windowShown }.count)
  }
}

/// The windows shown over `window` (transient for it, visible).
@MainActor
private func dialogs(over window: Window) -> [Widget] {
  let list = gtk_window_get_toplevels()
  var found: [Widget] = []
  for index in 0..<g_list_model_get_n_items(list) {
    guard let item = g_list_model_get_item(list, index) else { continue }
    g_object_unref(item)
    let candidate = item.assumingMemoryBound(to: GtkWidget.self)
    if gtk_window_get_transient_for(item.assumingMemoryBound(to: GtkWindow.self))
      == ui_window(window), gtk_widget_get_visible(candidate) != 0
    {
      found.append(Widget(retaining: candidate))
    }
  }
  return found
}

@MainActor
private func ui_window(_ window: Window) -> UnsafeMutablePointer<GtkWindow> {
  window.pointer.cast(to: GtkWindow.self)
}

/// Sheets, alerts and confirmation dialogs as a screen reader meets them (issue 37): dialogs
/// named by their titles, their focused field announced as they open, focus back on close.
final class DialogAccessibilityTests: GtkTestCase, @unchecked Sendable {
  private struct Parent: View {
    let model: DialogModel

    var body: some View {
      VStack {
        TextField("Note", text: Binding(get: { model.note }, set: { model.note = $0 }))
        Button("Add…") { model.addingItem = true }
        Button("Delete…") { model.deleting = true }
        Button("Empty trash…") { model.confirming = true }
      }
      .sheet(isPresented: Binding(get: { model.addingItem }, set: { model.addingItem = $0 })) {
        NavigationStack {
          TextField("Item", text: Binding(get: { model.item }, set: { model.item = $0 }))
            .navigationTitle("New item")
        }
      }
      .alert(
        "Delete the note?",
        isPresented: Binding(get: { model.deleting }, set: { model.deleting = $0 })
      ) {
        Button("Delete", role: .destructive) {}
        Button("Cancel", role: .cancel) {}
      }
      .confirmationDialog(
        "Empty the trash?",
        isPresented: Binding(get: { model.confirming }, set: { model.confirming = $0 })
      ) {
        Button("Empty Trash", role: .destructive) {}
      }
    }
  }

  func testTheWindowsFirstFieldGainsFocusOnceAndOnlyOnceTheWindowShows() throws {
    try MainActor.assumeIsolated {
      FocusEvents.start()
      let model = DialogModel()
      let ui = show { Parent(model: model) }
      let note = try ui.find(TextField.self)
      XCTAssertTrue(note.isFocused, "the launch rule focuses the first field")
      let text = try XCTUnwrap((note.widget as? EditableWidget)?.delegate)
      XCTAssertEqual(FocusEvents.gains(of: text).all, 1)
      XCTAssertEqual(FocusEvents.gains(of: text).unseen, 0, "announced in a shown window")
    }
  }

  func testASheetIsADialogNamedByItsTitleWhoseFieldIsAnnouncedOnOpenAndFocusReturnsOnce() throws {
    try MainActor.assumeIsolated {
      let model = DialogModel()
      let ui = show { Parent(model: model) }
      let note = try XCTUnwrap((try ui.find(TextField.self).widget as? EditableWidget)?.delegate)
      XCTAssertTrue(MainLoop.run(timeout: 5) { ui.window.isActive })
      FocusEvents.start()
      model.addingItem = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { dialogs(over: ui.window).count == 1 })
      let sheet = try XCTUnwrap(dialogs(over: ui.window).first)
      XCTAssertEqual(sheet.accessibility.role, "dialog")
      XCTAssertEqual(sheet.accessibility.name, "New item")
      let focus = try XCTUnwrap(gtk_root_get_focus(OpaquePointer(sheet.pointer)))
      XCTAssertEqual(FocusEvents.gains(of: focus).all, 1, "the sheet's field gains focus once")
      XCTAssertEqual(FocusEvents.gains(of: focus).unseen, 0, "in the shown sheet")
      let field = Widget(retaining: try XCTUnwrap(gtk_widget_get_parent(focus)))
      XCTAssertEqual(field.accessibility.name, "Item", "what is announced with the dialog")

      XCTAssertTrue(
        MainLoop.run(timeout: 5) {
          gtk_window_is_active(sheet.pointer.cast(to: GtkWindow.self)) != 0
        })
      FocusEvents.start()
      model.addingItem = false
      XCTAssertTrue(MainLoop.run(timeout: 5) { dialogs(over: ui.window).isEmpty })
      XCTAssertTrue(MainLoop.run(timeout: 5) { ui.window.isActive })
      MainLoop.drain()
      XCTAssertEqual(FocusEvents.gains(of: note).all, 1, "focus comes back to the field once")
      XCTAssertEqual(FocusEvents.gains(of: note).unseen, 0)
    }
  }

  func testAnAlertAndAConfirmationDialogAreAlertDialogsNamedByTheirTitles() throws {
    try MainActor.assumeIsolated {
      let model = DialogModel()
      let ui = show { Parent(model: model) }
      model.deleting = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { dialogs(over: ui.window).count == 1 })
      let alert = try XCTUnwrap(dialogs(over: ui.window).first).accessibility
      XCTAssertEqual(alert.role, "alert-dialog")
      XCTAssertEqual(alert.name, "Delete the note?")
      XCTAssertEqual(widgetsNamedByTheirType(in: alert.widget), [])
      model.deleting = false
      XCTAssertTrue(MainLoop.run(timeout: 5) { dialogs(over: ui.window).isEmpty })

      model.confirming = true
      XCTAssertTrue(MainLoop.run(timeout: 5) { dialogs(over: ui.window).count == 1 })
      let confirmation = try XCTUnwrap(dialogs(over: ui.window).first).accessibility
      XCTAssertEqual(confirmation.role, "alert-dialog")
      XCTAssertEqual(confirmation.name, "Empty the trash?")
    }
  }

  /// Orca said nothing as an alert with only buttons opened: nothing in it had focus, and GTK
  /// sends no event for a window (measured with scripts/orca-speech on GTK 4.8).
  func testAnAlertWithOnlyButtonsFocusesItsDefaultButtonOnceShownSoItIsAnnounced() throws {
    try MainActor.assumeIsolated {
      let model = DialogModel()
      let ui = show { Parent(model: model) }
      XCTAssertTrue(MainLoop.run(timeout: 5) { ui.window.isActive })
      for (open, button) in [
        ({ model.deleting = true }, "Delete"), ({ model.confirming = true }, "Empty Trash"),
      ] {
        FocusEvents.start()
        open()
        XCTAssertTrue(MainLoop.run(timeout: 5) { dialogs(over: ui.window).count == 1 })
        let alert = try XCTUnwrap(dialogs(over: ui.window).first)
        let focus = try XCTUnwrap(gtk_root_get_focus(OpaquePointer(alert.pointer)), button)
        XCTAssertEqual(Widget(retaining: focus).accessibility.name, button)
        XCTAssertEqual(Widget(retaining: focus).accessibility.role, "button")
        XCTAssertEqual(FocusEvents.gains(of: focus).all, 1, "\(button) gains focus once")
        XCTAssertEqual(FocusEvents.gains(of: focus).unseen, 0, "in the shown alert")
        gtk_window_destroy(alert.pointer.cast(to: GtkWindow.self))
        XCTAssertTrue(MainLoop.run(timeout: 5) { dialogs(over: ui.window).isEmpty })
        XCTAssertTrue(MainLoop.run(timeout: 5) { !model.deleting && !model.confirming })
      }
    }
  }
}
