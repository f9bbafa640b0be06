import CGtk
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

#if canImport(Glibc)
  import Glibc
#endif

private enum Theme: String {
  case system, light, dark
}

private enum Density: Int {
  case compact = 1
  case regular = 2
}

private struct NameEditor: View {
  @AppStorage("username") var username = ""
  var body: some View { TextField("Name", text: $username) }
}

private struct NameBadge: View {
  @AppStorage("username") var username = ""
  var body: some View { Text("Signed in as \(username.isEmpty ? "Anonymous" : username)") }
}

/// Every stored type in one view, so a test can write them all and read them back.
private struct AllTypes: View {
  @AppStorage("flag") var flag = false
  @AppStorage("count") var count = 0
  @AppStorage("ratio") var ratio = 0.0
  @AppStorage("name") var name = ""
  @AppStorage("blob") var blob = Data()
  @AppStorage("link") var link = URL(string: "https://example.org")!
  @AppStorage("theme") var theme = Theme.system
  @AppStorage("density") var density = Density.regular
  @AppStorage("last search") var lastSearch: String?
  @AppStorage("zoom") var zoom: Double?
  @AppStorage("accent") var accent: Theme?

  var body: some View {
    Text(
      "\(flag) \(count) \(ratio) \(name) \(blob.count) \(link.absoluteString) \(theme) "
        + "\(density) \(lastSearch ?? "nil") \(zoom.map(String.init(describing:)) ?? "nil") "
        + "\(accent.map { $0.rawValue } ?? "nil")")
  }
}

/// A test case whose `@AppStorage` settings file lives under a temporary `XDG_CONFIG_HOME`
/// of its own, removed after each test.
class AppStorageTestCase: GtkTestCase, @unchecked Sendable {
  private(set) var directory = ""
  private var savedConfigHome: String?

  override func setUpWithError() throws {
    try super.setUpWithError()
    savedConfigHome = getenv("XDG_CONFIG_HOME").map { String(cString: $0) }
    directory = NSTemporaryDirectory() + "gtkbridge-appstorage-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    setenv("XDG_CONFIG_HOME", directory, 1)
    MainActor.assumeIsolated {
      // NB: an app an earlier test hosted (`AppHost`) left its id: the file is the program's.
      AppStorageStore.appID = nil
      AppStorageStore.unload()
    }
  }

  override func tearDown() {
    super.tearDown()
    MainActor.assumeIsolated { AppStorageStore.unload() }
    if let savedConfigHome {
      setenv("XDG_CONFIG_HOME", savedConfigHome, 1)
    } else {
      unsetenv("XDG_CONFIG_HOME")
    }
    try? FileManager.default.removeItem(atPath: directory)
  }
}

/// `@AppStorage` (issue 17 item 4): one settings file under a temporary `XDG_CONFIG_HOME`,
/// shared by windows, kept across a simulated restart, and a corrupt file reported and kept.
final class AppStorageTests: AppStorageTestCase, @unchecked Sendable {

  /// Where the store keeps its file for this test: without a GApplication, the program
  /// name stands for the app id.
  private var path: String {
    let name = g_get_prgname().map { String(cString: $0) } ?? ProcessInfo.processInfo.processName
    return directory + "/" + name + "/app-storage.ini"
  }

  /// Drops the in-memory store, as quitting does; the next read loads the file again.
  @MainActor private func restart() {
    for host in hosts where !host.isClosed { host.close() }
    MainLoop.drain()
    AppStorageStore.unload()
  }

  func testATextFieldWriteShowsInAnotherWindowAndIsStoredInTheConfigDirectory() throws {
    try MainActor.assumeIsolated {
      let editor = show(host { NameEditor() })
      let badge = show(host { NameBadge() })
      XCTAssertEqual(try badge.find(Text.self).text, "Signed in as Anonymous")

      try editor.find(TextField.self).type("Ada")
      XCTAssertEqual(try badge.find(Text.self).text, "Signed in as Ada")
      XCTAssertEqual(AppStorageStore.shared.path, path)
      let file = try String(contentsOfFile: path, encoding: .utf8)
      XCTAssertTrue(file.contains("[AppStorage]\nusername=Ada\n"), file)
    }
  }

  func testValuesSurviveARestart() throws {
    try MainActor.assumeIsolated {
      let editor = show(host { NameEditor() })
      try editor.find(TextField.self).type("Grace")
      restart()

      let badge = show(host { NameBadge() })
      XCTAssertEqual(try badge.find(Text.self).text, "Signed in as Grace")
      let field = show(host { NameEditor() })
      XCTAssertEqual(try field.find(TextField.self).text, "Grace")
    }
  }

  func testEveryTypeRoundTripsThroughTheFile() throws {
    try MainActor.assumeIsolated {
      let view = AllTypes()
      let ui = show(host { AllTypes() })
      XCTAssertEqual(
        try ui.find(Text.self).text,
        "false 0 0.0  0 https://example.org system regular nil nil nil")

      view.flag = true
      view.count = -42
      view.ratio = 0.1
      view.name = "a = [b]\n\tc \\ ü"
      view.blob = Data([0, 1, 2, 255])
      view.link = URL(string: "file:///home/ada/My%20Notes.txt")!
      view.theme = .dark
      view.density = .compact
      view.lastSearch = "query"
      view.zoom = 1.0e-5
      view.accent = .light
      MainLoop.drain()
      let expected =
        "true -42 0.1 a = [b]\n\tc \\ ü 4 file:///home/ada/My%20Notes.txt dark compact "
        + "query 1e-05 light"
      XCTAssertEqual(try ui.find(Text.self).text, expected)

      restart()
      let again = show(host { AllTypes() })
      XCTAssertEqual(try again.find(Text.self).text, expected)
      let reloaded = AllTypes()
      XCTAssertEqual(reloaded.blob, Data([0, 1, 2, 255]))
      XCTAssertEqual(reloaded.ratio, 0.1)

      // Setting an optional to nil removes its key; the others stay.
      reloaded.lastSearch = nil
      restart()
      XCTAssertNil(AllTypes().lastSearch)
      XCTAssertEqual(AllTypes().theme, .dark)
      let file = try String(contentsOfFile: path, encoding: .utf8)
      XCTAssertFalse(file.contains("last"), file)
    }
  }

  func testAStoredValueThatDoesNotReadAsTheTypeGivesTheDefault() throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try "[AppStorage]\ncount=many\ntheme=purple\nflag=yes\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    MainActor.assumeIsolated {
      let view = AllTypes()
      XCTAssertEqual(view.count, 0)
      XCTAssertEqual(view.theme, .system)
      XCTAssertEqual(view.flag, false)
    }
  }

  func testACorruptFileIsReportedOnceAndKeptByteForByteUntilAWrite() throws {
    let corrupt = Data("[AppStorage\nusername=Ada\n\u{1}garbage".utf8)
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try corrupt.write(to: URL(fileURLWithPath: path))
    try MainActor.assumeIsolated {
      var warnings: [String] = []
      Log.observer = { warnings.append($0) }
      defer { Log.observer = nil }

      let badge = show(host { NameBadge() })
      _ = show(host { NameEditor() })
      XCTAssertEqual(try badge.find(Text.self).text, "Signed in as Anonymous")
      XCTAssertEqual(warnings.count, 1, "\(warnings)")
      XCTAssertTrue(warnings.first?.contains(path) == true, "\(warnings)")
      XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), corrupt)

      AllTypes().count = 7
      XCTAssertEqual(warnings.count, 1, "\(warnings)")
      restart()
      XCTAssertEqual(AllTypes().count, 7)
      XCTAssertEqual(NameBadge().username, "")
      XCTAssertEqual(warnings.count, 1, "\(warnings)")
    }
  }

  /// A second copy of the app in this process: a store on the same file whose defaults are a
  /// suite of their own, as another process's `UserDefaults.standard` would be.
  @MainActor private func otherCopy() -> AppStorageStore {
    let name = "gtkbridge-other-copy-\(UUID().uuidString)"
    addTeardownBlock { UserDefaults.standard.removePersistentDomain(forName: name) }
    return AppStorageStore(path: AppStorageStore.shared.path, suiteName: name)
  }

  // Two running copies of the app (here a second store on the same file, started before the
  // first wrote): each write takes the other's keys first, so none erases the other's.
  func testTwoCopiesOfTheAppKeepEachOthersKeys() throws {
    try MainActor.assumeIsolated {
      let first = AppStorageStore.shared
      let second = otherCopy()
      first.set("dark", forKey: "theme")
      second.set("14", forKey: "fontSize")
      first.set("1", forKey: "launches")
      restart()
      XCTAssertEqual(AppStorageStore.shared.string(forKey: "theme"), "dark")
      XCTAssertEqual(AppStorageStore.shared.string(forKey: "fontSize"), "14")
      XCTAssertEqual(AppStorageStore.shared.string(forKey: "launches"), "1")
      withExtendedLifetime(second) {}
    }
  }

  // Another copy's write shows live in this one's views (the file is watched).
  func testAnotherCopysWriteShowsInTheRunningApp() throws {
    try MainActor.assumeIsolated {
      let badge = show(host { NameBadge() })
      XCTAssertEqual(try badge.find(Text.self).text, "Signed in as Anonymous")
      let other = otherCopy()
      other.set("Grace", forKey: "username")
      XCTAssertTrue(
        MainLoop.run(timeout: 5) {
          (try? badge.find(Text.self).text) == "Signed in as Grace"
        }, "the badge shows the other copy's value")
      other.set(nil, forKey: "username")
      XCTAssertTrue(
        MainLoop.run(timeout: 5) {
          (try? badge.find(Text.self).text) == "Signed in as Anonymous"
        }, "and its removal")
    }
  }

  // Two processes write different keys 1,000 times each, at the same time: none is lost.
  func testTwoProcessesWritingDifferentKeysLoseNone() throws {
    let writes = 1_000
    let environment = ProcessInfo.processInfo.environment
    if let key = environment["GTKBRIDGE_STORAGE_WRITER"],
      let file = environment["GTKBRIDGE_STORAGE_FILE"]
    {
      MainActor.assumeIsolated {
        let store = AppStorageStore(path: file)
        for index in 1...writes { store.set("\(index)", forKey: key) }
      }
      return
    }
    var children: [Process] = []
    for key in ["left", "right"] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
      process.arguments = [
        "GtkBridgeTests.AppStorageTests/testTwoProcessesWritingDifferentKeysLoseNone"
      ]
      var environment = ProcessInfo.processInfo.environment
      environment["GTKBRIDGE_STORAGE_WRITER"] = key
      environment["GTKBRIDGE_STORAGE_FILE"] = path
      process.environment = environment
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      children.append(process)
    }
    for child in children {
      child.waitUntilExit()
      XCTAssertEqual(child.terminationStatus, 0)
    }
    MainActor.assumeIsolated {
      restart()
      XCTAssertEqual(AppStorageStore.shared.string(forKey: "left"), "\(writes)")
      XCTAssertEqual(AppStorageStore.shared.string(forKey: "right"), "\(writes)")
    }
  }

  // Every String round-trips exactly through a restart: NUL (GLib's strings end there; they
  // go Base64-encoded into a second group), edge spaces, line breaks, escapes, unusual
  // Unicode, and 10 MiB.
  func testEveryStringRoundTripsExactlyThroughARestart() throws {
    try MainActor.assumeIsolated {
      let values = [
        "a\0b", "\0", "  edges  ", "line\nbreak\r\ttab", "back\\slash \\s \\n", "=[]#;",
        "\u{FEFF}bom \u{202E}rtl e\u{301} 👩‍👩‍👧", String(repeating: "0123456789", count: 1_048_576),
        "",
      ]
      for (index, value) in values.enumerated() {
        AppStorage(wrappedValue: "default", "exact\(index)").wrappedValue = value
      }
      restart()
      for (index, value) in values.enumerated() {
        let read = AppStorage(wrappedValue: "default", "exact\(index)").wrappedValue
        XCTAssertTrue(read == value, "value \(index) (\(value.utf8.count) bytes) read back")
      }
      // A value without NUL drops its exact copy.
      AppStorage(wrappedValue: "default", "exact0").wrappedValue = "plain"
      restart()
      XCTAssertEqual(AppStorage(wrappedValue: "default", "exact0").wrappedValue, "plain")
      let file = try String(contentsOfFile: path, encoding: .utf8)
      XCTAssertTrue(file.contains("[AppStorage.Exact]\nexact1="), "only exact1 keeps a copy")
      XCTAssertFalse(file.contains("\nexact0=YQBi"), "exact0's copy went")
    }
  }

  func testKeysGKeyFileCannotHoldArePercentEncodedAndReadBack() throws {
    try MainActor.assumeIsolated {
      let odd = AppStorage(wrappedValue: "", "a=b [c] %d ")
      odd.wrappedValue = "value"
      restart()
      XCTAssertEqual(AppStorage(wrappedValue: "", "a=b [c] %d ").wrappedValue, "value")
      let file = try String(contentsOfFile: path, encoding: .utf8)
      XCTAssertTrue(file.contains("a%3Db%20%5Bc%5D%20%25d%20=value"), file)
    }
  }

  func testTheStandardStoreIsTheFileAndAnotherSuiteKeepsItsOwnValues() throws {
    try MainActor.assumeIsolated {
      let standard = AppStorage(wrappedValue: 0, "count", store: .standard)
      standard.wrappedValue = 3
      XCTAssertEqual(AppStorage(wrappedValue: 0, "count").wrappedValue, 3)
      XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).contains("count=3"))

      let name = "gtkbridge-test-\(UUID().uuidString)"
      let suite = try XCTUnwrap(UserDefaults(suiteName: name))
      defer { suite.removePersistentDomain(forName: name) }
      var count = 0
      let ui = show(
        host {
          CounterText(suite: suite)
        })
      XCTAssertEqual(try ui.find(Text.self).text, "0")
      AppStorage(wrappedValue: 0, "count", store: suite).wrappedValue = 9
      MainLoop.drain()
      XCTAssertEqual(try ui.find(Text.self).text, "9", "a write re-renders the suite's readers")
      count = AppStorage(wrappedValue: 0, "count").wrappedValue
      XCTAssertEqual(count, 3, "the file's value is apart from the suite's")
    }
  }

  func testAnAppsIDNamesTheDirectoryOfTheFile() throws {
    try MainActor.assumeIsolated {
      // What `App.main()` sets before the app is made.
      AppStorageStore.appID = "org.example.Notes"
      defer { AppStorageStore.appID = nil }
      AppStorage(wrappedValue: 0, "launches").wrappedValue = 1
      let file = try String(
        contentsOfFile: directory + "/org.example.Notes/app-storage.ini", encoding: .utf8)
      XCTAssertEqual(file, "[AppStorage]\nlaunches=1\n\n[AppStorage.Types]\nlaunches=integer\n")
    }
  }

  /// The file is never rewritten in place (a crash would leave it half written): each write
  /// makes a new file and renames it over the old one, leaving no temporary file behind.
  func testAWriteReplacesTheFileByRenameAndLeavesNoTemporaryFile() throws {
    try MainActor.assumeIsolated {
      AppStorage(wrappedValue: "", "name").wrappedValue = "first"
      let before = try XCTUnwrap(
        FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
      AppStorage(wrappedValue: "", "name").wrappedValue = "second"
      let after = try XCTUnwrap(
        FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
      XCTAssertNotEqual(before, after, "a new inode: written aside and renamed")
      let folder = (path as NSString).deletingLastPathComponent
      XCTAssertEqual(
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted(),
        ["app-storage.ini", "app-storage.ini.lock"], "no temporary file; the writers' lock")
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      XCTAssertEqual((attributes[.posixPermissions] as? Int).map { $0 & 0o777 }, 0o600)
    }
  }

  func testAFailingWriteWarnsOnceAndKeepsTheValueInMemory() throws {
    // A plain file where the app's directory should be: nothing can be created inside it.
    try "not a directory".write(
      toFile: (path as NSString).deletingLastPathComponent, atomically: true, encoding: .utf8)
    MainActor.assumeIsolated {
      var warnings: [String] = []
      Log.observer = { warnings.append($0) }
      defer { Log.observer = nil }
      let count = AppStorage(wrappedValue: 0, "count")
      XCTAssertEqual(count.wrappedValue, 0)
      XCTAssertEqual(warnings.count, 1, "reading through a file: \(warnings)")
      count.wrappedValue = 1
      count.wrappedValue = 2
      XCTAssertEqual(count.wrappedValue, 2)
      XCTAssertEqual(warnings.count, 2, "one warning for the failing writes: \(warnings)")
      XCTAssertTrue(warnings.last?.contains("cannot write") == true, "\(warnings)")
    }
  }
}

private struct CounterText: View {
  @AppStorage var count: Int

  init(suite: UserDefaults) {
    _count = AppStorage(wrappedValue: 0, "count", store: suite)
  }

  var body: some View { Text("\(count)") }
}
