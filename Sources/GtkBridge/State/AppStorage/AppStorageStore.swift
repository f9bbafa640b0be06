import CGtk
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The durable copy of `UserDefaults.standard`: one GKeyFile,
/// `$XDG_CONFIG_HOME/<app id>/app-storage.ini`, group `[AppStorage]`, that `@AppStorage` and
/// the app's own `UserDefaults.standard` writes go to.
///
/// Why both: SwiftUI's `@AppStorage` *is* `UserDefaults`, so `UserDefaults.standard` is the
/// truth in the process (the app reads and writes it directly); but Linux Foundation keeps
/// its defaults in memory until `synchronize()`, posts no change notification and has no KVO,
/// and its own file has no lock, no merge and no atomic replace. So this store mirrors the
/// standard defaults into its file: an `@AppStorage` write at once, a write the app makes
/// through `UserDefaults` at the next sweep (``sweep()``: a window closing, the app quitting,
/// a termination signal, and every few seconds while the app is busy; see
/// `DefaultsPersistence`), and the file's values go into `UserDefaults.standard` when the
/// store loads (launch) and when another process changes them.
///
/// Why a GKeyFile: it is the GNOME desktop's own settings format (desktop files, GSettings'
/// keyfile backend), a user can read and edit it, GLib parses it with a line-numbered error,
/// keeps the comments and other groups of a file it rewrites, and `g_file_set_contents_full`
/// writes it atomically. Values are readable text (`true`, `42`, `0.1`, Base64 for `Data`);
/// `[AppStorage.Types]` names the type of each value that is not a string.
///
/// Two running copies of an app share the file: a write takes the file's lock
/// (`flock` on `app-storage.ini.lock`), reads the file again, changes only its own keys and
/// replaces the file, so neither erases the other's keys; and each copy watches the file
/// (`GFileMonitor`), so a value another copy stores shows in this one's views.
@MainActor
final class AppStorageStore {
  /// The group of the key file that holds the values.
  static let group = "AppStorage"
  /// The group that holds, Base64-encoded, the values a key file line cannot: text with a NUL
  /// in it (GLib's strings end at NUL). The main group keeps a readable copy without the NULs;
  /// this one wins when the file is read.
  static let exactGroup = "AppStorage.Exact"
  /// The group naming the type of each value that is not a string (`integer`, `real`,
  /// `boolean`, `data`, `date`, `plist`); a key without an entry is a string.
  static let typesGroup = "AppStorage.Types"
  /// The file's name in the app's configuration directory.
  static let fileName = "app-storage.ini"
  /// The name under which Linux Foundation's `persistentDomain(forName:)` gives the standard
  /// defaults' own domain as it is in memory (see PrivateGTKBehaviour.md).
  static let standardDomain = "kCFPreferencesCurrentApplication"

  private(set) static var current: AppStorageStore?

  /// The process's store, loaded on first use (``MainLoop/initialize()`` loads it, once the
  /// app id is known, so the file's values are in `UserDefaults.standard` before the app
  /// reads it).
  static var shared: AppStorageStore {
    if let current { return current }
    let store = AppStorageStore(path: defaultPath())
    current = store
    return store
  }

  /// Ends the store as quitting does (the defaults written to the file), then forgets what
  /// the process had in `UserDefaults.standard`, as a new process would have nothing: the next
  /// use loads the file again (tests: a restart).
  static func unload() {
    guard let store = current else { return }
    store.sweep()
    for key in store.defaults.persistentDomain(forName: store.domain)?.keys ?? [:].keys {
      store.defaults.removeObject(forKey: key)
    }
    current = nil
  }

  /// `$XDG_CONFIG_HOME/<app id>/app-storage.ini`, with `~/.config` when `XDG_CONFIG_HOME`
  /// is unset, empty or relative (the XDG rule). The app id is the ``App``'s
  /// `applicationID`, else the default GApplication's id; without either, GLib's program
  /// name (the executable's).
  static func defaultPath() -> String {
    var base = getenv("XDG_CONFIG_HOME").map { String(cString: $0) } ?? ""
    if !base.hasPrefix("/") { base = String(cString: g_get_home_dir()) + "/.config" }
    return base + "/" + applicationID() + "/" + fileName
  }

  /// The running ``App``'s `applicationID`, set by `App.main()` before the app is made.
  ///
  /// Set while a store is loaded from another app's file (an `AppHost` in a process that
  /// already showed windows), that store ends as a quit does and the new app's file loads.
  static var appID: String? {
    didSet {
      guard let store = current, store.path != defaultPath() else { return }
      unload()
      _ = shared
    }
  }

  static func applicationID() -> String {
    if let appID { return appID }
    if let application = g_application_get_default(),
      let id = g_application_get_application_id(application)
    {
      return String(cString: id)
    }
    if let name = g_get_prgname() { return String(cString: name) }
    return ProcessInfo.processInfo.processName
  }

  let path: String
  /// The defaults this store mirrors: `UserDefaults.standard`, or (tests: a second copy of the
  /// app in one process) a suite standing in for another process's.
  let defaults: UserDefaults
  /// The name under which `persistentDomain(forName:)` reads `defaults`' own values.
  let domain: String
  private var keyFile: OpaquePointer
  /// Watches the file for other processes' writes.
  private var monitor: UnsafeMutablePointer<GFileMonitor>?
  private var monitorChanged: SignalConnection?
  /// Each key's value as the file holds it, as far as this process knows: what it last wrote
  /// or read there. A key whose value in `defaults` differs was changed in this process since,
  /// and the next sweep writes it.
  private var mirrored: [String: DefaultsValue] = [:]
  private var entries: [EntryKey: AppStorageEntry] = [:]
  /// The other suites `@AppStorage(store:)` wrote: a sweep synchronizes them.
  private var suites: [ObjectIdentifier: UserDefaults] = [:]
  /// Whether a write failed since the last one that worked: one warning per run of failures.
  private var writeFailing = false
  private var warnedEmptyKey = false
  private var warnedUnstorable: Set<String> = []

  /// A store of `defaults` (by default the standard ones) kept in the file at `path`.
  /// - Parameter suiteName: the suite standing in for another process's standard defaults.
  init(path: String, suiteName: String? = nil) {
    self.path = path
    defaults = suiteName.flatMap { UserDefaults(suiteName: $0) } ?? .standard
    domain = suiteName ?? Self.standardDomain
    keyFile = g_key_file_new()
    load()
    watch()
  }

  isolated deinit {
    monitorChanged = nil
    if let monitor {
      g_file_monitor_cancel(monitor)
      g_object_unref(UnsafeMutableRawPointer(monitor))
    }
    g_key_file_unref(keyFile)
  }

  /// The value of `key` in `suite` (the standard defaults when `nil`), as `UserDefaults` gives
  /// it; the caller's view re-renders when it changes.
  func object(forKey key: String, in suite: UserDefaults? = nil) -> Any? {
    entry(for: key, in: suite).access()
    return (suite ?? defaults).object(forKey: key)
  }

  /// The stored text of `key` in the standard defaults (tests).
  func string(forKey key: String) -> String? {
    DefaultsValue(object: object(forKey: key)).map(\.text)
  }

  /// Stores `object` (`nil` removes the key) for `key` in `suite` (the standard defaults when
  /// `nil`), tells the readers, and writes the file at once.
  func set(_ object: Any?, forKey key: String, in suite: UserDefaults? = nil) {
    let value = DefaultsValue(object: object)
    let target = suite ?? defaults
    let entry = entry(for: key, in: suite)
    guard
      DefaultsValue(object: target.object(forKey: key)) != value || entry.seen != value
        || (suite == nil && mirrored[key] != value)
    else { return }
    entry.mutate(to: value) { target.set(value?.object, forKey: key) }
    if let suite {
      suites[ObjectIdentifier(suite)] = suite
      return
    }
    guard !key.isEmpty else {
      if !warnedEmptyKey {
        warnedEmptyKey = true
        Log.warning("@AppStorage(\"\") is kept in memory only: a stored key needs a name")
      }
      return
    }
    write([key: value])
  }

  /// Writes every key whose value in the defaults differs from the file's (what the app set
  /// through `UserDefaults` since the last sweep), and synchronizes the suites
  /// `@AppStorage(store:)` wrote. Returns whether it wrote.
  @discardableResult
  func sweep() -> Bool {
    for suite in suites.values { suite.synchronize() }
    if readersAreBehind(includingLarge: true) { notifyReadersBehind() }
    let changes = changedKeys()
    guard !changes.isEmpty else { return false }
    write(changes)
    return true
  }

  /// The keys whose value in the defaults differs from the file's, with their new values.
  private func changedKeys() -> [String: DefaultsValue?] {
    let domainValues = defaults.persistentDomain(forName: domain) ?? [:]
    var changes: [String: DefaultsValue?] = [:]
    for (key, object) in domainValues where !key.isEmpty {
      guard let value = DefaultsValue(object: object) else {
        if warnedUnstorable.insert(key).inserted {
          Log.warning(
            "UserDefaults key \"\(key)\" holds a value a property list cannot: not stored")
        }
        continue
      }
      if mirrored[key] != value { changes[key] = value }
    }
    for key in mirrored.keys where domainValues[key] == nil {
      changes[key] = .some(nil)
    }
    return changes
  }

  /// Whether a key some view reads has a value in its defaults other than the one its readers
  /// last read (the app wrote `UserDefaults` directly).
  /// - Parameter includingLarge: whether keys holding large data are compared too (see
  ///   ``AppStorageEntry/isLarge``).
  func readersAreBehind(includingLarge: Bool) -> Bool {
    entries.values.contains {
      (includingLarge || !$0.isLarge)
        && DefaultsValue(object: $0.defaults.object(forKey: $0.key)) != $0.seen
    }
  }

  /// Tells the readers of every key whose value in its defaults is no longer what they last
  /// read.
  func notifyReadersBehind() {
    for entry in entries.values {
      let value = DefaultsValue(object: entry.defaults.object(forKey: entry.key))
      if value != entry.seen { entry.mutate(to: value) {} }
    }
  }

  /// Writes `changes` (`nil`: remove the key) to the file, under its lock, keeping what other
  /// processes wrote to other keys.
  private func write(_ changes: [String: DefaultsValue?]) {
    // NB: sorted, so a file written from several keys at once reads the same every time.
    let keys = changes.keys.filter { !$0.isEmpty }.sorted()
    guard !keys.isEmpty else { return }
    withFileLock {
      // Another process may have written since this one last read: take its keys first.
      reload(except: Set(keys))
      for key in keys {
        let value = changes[key] ?? nil
        store(value, forKey: key)
        mirrored[key] = value
      }
      save()
    }
  }

  /// Puts `value` (or its absence) for `key` into the key file.
  private func store(_ value: DefaultsValue?, forKey key: String) {
    let name = Self.fileKey(key)
    guard let value else {
      for group in [Self.group, Self.exactGroup, Self.typesGroup] {
        g_key_file_remove_key(keyFile, group, name, nil)
      }
      return
    }
    let text = value.text
    // NB: a UTF-8 byte scan, not `contains("\0")`, which walks grapheme clusters.
    let hasNUL = text.utf8.contains(0)
    g_key_file_set_string(keyFile, Self.group, name, hasNUL ? text.filter { $0 != "\0" } : text)
    if hasNUL {
      g_key_file_set_string(keyFile, Self.exactGroup, name, Data(text.utf8).base64EncodedString())
    } else {
      g_key_file_remove_key(keyFile, Self.exactGroup, name, nil)
    }
    if let type = value.typeName {
      g_key_file_set_string(keyFile, Self.typesGroup, name, type)
    } else {
      g_key_file_remove_key(keyFile, Self.typesGroup, name, nil)
    }
  }

  /// Runs `body` holding the file's lock (`flock` on `<path>.lock`, made with mode 0600), so
  /// two processes' read-change-replace never interleave. Without a lock (it cannot be made)
  /// `body` runs anyway: a lost merge is better than a lost write.
  private func withFileLock(_ body: () -> Void) {
    let directory = (path as NSString).deletingLastPathComponent
    _ = g_mkdir_with_parents(directory, 0o700)
    let descriptor = open(path + ".lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
    if descriptor >= 0 { _ = flock(descriptor, LOCK_EX) }
    defer {
      if descriptor >= 0 {
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
      }
    }
    body()
  }

  /// Reads the file again and takes what it holds for every key but `skipped` into the
  /// defaults, telling the readers of each key whose value changed. A file that is missing or
  /// cannot be read leaves everything as it is (the corrupt-file rule: kept until a value is
  /// stored).
  private func reload(except skipped: Set<String> = []) {
    let fresh = g_key_file_new()!
    let flags = GKeyFileFlags(G_KEY_FILE_KEEP_COMMENTS.rawValue)
    guard g_key_file_load_from_file(fresh, path, flags, nil) != 0 else {
      g_key_file_unref(fresh)
      return
    }
    var read = Self.values(in: fresh)
    for key in skipped {
      // The keys being written keep this process's entries; the write replaces them.
      let name = Self.fileKey(key)
      for group in [Self.group, Self.exactGroup, Self.typesGroup] {
        if let value = g_key_file_get_value(keyFile, group, name, nil) {
          g_key_file_set_value(fresh, group, name, value)
          g_free(value)
        } else {
          g_key_file_remove_key(fresh, group, name, nil)
        }
      }
      read[key] = mirrored[key]
    }
    g_key_file_unref(keyFile)
    keyFile = fresh
    for key in Set(read.keys).union(mirrored.keys) where read[key] != mirrored[key] {
      let value = read[key]
      mirrored[key] = value
      defaults.set(value?.object, forKey: key)
      if let entry = entries[EntryKey(key: key, suite: nil)] {
        entry.mutate(to: DefaultsValue(object: defaults.object(forKey: key))) {}
      }
    }
  }

  /// Watches the file: another process's write (a rename over it) shows here.
  /// Wraps `g_file_monitor_file`.
  private func watch() {
    let file = g_file_new_for_path(path)
    defer { g_object_unref(UnsafeMutableRawPointer(file)) }
    guard let monitor = g_file_monitor_file(file, G_FILE_MONITOR_NONE, nil, nil) else { return }
    g_file_monitor_set_rate_limit(monitor, 100)
    self.monitor = monitor
    monitorChanged = Signals.connectIgnoringArguments(UnsafeMutableRawPointer(monitor), "changed") {
      [weak self] in
      guard let self else { return }
      // What this process set through UserDefaults goes to the file first (merged, under the
      // lock); then the other process's values come in.
      sweep()
      reload()
    }
  }

  private func entry(for key: String, in suite: UserDefaults?) -> AppStorageEntry {
    let id = EntryKey(key: key, suite: suite.map(ObjectIdentifier.init))
    if let entry = entries[id] { return entry }
    let target = suite ?? defaults
    let entry = AppStorageEntry(
      defaults: target, key: key, seen: DefaultsValue(object: target.object(forKey: key)))
    entries[id] = entry
    return entry
  }

  private struct EntryKey: Hashable {
    let key: String
    let suite: ObjectIdentifier?
  }

  private func load() {
    var error: UnsafeMutablePointer<GError>?
    let flags = GKeyFileFlags(G_KEY_FILE_KEEP_COMMENTS.rawValue)
    guard g_key_file_load_from_file(keyFile, path, flags, &error) != 0 else {
      if let error {
        let missing =
          error.pointee.domain == g_file_error_quark()
          && error.pointee.code == G_FILE_ERROR_NOENT.rawValue
        if !missing {
          Log.warning(
            "@AppStorage cannot read \(path): \(String(cString: error.pointee.message)); "
              + "the defaults are used and the file is left as it is until a value is stored")
        }
        g_error_free(error)
      }
      return
    }
    mirrored = Self.values(in: keyFile)
    for (key, value) in mirrored { defaults.set(value.object, forKey: key) }
  }

  /// The values `keyFile` holds, by Swift key: the readable group's, with the exact copies
  /// (text with NUL) in their place, read as the types group names.
  private static func values(in keyFile: OpaquePointer) -> [String: DefaultsValue] {
    var texts: [String: String] = [:]
    for (key, value) in strings(in: group, of: keyFile) { texts[key] = value }
    for (key, encoded) in strings(in: exactGroup, of: keyFile)
    where texts[key] != nil {
      guard let data = Data(base64Encoded: encoded),
        let exact = String(validating: data, as: UTF8.self)
      else { continue }
      texts[key] = exact
    }
    let types = Dictionary(strings(in: typesGroup, of: keyFile), uniquingKeysWith: { $1 })
    return texts.reduce(into: [:]) { values, item in
      values[item.key] = DefaultsValue(text: item.value, typeName: types[item.key])
    }
  }

  /// The string values of `group` in `keyFile`, by Swift key.
  private static func strings(in group: String, of keyFile: OpaquePointer) -> [(String, String)] {
    var count = 0
    guard let keys = g_key_file_get_keys(keyFile, group, &count, nil) else { return [] }
    defer { g_strfreev(keys) }
    var found: [(String, String)] = []
    for index in 0..<count {
      guard let name = keys[index] else { continue }
      // NB: a value with a bad escape (`\q`) reads as absent, so its key's default is used.
      guard let value = g_key_file_get_string(keyFile, group, name, nil) else { continue }
      found.append((swiftKey(String(cString: name)), String(cString: value)))
      g_free(value)
    }
    return found
  }

  private func save() {
    var length = 0
    guard let data = g_key_file_to_data(keyFile, &length, nil) else { return }
    defer { g_free(data) }
    var error: UnsafeMutablePointer<GError>?
    let directory = (path as NSString).deletingLastPathComponent
    // NB: CONSISTENT writes a temporary file, fsyncs it and renames it over the old one, so
    // a crash leaves either the old file or the new one; DURABLE also syncs the rename.
    let flags = GFileSetContentsFlags(
      G_FILE_SET_CONTENTS_CONSISTENT.rawValue | G_FILE_SET_CONTENTS_DURABLE.rawValue)
    let written =
      g_mkdir_with_parents(directory, 0o700) == 0
      && g_file_set_contents_full(path, data, length, flags, 0o600, &error) != 0
    if written {
      writeFailing = false
      return
    }
    let reason = error.map { String(cString: $0.pointee.message) } ?? "cannot create \(directory)"
    if let error { g_error_free(error) }
    if !writeFailing {
      writeFailing = true
      Log.warning("@AppStorage cannot write \(path): \(reason); values stay in memory")
    }
  }

  /// GKeyFile keys cannot hold `=`, `[`, `]`, line breaks or end in spaces; keys other than
  /// letters, digits, `.`, `_` and `-` are percent-encoded in the file.
  static func fileKey(_ key: String) -> String {
    key.addingPercentEncoding(withAllowedCharacters: fileKeyCharacters) ?? key
  }

  static func swiftKey(_ name: String) -> String {
    name.removingPercentEncoding ?? name
  }

  private static let fileKeyCharacters = CharacterSet(
    charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
}
