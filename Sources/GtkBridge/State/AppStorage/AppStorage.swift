/// A value stored in the app's defaults that survives a restart: SwiftUI's `@AppStorage`.
///
/// As in SwiftUI, `@AppStorage("name")` is `UserDefaults.standard`'s value for "name": what the
/// app writes with `UserDefaults.standard.set(_:forKey:)` shows in every view that reads the
/// key, and what a view writes, `UserDefaults.standard` reads. Every `@AppStorage` with the same
/// key, in every window of the process, reads and writes one value. The values are kept in
/// `$XDG_CONFIG_HOME/<app id>/app-storage.ini` (see `AppStorageStore`); a missing key, or a
/// stored value that does not read as the property's type, gives the default.
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
  let decode: @MainActor (Any) -> Value?
  /// What `UserDefaults` stores for a value; `nil` removes the key (an optional set to `nil`).
  let encode: @MainActor (Value) -> Any?
  /// A `UserDefaults` suite other than `.standard`, or `nil` for the standard defaults.
  let suite: UserDefaults?

  init(
    key: String, defaultValue: Value, store: UserDefaults?,
    decode: @escaping @MainActor (Any) -> Value?,
    encode: @escaping @MainActor (Value) -> Any?
  ) {
    self.key = key
    self.defaultValue = defaultValue
    self.decode = decode
    self.encode = encode
    suite = store === UserDefaults.standard ? nil : store
  }

  public var wrappedValue: Value {
    get {
      AppStorageStore.shared.object(forKey: key, in: suite).flatMap(decode) ?? defaultValue
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
          key: key, suite: suite.map(ObjectIdentifier.init),
          fallback: DefaultsValue(object: encode(defaultValue)))))
  }
}

/// Identifies the value behind an `@AppStorage` binding: its key, and the default it reads
/// while the key is unset (two wrappers of one key with other defaults read other values
/// then, so a control re-bound from one to the other must read again).
private struct AppStorageKey: Hashable {
  let key: String
  let suite: ObjectIdentifier?
  let fallback: DefaultsValue?
}

/// A type `@AppStorage` stores in `UserDefaults`.
///
/// Each type is stored as SwiftUI stores it (a `Bool` as a boolean, a `Date` as a date), with
/// two Linux differences: a `URL` is stored as its absolute string (Linux Foundation's
/// `set(_:forKey:)` keeps only a URL's path), and a value stored as text (files written before
/// types were kept, or an app's `set("42", forKey:)`) reads as the type it spells.
protocol AppStorageValue {
  init?(defaultsObject: Any)
  var defaultsObject: Any { get }
}

extension AppStorageValue where Self: AppStorageText {
  init?(defaultsObject: Any) {
    if let value = defaultsObject as? Self { self = value; return }
    guard let text = defaultsObject as? String else { return nil }
    self.init(storedText: text)
  }
  var defaultsObject: Any { self }
}

/// A type whose value can be read from text: a value stored as text reads back as it.
protocol AppStorageText {
  init?(storedText: String)
}

extension String: AppStorageValue, AppStorageText {
  init?(storedText: String) { self = storedText }
}

extension Int: AppStorageValue, AppStorageText {
  init?(storedText: String) { self.init(storedText) }
}

extension Double: AppStorageValue, AppStorageText {
  init?(defaultsObject: Any) {
    if let value = defaultsObject as? Double {
      self = value
    } else if let value = defaultsObject as? Int {
      self.init(value)
    } else if let text = defaultsObject as? String, let value = Double(text) {
      self = value
    } else {
      return nil
    }
  }
  init?(storedText: String) { self.init(storedText) }
}

extension Bool: AppStorageValue, AppStorageText {
  init?(storedText: String) { self.init(storedText) }
}

extension Data: AppStorageValue, AppStorageText {
  init?(storedText: String) { self.init(base64Encoded: storedText) }
}

extension URL: AppStorageValue, AppStorageText {
  // NB: a path (what Linux Foundation's `set(url, forKey:)` stores) reads as a file URL.
  init?(storedText: String) {
    if storedText.hasPrefix("/") {
      self.init(fileURLWithPath: storedText)
    } else {
      self.init(string: storedText)
    }
  }
  var defaultsObject: Any { absoluteString }
}

extension Date: AppStorageValue, AppStorageText {
  init?(storedText: String) {
    guard let seconds = Double(storedText) else { return nil }
    self.init(timeIntervalSince1970: seconds)
  }
}

extension AppStorage {
  fileprivate init(text defaultValue: Value, _ key: String, _ store: UserDefaults?)
  where Value: AppStorageValue {
    self.init(
      key: key, defaultValue: defaultValue, store: store, decode: { Value(defaultsObject: $0) },
      encode: { $0.defaultsObject })
  }

  fileprivate init<T: AppStorageValue>(optional key: String, _ store: UserDefaults?, _: T.Type)
  where Value == T? {
    self.init(
      key: key, defaultValue: nil, store: store,
      decode: { T(defaultsObject: $0).map { .some($0) } }, encode: { $0?.defaultsObject })
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
      decode: { Int(defaultsObject: $0).flatMap { Value(rawValue: $0) } }, encode: { $0.rawValue })
  }

  /// A stored enum with `String` raw values: `@AppStorage("theme") var theme = Theme.system`.
  public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
  where Value: RawRepresentable, Value.RawValue == String {
    self.init(
      key: key, defaultValue: wrappedValue, store: store,
      decode: { ($0 as? String).flatMap { Value(rawValue: $0) } }, encode: { $0.rawValue })
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
      key: key, defaultValue: nil, store: store,
      decode: { ($0 as? String).flatMap { R(rawValue: $0) }.map { .some($0) } },
      encode: { $0?.rawValue })
  }

  /// An optional stored enum with `Int` raw values.
  public init<R: RawRepresentable>(_ key: String, store: UserDefaults? = nil)
  where Value == R?, R.RawValue == Int {
    self.init(
      key: key, defaultValue: nil, store: store,
      decode: { Int(defaultsObject: $0).flatMap { R(rawValue: $0) }.map { .some($0) } },
      encode: { $0?.rawValue })
  }
}
