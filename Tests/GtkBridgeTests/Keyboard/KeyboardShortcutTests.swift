import CGtk
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
final class KeyModel {
  var text = ""
  var ran: [String] = []
  var disabled = false
  var shown = true
  var hidden = false
  var pressed: [String] = []
}

/// The shortcut triggers GTK holds in the window's shortcut controllers, as GTK writes them.
@MainActor
func shortcutTriggers(_ window: Window) -> [String] {
  var triggers: [String] = []
  let controllers = gtk_widget_observe_controllers(window.pointer)!
  defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
  for index in 0..<g_list_model_get_n_items(controllers) {
    let controller = g_list_model_get_item(controllers, index)!
    defer { g_object_unref(controller) }
    guard
      g_type_check_instance_is_a(
        controller.assumingMemoryBound(to: GTypeInstance.self), gtk_shortcut_controller_get_type())
        != 0
    else { continue }
    let model = OpaquePointer(controller)
    for item in 0..<g_list_model_get_n_items(model) {
      let shortcut = g_list_model_get_item(model, item)!
      defer { g_object_unref(shortcut) }
      guard let trigger = gtk_shortcut_get_trigger(OpaquePointer(shortcut)),
        let text = gtk_shortcut_trigger_to_string(trigger)
      else { continue }
      triggers.append(String(cString: text))
      g_free(text)
    }
  }
  return triggers
}

/// A string property of a GObject, as GTK reports it (`g_object_get_property`).
@MainActor
func stringProperty(_ object: UnsafeMutableRawPointer, _ name: String) -> String? {
  var value = GValue()
  g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING
  defer { g_value_unset(&value) }
  g_object_get_property(object.assumingMemoryBound(to: GObject.self), name, &value)
  return g_value_get_string(&value).map { String(cString: $0) }
}

/// Every descendant of `widget`, depth first.
@MainActor
func descendants(_ widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
  var result: [UnsafeMutablePointer<GtkWidget>] = []
  var child = gtk_widget_get_first_child(widget)
  while let current = child {
    result.append(current)
    result += descendants(current)
    child = gtk_widget_get_next_sibling(current)
  }
  return result
}

@MainActor
func isA(_ widget: UnsafeMutableRawPointer, _ type: GType) -> Bool {
  g_type_check_instance_is_a(widget.assumingMemoryBound(to: GTypeInstance.self), type) != 0
}

/// `.keyboardShortcut` on real GTK windows: the shortcut controller GTK holds, and real X key
/// events from `xdotool` (in a child process, see `runsInChildProcess`).
final class KeyboardShortcutTests: GtkTestCase, @unchecked Sendable {
  func testAShortcutIsAGtkShortcutOnTheWindowAndLeavesWithItsView() {
    MainActor.assumeIsolated {
      let model = KeyModel()
      let host = host {
        VStack {
          TextField("Name", text: Binding(get: { model.text }, set: { model.text = $0 }))
          if model.shown {
            Button("Save") { model.ran.append("save") }.keyboardShortcut("s")
            Button("Export") { model.ran.append("export") }
              .keyboardShortcut("e", modifiers: [.command, .shift])
            Button("Up") { model.ran.append("up") }.keyboardShortcut(.upArrow, modifiers: .option)
            Button("Cancel") { model.ran.append("cancel") }.keyboardShortcut(.cancelAction)
          }
        }
      }
      show(host)
      let triggers = shortcutTriggers(host.window)
      for expected in ["<Control>s", "<Shift><Control>e", "<Alt>Up", "Escape", "<Control>question"]
      {
        XCTAssertTrue(triggers.contains(expected), "\(expected) missing from \(triggers)")
      }
      model.shown = false
      MainLoop.drain()
      let after = shortcutTriggers(host.window)
      XCTAssertFalse(after.contains("<Control>s"), "the shortcut left with its view: \(after)")
      XCTAssertFalse(after.contains("Escape"))
    }
  }

  func testAKeyGTKHasNoKeyvalForIsIgnoredWithOneWarning() {
    MainActor.assumeIsolated {
      var warnings: [String] = []
      Log.observer = { warnings.append($0) }
      defer { Log.observer = nil }
      let model = KeyModel()
      let host = host {
        VStack {
          Button("Thumbs \(model.ran.count)") {}.keyboardShortcut("👍🏽")
          Button("Plus") {}.keyboardShortcut("+")
        }
      }
      show(host)
      model.ran.append("update")
      MainLoop.drain()
      XCTAssertEqual(warnings.count, 1, "one warning, however often the view updates: \(warnings)")
      XCTAssertTrue(warnings.first?.contains("👍🏽") ?? false)
      XCTAssertTrue(shortcutTriggers(host.window).contains("<Control>plus"))
    }
  }

  func testAShortcutUnderHiddenDoesNothing() {
    MainActor.assumeIsolated {
      let model = KeyModel()
      let host = host {
        VStack {
          VStack {
            Button("Save") { model.ran.append("save") }.keyboardShortcut("s")
          }
          .hidden()
          Button("Open") { model.ran.append("open") }.keyboardShortcut("o")
        }
      }
      let ui = show(host)
      XCTAssertFalse(ui.press(KeyboardShortcut("s")), "hidden: nothing runs")
      XCTAssertTrue(ui.press(KeyboardShortcut("o")))
      XCTAssertEqual(model.ran, ["open"])
      XCTAssertFalse(ui.press(KeyboardShortcut("q")), "no such shortcut")
    }
  }

  func testInspectionEscapeRunsTheCancelActionUnlessAKeyPressHandlerTakesIt() throws {
    try MainActor.assumeIsolated {
      let model = KeyModel()
      let host = host {
        VStack {
          TextField("Name", text: Binding(get: { model.text }, set: { model.text = $0 }))
          TextField("Search", text: .constant(""))
            .onKeyPress(.escape) {
              model.ran.append("clear search")
              return .handled
            }
          Button("Cancel") { model.ran.append("cancel") }.keyboardShortcut(.cancelAction)
        }
      }
      let ui = show(host)
      try ui.find(TextField.self, title: "Name").press(.escape)
      XCTAssertEqual(model.ran, ["cancel"])
      try ui.find(TextField.self, title: "Search").press(.escape)
      XCTAssertEqual(model.ran, ["cancel", "clear search"], ".onKeyPress took Escape first")
    }
  }

  func testCommandShortcutRunsTheButtonFromAFocusedTextFieldAndNotWhenDisabledOrGone() throws {
    guard try runsInChildProcess(in: "KeyboardShortcutTests") else { return }
    try MainActor.assumeIsolated {
      let model = KeyModel()
      let host = host {
        VStack {
          TextField("Name", text: Binding(get: { model.text }, set: { model.text = $0 }))
          if model.shown {
            Button("Save") { model.ran.append("save") }.keyboardShortcut("s")
              .disabled(model.disabled)
          }
          Toggle("Bold", isOn: Binding(get: { model.hidden }, set: { model.hidden = $0 }))
            .keyboardShortcut("b")
        }
      }
      show(host)
      XCTAssertNotNil(focusWidget(host.window), "the text field has launch focus")
      try xdotool(on: host.window, ["key", "ctrl+s"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.ran == ["save"] }, "ran \(model.ran)")
      XCTAssertEqual(model.text, "", "the shortcut's key did not reach the field")
      try xdotool(on: host.window, ["key", "ctrl+b"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.hidden }, "Ctrl+B flips the toggle")
      model.disabled = true
      MainLoop.drain()
      try xdotool(on: host.window, ["key", "ctrl+s"])
      try xdotool(on: host.window, ["type", "x"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.text == "x" })
      XCTAssertEqual(model.ran, ["save"], "a disabled button's shortcut does nothing")
      model.disabled = false
      model.shown = false
      MainLoop.drain()
      try xdotool(on: host.window, ["key", "ctrl+s"])
      try xdotool(on: host.window, ["type", "y"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.text == "xy" })
      XCTAssertEqual(model.ran, ["save"], "a removed button's shortcut does nothing")
    }
  }

  func testEscapeRunsTheCancelActionAndReturnTheDefaultAction() throws {
    guard try runsInChildProcess(in: "KeyboardShortcutTests") else { return }
    try MainActor.assumeIsolated {
      let model = KeyModel()
      let host = host {
        VStack {
          TextField("Name", text: Binding(get: { model.text }, set: { model.text = $0 }))
            .onSubmit { model.ran.append("submit") }
          Button("Cancel") { model.ran.append("cancel") }.keyboardShortcut(.cancelAction)
          Button("OK") { model.ran.append("ok") }.keyboardShortcut(.defaultAction)
        }
      }
      show(host)
      try xdotool(on: host.window, ["key", "Escape"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.ran == ["cancel"] }, "ran \(model.ran)")
      try xdotool(on: host.window, ["key", "Return"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.ran.count == 2 }, "ran \(model.ran)")
      XCTAssertEqual(model.ran, ["cancel", "submit"], "Return in a field submits it")
      gtk_root_set_focus(OpaquePointer(host.window.pointer), nil)
      try xdotool(on: host.window, ["key", "Return"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.ran.count == 3 }, "ran \(model.ran)")
      XCTAssertEqual(model.ran.last, "ok", "Return with nothing focused runs the default action")
    }
  }

  func testConflictingShortcutsRunTheLastRegisteredWithOneWarning() throws {
    guard try runsInChildProcess(in: "KeyboardShortcutTests") else { return }
    try MainActor.assumeIsolated {
      var warnings: [String] = []
      Log.observer = { warnings.append($0) }
      defer { Log.observer = nil }
      let model = KeyModel()
      let host = host {
        VStack {
          Button("First") { model.ran.append("first") }.keyboardShortcut("r")
          Button("Second") { model.ran.append("second") }.keyboardShortcut("r")
            .disabled(model.disabled)
        }
      }
      show(host)
      XCTAssertEqual(warnings.count, 1, "\(warnings)")
      XCTAssertTrue(warnings.first?.contains("<Control>r") ?? false, "\(warnings)")
      try xdotool(on: host.window, ["key", "ctrl+r"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { !model.ran.isEmpty })
      XCTAssertEqual(model.ran, ["second"], "the last registered runs")
      model.disabled = true
      MainLoop.drain()
      try xdotool(on: host.window, ["key", "ctrl+r"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.ran.count == 2 })
      XCTAssertEqual(model.ran, ["second", "first"], "while it is disabled, the one before runs")
      XCTAssertEqual(warnings.count, 1, "one warning per combination and window")
    }
  }

  func testCtrlQuestionOpensAShortcutsWindowListingTheButtons() throws {
    guard try runsInChildProcess(in: "KeyboardShortcutTests") else { return }
    try MainActor.assumeIsolated {
      let model = KeyModel()
      let host = host {
        HStack {
          Button("Save") { model.ran.append("save") }.keyboardShortcut("s")
          Button("Find & Replace") { model.ran.append("find") }
            .keyboardShortcut("f", modifiers: [.command, .shift])
          Button("Close") { model.ran.append("close") }.keyboardShortcut(.cancelAction)
          Button("OK") { model.ran.append("ok") }.keyboardShortcut(.defaultAction)
        }
      }
      show(host)
      try xdotool(on: host.window, ["key", "ctrl+question"])
      var overview: UnsafeMutableRawPointer?
      XCTAssertTrue(
        MainLoop.run(timeout: 5) {
          let list = gtk_window_get_toplevels()!
          for index in 0..<g_list_model_get_n_items(list) {
            let item = g_list_model_get_item(list, index)!
            g_object_unref(item)
            if isA(item, gtk_shortcuts_window_get_type()) { overview = item }
          }
          return overview != nil
        }, "Ctrl+? opened no GtkShortcutsWindow")
      let window = try XCTUnwrap(overview).assumingMemoryBound(to: GtkWidget.self)
      let rows = descendants(window)
        .filter { isA(UnsafeMutableRawPointer($0), gtk_shortcuts_shortcut_get_type()) }
        .map {
          "\(stringProperty(UnsafeMutableRawPointer($0), "title") ?? "")="
            + "\(stringProperty(UnsafeMutableRawPointer($0), "accelerator") ?? "")"
        }
      // NB: the window's search page holds a copy of each row.
      var seen: Set<String> = []
      XCTAssertEqual(
        rows.filter { seen.insert($0).inserted },
        [
          "Save=<Control>s", "Find & Replace=<Shift><Control>f", "Close=Escape", "OK=Return",
          "Keyboard Shortcuts=<Control>question",
        ])
      XCTAssertEqual(model.ran, [], "Ctrl+? ran no button")
      gtk_window_destroy(window.cast(to: GtkWindow.self))
    }
  }
}
