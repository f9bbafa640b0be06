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

  private(set) static var current: AppStorageStore? {
    didSet { currentHasEntries = current?.entries.isEmpty == false }
  }

  /// Whether `current` has entries (some view read a key through it).
  ///
  /// NB: what the loop's readers check asks first, before every wait: reaching the store to
  /// find it has no entries cost about 300 instructions (retaining and releasing it), the
  /// flag about 10 (measured on W2's keystroke, whose app reads no key).
  @exclusivity(unchecked) private(set) static var currentHasEntries = false

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
    if !base.hasPrefix("/") { base = Directories.home + "/.config" }
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
    appID ?? ProgramIdentity.defaultApplicationID ?? ProgramIdentity.programName
      ?? ProcessInfo.processInfo.processName
  }

  let path: String
  /// The defaults this store mirrors: `UserDefaults.standard`, or (tests: a second copy of the
  /// app in one process) a suite standing in for another process's.
  let defaults: UserDefaults
  /// The name under which `persistentDomain(forName:)` reads `defaults`' own values.
  let domain: String
  private var keyFile = KeyFile()
  /// Watches the file for other processes' writes.
  private var monitor: FileMonitor?
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
    load()
    watch()
  }

  // NB: isolated, so the file monitor stops on the main thread.
  isolated deinit {}

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
    // NB: asked before every wait of the loop; most apps read no key.
    guard !entries.isEmpty else { return false }
    return entries.values.contains {
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
        keyFile.removeKey(name, in: group)
      }
      return
    }
    let text = value.text
    // NB: a UTF-8 byte scan, not `contains("\0")`, which walks grapheme clusters.
    let hasNUL = text.utf8.contains(0)
    keyFile.setString(hasNUL ? text.filter { $0 != "\0" } : text, forKey: name, in: Self.group)
    if hasNUL {
      keyFile.setString(Data(text.utf8).base64EncodedString(), forKey: name, in: Self.exactGroup)
    } else {
      keyFile.removeKey(name, in: Self.exactGroup)
    }
    if let type = value.typeName {
      keyFile.setString(type, forKey: name, in: Self.typesGroup)
    } else {
      keyFile.removeKey(name, in: Self.typesGroup)
    }
  }

  /// Runs `body` holding the file's lock (`flock` on `<path>.lock`, made with mode 0600), so
  /// two processes' read-change-replace never interleave. Without a lock (it cannot be made)
  /// `body` runs anyway: a lost merge is better than a lost write.
  private func withFileLock(_ body: () -> Void) {
    _ = Directories.make((path as NSString).deletingLastPathComponent)
    FileLock.holding(path + ".lock", body)
  }

  /// Reads the file again and takes what it holds for every key but `skipped` into the
  /// defaults, telling the readers of each key whose value changed. A file that is missing or
  /// cannot be read leaves everything as it is (the corrupt-file rule: kept until a value is
  /// stored).
  private func reload(except skipped: Set<String> = []) {
    let fresh = KeyFile()
    do { try fresh.load(from: path) } catch { return }
    var read = Self.values(in: fresh)
    for key in skipped {
      // The keys being written keep this process's entries; the write replaces them.
      let name = Self.fileKey(key)
      for group in [Self.group, Self.exactGroup, Self.typesGroup] {
        fresh.copyValue(forKey: name, in: group, from: keyFile)
      }
      read[key] = mirrored[key]
    }
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
  private func watch() {
    monitor = FileMonitor(path: path, rateLimit: 100) { [weak self] in
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
    if self === Self.current { Self.currentHasEntries = true }
    return entry
  }

  private struct EntryKey: Hashable {
    let key: String
    let suite: ObjectIdentifier?
  }

  private func load() {
    do {
      try keyFile.load(from: path)
    } catch {
      if case .unreadable(let message) = error {
        Log.warning(
          "@AppStorage cannot read \(path): \(message); "
            + "the defaults are used and the file is left as it is until a value is stored")
      }
      return
    }
    mirrored = Self.values(in: keyFile)
    for (key, value) in mirrored { defaults.set(value.object, forKey: key) }
  }

  /// The values `keyFile` holds, by Swift key: the readable group's, with the exact copies
  /// (text with NUL) in their place, read as the types group names.
  private static func values(in keyFile: KeyFile) -> [String: DefaultsValue] {
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
  private static func strings(in group: String, of keyFile: KeyFile) -> [(String, String)] {
    keyFile.keys(in: group).compactMap { name in
      // NB: a value with an unknown escape (`\q`) reads as absent on GLib 2.84, so its key's
      // default is used; GLib 2.74 reads it with the escape as written (see KeyFile).
      keyFile.string(forKey: name, in: group).map { (swiftKey(name), $0) }
    }
  }

  private func save() {
    do {
      try keyFile.save(to: path)
      writeFailing = false
    } catch {
      guard case .failed(let reason) = error, !writeFailing else { return }
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
