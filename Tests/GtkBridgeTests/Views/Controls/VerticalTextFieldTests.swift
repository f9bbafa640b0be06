import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

// `TextField(_:text:axis: .vertical)` with `.lineLimit`, as a Mac shows it (macOS 13): the
// field grows with its text between its line limits, then scrolls; Return submits, Option- or
// Ctrl-Return types a new line, Tab moves on; focus, `.disabled`, `onChange` and the binding
// behave as in a one-line field.

@MainActor
@Observable
private final class Composer {
  var message = ""
  var subject = ""
  var limit = 2
  var submitted: [String] = []
  var changes: [String] = []
}

private enum ComposerField: Hashable {
  case subject, message
}

/// A message composer as a SwiftUI sample writes it.
private struct ComposerView: View {
  @Bindable var model: Composer
  @FocusState var focus: ComposerField?
  var disabled = false
  let probe: ComposerProbe

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    return VStack {
      TextField("Subject", text: $model.subject)
        .focused($focus, equals: .subject)
      TextField("Message", text: $model.message, axis: .vertical)
        .lineLimit(1...model.limit)
        .focused($focus, equals: .message)
        .disabled(disabled)
        .onSubmit { model.submitted.append(model.message) }
        .onChange(of: model.message) { _, new in model.changes.append(new) }
    }
  }
}

@MainActor
private final class ComposerProbe {
  var focus: () -> ComposerField? = { nil }
  var setFocus: (ComposerField?) -> Void = { _ in }
}

/// The height GTK gave the field's widget, after the window painted.
@MainActor
private func height(of field: InspectedView, in window: Window) -> Int32 {
  waitForFrames(window)
  return gtk_widget_get_height(field.widget.pointer)
}

/// The field's height once it grew past `previous` (within 5 s of frames).
@MainActor
private func grownHeight(of field: InspectedView, past previous: Int32, in window: Window)
  -> Int32
{
  XCTAssertTrue(
    MainLoop.run(timeout: 5) {
      gtk_widget_queue_draw(window.pointer)
      return gtk_widget_get_height(field.widget.pointer) > previous
    }, "the field grew")
  return height(of: field, in: window)
}

/// The height GTK gave the field's text view, after the window painted.
@MainActor
private func shownHeight(of field: InspectedView, in window: Window) -> Int32 {
  waitForFrames(window, 3)
  return gtk_widget_get_height(textView(of: field))
}

/// The height the field's text view asks for at its width: its text's.
@MainActor
private func wantedHeight(of field: InspectedView) -> Int32 {
  let view = textView(of: field)
  var natural: Int32 = 0
  gtk_widget_measure(
    view, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width(view), nil, &natural, nil, nil)
  return natural
}

@MainActor
private func textView(of field: InspectedView) -> UnsafeMutablePointer<GtkWidget> {
  (field.widget as! TextEditorWidget).textViewWidget
}

final class VerticalTextFieldTests: GtkTestCase, @unchecked Sendable {
  func testTheFieldGrowsWithItsTextUpToItsLineLimitThenScrolls() throws {
    try MainActor.assumeIsolated {
      let model = Composer()
      model.limit = 3
      let ui = show { ComposerView(model: model, probe: ComposerProbe()) }
      let field = try ui.find(TextField.self, title: "Message")
      let one = height(of: field, in: ui.window)
      XCTAssertLessThan(one, 40, "one line is about an entry's height")
      model.message = "one\ntwo"
      MainLoop.drain()
      let two = grownHeight(of: field, past: one, in: ui.window)
      model.message = "one\ntwo\nthree"
      MainLoop.drain()
      let three = grownHeight(of: field, past: two, in: ui.window)
      model.message = "one\ntwo\nthree\nfour\nfive"
      MainLoop.drain()
      let adjustment = gtk_scrolled_window_get_vadjustment(
        (field.widget as! TextEditorWidget).scrolledWindow)
      XCTAssertTrue(
        MainLoop.run(timeout: 5) {
          gtk_adjustment_get_upper(adjustment) > gtk_adjustment_get_page_size(adjustment)
        }, "the text is taller than the field: it scrolls")
      XCTAssertEqual(height(of: field, in: ui.window), three, "past 3 lines it stops growing")
      let widget = field.widget as! VerticalTextFieldWidget
      XCTAssertEqual(
        gtk_widget_get_height(UnsafeMutablePointer(widget.scrolledWindow)), 3 * widget.lineHeight,
        "it shows 3 whole lines, not the top of the fourth")
      XCTAssertEqual(field.text, "one\ntwo\nthree\nfour\nfive")
      model.message = ""
      MainLoop.drain()
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { gtk_widget_get_height(field.widget.pointer) == one },
        "emptied, it is one line again")
    }
  }

  func testALowerLineLimitReservesItsLinesAndAChangedLimitReachesTheField() throws {
    try MainActor.assumeIsolated {
      let model = Composer()
      model.message = "one\ntwo\nthree\nfour"
      let ui = show {
        VStack {
          TextField("Reserved", text: .constant(""), axis: .vertical)
            .lineLimit(3, reservesSpace: true)
          TextField("Three", text: .constant("a\nb\nc"), axis: .vertical)
          TextField("From", text: .constant(""), axis: .vertical).lineLimit(3...)
          TextField("Message", text: Bindable(model).message, axis: .vertical)
            .lineLimit(model.limit)
        }
      }
      let reserved = try ui.find(TextField.self, title: "Reserved")
      let three = try ui.find(TextField.self, title: "Three")
      let from = try ui.find(TextField.self, title: "From")
      let message = try ui.find(TextField.self, title: "Message")
      let threeLines = height(of: three, in: ui.window)
      XCTAssertEqual(height(of: reserved, in: ui.window), threeLines, "empty, 3 lines tall")
      XCTAssertEqual(height(of: from, in: ui.window), threeLines)
      let twoLines = height(of: message, in: ui.window)
      XCTAssertLessThan(twoLines, threeLines, "4 lines of text in a field limited to 2")
      model.limit = 6
      MainLoop.drain()
      XCTAssertGreaterThan(
        height(of: message, in: ui.window), threeLines, "the new limit lets the field grow")
    }
  }

  func testTheTestingAPITypesReadsTapsAndReturnSubmitsWithinItsScope() throws {
    try MainActor.assumeIsolated {
      let model = Composer()
      let outer = Composer()
      let ui = show {
        VStack {
          TextField("Message", text: Bindable(model).message, axis: .vertical)
            .onSubmit { model.submitted.append(model.message) }
            .submitScope()
          TextField(
            "Note", text: Bindable(outer).message, prompt: Text("Say more"), axis: .vertical)
        }
        .onSubmit { outer.submitted.append("outer") }
      }
      let field = try ui.find(TextField.self, title: "Message")
      field.tap()
      XCTAssertTrue(field.isFocused)
      field.type("hi")
      XCTAssertEqual(field.text, "hi")
      XCTAssertEqual(model.message, "hi")
      field.press(.return)
      XCTAssertEqual(model.submitted, ["hi"])
      XCTAssertEqual(field.text, "hi", "Return types no new line")
      XCTAssertEqual(outer.submitted, [], "the scope keeps the outer action out")
      let note = try ui.find(TextField.self, title: "Say more")
      note.type("x")
      note.press(.return)
      XCTAssertEqual(outer.submitted, ["outer"])
      XCTAssertEqual(outer.message, "x")
    }
  }

  func testFocusStateDisabledOnChangeAndTheBindingWorkAsInAOneLineField() throws {
    try MainActor.assumeIsolated {
      let model = Composer()
      let probe = ComposerProbe()
      let ui = show { ComposerView(model: model, probe: probe) }
      let field = try ui.find(TextField.self, title: "Message")
      probe.setFocus(.message)
      MainLoop.drain()
      XCTAssertEqual(focusWidget(ui.window), textView(of: field), "an assignment focuses it")
      XCTAssertEqual(probe.focus(), .message)
      try ui.find(TextField.self, title: "Subject").tap()
      XCTAssertEqual(probe.focus(), .subject)
      field.tap()
      XCTAssertEqual(probe.focus(), .message, "a click reads back")
      field.type("ab")
      XCTAssertEqual(model.message, "ab")
      XCTAssertEqual(model.changes, ["a", "ab"], "onChange sees each edit")
      model.message = "from the app"
      MainLoop.drain()
      XCTAssertEqual(field.text, "from the app")
      (field.widget as! TextEditorWidget).cursorPosition = 0
      try ui.find(TextField.self, title: "Subject").tap()
      field.type("!")
      XCTAssertEqual(model.message, "from the app!", "a tap lands after the text, as a click")
      model.message = "from the app"
      MainLoop.drain()
      ui.press(.tab)
      XCTAssertFalse(field.isFocused, "Tab leaves the field")
      XCTAssertNotEqual(probe.focus(), .message)
      XCTAssertEqual(field.text, "from the app", "Tab typed nothing")
    }
  }

  func testADisabledFieldRefusesFocusAndTheStateReadsTheTruth() throws {
    try MainActor.assumeIsolated {
      let model = Composer()
      let probe = ComposerProbe()
      let ui = show { ComposerView(model: model, disabled: true, probe: probe) }
      let field = try ui.find(TextField.self, title: "Message")
      XCTAssertFalse(field.isEnabled)
      probe.setFocus(.message)
      MainLoop.drain()
      XCTAssertFalse(field.isFocused)
      XCTAssertNotEqual(probe.focus(), .message)
    }
  }

  func testAModelThatKeepsSomethingElseIsShownWhatItKept() throws {
    try MainActor.assumeIsolated {
      let model = Composer()
      let upper = Binding(get: { model.message }, set: { model.message = $0.uppercased() })
      let ui = show { TextField("Shout", text: upper, axis: .vertical) }
      let field = try ui.find(TextField.self, title: "Shout")
      field.type("ab")
      XCTAssertEqual(model.message, "AB")
      XCTAssertEqual(field.text, "AB")
    }
  }

  func testTheFirstVerticalFieldTakesLaunchFocusAndAHorizontalAxisIsAnEntry() throws {
    try MainActor.assumeIsolated {
      let ui = show {
        VStack {
          Button("Send") {}
          TextField("Message", text: .constant("draft"), axis: .vertical)
          TextField("Line", text: .constant(""), axis: .horizontal)
        }
      }
      let field = try ui.find(TextField.self, title: "Message")
      XCTAssertTrue(field.isFocused, "the first text field, as on a Mac")
      let buffer = (field.widget as! TextEditorWidget).buffer
      XCTAssertEqual(gtk_text_buffer_get_has_selection(buffer), 0, "nothing selected")
      XCTAssertTrue(try ui.find(TextField.self, title: "Line").widget is Entry)
    }
  }

  func testThePlainTextFieldStyleDropsTheFrameAsItDoesAnEntrys() throws {
    try MainActor.assumeIsolated {
      let ui = show {
        VStack {
          TextField("Plain", text: .constant(""), axis: .vertical)
          TextField("Entry", text: .constant(""))
        }
        .textFieldStyle(.plain)
      }
      for title in ["Plain", "Entry"] {
        let widget = try ui.find(TextField.self, title: title).widget.pointer
        XCTAssertNotEqual(gtk_widget_has_css_class(widget, "flat"), 0, title)
      }
    }
  }

  func testAlignmentAndInputTraitsReachTheTextViewAsTheyReachAnEntry() throws {
    try MainActor.assumeIsolated {
      let ui = show {
        TextField("Notes", text: .constant(""), axis: .vertical)
          .multilineTextAlignment(.trailing)
          .autocorrectionDisabled()
      }
      let view = (try ui.find(TextField.self, title: "Notes").widget as! TextEditorWidget).textView
      XCTAssertEqual(gtk_text_view_get_justification(view), GTK_JUSTIFY_RIGHT)
      XCTAssertNotEqual(
        gtk_text_view_get_input_hints(view).rawValue & GTK_INPUT_HINT_NO_SPELLCHECK.rawValue, 0)
    }
  }

  func testInAFormTabWalksThroughTheVerticalFieldInOrder() throws {
    try MainActor.assumeIsolated {
      let model = Composer()
      let ui = show {
        Form {
          TextField("Subject", text: Bindable(model).subject)
          TextField("Message", text: Bindable(model).message, axis: .vertical)
          TextField("City", text: .constant(""))
        }
      }
      try ui.find(TextField.self, title: "Subject").tap()
      ui.press(.tab)
      XCTAssertTrue(try ui.find(TextField.self, title: "Message").isFocused)
      ui.press(.tab)
      XCTAssertTrue(try ui.find(TextField.self, title: "City").isFocused)
      ui.press(.shiftTab)
      let message = try ui.find(TextField.self, title: "Message")
      XCTAssertTrue(message.isFocused)
      message.type("hi")
      XCTAssertEqual(model.message, "hi")
    }
  }

  func testInAFormRowTheFieldIsAsTallAsItsTextAndGrowsWithIt() throws {
    try MainActor.assumeIsolated {
      let model = Composer()
      model.message = "one\ntwo"
      let ui = show {
        Form {
          TextField("Subject", text: Bindable(model).subject)
          TextField("Message", text: Bindable(model).message, axis: .vertical)
        }
      }
      let field = try ui.find(TextField.self, title: "Message")
      XCTAssertEqual(shownHeight(of: field, in: ui.window), wantedHeight(of: field), "two lines")
      let two = height(of: field, in: ui.window)
      model.message += "\nthree"
      MainLoop.drain()
      XCTAssertGreaterThan(grownHeight(of: field, past: two, in: ui.window), two)
      XCTAssertEqual(shownHeight(of: field, in: ui.window), wantedHeight(of: field), "three")
    }
  }

  // MARK: Real keys

  func testRealReturnSubmitsAltAndCtrlReturnTypeANewLineAndTabMovesOn() throws {
    guard try runsInChildProcess(in: "VerticalTextFieldTests") else { return }
    try MainActor.assumeIsolated {
      let model = Composer()
      let probe = ComposerProbe()
      model.limit = 4
      let ui = show { ComposerView(model: model, probe: probe) }
      let field = try ui.find(TextField.self, title: "Message")
      field.tap()
      try xdotool(on: ui.window, ["type", "hello"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.message == "hello" })
      try xdotool(on: ui.window, ["key", "Return"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.submitted == ["hello"] })
      XCTAssertEqual(field.text, "hello", "Return types no new line")
      try xdotool(on: ui.window, ["key", "alt+Return"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.message == "hello\n" })
      try xdotool(on: ui.window, ["type", "world"])
      try xdotool(on: ui.window, ["key", "ctrl+Return"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.message == "hello\nworld\n" })
      XCTAssertEqual(field.text, "hello\nworld\n")
      XCTAssertEqual(model.submitted, ["hello"], "a new line submits nothing")
      try xdotool(on: ui.window, ["key", "shift+Tab"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { probe.focus() == .subject })
      try xdotool(on: ui.window, ["key", "Tab"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { probe.focus() == .message })
      try xdotool(on: ui.window, ["key", "Tab"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { !field.isFocused }, "Tab leaves the field")
      XCTAssertEqual(model.message, "hello\nworld\n", "Tab typed nothing")
    }
  }
}
