import CGtk
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

@MainActor
private final class CommandLog {
  var moves: [MoveCommandDirection] = []
  var exits = 0
}

/// `onMoveCommand` and `onExitCommand` (issue 17 item 6) with real keys (xdotool on Xvfb):
/// arrows and Escape reach the view while focus is in it; arrows elsewhere move focus.
final class MoveCommandTests: GtkTestCase, @unchecked Sendable {
  func testArrowsAndEscapeRunTheCommandsWhileFocusIsInsideAndMoveFocusElsewhere() throws {
    guard try runsInChildProcess(in: "MoveCommandTests") else { return }
    try MainActor.assumeIsolated {
      let log = CommandLog()
      var query = "abc"
      let ui = show {
        VStack {
          Button("Above") {}
          VStack {
            Button("Cell") {}
          }
          .onMoveCommand { log.moves.append($0) }
          .onExitCommand { log.exits += 1 }
          TextField("Search", text: Binding(get: { query }, set: { query = $0 }))
            .onExitCommand { query = "" }
          Button("Below") {}
        }
      }
      let cell = try ui.find(title: "Cell")
      gtk_widget_grab_focus(cell.widget.pointer)
      MainLoop.drain()
      XCTAssertTrue(cell.isFocused)

      for key in ["Down", "Up", "Left", "Right", "KP_Down"] {
        try xdotool(on: ui.window, ["key", key])
      }
      XCTAssertTrue(MainLoop.run(timeout: 5) { log.moves.count == 5 }, "\(log.moves)")
      XCTAssertEqual(log.moves, [.down, .up, .left, .right, .down])
      XCTAssertTrue(cell.isFocused, "the command took the keys: focus stayed")

      try xdotool(on: ui.window, ["key", "Escape"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { log.exits == 1 })

      // Outside the modified view, an arrow is GTK's focus move and no command.
      let above = try ui.find(title: "Above")
      gtk_widget_grab_focus(above.widget.pointer)
      MainLoop.drain()
      try xdotool(on: ui.window, ["key", "Down"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { !above.isFocused }, "Down moved focus")
      XCTAssertEqual(log.moves.count, 5)

      // Escape in a text field with its own exit command.
      let field = try ui.find(TextField.self)
      field.tap()
      try xdotool(on: ui.window, ["key", "Escape"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { query.isEmpty }, "Escape cleared the field")
      XCTAssertEqual(log.exits, 1)
      XCTAssertTrue(field.isFocused)
    }
  }

  func testANilActionLeavesTheKeysToGtk() throws {
    guard try runsInChildProcess(in: "MoveCommandTests") else { return }
    try MainActor.assumeIsolated {
      let action: (@MainActor (MoveCommandDirection) -> Void)? = nil
      let ui = show {
        VStack {
          Button("Top") {}.onMoveCommand(perform: action)
          Button("Bottom") {}
        }
      }
      let top = try ui.find(title: "Top")
      gtk_widget_grab_focus(top.widget.pointer)
      MainLoop.drain()
      try xdotool(on: ui.window, ["key", "Down"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { !top.isFocused }, "Down moved focus")
    }
  }
}
