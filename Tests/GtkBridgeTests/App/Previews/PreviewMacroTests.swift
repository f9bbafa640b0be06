import CGtk
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

// Previews in the forms SwiftUI apps write, at file scope, several in one file.

#Preview {
  Text("Unnamed preview")
}

#Preview("Greeting") {
  VStack {
    Text("Hello")
    Button("Wave") {}
  }
}

// A comment between previews, and a body with statements and `return`.
#Preview("Fitted", traits: .sizeThatFitsLayout) {
  let name = "fitted"
  return Text("Size of \(name)")
}

#Preview("Fixed", traits: .fixedLayout(width: 320, height: 200), .landscapeLeft) {
  Text("Last trait wins")
}

#Preview("Sized", traits: .fixedLayout(width: 300, height: 220)) {
  Text("Fixed size")
}

/// `#Preview` registrations found at run time, and preview windows on real widgets.
final class PreviewMacroTests: GtkTestCase, @unchecked Sendable {
  /// This file's previews, in line order.
  @MainActor var previews: [Preview] {
    Previews.all.filter { $0.fileID.hasSuffix("/PreviewMacroTests.swift") }
  }

  @MainActor func gtkWindow(_ window: Window) -> UnsafeMutablePointer<GtkWindow> {
    UnsafeMutableRawPointer(window.pointer).assumingMemoryBound(to: GtkWindow.self)
  }

  func testEveryPreviewOfTheFileIsFoundWithItsNameLineAndTraits() {
    MainActor.assumeIsolated {
      let previews = previews
      XCTAssertEqual(previews.map(\.name), [nil, "Greeting", "Fitted", "Fixed", "Sized"])
      XCTAssertEqual(previews.map(\.line), [9, 13, 21, 26, 30], "the line of each #Preview")
      XCTAssertEqual(previews.first?.fileID, "GtkBridgeTests/PreviewMacroTests.swift")
      XCTAssertEqual(previews.first?.displayName, "PreviewMacroTests.swift:9")
      XCTAssertEqual(previews[2].traits.map(\.layout), [.fitted])
      XCTAssertEqual(
        previews[3].traits.map(\.layout), [.fixed(width: 320, height: 200), .landscape])
    }
  }

  func testAPreviewOpensInAWindowTitledWithItsName() throws {
    try MainActor.assumeIsolated {
      let preview = try XCTUnwrap(Previews.preview(named: "Greeting"))
      let window = show(try preview.makeWindow())
      let title = gtk_window_get_title(gtkWindow(window.window)).map { String(cString: $0) }
      XCTAssertEqual(title, "Greeting")
      XCTAssertNoThrow(try window.find(label: "Hello"))
      XCTAssertNoThrow(try window.find(title: "Wave"))
    }
  }

  func testTraitsSizeThePreviewWindow() throws {
    try MainActor.assumeIsolated {
      @MainActor func defaultSize(_ name: String) throws -> (Int32, Int32) {
        let preview = try XCTUnwrap(Previews.preview(named: name))
        let window = try preview.makeWindow()
        show(window)
        var width: Int32 = 0
        var height: Int32 = 0
        gtk_window_get_default_size(gtkWindow(window.window), &width, &height)
        return (width, height)
      }
      XCTAssertTrue(try defaultSize("Sized") == (300, 220))
      XCTAssertTrue(try defaultSize("Fixed") == (844, 390), "the last layout trait wins")
      let fitted = try defaultSize("Fitted")
      // GTK records the size the window took: the label's, far below the default 480 × 360.
      XCTAssertTrue(
        fitted.0 > 0 && fitted.0 < 200 && fitted.1 > 0 && fitted.1 < 60,
        "the window fits its one label; got \(fitted)")
      XCTAssertNoThrow(try Previews.preview(named: "Fitted").map { try $0.makeWindow() })
    }
  }

  func testAPreviewIsFoundByNamePlaceOrNumber() {
    MainActor.assumeIsolated {
      XCTAssertEqual(Previews.preview(named: "PreviewMacroTests.swift:21")?.name, "Fitted")
      let number = (Previews.all.firstIndex { $0.name == "Sized" } ?? -2) + 1
      XCTAssertEqual(Previews.preview(named: "\(number)")?.name, "Sized")
      XCTAssertNil(Previews.preview(named: "No such preview"))
      XCTAssertEqual(Previews.run(named: "No such preview"), 1)
      XCTAssertTrue(
        Previews.listing().contains("Greeting\tGtkBridgeTests/PreviewMacroTests.swift:13\n"))
    }
  }
}

/// `GTKBRIDGE_PREVIEW` honoured by `App.main()`, in the demo binary (whose TipsCard.swift
/// declares a `#Preview("Tips card")`).
final class PreviewEnvironmentTests: XCTestCase {
  private func demo(preview: String) throws -> Process {
    let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let binary = runner.deletingLastPathComponent().appendingPathComponent("gtk-focus-demo")
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: binary.path), "build gtk-focus-demo first")
    let process = Process()
    process.executableURL = binary
    process.arguments = ["--quit-after", "60"]
    var environment = ProcessInfo.processInfo.environment
    environment["GTKBRIDGE_PREVIEW"] = preview
    environment["GTK_A11Y"] = "none"
    process.environment = environment
    return process
  }

  func testListPrintsTheAppsPreviewsAndExits() throws {
    let process = try demo(preview: "list")
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
    XCTAssertEqual(output, "1\tTips card\tgtk_focus_demo/TipsCard.swift:27\n")
  }

  func testANamedPreviewOpensInsteadOfTheApp() throws {
    try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs Xvfb")
    let process = try demo(preview: "Tips card")
    try process.run()
    defer {
      if process.isRunning { process.terminate() }
      process.waitUntilExit()
    }
    // The preview's window, found by its title; the app's own window never opens.
    var found = ""
    let deadline = Date().addingTimeInterval(30)
    while found.isEmpty, Date() < deadline, process.isRunning {
      found = windowIDs(named: "^Tips card$")
      if found.isEmpty { usleep(100_000) }
    }
    XCTAssertFalse(found.isEmpty, "a window titled \"Tips card\" opened")
    XCTAssertTrue(windowIDs(named: "GtkBridge focus demo").isEmpty, "the demo's own window did not")
  }

  private func windowIDs(named pattern: String) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["xdotool", "search", "--name", pattern]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "" }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return output.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
