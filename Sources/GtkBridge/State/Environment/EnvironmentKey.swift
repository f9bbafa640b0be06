/// A key for a value of your own in ``EnvironmentValues``: SwiftUI's `EnvironmentKey`.
///
/// ```swift
/// private struct AccentKey: EnvironmentKey {
///   static let defaultValue = "blue"
/// }
///
/// extension EnvironmentValues {
///   var accent: String {
///     get { self[AccentKey.self] }
///     set { self[AccentKey.self] = newValue }
///   }
/// }
///
/// Form().environment(\.accent, "red")
/// ```
public protocol EnvironmentKey {
  associatedtype Value
  /// The value views see where no modifier set one.
  static var defaultValue: Value { get }
}

extension EnvironmentValues {
  /// The value of `key` here, or its default.
  public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
    get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
    set { values[ObjectIdentifier(key)] = newValue }
  }

  /// The object `.environmentObject` put here for its type, if any.
  func object<Object: AnyObject>(of type: Object.Type) -> Object? {
    values[ObjectIdentifier(type)] as? Object
  }

  mutating func setObject<Object: AnyObject>(_ object: Object) {
    values[ObjectIdentifier(Object.self)] = object
  }

  mutating func setObject<Object: AnyObject>(_ object: Object?, of type: Object.Type) {
    values[ObjectIdentifier(type)] = object
  }
}
