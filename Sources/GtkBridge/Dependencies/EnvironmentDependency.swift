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

  /// The key paths a modifier sets (`.environment(\.key, v)`, `.disabled`): their readers
  /// hear of their own changes only.
  ///
  /// NB: a key path no modifier sets may read others: `@Environment(\.self)`, a value an app
  /// computes from other keys (`var isCompact: Bool { sizeCategory < .large }`), a path into
  /// a value (`\.locale.identifier`). Their readers cannot say which keys they depend on, so
  /// they call back on any change of a value above them, as every reader did before keys.
  private static var set: Set<EnvironmentDependency.Key> = []

  /// A modifier sets `key` (called when it is made, before any change).
  static func declare(_ key: EnvironmentDependency.Key) {
    set.insert(key)
  }

  /// The value of `key` changed at `ancestor`: the readers of it below call back, and those
  /// of key paths no modifier sets (see `set`).
  static func changed(_ key: EnvironmentDependency.Key, below ancestor: ViewNode) {
    set.insert(key)
    var lists: [[Subscription]] = []
    if let list = subscribers[key]?.values { lists.append(Array(list)) }
    if case .keyPath = key {
      for (other, list) in subscribers where !set.contains(other) {
        guard case .keyPath = other else { continue }
        lists.append(Array(list.values))
      }
    }
    // NB: a reader's call back may subscribe or cancel others: called from a copy.
    for list in lists {
      for subscription in list where !subscription.isCancelled {
        guard let node = subscription.dependency.location.node, node.isDescendant(of: ancestor)
        else { continue }
        subscription.onChange()
      }
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
  /// Whether `ancestor` is above this node, counting a presented window's content (a sheet)
  /// as below the view that presents it: it reads that view's environment.
  func isDescendant(of ancestor: ViewNode) -> Bool {
    var node = parent ?? graph.presentedWindow?.presenter
    while let current = node {
      if current === ancestor { return true }
      node = current.parent ?? current.graph.presentedWindow?.presenter
    }
    return false
  }
}
