import CGtk
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

#if canImport(Glibc)
  import Glibc
#endif

/// What an app's settings screen does: a button that writes `UserDefaults.standard` itself,
/// and a label that shows the key through `@AppStorage`.
private struct SignInPanel: View {
  @AppStorage("username") var username = "Anonymous"
  var body: some View {
    VStack {
      Text("Signed in as \(username)")
      Button("Sign in as Ada") { UserDefaults.standard.set("Ada", forKey: "username") }
    }
  }
}

private struct Greeting: View {
  @AppStorage("username") var username = "Anonymous"
  @AppStorage("launches") var launches = 0
  var body: some View { Text("\(username) \(launches)") }
}

/// `@AppStorage` is `UserDefaults.standard` (issue 35, item 2): one store, in both directions,
/// and what the app writes through `UserDefaults` survives a window close, a quit and
/// `SIGTERM`, in the settings file with its lock, merge and exact values.
final class UserDefaultsTests: AppStorageTestCase, @unchecked Sendable {
  /// The store's file for this test (its directory is named by `AppStorageTests`' tests).
  private var path: String { MainActor.assumeIsolated { AppStorageStore.defaultPath() } }

  private var file: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

  /// A quit and a relaunch: the store writes what the defaults hold, and the process's
  /// defaults are forgotten; the next use loads the file.
  @MainActor private func restart() {
    for host in hosts where !host.isClosed { host.close() }
    MainLoop.drain()
    AppStorageStore.unload()
    _ = AppStorageStore.shared
  }

  func testAnAppStorageWriteIsInUserDefaultsStandardWithItsType() throws {
    MainActor.assumeIsolated {
      let greeting = Greeting()
      greeting.username = "Ada"
      greeting.launches = 3
      XCTAssertEqual(UserDefaults.standard.string(forKey: "username"), "Ada")
      XCTAssertEqual(UserDefaults.standard.object(forKey: "launches") as? Int, 3)
      XCTAssertEqual(UserDefaults.standard.integer(forKey: "launches"), 3)
    }
  }

  func testAUserDefaultsWriteShowsInTheViewsThatReadTheKey() throws {
    try MainActor.assumeIsolated {
      let ui = show(host { Greeting() })
      XCTAssertEqual(try ui.find(Text.self).text, "Anonymous 0")
      // What a button's action does: no notification tells anyone on Linux.
      UserDefaults.standard.set("Grace", forKey: "username")
      UserDefaults.standard.set(7, forKey: "launches")
      MainLoop.drain()
      XCTAssertEqual(try ui.find(Text.self).text, "Grace 7")
      UserDefaults.standard.removeObject(forKey: "username")
      MainLoop.drain()
      XCTAssertEqual(try ui.find(Text.self).text, "Anonymous 7")
      XCTAssertEqual(Greeting().launches, 7, "the property reads it too")
    }
  }

  // With real keys: Tab to the button, Space; the label shows the value the action wrote
  // through UserDefaults, and it is in the file once the window closes.
  func testAButtonThatWritesUserDefaultsUpdatesTheLabelWithRealKeys() throws {
    guard try runsInChildProcess(in: "UserDefaultsTests") else { return }
    try MainActor.assumeIsolated {
      let window = host { SignInPanel() }
      let ui = show(window)
      XCTAssertEqual(try ui.find(Text.self).text, "Signed in as Anonymous")
      try xdotool(on: window.window, ["key", "Tab", "space"])
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { (try? ui.find(Text.self).text) == "Signed in as Ada" },
        "the label shows what the button's action wrote")
      window.close()
      MainLoop.drain()
      XCTAssertTrue(file.contains("username=Ada"), file)
    }
  }

  func testAUserDefaultsWriteReachesTheFileWhenAWindowCloses() throws {
    MainActor.assumeIsolated {
      let window = host { Greeting() }
      _ = show(window)
      UserDefaults.standard.set("direct", forKey: "note")
      UserDefaults.standard.set(2.5, forKey: "zoom")
      UserDefaults.standard.set(true, forKey: "compact")
      XCTAssertFalse(file.contains("note="), "not yet: Foundation keeps it in memory")
      window.close()
      MainLoop.drain()
      XCTAssertTrue(file.contains("[AppStorage]\ncompact=true\nnote=direct\nzoom=2.5\n"), file)
      XCTAssertTrue(file.contains("[AppStorage.Types]\ncompact=boolean\nzoom=real\n"), file)
    }
  }

  // Every type a property list holds goes through the file and comes back as that type:
  // what `UserDefaults` gave before the restart, it gives after.
  func testEveryPropertyListValueRoundTripsThroughARestart() throws {
    let date = Date(timeIntervalSince1970: 1_234_567_890.125)
    let values: [String: Any] = [
      "string": "a\0b \u{1F469}\u{200D}\u{1F467}", "int": -42, "double": 0.1, "bool": false,
      "data": Data([0, 1, 2, 255]), "date": date, "array": [1, "two", 3.5, ["x\0y"]],
      "dictionary": ["a": 1, "b": ["c": true]], "float": Float(1.5), "big": UInt64.max,
      "long": String(repeating: "0123456789", count: 1_048_576),
      "blob": Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) }),
    ]
    MainActor.assumeIsolated {
      for (key, value) in values { UserDefaults.standard.set(value, forKey: key) }
      let before = values.keys.map {
        DefaultsValue(object: UserDefaults.standard.object(forKey: $0))
      }
      restart()
      for (index, key) in values.keys.enumerated() {
        let after = DefaultsValue(object: UserDefaults.standard.object(forKey: key))
        XCTAssertTrue(after == before[index], "\(key) read back")
      }
      XCTAssertEqual(UserDefaults.standard.object(forKey: "int") as? Int, -42)
      XCTAssertEqual(UserDefaults.standard.object(forKey: "date") as? Date, date)
      XCTAssertEqual(
        UserDefaults.standard.string(forKey: "string"), "a\0b \u{1F469}\u{200D}\u{1F467}")
      XCTAssertEqual(
        (UserDefaults.standard.array(forKey: "array")?.last as? [Any])?.first as? String, "x\0y")
      XCTAssertEqual(AppStorage(wrappedValue: Data(), "data").wrappedValue, Data([0, 1, 2, 255]))
    }
  }

  /// Files written before types were kept hold every value as text: each reads as the type
  /// the property asks for, and `UserDefaults` reads the text.
  func testAFileWithoutTypesReadsAsBefore() throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try "[AppStorage]\nlaunches=12\nflag=true\nratio=0.25\nblob=AAEC\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    MainActor.assumeIsolated {
      restart()
      XCTAssertEqual(AppStorage(wrappedValue: 0, "launches").wrappedValue, 12)
      XCTAssertEqual(AppStorage(wrappedValue: false, "flag").wrappedValue, true)
      XCTAssertEqual(AppStorage(wrappedValue: 0.0, "ratio").wrappedValue, 0.25)
      XCTAssertEqual(AppStorage(wrappedValue: Data(), "blob").wrappedValue, Data([0, 1, 2]))
      XCTAssertEqual(UserDefaults.standard.integer(forKey: "launches"), 12)
      XCTAssertEqual(UserDefaults.standard.bool(forKey: "flag"), true)
    }
  }

  /// A key the app registers a default for, or passes on the command line, is not stored:
  /// only what the app sets is.
  func testRegisteredDefaultsAreNotStored() throws {
    MainActor.assumeIsolated {
      UserDefaults.standard.register(defaults: ["registeredOnly": "fallback"])
      UserDefaults.standard.set("kept", forKey: "setByApp")
      XCTAssertEqual(AppStorage(wrappedValue: "", "registeredOnly").wrappedValue, "fallback")
      AppStorageStore.shared.sweep()
      XCTAssertTrue(file.contains("setByApp=kept"), file)
      XCTAssertFalse(file.contains("registeredOnly"), file)
    }
  }

  /// What `persistentDomain(forName: "kCFPreferencesCurrentApplication")` gives on Linux
  /// Foundation: the standard defaults' own values as they are in memory (not the copy on
  /// disk), without registered or command-line ones (PrivateGTKBehaviour.md).
  func testFoundationGivesTheStandardDomainInMemory() throws {
    UserDefaults.standard.set("in memory", forKey: "unsynchronized")
    UserDefaults.standard.register(defaults: ["registered": 1])
    let domain = UserDefaults.standard.persistentDomain(forName: "kCFPreferencesCurrentApplication")
    XCTAssertEqual(domain?["unsynchronized"] as? String, "in memory")
    XCTAssertNil(domain?["registered"] as Any?)
    UserDefaults.standard.removeObject(forKey: "unsynchronized")
    XCTAssertNil(
      UserDefaults.standard.persistentDomain(forName: "kCFPreferencesCurrentApplication")?[
        "unsynchronized"] as Any?)
  }

  // A real quit and relaunch, in child processes: one writes through `UserDefaults.standard`
  // and ends by `exit`, by `SIGTERM` while its loop runs, or by its window closing; the next
  // reads what it wrote.
  func testUserDefaultsWritesSurviveQuitSIGTERMAndWindowClose() throws {
    let environment = ProcessInfo.processInfo.environment
    if let role = environment["GTKBRIDGE_DEFAULTS_CHILD"],
      let configHome = environment["GTKBRIDGE_DEFAULTS_CONFIG"]
    {
      setenv("XDG_CONFIG_HOME", configHome, 1)
      MainActor.assumeIsolated { child(role) }
      return
    }
    let configHome = directory + "/children"
    func run(_ role: String, signal: Int32? = nil) throws -> Process {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
      process.arguments = [
        "GtkBridgeTests.UserDefaultsTests/testUserDefaultsWritesSurviveQuitSIGTERMAndWindowClose"
      ]
      var environment = ProcessInfo.processInfo.environment
      environment["GTKBRIDGE_DEFAULTS_CHILD"] = role
      environment["GTKBRIDGE_DEFAULTS_CONFIG"] = configHome
      process.environment = environment
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      if let signal {
        // The child says it is in its loop by writing its ready file.
        let ready = configHome + "/ready-" + role
        var waited = 0
        while !FileManager.default.fileExists(atPath: ready), waited < 600 {
          usleep(50_000)
          waited += 1
        }
        kill(process.processIdentifier, signal)
      }
      process.waitUntilExit()
      return process
    }
    let quit = try run("exit")
    XCTAssertEqual(quit.terminationReason, .exit)
    XCTAssertEqual(quit.terminationStatus, 0)
    let terminated = try run("sigterm", signal: SIGTERM)
    XCTAssertEqual(terminated.terminationReason, .uncaughtSignal, "it still ends of the signal")
    XCTAssertEqual(terminated.terminationStatus, SIGTERM)
    let closed = try run("close")
    XCTAssertEqual(closed.terminationStatus, 0)
    let reader = try run("read")
    XCTAssertEqual(reader.terminationStatus, 0, "the relaunched app read every value")
  }

  // Two running copies of an app write different keys through UserDefaults.standard, 1,000
  // times each, sweeping every tenth write and at exit: the file keeps both last values.
  func testTwoProcessesWritingThroughUserDefaultsLoseNone() throws {
    let environment = ProcessInfo.processInfo.environment
    if let key = environment["GTKBRIDGE_DEFAULTS_WRITER"],
      let configHome = environment["GTKBRIDGE_DEFAULTS_CONFIG"]
    {
      setenv("XDG_CONFIG_HOME", configHome, 1)
      MainActor.assumeIsolated {
        AppStorageStore.unload()
        _ = AppStorageStore.shared
        guard key != "reader" else {
          let left = UserDefaults.standard.object(forKey: "left") as? Int
          let right = UserDefaults.standard.object(forKey: "right") as? Int
          _exit(left == 1_000 && right == 1_000 ? 0 : 1)
        }
        for index in 1...1_000 {
          UserDefaults.standard.set(index, forKey: key)
          if index % 10 == 3 { AppStorageStore.shared.sweep() }
        }
        // NB: the last writes since a sweep go to the file as the process exits.
        exit(0)
      }
    }
    // NB: children all, the reader too: this process may host an app whose id names another
    // directory (the default GApplication of an earlier test).
    let configHome = directory + "/writers"
    func start(_ key: String) throws -> Process {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
      process.arguments = [
        "GtkBridgeTests.UserDefaultsTests/testTwoProcessesWritingThroughUserDefaultsLoseNone"
      ]
      var environment = ProcessInfo.processInfo.environment
      environment["GTKBRIDGE_DEFAULTS_WRITER"] = key
      environment["GTKBRIDGE_DEFAULTS_CONFIG"] = configHome
      process.environment = environment
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      return process
    }
    let writers = try ["left", "right"].map(start)
    for writer in writers {
      writer.waitUntilExit()
      XCTAssertEqual(writer.terminationStatus, 0)
    }
    let reader = try start("reader")
    reader.waitUntilExit()
    XCTAssertEqual(reader.terminationStatus, 0, "the relaunched app read 1,000 for both keys")
  }

  @MainActor private func child(_ role: String) {
    AppStorageStore.unload()
    _ = AppStorageStore.shared
    let defaults = UserDefaults.standard
    switch role {
    case "exit":
      defaults.set("written before exit", forKey: "byExit")
      defaults.set(41, forKey: "count")
      exit(0)
    case "sigterm":
      defaults.set("written before SIGTERM", forKey: "bySignal")
      defaults.set(42, forKey: "count")
      let configHome = ProcessInfo.processInfo.environment["GTKBRIDGE_DEFAULTS_CONFIG"]!
      // NB: in the loop (its first look at the condition), where the signal is handled.
      MainLoop.run {
        _ = FileManager.default.createFile(atPath: configHome + "/ready-sigterm", contents: Data())
        return false
      }
    case "close":
      let window = try? HostingWindow(title: "close") { Greeting() }
      window?.present()
      MainLoop.drain()
      defaults.set("written before the window closed", forKey: "byClose")
      defaults.set(43, forKey: "count")
      window?.close()
      MainLoop.drain()
      // NB: `_exit` skips the atexit sweep: the close alone must have written.
      _exit(0)
    default:
      let expected: [String: Any] = [
        "byExit": "written before exit", "bySignal": "written before SIGTERM",
        "byClose": "written before the window closed", "count": 43,
      ]
      for (key, value) in expected
      where DefaultsValue(object: defaults.object(forKey: key)) != DefaultsValue(object: value) {
        FileHandle.standardError.write(
          Data("\(key): \(String(describing: defaults.object(forKey: key)))\n".utf8))
        _exit(1)
      }
      _exit(0)
    }
  }
}
