/// A value stored in the app's settings file that survives a restart: SwiftUI's
/// `@AppStorage`.
///
/// Every `@AppStorage` with the same key, in every window of the process, reads and writes
/// one value: a write re-renders each view that reads the key. The values live in
/// `$XDG_CONFIG_HOME/<app id>/app-storage.ini` (a GKeyFile, written atomically on each
/// write); a missing key, or a stored text that does not read as the property's type, gives
/// the default.
///
/// ```swift
/// struct SettingsView: View {
///   @AppStorage("username") var username = "Anonymous"
///   @AppStorage("fontSize") var fontSize = 14.0
///   @AppStorage("theme") var theme: Theme = .system  // enum Theme: String
///
///   var body: some View {
///     TextField("Name", text: $username)
///   }
/// }
/// ```
@MainActor
@propertyWrapper
public struct AppStorage<Value> {
  let key: String
  let defaultValue: Value
  let decode: @MainActor (String) -> Value?
  /// `nil` removes the key (an optional set to `nil`).
  let encode: @MainActor (Value) -> String?
  /// A `UserDefaults` suite other than `.standard`, or `nil` for the app's settings file.
  let suite: UserDefaults?

  init(
    key: String, defaultValue: Value, store: UserDefaults?,
    decode: @escaping @MainActor (String) -> Value?,
    encode: @escaping @MainActor (Value) -> String?
  ) {
    self.key = key
    self.defaultValue = defaultValue
    self.decode = decode
    self.encode = encode
    suite = store === UserDefaults.standard ? nil : store
  }

  public var wrappedValue: Value {
    get {
      AppStorageStore.shared.string(forKey: key, in: suite).flatMap(decode) ?? defaultValue
    }
    nonmutating set { AppStorageStore.shared.set(encode(newValue), forKey: key, in: suite) }
  }

  /// A binding to the stored value, for controls: `TextField("Name", text: $username)`.
  public var projectedValue: Binding<Value> {
    let storage = self
    return Binding(
      get: { storage.wrappedValue }, set: { storage.wrappedValue = $0 },
      id: .other(
        AppStorageKey(
          key: key, suite: suite.map(ObjectIdentifier.init), fallback: encode(defaultValue))))
  }
}

/// Identifies the value behind an `@AppStorage` binding: its key, and the default it reads
/// while the key is unset (two wrappers of one key with other defaults read other values
/// then, so a control re-bound from one to the other must read again).
private struct AppStorageKey: Hashable {
  let key: String
  let suite: ObjectIdentifier?
  let fallback: String?
}

/// A type `@AppStorage` stores as text.
protocol AppStorageText {
  init?(storedText: String)
  var storedText: String { get }
}

extension String: AppStorageText {
  init?(storedText: String) { self = storedText }
  var storedText: String { self }
}

extension Int: AppStorageText {
  init?(storedText: String) { self.init(storedText) }
  var storedText: String { String(self) }
}

extension Double: AppStorageText {
  // NB: Swift's description is the shortest text that reads back as the same Double.
  init?(storedText: String) { self.init(storedText) }
  var storedText: String { description }
}

extension Bool: AppStorageText {
  init?(storedText: String) { self.init(storedText) }
  var storedText: String { self ? "true" : "false" }
}

extension Data: AppStorageText {
  init?(storedText: String) { self.init(base64Encoded: storedText) }
  var storedText: String { base64EncodedString() }
}

extension URL: AppStorageText {
  init?(storedText: String) { self.init(string: storedText) }
  var storedText: String { absoluteString }
}

extension Date: AppStorageText {
  init?(storedText: String) {
    guard let seconds = Double(storedText) else { return nil }
    self.init(timeIntervalSince1970: seconds)
  }
  var storedText: String { timeIntervalSince1970.description }
}

extension AppStorage {
  fileprivate init(text defaultValue: Value, _ key: String, _ store: UserDefaults?)
  where Value: AppStorageText {
    self.init(
      key: key, defaultValue: defaultValue, store: store, decode: { Value(storedText: $0) },
      encode: { $0.storedText })
  }

  fileprivate init<T: AppStorageText>(optional key: String, _ store: UserDefaults?, _: T.Type)
  where Value == T? {
    self.init(
      key: key, defaultValue: nil, store: store, decode: { T(storedText: $0).map { .some($0) } },
      encode: { $0?.storedText })
  }

  /// A stored `Bool`, `false`-like defaults included: `@AppStorage("isOn") var isOn = false`.
  public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Bool {
    self.init(text: wrappedValue, key, store)
  }

  /// A stored `Int`: `@AppStorage("launchCount") var launchCount = 0`.
  public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Int {
    self.init(text: wrappedValue, key, store)
  }

  /// A stored `Double`: `@AppStorage("fontSize") var fontSize = 14.0`.
  public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
  where Value == Double {
    self.init(text: wrappedValue, key, store)
  }

  /// A stored `String`: `@AppStorage("username") var username = ""`.
  public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
  where Value == String {
    self.init(text: wrappedValue, key, store)
  }

  /// A stored `URL`, as its absolute string.
  public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == URL {
    self.init(text: wrappedValue, key, store)
  }

  /// A stored `Data`, in Base64.
  public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Data {
    self.init(text: wrappedValue, key, store)
  }

  /// A stored `Date`, as seconds since 1970.
  public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Date {
    self.init(text: wrappedValue, key, store)
  }

  /// A stored enum with `Int` raw values, as its raw value; a stored number no case has reads
  /// as the default.
  public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
  where Value: RawRepresentable, Value.RawValue == Int {
    self.init(
      key: key, defaultValue: wrappedValue, store: store,
      decode: { text in Int(text).flatMap { Value(rawValue: $0) } }, encode: { String($0.rawValue) }
    )
  }

  /// A stored enum with `String` raw values: `@AppStorage("theme") var theme = Theme.system`.
  public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
  where Value: RawRepresentable, Value.RawValue == String {
    self.init(
      key: key, defaultValue: wrappedValue, store: store, decode: { Value(rawValue: $0) },
      encode: { $0.rawValue })
  }
}

extension AppStorage where Value: ExpressibleByNilLiteral {
  /// An optional stored `Bool`, `nil` until set; setting `nil` removes the key.
  public init(_ key: String, store: UserDefaults? = nil) where Value == Bool? {
    self.init(optional: key, store, Bool.self)
  }

  /// An optional stored `Int`.
  public init(_ key: String, store: UserDefaults? = nil) where Value == Int? {
    self.init(optional: key, store, Int.self)
  }

  /// An optional stored `Double`.
  public init(_ key: String, store: UserDefaults? = nil) where Value == Double? {
    self.init(optional: key, store, Double.self)
  }

  /// An optional stored `String`: `@AppStorage("lastSearch") var lastSearch: String?`.
  public init(_ key: String, store: UserDefaults? = nil) where Value == String? {
    self.init(optional: key, store, String.self)
  }

  /// An optional stored `URL`.
  public init(_ key: String, store: UserDefaults? = nil) where Value == URL? {
    self.init(optional: key, store, URL.self)
  }

  /// An optional stored `Data`.
  public init(_ key: String, store: UserDefaults? = nil) where Value == Data? {
    self.init(optional: key, store, Data.self)
  }

  /// An optional stored `Date`.
  public init(_ key: String, store: UserDefaults? = nil) where Value == Date? {
    self.init(optional: key, store, Date.self)
  }

  /// An optional stored enum with `String` raw values.
  public init<R: RawRepresentable>(_ key: String, store: UserDefaults? = nil)
  where Value == R?, R.RawValue == String {
    self.init(
      key: key, defaultValue: nil, store: store, decode: { R(rawValue: $0).map { .some($0) } },
      encode: { $0?.rawValue })
  }

  /// An optional stored enum with `Int` raw values.
  public init<R: RawRepresentable>(_ key: String, store: UserDefaults? = nil)
  where Value == R?, R.RawValue == Int {
    self.init(
      key: key, defaultValue: nil, store: store,
      decode: { text in Int(text).flatMap { R(rawValue: $0) }.map { .some($0) } },
      encode: { $0.map { String($0.rawValue) } })
  }
}
