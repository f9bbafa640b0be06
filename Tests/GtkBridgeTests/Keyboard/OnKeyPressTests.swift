import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

/// `.onKeyPress` with real X key events (`xdotool`, in a child process): which keys reach it,
/// from where, and that a text field's input method still composes.
final class OnKeyPressTests: GtkTestCase, @unchecked Sendable {
  private func run(_ test: String = #function) throws -> Bool {
    try runsInChildProcess(test, in: "OnKeyPressTests")
  }

  func testKeysTheFocusedFieldLeavesReachTheActionAndTypedTextDoesNot() throws {
    guard try run() else { return }
    try MainActor.assumeIsolated {
      let model = KeyModel()
      let host = host {
        VStack {
          TextField("Name", text: Binding(get: { model.text }, set: { model.text = $0 }))
        }
        .onKeyPress { press in
          model.pressed.append("\(press.key)\(press.phase == .repeat ? "+" : "")")
          return press.key == .escape ? .handled : .ignored
        }
      }
      show(host)
      try xdotool(on: host.window, ["type", "--delay", "30", "ab"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.text == "ab" }, "typed \(model.text)")
      try xdotool(on: host.window, ["key", "Escape"])
      try xdotool(on: host.window, ["key", "Down"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.pressed.count >= 2 }, "\(model.pressed)")
      XCTAssertEqual(
        model.pressed, ["escape", "downArrow"], "typed characters stay with the field")
      XCTAssertEqual(model.text, "ab")
    }
  }

  func testKeyFormsMatchTheirKeysCharactersAndModifiers() throws {
    guard try run() else { return }
    try MainActor.assumeIsolated {
      let model = KeyModel()
      let host = host {
        Text("Board")
          .focusable()
          .onKeyPress(.upArrow) {
            model.pressed.append("up")
            return .handled
          }
          .onKeyPress(keys: [.leftArrow, .rightArrow]) { press in
            model.pressed.append("\(press.key)")
            return .handled
          }
          .onKeyPress(characters: .decimalDigits) { press in
            model.pressed.append("digit \(press.characters)")
            return .handled
          }
          .onKeyPress(phases: .up) { press in
            if press.key == "k" { model.pressed.append("k up") }
            return .ignored
          }
          .onKeyPress(phases: .down) { press in
            if press.key == "k" {
              model.pressed.append("k \(press.modifiers.contains(.command) ? "ctrl" : "plain")")
            }
            return .ignored
          }
      }
      show(host)
      host.window.simulateMoveFocus(.tabForward)
      let focus = try XCTUnwrap(focusWidget(host.window), "Tab reaches the .focusable() text")
      XCTAssertTrue(
        descendants(focus).contains { isA(UnsafeMutableRawPointer($0), gtk_label_get_type()) })
      for key in ["Up", "Left", "Right", "7", "a", "k", "ctrl+k"] {
        try xdotool(on: host.window, ["key", key])
      }
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.pressed.count >= 7 }, "\(model.pressed)")
      XCTAssertEqual(
        model.pressed,
        ["up", "leftArrow", "rightArrow", "digit 7", "k plain", "k up", "k ctrl", "k up"])
    }
  }

  func testOnlyTheFocusedViewsActionRunsAndHandledStopsTheKey() throws {
    guard try run() else { return }
    try MainActor.assumeIsolated {
      let model = KeyModel()
      let host = host {
        HStack {
          VStack {
            TextField("Left", text: Binding(get: { model.text }, set: { model.text = $0 }))
          }
          .onKeyPress(.tab) {
            model.pressed.append("left tab")
            return .handled
          }
          VStack {
            TextField("Right", text: .constant(""))
          }
          .onKeyPress(.tab) {
            model.pressed.append("right tab")
            return .ignored
          }
        }
      }
      show(host)
      let before = focusWidget(host.window)
      XCTAssertNotNil(before)
      try xdotool(on: host.window, ["key", "Tab"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { !model.pressed.isEmpty })
      XCTAssertEqual(model.pressed, ["left tab"], "only the focused view's action runs")
      XCTAssertEqual(focusWidget(host.window), before, ".handled stopped Tab: focus stayed")
    }
  }

  func testInputMethodCompositionInAFieldUnderOnKeyPressStillComposes() throws {
    guard try run() else { return }
    try MainActor.assumeIsolated {
      let model = KeyModel()
      let host = host {
        VStack {
          TextField("Name", text: Binding(get: { model.text }, set: { model.text = $0 }))
        }
        .onKeyPress { press in
          model.pressed.append(press.characters)
          return .handled
        }
      }
      show(host)
      // GTK's own input method (GtkIMContextSimple): Ctrl+Shift+U, hex digits, Space composes
      // a character; the digits are preedit until then.
      for key in ["ctrl+shift+u", "e", "9", "space"] {
        try xdotool(on: host.window, ["key", key])
      }
      XCTAssertTrue(MainLoop.run(timeout: 5) { !model.text.isEmpty }, "nothing typed")
      XCTAssertEqual(model.text, "é", "the input method composed the character")
      XCTAssertEqual(model.pressed, [], "composing keys never reach the action")
    }
  }

  func testMoveExitAndDeleteCommandsRunForTheFocusedView() throws {
    guard try run() else { return }
    try MainActor.assumeIsolated {
      let model = KeyModel()
      let host = host {
        VStack {
          Text("Grid")
            .focusable()
            .onMoveCommand { model.pressed.append("move \($0)") }
            .onDeleteCommand { model.pressed.append("delete") }
            .onExitCommand { model.pressed.append("exit") }
          Button("Cancel") { model.pressed.append("cancel") }.keyboardShortcut(.cancelAction)
        }
      }
      show(host)
      host.window.simulateMoveFocus(.tabForward)
      MainLoop.drain()
      for key in ["Up", "Left", "BackSpace", "Delete", "Escape"] {
        try xdotool(on: host.window, ["key", key])
      }
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.pressed.count >= 5 }, "\(model.pressed)")
      XCTAssertEqual(model.pressed, ["move up", "move left", "delete", "delete", "exit"])
    }
  }

  func testAHeldKeyRepeatsAndThenGoesUp() throws {
    guard try run() else { return }
    try MainActor.assumeIsolated {
      let model = KeyModel()
      let host = host {
        Text("Board")
          .focusable()
          .onKeyPress(.rightArrow, phases: .all) { press in
            let phase =
              press.phase == .down ? "down" : press.phase == .repeat ? "repeat" : "up"
            if model.pressed.last != phase { model.pressed.append(phase) }
            return .handled
          }
      }
      show(host)
      host.window.simulateMoveFocus(.tabForward)
      MainLoop.drain()
      // NB: XTest input (no --window), so the X server repeats the held key.
      try runXdotoolDirectly(["keydown", "Right"])
      let repeated = MainLoop.run(timeout: 10) { model.pressed.contains("repeat") }
      try runXdotoolDirectly(["keyup", "Right"])
      XCTAssertTrue(repeated, "no repeat: \(model.pressed)")
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.pressed.last == "up" })
      XCTAssertEqual(model.pressed, ["down", "repeat", "up"])
    }
  }
}

private func runXdotoolDirectly(_ arguments: [String]) throws {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
  process.arguments = arguments
  try process.run()
  process.waitUntilExit()
}
