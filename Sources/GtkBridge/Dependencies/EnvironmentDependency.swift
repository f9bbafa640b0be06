/// A read of one environment value by a view in the graph: the key and where it was read.
///
/// A modifier that changes a key's value (`.environment(\.locale, …)`, `.disabled`,
/// `.environmentObject`) calls back the readers of that key below it, and no others: a view
/// that reads `\.colorScheme` does not re-run when a `\.locale` above it changes.
struct EnvironmentDependency: Equatable {
  /// Which value: a key path of `EnvironmentValues`, or an object's type
  /// (`.environment(_:)`, `.environmentObject(_:)`).
  enum Key: Hashable, @unchecked Sendable {
    case keyPath(AnyKeyPath)
    case object(ObjectIdentifier)
  }

  let key: Key
  /// Where the value was read: the node of the view that declares the property.
  let location: EnvironmentReader

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.key == rhs.key && lhs.location === rhs.location
  }
}

/// The readers of each environment key, for the modifiers that change one.
@MainActor
enum EnvironmentDependents {
  /// One reader's interest in one key, read at one place in the tree.
  @MainActor
  final class Subscription {
    let dependency: EnvironmentDependency
    fileprivate let onChange: @MainActor () -> Void
    fileprivate var isCancelled = false

    fileprivate init(_ dependency: EnvironmentDependency, onChange: @escaping @MainActor () -> Void)
    {
      self.dependency = dependency
      self.onChange = onChange
    }

    func cancel() {
      guard !isCancelled else { return }
      isCancelled = true
      EnvironmentDependents.remove(self)
    }
  }

  /// By key, then by subscription: a reader leaving is one removal, not a search among
  /// every reader of the key (each row of a long list may read one).
  private static var subscribers: [EnvironmentDependency.Key: [ObjectIdentifier: Subscription]] =
    [:]

  /// How many readers listen now (tests check that readers go away).
  static var activeCount: Int { subscribers.values.reduce(0) { $0 + $1.count } }

  static func subscribe(
    _ dependency: EnvironmentDependency, onChange: @escaping @MainActor () -> Void
  ) -> Subscription {
    let subscription = Subscription(dependency, onChange: onChange)
    subscribers[dependency.key, default: [:]][ObjectIdentifier(subscription)] = subscription
    return subscription
  }

  fileprivate static func remove(_ subscription: Subscription) {
    let key = subscription.dependency.key
    subscribers[key]?[ObjectIdentifier(subscription)] = nil
    if subscribers[key]?.isEmpty == true { subscribers[key] = nil }
  }

  /// The value of `key` changed at `ancestor`: the readers of it below call back.
  static func changed(_ key: EnvironmentDependency.Key, below ancestor: ViewNode) {
    guard let list = subscribers[key]?.values else { return }
    // NB: a reader's call back may subscribe or cancel others: called from a copy.
    for subscription in list where !subscription.isCancelled {
      guard let node = subscription.dependency.location.node, node.isDescendant(of: ancestor)
      else { continue }
      subscription.onChange()
    }
  }
}

extension EnvironmentDependency.Key {
  /// The key of the value at `keyPath`.
  static func value<Value>(_ keyPath: KeyPath<EnvironmentValues, Value>) -> Self {
    .keyPath(keyPath)
  }

  /// The key of the object of `type` (`.environment(_:)`, `.environmentObject(_:)`).
  static func object(of type: Any.Type) -> Self { .object(ObjectIdentifier(type)) }
}

extension ViewNode {
  fileprivate func isDescendant(of ancestor: ViewNode) -> Bool {
    var node = parent
    while let current = node {
      if current === ancestor { return true }
      node = current.parent
    }
    return false
  }
}
