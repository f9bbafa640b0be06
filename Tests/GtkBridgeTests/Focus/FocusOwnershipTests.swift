import CGtk
import Foundation
import Observation
import XCTest

@testable import GtkBridge

/// Lets the window paint `count` frames (GTK's delayed focus moves happen after a paint).
/// Waits on the frame clock, not on time.
@MainActor
func waitForFrames(_ window: Window, _ count: Int = 2) {
  guard let clock = gtk_widget_get_frame_clock(window.pointer) else { return }
  var frames = 0
  let connection = Signals.connect(UnsafeMutableRawPointer(clock), "after-paint") { frames += 1 }
  gtk_widget_queue_draw(window.pointer)
  var seen = 0
  let painted = MainLoop.run(timeout: 5) {
    if frames != seen {
      seen = frames
      gtk_widget_queue_draw(window.pointer)
    }
    return frames >= count
  }
  XCTAssertTrue(painted, "the window did not paint \(count) frames within 5 s")
  connection.disconnect()
}

/// Real X input on the test's display: `xdotool` with `arguments`, sent to `window`, which must
/// be the active window (a presented window is, under Xvfb with no window manager).
///
/// NB: no `xdotool windowfocus`: it moves X's input focus with a newer timestamp than GDK
/// has seen, after which GDK's own activation requests are ignored for the rest of the run.
@MainActor
func xdotool(on window: Window, _ arguments: [String]) throws {
  XCTAssertTrue(MainLoop.run(timeout: 5) { window.isActive }, "the window is not active")
  let title = "gtkbridge-\(UInt32.random(in: 0...UInt32.max))"
  window.title = title
  MainLoop.drain()
  let id =
    try runXdotool(["search", "--sync", "--onlyvisible", "--name", "^\(title)$"])
    .split(separator: "\n").first.map(String.init) ?? ""
  var arguments = arguments
  arguments.insert(contentsOf: ["--window", id], at: 1)
  _ = try runXdotool(arguments)
}

/// Runs the calling test in a child process of this test binary, on the same display, and
/// returns `false`; in that child it returns `true`: the test body runs there.
///
/// NB: real key events make GDK remember their X timestamp as the "user time", and later
/// `gtk_window_present` calls on already-shown windows use it; once another window took X
/// focus after it, X ignores them (no window manager here to ask). Tests that re-present a
/// window would then wait in vain. A child process keeps that away from the rest of the run.
func runsInChildProcess(
  _ test: String = #function, in suite: String = "FocusOwnershipTests",
  file: StaticString = #filePath, line: UInt = #line
)
  throws -> Bool
{
  if ProcessInfo.processInfo.environment["GTKBRIDGE_CHILD_TEST"] != nil { return true }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
  let name = test.hasSuffix("()") ? String(test.dropLast(2)) : test
  process.arguments = ["GtkBridgeTests.\(suite)/\(name)"]
  var environment = ProcessInfo.processInfo.environment
  environment["GTKBRIDGE_CHILD_TEST"] = "1"
  process.environment = environment
  let pipe = Pipe()
  process.standardOutput = pipe
  try process.run()
  // NB: one test's output is small: it fits the pipe, so reading after the exit is safe.
  process.waitUntilExit()
  let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  print(output, terminator: "")
  XCTAssertEqual(
    process.terminationStatus, 0, "\(name) failed in its child process", file: file, line: line)
  XCTAssertTrue(
    output.contains("Executed 1 test"), "\(name) did not run in its child process", file: file,
    line: line)
  return false
}

func runXdotool(_ arguments: [String]) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
  process.arguments = arguments
  let pipe = Pipe()
  process.standardOutput = pipe
  try process.run()
  // NB: xdotool talks to the X server only; this process need not run its loop meanwhile.
  process.waitUntilExit()
  return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
}

@MainActor
@Observable
final class PanelModel {
  var showPanel = false
  var showExtra = true
  var visible = true
  var first = "Row 1"
  var second = ""
  var results = ""
  var clicked: [String] = []
}

final class FocusOwnershipTests: GtkTestCase, @unchecked Sendable {
  // MARK: launch (issue 11.1, 16.4)

  func testLaunchFocusesTheFirstTextFieldNotAButtonAndKeepsPrefilledText() throws {
    guard try runsInChildProcess() else { return }
    try MainActor.assumeIsolated {
      struct Rows: View {
        @FocusState var focus: Field?
        @Bindable var model: PanelModel
        let probe: FormProbe
        var body: some View {
          probe.focus = $focus
          return VStack {
            Button("Add") { model.clicked.append("add") }
            TextField("First", text: $model.first).focused($focus, equals: .username)
              .configure { probe.widgets[.username] = $0 }
            TextField("Second", text: $model.second).focused($focus, equals: .password)
          }
        }
      }
      let model = PanelModel()
      let probe = FormProbe()
      let host = host { Rows(model: model, probe: probe) }
      show(host)
      let first = try XCTUnwrap(probe.widgets[.username] as? Entry)
      XCTAssertTrue(holdsFocus(first), "launch focus goes to the first text field, not the button")
      XCTAssertNil(first.selection, "the prefilled text is not selected")
      XCTAssertEqual(probe.current, .username, "the state reads the truth from the first frame")
      try xdotool(on: host.window, ["type", "--delay", "30", "x"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.first == "Row 1x" }, "got \(model.first)")
      XCTAssertEqual(first.text, "Row 1x")
      XCTAssertEqual(model.clicked, [])
    }
  }

  // Issue 35, case 8: a Stepper's spin button holds a GtkText, which the launch rule took
  // for a text field.
  func testAStepperTakesNoLaunchFocusAndTheFieldAfterItDoes() throws {
    try MainActor.assumeIsolated {
      let alone = show {
        VStack {
          Stepper("Guests", value: .constant(2), in: 1...12)
          Button("Save") {}
        }
      }
      XCTAssertNil(focusWidget(alone.window), "a stepper is no text field")
      let ui = show {
        VStack {
          Stepper("Guests", value: .constant(2), in: 1...12)
          TextField("Name", text: .constant(""))
        }
      }
      XCTAssertTrue(try ui.find(TextField.self, title: "Name").isFocused)
    }
  }

  // Issue 35, case 8, with real keys: what the user types at launch goes to the field, not to
  // the stepper before it.
  func testKeysTypedAtLaunchGoToTheFieldAfterAStepper() throws {
    guard try runsInChildProcess() else { return }
    try MainActor.assumeIsolated {
      let model = PanelModel()
      var guests = 2
      let ui = show {
        VStack {
          Stepper("Guests", value: Binding(get: { guests }, set: { guests = $0 }), in: 1...12)
          TextField("Name", text: Bindable(model).second)
        }
      }
      try xdotool(on: ui.window, ["type", "--delay", "30", "7ab"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.second == "7ab" }, model.second)
      XCTAssertEqual(guests, 2, "the stepper heard none of it")
    }
  }

  func testAWindowOfButtonsOpensWithNothingFocusedAndReturnRunsTheDefaultAction() throws {
    guard try runsInChildProcess() else { return }
    try MainActor.assumeIsolated {
      let model = PanelModel()
      let host = host {
        HStack {
          Button("Delete") { model.clicked.append("delete") }
          Button("Save") { model.clicked.append("save") }.keyboardShortcut(.defaultAction)
        }
      }
      show(host)
      waitForFrames(host.window)
      XCTAssertNil(focusWidget(host.window), "no button takes launch focus")
      try xdotool(on: host.window, ["key", "Return"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { !model.clicked.isEmpty })
      XCTAssertEqual(model.clicked, ["save"])
      try xdotool(on: host.window, ["key", "space"])
      waitForFrames(host.window)
      XCTAssertEqual(model.clicked, ["save"], "Space with nothing focused runs nothing")
    }
  }

  func testReturnWithNoDefaultActionAndNoFocusRunsNothing() throws {
    guard try runsInChildProcess() else { return }
    try MainActor.assumeIsolated {
      let model = PanelModel()
      let host = host {
        HStack {
          Button("Delete") { model.clicked.append("delete") }
          Button("Save") { model.clicked.append("save") }
        }
      }
      show(host)
      try xdotool(on: host.window, ["key", "Return"])
      waitForFrames(host.window)
      MainLoop.drain()
      XCTAssertEqual(model.clicked, [])
      XCTAssertNil(focusWidget(host.window))
    }
  }

  func testLaunchFocusNoneOpensWithNothingFocused() {
    MainActor.assumeIsolated {
      for optOut in 0..<2 {
        let probe = FormProbe()
        let host = host {
          OptOut(probe: probe, useDefaultFocusNil: optOut == 1)
        }
        show(host)
        waitForFrames(host.window)
        XCTAssertNil(focusWidget(host.window), "opt-out \(optOut)")
        XCTAssertNil(probe.current)
        XCTAssertEqual(probe.transitions, [])
      }
    }
  }

  // MARK: .defaultFocus (issue 11.2)

  func testADefaultFocusPanelAppearingLaterNeverTakesFocusFromTheUsersField() throws {
    try MainActor.assumeIsolated {
      let model = PanelModel()
      let probe = FormProbe()
      let host = host { Search(model: model, probe: probe) }
      show(host)
      let query = try XCTUnwrap(probe.widgets[.username] as? Entry)
      query.simulateClick()
      query.simulateTyping("ab")
      MainLoop.drain()
      XCTAssertNil(probe.current)
      model.showPanel = true
      MainLoop.drain()
      waitForFrames(host.window)
      XCTAssertTrue(holdsFocus(query), "the panel's default focus does not steal the user's field")
      XCTAssertNil(probe.current)
      query.simulateTyping("c")
      MainLoop.drain()
      XCTAssertEqual(model.first, "abc")
      XCTAssertEqual(model.results, "")
    }
  }

  func testADefaultFocusPanelAppearingWithNothingFocusedTakesFocus() throws {
    MainActor.assumeIsolated {
      let model = PanelModel()
      let probe = FormProbe()
      let host = host { Search(model: model, probe: probe) }
      show(host)
      gtk_root_set_focus(OpaquePointer(host.window.pointer), nil)
      MainLoop.drain()
      XCTAssertNil(focusWidget(host.window))
      model.showPanel = true
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(probe.widgets[.email]))
      XCTAssertEqual(probe.current, .email)
    }
  }

  // MARK: a focused widget that leaves (issue 11.3)

  func testAnUnboundFocusedFieldThatIsRemovedLeavesFocusNowhere() throws {
    try MainActor.assumeIsolated {
      let model = PanelModel()
      let probe = FormProbe()
      let host = host { Leaving(model: model, probe: probe, bindExtra: false) }
      show(host)
      let extra = try XCTUnwrap(probe.widgets[.email] as? Entry)
      extra.simulateClick()
      MainLoop.drain()
      XCTAssertNil(probe.current, "the extra field is not bound")
      probe.transitions.removeAll()
      model.showExtra = false
      MainLoop.drain()
      waitForFrames(host.window)
      XCTAssertNil(focusWidget(host.window), "GTK's delayed move to the first field is held off")
      XCTAssertNil(probe.current)
      XCTAssertEqual(probe.transitions, [], "no focus change the user did not make")
    }
  }

  func testABoundFocusedFieldInAContainerThatIsHiddenLeavesFocusNowhere() throws {
    MainActor.assumeIsolated {
      let model = PanelModel()
      let probe = FormProbe()
      let host = host { Leaving(model: model, probe: probe, bindExtra: true) }
      show(host)
      probe.set(.email)
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(probe.widgets[.email]))
      probe.transitions.removeAll()
      model.visible = false
      MainLoop.drain()
      waitForFrames(host.window)
      XCTAssertNil(focusWidget(host.window))
      XCTAssertNil(probe.current)
      XCTAssertEqual(probe.transitions, ["email->nil"])
    }
  }

  func testFocusOfAFieldThatLeavesGoesWhereTheAppSays() throws {
    MainActor.assumeIsolated {
      let model = PanelModel()
      let probe = FormProbe()
      let host = host {
        Leaving(model: model, probe: probe, bindExtra: true, fallback: .password)
      }
      show(host)
      probe.set(.email)
      MainLoop.drain()
      probe.transitions.removeAll()
      model.visible = false
      MainLoop.drain()
      waitForFrames(host.window)
      XCTAssertTrue(holdsFocus(probe.widgets[.password]), "the app's choice, not GTK's first field")
      XCTAssertEqual(probe.current, .password)
      XCTAssertEqual(probe.transitions, ["email->nil", "nil->password"])
    }
  }
}

struct OptOut: View {
  @FocusState var focus: Field?
  let probe: FormProbe
  let useDefaultFocusNil: Bool

  var body: some View {
    probe.focus = $focus
    let form = VStack {
      TextField("A", text: .constant("prefilled")).focused($focus, equals: .username)
      TextField("B", text: .constant("")).focused($focus, equals: .password)
    }
    .onChange(of: focus) { old, new in probe.transitions.append("\(String(describing: new))") }
    return Either(useDefaultFocusNil) {
      form.defaultFocus($focus, nil)
    } otherwise: {
      form.launchFocus(.none)
    }
  }
}

/// `if`/`else` of two different view types, for a test that wants either.
struct Either<A: View, B: View>: View {
  let condition: Bool
  let first: () -> A
  let second: () -> B

  init(
    _ condition: Bool, @ViewBuilder _ first: @escaping () -> A,
    @ViewBuilder otherwise second: @escaping () -> B
  ) {
    self.condition = condition
    self.first = first
    self.second = second
  }

  var body: some View {
    if condition { first() } else { second() }
  }
}

/// A query field; a results panel with `.defaultFocus` appears when `showPanel` is set.
struct Search: View {
  @FocusState var focus: Field?
  @Bindable var model: PanelModel
  let probe: FormProbe

  var body: some View {
    probe.focus = $focus
    return VStack {
      // NB: not bound to the focus state: "nothing focused" is GTK's word, not the state's.
      TextField("Query", text: $model.first)
        .configure { probe.widgets[.username] = $0 }
      if model.showPanel {
        VStack {
          TextField("Results", text: $model.results).focused($focus, equals: .email)
            .configure { probe.widgets[.email] = $0 }
        }
        .defaultFocus($focus, .email)
      }
    }
    .onAppear { model.first = "" }
  }
}

/// Two bound fields and an extra one that can be removed (`showExtra`) or hidden inside its
/// container (`visible`).
struct Leaving: View {
  @FocusState var focus: Field?
  @Bindable var model: PanelModel
  let probe: FormProbe
  let bindExtra: Bool
  var fallback: Field? = nil

  var body: some View {
    probe.focus = $focus
    return VStack {
      TextField("A", text: .constant("a")).focused($focus, equals: .username)
      TextField("B", text: .constant("b")).focused($focus, equals: .password)
        .configure { probe.widgets[.password] = $0 }
      if model.showExtra {
        VStack {
          extra
        }
        .configure { $0.isVisible = model.visible }
      }
    }
    .onChange(of: focus) { old, new in
      probe.transitions.append("\(old.map { "\($0)" } ?? "nil")->\(new.map { "\($0)" } ?? "nil")")
      if new == nil, let fallback { focus = fallback }
    }
  }

  @ViewBuilder var extra: some View {
    if bindExtra {
      TextField("Extra", text: .constant("e")).focused($focus, equals: .email)
        .configure { probe.widgets[.email] = $0 }
    } else {
      TextField("Extra", text: .constant("e"))
        .configure { probe.widgets[.email] = $0 }
    }
  }
}
