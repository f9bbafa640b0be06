import GtkBridge
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// A base class for testing your views on real GTK widgets.
///
/// GTK is opened once per process. Without a display every test is skipped, and the first
/// skip prints, once, why and how to get one (`xvfb-run`); never a crash. Set
/// `GTKBRIDGE_REQUIRE_DISPLAY=1` in CI so that a missing display fails instead. Windows made
/// with ``show(title:width:height:_:)`` are closed after each test.
///
/// XCTest on Linux runs test methods on the process main thread: enter the main actor with
/// `MainActor.assumeIsolated` (an `@MainActor` test method would crash XCTest's discovery).
///
/// ```swift
/// import GtkBridgeTesting
/// import XCTest
///
/// final class SignInTests: GtkBridgeTestCase, @unchecked Sendable {
///   func testReturnMovesToThePassword() throws {
///     try MainActor.assumeIsolated {
///       let ui = show { SignIn() }
///       try ui.find(TextField.self, title: "Username").type("ada")
///       ui.press(.return)
///       XCTAssertTrue(try ui.find(SecureField.self).isFocused)
///     }
///   }
/// }
/// ```
// NB: @unchecked because XCTest runs every test method on the process main thread.
open class GtkBridgeTestCase: XCTestCase, @unchecked Sendable {
  /// Closes each window the test showed, unless it closed already.
  @MainActor private var closers: [@MainActor () -> Void] = []

  /// Skips the test when no display can be opened (see ``TestDisplay``).
  open override func setUpWithError() throws {
    try super.setUpWithError()
    try TestDisplay.require()
  }

  /// Closes the windows the test showed and runs what they left pending.
  open override func tearDown() {
    if TestDisplay.isAvailable {
      MainActor.assumeIsolated {
        for close in closers { close() }
        closers = []
        MainLoop.drain()
      }
    }
    super.tearDown()
  }

  /// Shows `content` in a new window, waits until GTK has mapped it, and returns an
  /// inspection of it. The window is closed after the test.
  @MainActor
  public func show<Content: View>(
    title: String? = nil, width: Int = 480, height: Int = 360,
    @ViewBuilder _ content: @escaping @MainActor () -> Content
  ) -> ViewInspection<Content> {
    let host: HostingWindow<Content>
    do {
      host = try HostingWindow(title: title ?? name, width: width, height: height, content: content)
    } catch {
      // NB: setUp opened the display, so this cannot happen in a test that was not skipped.
      preconditionFailure("\(error)")
    }
    return show(host)
  }

  /// Presents `host`, waits (up to 5 s) until GTK has mapped it, and returns an inspection of
  /// it. The window is closed after the test.
  @MainActor
  @discardableResult
  public func show<Content: View>(_ host: HostingWindow<Content>) -> ViewInspection<Content> {
    closers.append { if !host.isClosed { host.close() } }
    host.present()
    let mapped = MainLoop.run(timeout: 5) { gtk_widget_get_mapped(host.window.pointer) != 0 }
    XCTAssertTrue(mapped, "the window was not mapped within 5 s")
    return ViewInspection(host)
  }
}

/// Whether GTK can open a display in this process, decided once for the whole run.
public enum TestDisplay {
  // NB: nonisolated(unsafe) because XCTest runs every test on the process main thread.
  nonisolated(unsafe) private static var result: Result<Void, MainLoop.InitializationError>?
  nonisolated(unsafe) private static var explained = false

  /// Whether the display opened (after ``require()`` ran once).
  public static var isAvailable: Bool {
    if case .success = result { return true }
    return false
  }

  /// Opens GTK's display once. Without one, throws `XCTSkip`; the first time it also prints
  /// why to stderr, so a run of skipped tests says it once. With
  /// `GTKBRIDGE_REQUIRE_DISPLAY=1`, throws an error that fails the test instead.
  public static func require() throws {
    if result == nil {
      result = MainActor.assumeIsolated {
        Result { () throws(MainLoop.InitializationError) in try MainLoop.initialize() }
      }
    }
    guard case .failure(let error) = result else { return }
    if let required = getenv("GTKBRIDGE_REQUIRE_DISPLAY"), String(cString: required) == "1" {
      throw DisplayRequired(description: "GTKBRIDGE_REQUIRE_DISPLAY=1 but \(error)")
    }
    if explained { throw XCTSkip("no display") }
    explained = true
    let message =
      "\(error)\nSkipping every test that needs GTK. (GtkBridge's scripts/test runs them under "
      + "Xvfb.)\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    throw XCTSkip("no display (see the message above)")
  }

  /// The failure ``require()`` throws when a display is required.
  public struct DisplayRequired: Error, CustomStringConvertible {
    public let description: String
  }
}
