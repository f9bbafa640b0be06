/// A property of an ``ObservableObject`` whose writes tell the views holding the object:
/// Combine's `@Published`, without Combine.
///
/// ```swift
/// final class SignInModel: ObservableObject {
///   @Published var username = ""
/// }
/// ```
///
/// Each write calls the object's `objectWillChange.send()` first, as in Combine. Unlike
/// Combine, `$username` inside the class is the stored value's wrapper, not a publisher.
@propertyWrapper
public struct Published<Value> {
  private var value: Value

  public init(wrappedValue: Value) {
    value = wrappedValue
  }

  public init(initialValue: Value) {
    value = initialValue
  }

  @available(*, unavailable, message: "@Published is only available on properties of classes")
  public var wrappedValue: Value {
    get { fatalError("@Published is only available on properties of classes") }
    set { fatalError("@Published is only available on properties of classes") }
  }

  /// The wrapper itself (Combine gives a publisher here; GtkBridge has none).
  public var projectedValue: Published<Value> {
    get { self }
    set { self = newValue }
  }

  public static subscript<Object: ObservableObject>(
    _enclosingInstance object: Object,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<Object, Published<Value>>
  ) -> Value {
    get { object[keyPath: storageKeyPath].value }
    set {
      object.objectWillChange.send()
      object[keyPath: storageKeyPath].value = newValue
    }
  }
}

extension Published: Sendable where Value: Sendable {}
