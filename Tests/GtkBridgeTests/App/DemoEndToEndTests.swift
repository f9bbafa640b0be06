import Foundation
import GtkBridgeTesting
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// The real `gtk-focus-demo` binary, driven as a person would: real X key events from
/// `xdotool` on the test's display, the app's `--trace` read from its stdout, and the screen
/// read back with ImageMagick's `import` to find the focus ring.
///
/// Needs the demo built next to the test binary (`swift build --build-tests` and CMake's
/// default target both do), or its path in `GTK_FOCUS_DEMO`, and a display (`scripts/test`
/// and ctest run the suite under `xvfb-run`).
final class DemoEndToEndTests: XCTestCase {
  static let title = "GtkBridge focus demo"

  func testTypingTabAndReturnMoveFocusInTheTraceAndOnScreen() throws {
    try TestDisplay.require()
    let demo = try DemoProcess.launch()
    defer { demo.stop() }

    // Initial focus, with no delay: the first focus transition of the process.
    try demo.waitForTrace("focus: nil -> username")
    let window = try runTool(
      ["xdotool", "search", "--sync", "--onlyvisible", "--name", "^\(Self.title)$"],
      timeout: 15
    ).split(separator: "\n").first.map(String.init)
    let windowID = try XCTUnwrap(window, "xdotool found no window titled \(Self.title)")
    try runTool(["xdotool", "windowfocus", "--sync", windowID])
    // Xvfb starts the pointer mid-screen; hovering would change a button's colours.
    try runTool(["xdotool", "mousemove", "0", "0"])

    // The trace can run ahead of the screen by a frame: each check waits for a capture
    // that shows it.
    let username = try Screen.focusRing(named: "initial", "a ring around a whole entry") {
      $0.width > 200 && (30...44).contains($0.height)
    }

    try runTool(["xdotool", "type", "--delay", "30", "ad"])
    try demo.waitForTrace(#"text username = "ad""#)
    try runTool(["xdotool", "key", "Tab"])
    try demo.waitForTrace("focus: username -> password")
    try runTool(["xdotool", "type", "--delay", "30", "opensesame"])
    try demo.waitForTrace(#"text password = "**********""#)

    let password = try Screen.focusRing(named: "after-tab", "the ring moved down, same size") {
      $0.minY > username.maxY && abs($0.minX - username.minX) <= 2
        && abs($0.height - username.height) <= 2
    }
    XCTAssertGreaterThan(password.minY, username.maxY)

    // Return on the last field submits; "ad" fails validation: focus goes back to username.
    try runTool(["xdotool", "key", "Return"])
    try demo.waitForTrace("focus: password -> username")
    let back = try Screen.focusRing(named: "after-refusal", "the ring back on the username") {
      abs($0.minY - username.minY) <= 2 && abs($0.maxY - username.maxY) <= 2
    }
    XCTAssertLessThan(back.maxY, password.minY)

    try runTool(["xdotool", "key", "End"])
    try runTool(["xdotool", "type", "--delay", "30", "a"])
    // Each Return once the previous one has shown its effect: no fixed delay between keys,
    // which a loaded machine outran (the second Return arriving before focus had moved).
    try demo.waitForTrace(#"text username = "ada""#)
    try runTool(["xdotool", "key", "Return"])
    try demo.waitForTrace("focus: username -> password", occurrence: 2)
    try runTool(["xdotool", "key", "Return"])
    try demo.waitForTrace("action: signed in as ada")

    let expected = [
      "focus: nil -> username",
      #"text username = "a""#,
      #"text username = "ad""#,
      "focus: username -> password",
      #"text password = "**********""#,
      "action: submit in password",
      "action: sign-in refused, focus -> username",
      "focus: password -> username",
      #"text username = "ada""#,
      "action: submit in username",
      "focus: username -> password",
      "action: submit in password",
      "action: signed in as ada",
    ]
    let trace = demo.trace
    XCTAssertTrue(
      trace.containsInOrder(expected),
      "trace lacks, in order:\n\(expected.joined(separator: "\n"))\n--- trace:\n"
        + trace.joined(separator: "\n"))
    // Focus moved field to field in one transition each: never through nil.
    XCTAssertFalse(trace.contains { $0.hasPrefix("focus:") && $0.hasSuffix("-> nil") }, "\(trace)")
    // Text only changes when the user types: no echo writes, one line per key.
    XCTAssertEqual(trace.filter { $0.hasPrefix("text username") }.count, 3, "\(trace)")
  }
}

/// The demo, started with `--trace`, its stdout going to a file the test reads.
private final class DemoProcess {
  let process: Process
  let output: URL

  /// Starts the demo binary; it quits by itself after 90 s if nothing stops it.
  static func launch() throws -> DemoProcess {
    guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
      throw Failure("needs an X display: run under xvfb-run (scripts/test does)")
    }
    let binary = try locateDemo()
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("gtk-focus-demo-trace-\(getpid()).txt")
    guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
      throw Failure("cannot create \(output.path)")
    }
    let process = Process()
    process.executableURL = binary
    process.arguments = ["--trace", "--quit-after", "90"]
    var environment = ProcessInfo.processInfo.environment
    environment["GDK_BACKEND"] = "x11"
    environment["GTK_A11Y"] = "none"
    environment["GSETTINGS_BACKEND"] = "memory"
    environment["GDK_DEBUG"] = "default-settings"
    process.environment = environment
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = FileHandle.standardError
    try process.run()
    return DemoProcess(process: process, output: output)
  }

  private init(process: Process, output: URL) {
    self.process = process
    self.output = output
  }

  /// The binary next to the test runner (`.build/<config>/`, or CMake's build folder),
  /// unless `GTK_FOCUS_DEMO` names one.
  static func locateDemo() throws -> URL {
    if let path = ProcessInfo.processInfo.environment["GTK_FOCUS_DEMO"] {
      return URL(fileURLWithPath: path)
    }
    let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let demo = runner.deletingLastPathComponent().appendingPathComponent("gtk-focus-demo")
    guard FileManager.default.isExecutableFile(atPath: demo.path) else {
      throw Failure(
        "no gtk-focus-demo at \(demo.path): build it first (swift build), "
          + "or set GTK_FOCUS_DEMO to its path")
    }
    return demo
  }

  /// The trace lines printed so far.
  var trace: [String] {
    let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init)
  }

  /// Waits until the trace holds `line`, failing after `timeout` seconds.
  func waitForTrace(_ line: String, occurrence: Int = 1, timeout: Double = 15) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while trace.count(where: { $0 == line }) < occurrence {
      guard process.isRunning else {
        throw Failure("the demo exited (\(process.terminationStatus)) before printing \(line)")
      }
      guard Date() < deadline else {
        throw Failure(
          "no \"\(line)\" in the trace after \(timeout) s; trace:\n"
            + trace.joined(separator: "\n"))
      }
      usleep(20_000)
    }
  }

  /// Ends the demo: SIGTERM, then SIGKILL if it has not exited within 5 s.
  func stop() {
    if process.isRunning { process.terminate() }
    let deadline = Date().addingTimeInterval(5)
    while process.isRunning, Date() < deadline { usleep(20_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    try? FileManager.default.removeItem(at: output)
  }
}

/// The X screen as 8-bit RGB, read with ImageMagick's `import`.
private struct Screen {
  let width: Int
  let height: Int
  let pixels: [UInt8]
  /// A PNG of the same capture, for a person to look at when a check fails.
  let path: String

  /// Adwaita's focus ring on an entry: `rgba(53, 132, 228, 0.5)` over the entry's white,
  /// measured here as #9AC1F1. Selected text (#C2DAF6) and borders (#CDC7C2) are far from it.
  static let ringColor: (red: Int, green: Int, blue: Int) = (0x9A, 0xC1, 0xF1)
  static let tolerance = 14

  static func capture(named name: String) throws -> Screen {
    let geometry = try runTool(["xdotool", "getdisplaygeometry"]).split(separator: " ")
    guard geometry.count == 2, let width = Int(geometry[0]),
      let height = Int(geometry[1].trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw Failure("cannot read the display's size: \(geometry)") }
    let base = FileManager.default.temporaryDirectory
      .appendingPathComponent("gtk-focus-demo-e2e-\(getpid())-\(name)").path
    try runTool(["import", "-window", "root", base + ".png"], timeout: 20)
    try runTool(["convert", base + ".png", "-depth", "8", "rgb:" + base + ".rgb"], timeout: 20)
    let data = try Data(contentsOf: URL(fileURLWithPath: base + ".rgb"))
    try? FileManager.default.removeItem(atPath: base + ".rgb")
    guard data.count == width * height * 3 else {
      throw Failure("\(base).rgb holds \(data.count) bytes, not \(width)x\(height)x3")
    }
    return Screen(width: width, height: height, pixels: [UInt8](data), path: base + ".png")
  }

  /// Captures the screen until its focus ring satisfies `condition`, for up to `timeout`
  /// seconds; returns the ring's bounding box, or throws saying what the last capture showed.
  static func focusRing(
    named name: String, _ expectation: String, timeout: Double = 5,
    where condition: (Box) -> Bool
  ) throws -> Box {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      let screen = try capture(named: name)
      let ring = screen.focusRing()
      if let ring, condition(ring) {
        try? FileManager.default.removeItem(atPath: screen.path)
        return ring
      }
      guard Date() < deadline else {
        throw Failure(
          "expected \(expectation); the focus ring is at \(ring.map { "\($0)" } ?? "nowhere") "
            + "in \(screen.path)")
      }
      usleep(100_000)
    }
  }

  /// The bounding box of the pixels of the focus-ring colour, if there are enough of them
  /// to be a ring (a 2 px outline around an entry is over a thousand).
  func focusRing() -> Box? {
    var box: Box?
    var count = 0
    let (red, green, blue) = Screen.ringColor
    for y in 0..<height {
      for x in 0..<width {
        let index = (y * width + x) * 3
        guard abs(Int(pixels[index]) - red) <= Screen.tolerance,
          abs(Int(pixels[index + 1]) - green) <= Screen.tolerance,
          abs(Int(pixels[index + 2]) - blue) <= Screen.tolerance
        else { continue }
        count += 1
        box = box?.including(x, y) ?? Box(minX: x, minY: y, maxX: x, maxY: y)
      }
    }
    return count >= 500 ? box : nil
  }

  struct Box {
    var minX, minY, maxX, maxY: Int
    var width: Int { maxX - minX + 1 }
    var height: Int { maxY - minY + 1 }

    func including(_ x: Int, _ y: Int) -> Box {
      Box(minX: min(minX, x), minY: min(minY, y), maxX: max(maxX, x), maxY: max(maxY, y))
    }
  }
}

/// Runs a helper program, failing if it does not exit 0 within `timeout` seconds; returns
/// its stdout.
@discardableResult
private func runTool(_ arguments: [String], timeout: Double = 10) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = arguments
  let pipe = Pipe()
  process.standardOutput = pipe
  try process.run()
  let deadline = Date().addingTimeInterval(timeout)
  while process.isRunning, Date() < deadline { usleep(10_000) }
  if process.isRunning {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    throw Failure("\(arguments.joined(separator: " ")) did not finish within \(timeout) s")
  }
  let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  guard process.terminationStatus == 0 else {
    throw Failure("\(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
  }
  return output
}

private struct Failure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

extension Array where Element == String {
  /// Whether `lines` appear in this array in order (not necessarily adjacent).
  fileprivate func containsInOrder(_ lines: [String]) -> Bool {
    var remaining = lines[...]
    for line in self where line == remaining.first {
      remaining.removeFirst()
      if remaining.isEmpty { return true }
    }
    return remaining.isEmpty
  }
}
