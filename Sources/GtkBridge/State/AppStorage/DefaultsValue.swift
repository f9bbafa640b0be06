import Foundation

/// One value of a `UserDefaults` domain, as the settings file keeps it: its type and its
/// exact contents.
///
/// Why a type of our own: Linux Foundation gives a domain's values back as `Any` (unboxed
/// numbers, arrays of optionals), which cannot be compared; this can, so a sweep finds the
/// keys an app changed through `UserDefaults` since the file was last written. Scalars keep
/// their Swift type; anything else a property list can hold (arrays, dictionaries, `Float`,
/// `UInt64`, …) is kept as a binary property list, which holds every string exactly.
enum DefaultsValue: Hashable {
  case string(String)
  case integer(Int)
  case real(Double)
  case boolean(Bool)
  case data(Data)
  case date(Date)
  /// A binary property list of a one-element array holding the value. Two lists are equal
  /// when they hold equal values (a dictionary's keys may come out in another order).
  case propertyList(Data)

  static func == (lhs: DefaultsValue, rhs: DefaultsValue) -> Bool {
    switch (lhs, rhs) {
    case (.string(let a), .string(let b)): return a == b
    case (.integer(let a), .integer(let b)): return a == b
    case (.real(let a), .real(let b)): return a == b
    case (.boolean(let a), .boolean(let b)): return a == b
    case (.data(let a), .data(let b)): return a == b
    case (.date(let a), .date(let b)): return a == b
    case (.propertyList(let a), .propertyList(let b)):
      if a == b { return true }
      guard let first = lhs.object, let second = rhs.object else { return false }
      return Self.equal(first, second)
    default: return false
    }
  }

  func hash(into hasher: inout Hasher) {
    switch self {
    case .string(let value): hasher.combine(value)
    case .integer(let value): hasher.combine(value)
    case .real(let value): hasher.combine(value)
    case .boolean(let value): hasher.combine(value)
    case .data(let value): hasher.combine(value)
    case .date(let value): hasher.combine(value)
    // NB: equal lists may differ in bytes (see `==`).
    case .propertyList: hasher.combine(7)
    }
  }

  /// Whether two property-list values hold the same: arrays and dictionaries element by
  /// element, anything else as its ``DefaultsValue``.
  private static func equal(_ first: Any, _ second: Any) -> Bool {
    let first = unwrapped(first) ?? NSNull()
    let second = unwrapped(second) ?? NSNull()
    switch (first, second) {
    case (let a as [Any], let b as [Any]):
      return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
    case (let a as [String: Any], let b as [String: Any]):
      return a.count == b.count
        && a.allSatisfy { key, value in b[key].map { equal(value, $0) } ?? false }
    case (is NSNull, is NSNull): return true
    default:
      guard let a = DefaultsValue(object: first), let b = DefaultsValue(object: second) else {
        return false
      }
      return a == b
    }
  }

  /// The value `object` (from `UserDefaults.object(forKey:)` or a persistent domain) is, or
  /// `nil` for no value (or one a property list cannot hold).
  init?(object: Any?) {
    guard let object = Self.unwrapped(object) else { return nil }
    // NB: Foundation unboxes a boolean NSNumber to Bool and others to Int or Double; on Linux
    // an `Any` holding a Bool is not an Int nor the other way round.
    switch object {
    case let value as String: self = .string(value)
    case let value as Bool: self = .boolean(value)
    case let value as Int: self = .integer(value)
    case let value as Double: self = .real(value)
    case let value as Data: self = .data(value)
    case let value as Date: self = .date(value)
    default:
      guard
        let list = try? PropertyListSerialization.data(
          fromPropertyList: [Self.cleaned(object)], format: .binary, options: 0)
      else { return nil }
      self = .propertyList(list)
    }
  }

  /// What `UserDefaults.set(_:forKey:)` takes for this value.
  var object: Any? {
    switch self {
    case .string(let value): return value
    case .integer(let value): return value
    case .real(let value): return value
    case .boolean(let value): return value
    case .data(let value): return value
    case .date(let value): return value
    case .propertyList(let list):
      let array =
        (try? PropertyListSerialization.propertyList(from: list, options: [], format: nil))
        as? [Any]
      return array?.first
    }
  }

  /// Whether reading the value from `UserDefaults` costs more than a few microseconds: data
  /// or a property list over 4 KiB (Linux Foundation copies `Data` byte by byte).
  var isLarge: Bool {
    switch self {
    case .data(let value), .propertyList(let value): return value.count > 4096
    default: return false
    }
  }

  /// The type's name in the file's `[AppStorage.Types]` group; `nil` for a string, the type of
  /// a value without an entry (every value written before types were kept).
  var typeName: String? {
    switch self {
    case .string: return nil
    case .integer: return "integer"
    case .real: return "real"
    case .boolean: return "boolean"
    case .data: return "data"
    case .date: return "date"
    case .propertyList: return "plist"
    }
  }

  /// The value as a line of the file: readable for scalars (`true`, `42`, `0.1`, seconds
  /// since 1970), Base64 for data and property lists.
  var text: String {
    switch self {
    case .string(let value): return value
    case .integer(let value): return String(value)
    // NB: Swift's description is the shortest text that reads back as the same Double.
    case .real(let value): return value.description
    case .boolean(let value): return value ? "true" : "false"
    case .data(let value), .propertyList(let value): return value.base64EncodedString()
    case .date(let value): return value.timeIntervalSince1970.description
    }
  }

  /// The value a line of the file holds, given the type its `[AppStorage.Types]` entry names
  /// (`nil`: a string). A text that does not read as its type, or an unknown type, reads as
  /// the text itself: the value is kept, and a typed read of it gives the default.
  init(text: String, typeName: String?) {
    switch typeName {
    case "integer": self = Int(text).map { .integer($0) } ?? .string(text)
    case "real": self = Double(text).map { .real($0) } ?? .string(text)
    case "boolean": self = Bool(text).map { .boolean($0) } ?? .string(text)
    case "data": self = Data(base64Encoded: text).map { .data($0) } ?? .string(text)
    case "date":
      self = Double(text).map { .date(Date(timeIntervalSince1970: $0)) } ?? .string(text)
    case "plist":
      // NB: a list that does not read back stays text, so no sweep mistakes it for a removal.
      let list = Data(base64Encoded: text).map { Self.propertyList($0) }
      self = list.flatMap { $0.object == nil ? nil : $0 } ?? .string(text)
    default: self = .string(text)
    }
  }

  /// `object` without the `Optional` layers Foundation wraps values of a domain in.
  private static func unwrapped(_ object: Any?) -> Any? {
    guard let object else { return nil }
    if let optional = object as? any OptionalValue { return unwrapped(optional.wrappedAny) }
    return object
  }

  /// `object` with every nested `Optional` unwrapped, for `PropertyListSerialization`.
  private static func cleaned(_ object: Any) -> Any {
    switch unwrapped(object) {
    case let array as [Any]: return array.map { cleaned($0) }
    case let dictionary as [String: Any]: return dictionary.mapValues { cleaned($0) }
    case let value?: return value
    case nil: return NSNull()
    }
  }
}

/// Lets ``DefaultsValue`` see through an `Optional` held in an `Any`.
private protocol OptionalValue {
  var wrappedAny: Any? { get }
}

extension Optional: OptionalValue {
  fileprivate var wrappedAny: Any? { self.map { $0 as Any } }
}
