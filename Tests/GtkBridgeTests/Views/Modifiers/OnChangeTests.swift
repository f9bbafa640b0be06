import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

private struct OnChange: View {
  let probe: EditingProbe<Int>
  @State var name = "start"
  @State var mirror = ""
  @FocusState var focus: Int?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return VStack {
      TextField("Name", text: $name).focused($focus, equals: 1)
      TextField("Mirror", text: $mirror, prompt: Text("Copy of name")).focused($focus, equals: 2)
      Text("chars: \(name.count)")
    }
    .onChange(of: name, initial: true) { probe.log.append("zero:\(name)") }
    .onChange(of: name, initial: true) { old, new in
      probe.log.append("two:\(old)>\(new)")
      // Writing other state from onChange: shown in the same turn.
      mirror = new.uppercased()
    }
    .onChange(of: focus) { old, new in
      probe.log.append("focus:\(old.map(String.init) ?? "nil")>\(new.map(String.init) ?? "nil")")
      // Leaving the name field trims it: a write to the field the user just left.
      if old == 1 { name = name.trimmingCharacters(in: .whitespaces) }
    }
  }
}

/// Writes that correct what the user typed: digits only, and at most 5 characters.
private struct Corrected: View {
  let probe: EditingProbe<Int>
  @State var digits = ""
  @State var code = ""

  var body: some View {
    VStack {
      TextField("Digits", text: $digits)
        .onChange(of: digits) { _, new in
          let kept = new.filter(\.isNumber)
          if kept != new { digits = kept }
        }
      TextField("Code", text: $code)
        .onChange(of: code) {
          if code.count > 5 { code = String(code.prefix(5)) }
        }
      Text("\(digits)|\(code)")
    }
  }
}

/// `.onChange`: its forms, and corrections of typed text.
final class OnChangeTests: GtkTestCase, @unchecked Sendable {
  func testOnChangeInitialZeroAndTwoParameterFormsAndOnChangeOfFocus() throws {
    try MainActor.assumeIsolated {
      let probe = EditingProbe<Int>()
      let ui = show { OnChange(probe: probe) }
      let name = try ui.find(TextField.self, title: "Name")
      let mirror = try ui.find(TextField.self, title: "Copy of name")
      XCTAssertEqual(
        probe.log, ["zero:start", "two:start>start", "focus:nil>1"],
        "initial runs once each, then launch focus")
      XCTAssertEqual(mirror.text, "START")
      probe.log = []
      name.type(" x ")
      XCTAssertEqual(
        probe.log,
        [
          "zero:start ", "two:start>start ", "zero:start x", "two:start >start x",
          "zero:start x ", "two:start x>start x ",
        ])
      XCTAssertEqual(mirror.text, "START X ")
      XCTAssertTrue(try ui.find(Text.self).text == "chars: 8")
      probe.log = []
      ui.press(.tab)
      XCTAssertTrue(ui.findAll(TextField.self)[1].isFocused)
      XCTAssertEqual(probe.focus(), 2)
      XCTAssertEqual(name.text, "start x", "the trim on leaving shows in the field")
      XCTAssertEqual(mirror.text, "START X")
      XCTAssertEqual(
        probe.log, ["focus:1>2", "zero:start x", "two:start x >start x"])
      // Typing into the mirror, which the name's onChange also writes.
      mirror.type("!")
      XCTAssertEqual(mirror.text, "START X!")
      XCTAssertTrue(mirror.isFocused)
      probe.setFocus(nil)
      MainLoop.drain()
      XCTAssertNil(focusWidget(ui.window))
      XCTAssertEqual(probe.log.last, "focus:2>nil")
    }
  }

  func testOnChangeThatCorrectsTypedTextShowsTheCorrectionAndTypingGoesOn() throws {
    try MainActor.assumeIsolated {
      let probe = EditingProbe<Int>()
      let ui = show { Corrected(probe: probe) }
      let digits = try ui.find(TextField.self, title: "Digits")
      let code = try ui.find(TextField.self, title: "Code")
      digits.type("1a2")
      XCTAssertEqual(digits.text, "12", "the rejected letter is gone from the field")
      XCTAssertEqual(gtk_editable_get_position(OpaquePointer(digits.widget.pointer)), 2)
      digits.type("b3")
      XCTAssertEqual(digits.text, "123")
      XCTAssertTrue(digits.isFocused)
      code.type("abcdefg")
      XCTAssertEqual(code.text, "abcde")
      XCTAssertEqual(try ui.find(Text.self).text, "123|abcde")
      code.backspace()
      code.type("Z")
      XCTAssertEqual(code.text, "abcdZ")
      XCTAssertEqual(gtk_editable_get_position(OpaquePointer(code.widget.pointer)), 5)
      // Undo after a correction: back to a text someone set, never the rejected one.
      let inner = try XCTUnwrap(focusWidget(ui.window))
      _ = gtk_widget_activate_action_variant(inner, "text.undo", nil)
      MainLoop.drain()
      XCTAssertNotEqual(code.text?.count ?? 0, 6)
      XCTAssertEqual(try ui.find(Text.self).text, "123|\(code.text ?? "")")
    }
  }
}
