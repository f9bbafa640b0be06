/// A property of an ``ObservableObject`` that announces its changes: Combine's `@Published`.
///
/// Each write sends the object's `objectWillChange` first, then the new value to the
/// subscribers of `$property`, then stores it (so a subscriber that reads the property sees
/// the old value, as in Combine). The views holding the object hear of the write after the
/// value is stored, so a write from any thread is shown: a view that updated on the main
/// actor in between, reading the old value, updates again.
///
/// ```swift
/// final class TipModel: ObservableObject {
///   @Published var amount = 0.0
///   @Published var tip = 0.0
///   private var cancellables = Set<AnyCancellable>()
///
///   init() {
///     $amount.map { $0 * 0.15 }.assign(to: &$tip)
///   }
/// }
/// ```
@propertyWrapper
public struct Published<Value> {
  var storage: PublishedStorage<Value>

  public init(wrappedValue: Value) {
    storage = PublishedStorage(wrappedValue)
  }

  public init(initialValue: Value) {
    storage = PublishedStorage(initialValue)
  }

  @available(*, unavailable, message: "@Published is only available on properties of classes")
  public var wrappedValue: Value {
    get { fatalError("@Published is only available on properties of classes") }
    set { fatalError("@Published is only available on properties of classes") }
  }

  /// The property's publisher: its current value to each new subscriber, then every new
  /// value, before it is stored.
  public var projectedValue: Publisher {
    mutating get { Publisher(storage: storage) }
    set { storage = newValue.storage }
  }

  public static subscript<Object: ObservableObject>(
    _enclosingInstance object: Object,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<Object, Published<Value>>
  ) -> Value where Object.ObjectWillChangePublisher == ObservableObjectPublisher {
    get {
      let storage = object[keyPath: storageKeyPath].storage
      storage.owner = object.objectWillChange
      return storage.value
    }
    set {
      let storage = object[keyPath: storageKeyPath].storage
      let willChange = object.objectWillChange
      storage.owner = willChange
      willChange.send { storage.set(newValue) }
    }
  }

  /// What `$property` is: Combine's `Published.Publisher`.
  public struct Publisher: Combine.Publisher {
    public typealias Output = Value
    public typealias Failure = Never

    let storage: PublishedStorage<Value>

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
      storage.subscriptions.attach(subscriber, initial: storage.value)
    }
  }
}

extension Published: Sendable where Value: Sendable {}

/// A `@Published` property found by reflection on its object.
protocol PublishedProperty {
  /// Makes writes that bypass the object (`assign(to: &$property)`) send `publisher` too.
  func announce(to publisher: ObservableObjectPublisher)
}

extension Published: PublishedProperty {
  func announce(to publisher: ObservableObjectPublisher) {
    storage.owner = publisher
  }
}

/// Where a `@Published` property keeps its value and its subscribers.
final class PublishedStorage<Value>: @unchecked Sendable {
  private let lock = Lock()
  private var current: Value
  private var assignment: AnyCancellable?
  let subscriptions = SubjectSubscriptions<Value, Never>()
  /// The enclosing object's `objectWillChange`, known once the property was used through
  /// the object, so a write by `assign(to: &$property)` announces the change too.
  var owner: ObservableObjectPublisher? {
    get { lock.withLock { ownerReference } }
    set { lock.withLock { ownerReference = newValue } }
  }
  private weak var ownerReference: ObservableObjectPublisher?

  init(_ value: Value) {
    current = value
  }

  var value: Value { lock.withLock { current } }

  /// Sends `value` to the subscribers, then stores it.
  func set(_ value: Value) {
    subscriptions.send(value)
    lock.withLock { current = value }
  }

  /// Makes every value of `publisher` this property's, for as long as the property lives.
  func assign<P: Combine.Publisher>(from publisher: P) where P.Output == Value, P.Failure == Never {
    let cancellable = publisher.sink { [weak self] value in
      guard let self else { return }
      if let owner {
        owner.send { set(value) }
      } else {
        set(value)
      }
    }
    lock.withLock { assignment = cancellable }
  }
}
