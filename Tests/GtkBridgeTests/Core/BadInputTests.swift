import CGtk
import Foundation
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

/// Hostile and extreme inputs, each with the outcome GtkBridge documents.
final class BadInputTests: GtkTestCase, @unchecked Sendable {
  func testEveryTypedStyleValueRejectsInjection() {
    let hostile = [
      "red; } * { color: blue", "red;color:blue", "#fff } entry { color: red", "rgb(0,0,0)",
      "url(http://x)", "", "#12", "expression(alert(1))", "red\n}", "\u{0}",
    ]
    for text in hostile {
      XCTAssertThrowsError(try Color(css: text), text.debugDescription) { error in
        XCTAssertEqual(error as? StyleError, .invalidColor(text))
      }
    }
    MainActor.assumeIsolated {
      let model = FieldModel()
      let plain = FieldModel()
      model.color = .red
      let host = host {
        VStack {
          model.field
          plain.field
        }
      }
      show(host)
      let plainBefore = resolvedTextColor(plain.entry!)
      let families = [
        "a\"; } * { color: blue; } x {\"", "a;b", "a{b}", "a\\62 ", "a\nb", "'q'", "",
      ]
      for family in families {
        model.font = .custom(family, size: 12)
        MainLoop.drain()
        XCTAssertEqual(styleErrors.last, .invalidFontFamily(family), family.debugDescription)
      }
      for size in [Double.nan, .infinity, -3, 0, 5_000] {
        model.font = .system(size: size)
        MainLoop.drain()
        if case .invalidFontSize = styleErrors.last {
        } else {
          XCTFail("font size \(size) was not rejected: \(String(describing: styleErrors.last))")
        }
      }
      XCTAssertEqual(styleErrors.count, families.count + 5)
      // The last good style is still in effect, and nothing reached the other entry.
      let color = resolvedTextColor(model.entry!)
      XCTAssertEqual(color.red, 1, accuracy: 0.01)
      let plainAfter = resolvedTextColor(plain.entry!)
      XCTAssertEqual(plainAfter.blue, plainBefore.blue, accuracy: 0.01)
    }
  }

  // Showing a value never changes it: the field shows what GTK holds, the binding keeps the
  // whole text until the user edits the field.
  func testTenMegabytesOfTextAreShownCutToGtksLimitAndTheBindingKeepsThem() {
    MainActor.assumeIsolated {
      var warnings: [String] = []
      Log.observer = { warnings.append($0) }
      defer { Log.observer = nil }
      let model = FieldModel(focused: true)
      let host = host { model.field }
      show(host)
      let huge = String(repeating: "0123456789", count: 1_048_576)  // 10 MiB

      model.text = huge
      MainLoop.drain()
      let held = model.entry!.text
      XCTAssertEqual(held.count, 65_534, "GtkEntryBuffer (GTK 4.8) holds 65,534 characters")
      XCTAssertTrue(model.text == huge, "the binding keeps the whole text")
      XCTAssertTrue(huge.hasPrefix(held))
      XCTAssertEqual(warnings.filter { $0.contains("cut") }.count, 1)

      model.text = ""
      MainLoop.drain()
      model.entry!.simulateTyping(huge)
      MainLoop.drain()
      XCTAssertEqual(model.entry!.text.count, 65_534)
      XCTAssertEqual(model.text, model.entry!.text)
    }
  }

  func testInvalidCursorOffsetsAreClamped() {
    MainActor.assumeIsolated {
      let model = FieldModel(text: "e\u{301}👩‍👩‍👧 שלום", focused: true)
      let host = host { model.field }
      show(host)
      let entry = model.entry!
      let length = entry.text.unicodeScalars.count
      for position in [-5, -1, 0, 3, length, length + 1, Int.max, Int.min] {
        entry.cursorPosition = position
        XCTAssertTrue((0...length).contains(entry.cursorPosition), "\(position)")
      }
      entry.selection = 5..<1_000_000
      XCTAssertEqual(entry.selection, 5..<length)
      entry.simulateTyping("x")
      MainLoop.drain()
      XCTAssertEqual(model.text, entry.text)
    }
  }

  func testAWindowClosedByTheBindingWriteItCausedKeepsThatWriteAndDoesNotCrash() {
    MainActor.assumeIsolated {
      var received: [String] = []
      var host: HostingWindow<AnyTestView>?
      var entry: Entry?
      host = self.host {
        LegacyTextField(
          text: Binding(
            get: { received.last ?? "" },
            set: { text in
              received.append(text)
              host?.close()  // the write tears the window down while GTK is emitting
            }),
          isFirstResponder: .constant(true)
        ) { entry = $0 }
      }
      show(host!)
      entry!.simulateTyping("a")
      MainLoop.drain()
      XCTAssertTrue(host!.isClosed)
      XCTAssertEqual(received, ["a"], "the edit in flight reached the binding")
      // The view is dismantled: its orphaned widget no longer writes (and nothing crashes).
      entry!.simulateTyping("b")
      MainLoop.drain()
      XCTAssertEqual(received, ["a"])
      XCTAssertEqual(entry!.text, "ab")
    }
  }

  func testAReadOnlyBindingNeverLosesWhatTheUserTyped() {
    MainActor.assumeIsolated {
      let model = FieldModel(focused: true)
      var writes = 0
      let host = host {
        LegacyTextField(
          text: Binding(get: { model.text }, set: { _ in writes += 1 }),
          isFirstResponder: model.focusBinding
        ) { model.entry = $0 }
      }
      show(host)
      for character in "typed" {
        model.entry!.simulateTyping(String(character))
        MainLoop.drain()
      }
      // The model ignores the writes: every keystroke reached the setter, and the field
      // shows what the binding holds (issue 10: a field never shows text its model does not
      // hold; a filtering setter relies on it). The user's focus stays.
      XCTAssertEqual(model.entry!.text, "")
      XCTAssertEqual(writes, 5)
      XCTAssertTrue(holdsFocus(model.entry))
      model.text = "from the app"
      MainLoop.drain()
      XCTAssertEqual(model.entry!.text, "from the app")
    }
  }

  func testStartingWithNoDisplayIsAClearMessageAndExitCodeNotACrashOrHang() throws {
    // Tests/GtkBridgeTests/Core/BadInputTests.swift: four levels below the package.
    let binary = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent(".build/debug/gtk-focus-demo")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
      throw XCTSkip("gtk-focus-demo is not built at \(binary.path)")
    }
    let process = Process()
    process.executableURL = binary
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = nil
    environment["WAYLAND_DISPLAY"] = nil
    process.environment = environment
    let stderr = Pipe()
    process.standardError = stderr
    process.standardOutput = Pipe()
    let started = Date()
    try process.run()
    while process.isRunning, Date().timeIntervalSince(started) < 20 {
      usleep(20_000)
    }
    if process.isRunning {
      process.terminate()
      XCTFail("the app hung without a display")
      return
    }
    let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    XCTAssertEqual(process.terminationReason, .exit, "it must exit, not crash")
    XCTAssertNotEqual(process.terminationStatus, 0)
    XCTAssertTrue(message.contains("cannot open a display"), message)
  }
}
