import CGtk
import Observation

#if canImport(Glibc)
  import Glibc
#endif

/// The values every `@AppStorage` of the process reads and writes: one GKeyFile,
/// `$XDG_CONFIG_HOME/<app id>/app-storage.ini`, group `[AppStorage]`.
///
/// Why a GKeyFile: it is the GNOME desktop's own settings format (desktop files, GSettings'
/// keyfile backend), a user can read and edit it, GLib parses it with a line-numbered error,
/// keeps the comments and other groups of a file it rewrites, and `g_file_set_contents_full`
/// writes it atomically. Values are stored as text (`true`, `42`, `0.1`, Base64 for `Data`,
/// the absolute string of a `URL`) so the file stays readable and the Swift type decides how
/// a value reads back.
///
/// Two running copies of an app share the file: a write takes the file's lock
/// (`flock` on `app-storage.ini.lock`), reads the file again, changes only its own key and
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
  /// The file's name in the app's configuration directory.
  static let fileName = "app-storage.ini"

  private static var current: AppStorageStore?

  /// The process's store, loaded on first use (not when an `@AppStorage` is made, so an
  /// `App`'s properties resolve the app id after the application exists).
  static var shared: AppStorageStore {
    if let current { return current }
    let store = AppStorageStore(path: defaultPath())
    current = store
    return store
  }

  /// Forgets the loaded store; the next use loads the file again (tests: a restart).
  static func unload() {
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
  static var appID: String?

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
  private var keyFile: OpaquePointer
  /// Watches the file for other processes' writes.
  private var monitor: UnsafeMutablePointer<GFileMonitor>?
  private var monitorChanged: SignalConnection?
  private var values: [String: String] = [:]
  private var entries: [String: AppStorageEntry] = [:]
  private var suiteEntries: [SuiteKey: AppStorageEntry] = [:]
  /// Whether a write failed since the last one that worked: one warning per run of failures.
  private var writeFailing = false
  private var warnedEmptyKey = false

  init(path: String) {
    self.path = path
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

  /// The stored text of `key`, or `nil`; the caller's view re-renders when it changes.
  func string(forKey key: String) -> String? {
    entry(for: key).access()
    return values[key]
  }

  /// Stores `value` (`nil` removes the key), tells the readers, and writes the file.
  func set(_ value: String?, forKey key: String) {
    guard values[key] != value else { return }
    entry(for: key).mutate { values[key] = value }
    guard !key.isEmpty else {
      if !warnedEmptyKey {
        warnedEmptyKey = true
        Log.warning("@AppStorage(\"\") is kept in memory only: a stored key needs a name")
      }
      return
    }
    withFileLock {
      // Another process may have written since this one last read: take its keys first.
      reload(except: key)
      store(value, forKey: key)
      save()
    }
  }

  /// Puts `value` (or its absence) for `key` into the key file.
  private func store(_ value: String?, forKey key: String) {
    let name = Self.fileKey(key)
    if let value {
      // NB: a UTF-8 byte scan, not `contains("\0")`, which walks grapheme clusters.
      let hasNUL = value.utf8.contains(0)
      g_key_file_set_string(keyFile, Self.group, name, hasNUL ? value.filter { $0 != "\0" } : value)
      if hasNUL {
        g_key_file_set_string(
          keyFile, Self.exactGroup, name, Data(value.utf8).base64EncodedString())
      } else {
        g_key_file_remove_key(keyFile, Self.exactGroup, name, nil)
      }
    } else {
      g_key_file_remove_key(keyFile, Self.group, name, nil)
      g_key_file_remove_key(keyFile, Self.exactGroup, name, nil)
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

  /// Reads the file again and takes what it holds for every key but `skipped`, telling the
  /// readers of each key whose value changed. A file that is missing or cannot be read leaves
  /// everything as it is (the corrupt-file rule: kept until a value is stored).
  private func reload(except skipped: String? = nil) {
    let fresh = g_key_file_new()!
    let flags = GKeyFileFlags(G_KEY_FILE_KEEP_COMMENTS.rawValue)
    guard g_key_file_load_from_file(fresh, path, flags, nil) != 0 else {
      g_key_file_unref(fresh)
      return
    }
    var read = Self.values(in: fresh)
    if let skipped {
      // The key being written keeps this process's entries; the write replaces them.
      let name = Self.fileKey(skipped)
      for group in [Self.group, Self.exactGroup] {
        if let value = g_key_file_get_value(keyFile, group, name, nil) {
          g_key_file_set_value(fresh, group, name, value)
          g_free(value)
        } else {
          g_key_file_remove_key(fresh, group, name, nil)
        }
      }
      read[skipped] = values[skipped]
    }
    g_key_file_unref(keyFile)
    keyFile = fresh
    guard read != values else { return }
    for key in Set(read.keys).union(values.keys) where read[key] != values[key] {
      let value = read[key]
      if let entry = entries[key] {
        entry.mutate { values[key] = value }
      } else {
        values[key] = value
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
      [weak self] in self?.reload()
    }
  }

  /// The stored text of `key` in `suite`, or in the file when `suite` is `nil`.
  func string(forKey key: String, in suite: UserDefaults?) -> String? {
    guard let suite else { return string(forKey: key) }
    suiteEntry(suite, key).access()
    return suite.string(forKey: key)
  }

  /// Stores `value` under `key` in `suite` (as text), or in the file when `suite` is `nil`.
  func set(_ value: String?, forKey key: String, in suite: UserDefaults?) {
    guard let suite else { return set(value, forKey: key) }
    guard suite.string(forKey: key) != value else { return }
    suiteEntry(suite, key).mutate { suite.set(value, forKey: key) }
  }

  private func suiteEntry(_ suite: UserDefaults, _ key: String) -> AppStorageEntry {
    let id = SuiteKey(suite: ObjectIdentifier(suite), key: key)
    if let entry = suiteEntries[id] { return entry }
    let entry = AppStorageEntry()
    suiteEntries[id] = entry
    return entry
  }

  private struct SuiteKey: Hashable {
    let suite: ObjectIdentifier
    let key: String
  }

  private func entry(for key: String) -> AppStorageEntry {
    if let entry = entries[key] { return entry }
    let entry = AppStorageEntry()
    entries[key] = entry
    return entry
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
    values = Self.values(in: keyFile)
  }

  /// The values `keyFile` holds, by Swift key: the readable group's, with the exact copies
  /// (text with NUL) in their place.
  private static func values(in keyFile: OpaquePointer) -> [String: String] {
    var values: [String: String] = [:]
    for (key, value) in strings(in: group, of: keyFile) { values[key] = value }
    for (key, encoded) in strings(in: exactGroup, of: keyFile)
    where values[key] != nil {
      guard let data = Data(base64Encoded: encoded),
        let exact = String(validating: data, as: UTF8.self)
      else { continue }
      values[key] = exact
    }
    return values
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

/// The observation point of one key: views that read the key re-render when it is written.
@MainActor
final class AppStorageEntry: Observable {
  private let registrar = ObservationRegistrar()
  private var revision = 0

  func access() {
    if ElementReads.untracked == 0 { registrar.access(self, keyPath: \.revision) }
  }

  func mutate(_ change: () -> Void) {
    registrar.withMutation(of: self, keyPath: \.revision) {
      change()
      revision &+= 1
    }
  }
}
