extension Publishers {
  /// What `map(_:)` returns: Combine's `Publishers.Map`.
  public struct Map<Upstream: Publisher, Output>: Publisher {
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let transform: (Upstream.Output) -> Output

    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
      self.upstream = upstream
      self.transform = transform
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.receive(subscriber: Forwarding(subscriber, transform: transform))
    }
  }

  /// What `compactMap(_:)` returns: Combine's `Publishers.CompactMap`.
  public struct CompactMap<Upstream: Publisher, Output>: Publisher {
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let transform: (Upstream.Output) -> Output?

    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
      self.upstream = upstream
      self.transform = transform
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.receive(subscriber: Forwarding(subscriber, transform: transform))
    }
  }
}

extension Publisher {
  /// Sends `transform` of each value.
  ///
  /// ```swift
  /// $amount.map { $0 * 1.15 }.assign(to: &$totalWithTip)
  /// ```
  public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
    Publishers.Map(upstream: self, transform: transform)
  }

  /// Sends `transform` of each value when it is not `nil`.
  ///
  /// ```swift
  /// $amountText.compactMap(Double.init).assign(to: &$amount)
  /// ```
  public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T>
  {
    Publishers.CompactMap(upstream: self, transform: transform)
  }

  /// Sends the value at `keyPath` of each value.
  ///
  /// ```swift
  /// $expenses.map(\.count).sink { print($0, "expenses") }
  /// ```
  public func map<T>(_ keyPath: KeyPath<Output, T>) -> Publishers.Map<Self, T> {
    Publishers.Map(upstream: self) { $0[keyPath: keyPath] }
  }
}
