import Foundation
import XCTest

@testable import GtkBridge

#if canImport(Glibc)
  import Glibc
#endif

/// What happens without a display, proved in child processes of this test runner (GTK can
/// be initialised only once per process): a typed error instead of an exit, and a suite that
/// skips with one message instead of crashing. These tests need no display themselves.
final class NoDisplayTests: XCTestCase {
  func testMissingDisplayIsATypedErrorNotAnExit() throws {
    let child = try runThisRunner(
      test: "GtkBridgeTests.NoDisplayTests/testProbeInitializeWithoutADisplay",
      environment: ["GTKBRIDGE_NO_DISPLAY_PROBE": "1"])
    XCTAssertEqual(child.status, 0, child.output)
    XCTAssertTrue(child.output.contains("probe: noDisplay(\"DISPLAY is not set\")"), child.output)
    XCTAssertTrue(
      child.output.contains("probe: unreachable display noDisplay(\":99999\")"), child.output)
    XCTAssertTrue(child.output.contains("Executed 1 test, with 0 failures"), child.output)
  }

  func testTheSuiteWithoutADisplaySkipsWithOneMessageAndPasses() throws {
    // A whole class of GTK tests, several of which make windows.
    let child = try runThisRunner(test: "GtkBridgeTests.StateTests", environment: [:])
    XCTAssertEqual(child.status, 0, child.output)
    let explanations = child.output.components(separatedBy: "cannot open a display").count - 1
    XCTAssertEqual(explanations, 1, "one explanation for the whole run:\n\(child.output)")
    XCTAssertTrue(child.output.contains("xvfb-run"), child.output)
    XCTAssertTrue(child.output.contains("skipped and 0 failures"), child.output)
    XCTAssertFalse(child.output.contains("Executed 0 tests"), child.output)
    let executed = child.output.range(
      of: #"Executed (\d+) tests?, with (\d+) tests? skipped"#, options: .regularExpression)
    XCTAssertNotNil(executed, child.output)
  }

  func testRequiringADisplayTurnsTheSkipIntoAFailure() throws {
    let child = try runThisRunner(
      test: "GtkBridgeTests.StateTests", environment: ["GTKBRIDGE_REQUIRE_DISPLAY": "1"])
    XCTAssertNotEqual(child.status, 0, child.output)
    XCTAssertTrue(child.output.contains("GTKBRIDGE_REQUIRE_DISPLAY=1 but"), child.output)
  }

  /// Runs only as the child of ``testMissingDisplayIsATypedErrorNotAnExit()``.
  func testProbeInitializeWithoutADisplay() throws {
    guard ProcessInfo.processInfo.environment["GTKBRIDGE_NO_DISPLAY_PROBE"] == "1" else {
      throw XCTSkip("runs only in the child process of testMissingDisplayIsATypedErrorNotAnExit")
    }
    try MainActor.assumeIsolated {
      // Twice: gtk_init_check answers TRUE the second time, and must not be believed.
      for _ in 0..<2 {
        XCTAssertThrowsError(try MainLoop.initialize()) { error in
          print("probe: \(probeLine(error))")
          XCTAssertEqual(error as? MainLoop.InitializationError, .noDisplay("DISPLAY is not set"))
        }
      }
      XCTAssertThrowsError(try HostingWindow { Text("never shown") })
      // A display that is set but cannot be opened.
      setenv("DISPLAY", ":99999", 1)
      defer { unsetenv("DISPLAY") }
      XCTAssertThrowsError(try MainLoop.initialize()) { error in
        print("probe: unreachable display \(probeLine(error))")
        XCTAssertEqual(error as? MainLoop.InitializationError, .noDisplay(":99999"))
      }
      XCTAssertThrowsError(try MainLoop.initialize())
    }
  }
}

private func probeLine(_ error: any Error) -> String {
  guard case .noDisplay(let display) = error as? MainLoop.InitializationError else {
    return "unexpected \(error)"
  }
  return "noDisplay(\"\(display)\")"
}

/// This test runner (`swift test`'s .xctest, or CMake's GtkBridgeTestRunner) run again as a
/// child with no display, on one test or class; its exit status and what it printed.
private func runThisRunner(test: String, environment extra: [String: String]) throws -> (
  status: Int32, output: String
) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
  process.arguments = [test]
  var environment = ProcessInfo.processInfo.environment
  for name in ["DISPLAY", "WAYLAND_DISPLAY", "GTKBRIDGE_REQUIRE_DISPLAY", "XAUTHORITY"] {
    environment[name] = nil
  }
  environment.merge(extra) { _, new in new }
  process.environment = environment
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
