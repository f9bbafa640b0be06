extension Publishers {
  /// What `filter(_:)` returns: Combine's `Publishers.Filter`.
  public struct Filter<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let isIncluded: (Upstream.Output) -> Bool

    public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.isIncluded = isIncluded
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.receive(
        subscriber: Forwarding(subscriber) { isIncluded($0) ? $0 : nil })
    }
  }

  /// What `removeDuplicates()` returns: Combine's `Publishers.RemoveDuplicates`.
  public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let predicate: (Output, Output) -> Bool

    public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let last = LastValue<Output>()
      upstream.receive(
        subscriber: Forwarding(subscriber) { value in
          last.exchange(value).map { predicate($0, value) } == true ? nil : value
        })
    }
  }
}

/// The previous value a `removeDuplicates` subscription saw.
final class LastValue<Value>: @unchecked Sendable {
  private let lock = Lock()
  private var value: Value?

  /// Stores `new`; returns the value stored before.
  func exchange(_ new: Value) -> Value? {
    lock.withLock {
      defer { value = new }
      return value
    }
  }
}

extension Publisher {
  /// Sends only the values for which `isIncluded` is true.
  ///
  /// ```swift
  /// $query.filter { $0.count >= 2 }.sink { search($0) }
  /// ```
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
    Publishers.Filter(upstream: self, isIncluded: isIncluded)
  }

  /// Drops a value that `predicate` says repeats the one before.
  ///
  /// ```swift
  /// $draft.removeDuplicates { $0.title == $1.title }.sink { save($0) }
  /// ```
  public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool)
    -> Publishers.RemoveDuplicates<Self>
  {
    Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
  }
}

extension Publisher where Output: Equatable {
  /// Drops a value equal to the one before.
  ///
  /// ```swift
  /// $query.removeDuplicates().sink { search($0) }
  /// ```
  public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
    Publishers.RemoveDuplicates(upstream: self, predicate: ==)
  }
}
