/// Something that can be stopped: Combine's `Cancellable`, what a subscription and a
/// scheduled repeating action are.
///
/// ```swift
/// let subscription: any Cancellable = subject.sink { print($0) }
/// subscription.cancel()
/// ```
public protocol Cancellable {
  /// Stops the activity and frees what it holds. Calling it again does nothing.
  func cancel()
}

/// A cancellable that cancels when it is freed: Combine's `AnyCancellable`, what `sink` and
/// `assign` return. Keep it (`.store(in: &cancellables)`) for as long as values should flow.
///
/// ```swift
/// var cancellables = Set<AnyCancellable>()
/// model.$query.sink { print("query:", $0) }.store(in: &cancellables)
/// ```
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
  private var onCancel: (() -> Void)?
  // NB: a cancellable may be cancelled on one thread while another frees it.
  private let lock = Lock()

  /// Calls `cancel` when cancelled or freed, once.
  public init(_ cancel: @escaping () -> Void) {
    onCancel = cancel
  }

  /// Cancels `canceller` when cancelled or freed.
  public init<C: Cancellable>(_ canceller: C) {
    onCancel = { canceller.cancel() }
  }

  deinit {
    cancel()
  }

  public func cancel() {
    let action = lock.withLock { () -> (() -> Void)? in
      defer { onCancel = nil }
      return onCancel
    }
    action?()
  }

  /// Keeps this cancellable in `set`; it cancels when the set drops it (or is freed).
  public func store(in set: inout Set<AnyCancellable>) {
    set.insert(self)
  }

  /// Keeps this cancellable in `collection`.
  public func store<C: RangeReplaceableCollection>(in collection: inout C)
  where C.Element == AnyCancellable {
    collection.append(self)
  }

  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

extension Cancellable {
  /// Keeps this cancellable in `set` as an ``AnyCancellable``.
  public func store(in set: inout Set<AnyCancellable>) {
    AnyCancellable(self).store(in: &set)
  }

  /// Keeps this cancellable in `collection` as an ``AnyCancellable``.
  public func store<C: RangeReplaceableCollection>(in collection: inout C)
  where C.Element == AnyCancellable {
    AnyCancellable(self).store(in: &collection)
  }
}
