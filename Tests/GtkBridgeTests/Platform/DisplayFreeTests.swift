import Foundation
import XCTest

@testable import GtkBridge

#if canImport(Glibc)
  import Glibc
#endif

/// A test case that needs no display: it never initialises GTK nor makes a widget, so its
/// tests run anywhere, in seconds, with or without Xvfb (`scripts/test --display-free` runs
/// every class whose name ends in `DisplayFreeTests` with no display at all). What needs GTK
/// derives from `GtkTestCase` instead, which skips without a display.
class DisplayFreeTestCase: XCTestCase, @unchecked Sendable {
  /// A fresh folder of this test's own, removed after it.
  private(set) var directory = ""

  override func setUpWithError() throws {
    try super.setUpWithError()
    let template = NSTemporaryDirectory() + "gtkbridge-display-free.XXXXXX"
    var bytes = Array(template.utf8CString)
    guard let made = mkdtemp(&bytes) else { throw XCTSkip("no temporary folder") }
    directory = String(cString: made)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: directory)
    super.tearDown()
  }
}

/// Platform/KeyFile: GLib's key file as `@AppStorage` keeps its settings in it.
final class KeyFileDisplayFreeTests: DisplayFreeTestCase, @unchecked Sendable {
  func testAMissingFileSaysSoAndAFileThatCannotBeParsedSaysWhy() throws {
    let file = KeyFile()
    XCTAssertThrowsError(try file.load(from: directory + "/none.ini")) { error in
      guard case .missing = error as? KeyFile.LoadError else {
        return XCTFail("expected .missing, got \(error)")
      }
    }
    let broken = directory + "/broken.ini"
    try "[AppStorage\nkey".write(toFile: broken, atomically: true, encoding: .utf8)
    XCTAssertThrowsError(try file.load(from: broken)) { error in
      guard case .unreadable(let message) = error as? KeyFile.LoadError else {
        return XCTFail("expected .unreadable, got \(error)")
      }
      XCTAssertFalse(message.isEmpty)
    }
  }

  func testStringsKeepTheirEscapesThroughASaveAndTheFolderIsMade() throws {
    let path = directory + "/made/by/save/app-storage.ini"
    let file = KeyFile()
    let texts = ["plain": "word", "lines": "one\ntwo", "edges": "  spaced  ", "sign": "a=b"]
    for (key, text) in texts { file.setString(text, forKey: key, in: "AppStorage") }
    file.setString("gone", forKey: "removed", in: "AppStorage")
    file.removeKey("removed", in: "AppStorage")
    try file.save(to: path)

    let read = KeyFile()
    try read.load(from: path)
    XCTAssertEqual(Set(read.keys(in: "AppStorage")), Set(texts.keys))
    for (key, text) in texts { XCTAssertEqual(read.string(forKey: key, in: "AppStorage"), text) }
    XCTAssertEqual(read.keys(in: "Absent"), [])
    var status = stat()
    XCTAssertEqual(stat(path, &status), 0)
    XCTAssertEqual(status.st_mode & 0o777, 0o600, "the file is the user's alone")
  }

  func testAnUnknownEscapeIsCopiedByteForByte() throws {
    let path = directory + "/escapes.ini"
    try "[AppStorage]\nodd=\\q\n".write(toFile: path, atomically: true, encoding: .utf8)
    let source = KeyFile()
    try source.load(from: path)
    // NB: GLib's answer changed between the two platforms (see KeyFile.string(forKey:in:)).
    let read = source.string(forKey: "odd", in: "AppStorage")
    if glib_minor_version >= 84 {
      XCTAssertNil(read, "GLib \(glib_minor_version): absent")
    } else if glib_minor_version <= 74 {
      XCTAssertEqual(read, "\\q", "GLib \(glib_minor_version): as written")
    }

    let copy = KeyFile()
    copy.setString("stays", forKey: "other", in: "AppStorage")
    copy.setString("replaced", forKey: "odd", in: "AppStorage")
    copy.copyValue(forKey: "odd", in: "AppStorage", from: source)
    copy.copyValue(forKey: "other", in: "AppStorage", from: source)
    let saved = directory + "/copy.ini"
    try copy.save(to: saved)
    let text = try String(contentsOfFile: saved, encoding: .utf8)
    XCTAssertTrue(text.contains("odd=\\q"), text)
    XCTAssertFalse(text.contains("other"), "a key the source lacks is removed:\n\(text)")
  }
}

/// State/AppStorage over Platform/: two stores on one file (two copies of an app) keep each
/// other's keys, with no window and no display.
final class AppStorageStoreDisplayFreeTests: DisplayFreeTestCase, @unchecked Sendable {
  /// A store on `path` whose defaults are a suite of their own, as another process's
  /// `UserDefaults.standard` would be.
  @MainActor private func copyOfTheApp(on path: String) -> AppStorageStore {
    let name = "gtkbridge-display-free-\(UUID().uuidString)"
    addTeardownBlock { UserDefaults.standard.removePersistentDomain(forName: name) }
    return AppStorageStore(path: path, suiteName: name)
  }

  func testTwoStoresOnOneFileKeepEachOthersKeys() throws {
    MainActor.assumeIsolated {
      let path = directory + "/app/app-storage.ini"
      let first = copyOfTheApp(on: path)
      first.set("Ada", forKey: "name")
      let second = copyOfTheApp(on: path)
      XCTAssertEqual(second.string(forKey: "name"), "Ada", "the second copy loads the file")
      second.set("3", forKey: "count")
      first.set("Grace", forKey: "name")

      let restarted = copyOfTheApp(on: path)
      XCTAssertEqual(restarted.string(forKey: "name"), "Grace")
      XCTAssertEqual(restarted.string(forKey: "count"), "3", "the first copy kept the second's key")
      withExtendedLifetime((first, second)) {}
    }
  }
}
