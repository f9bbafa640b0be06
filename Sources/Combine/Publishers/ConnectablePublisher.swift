/// A publisher that starts only when told to: Combine's `ConnectablePublisher`, what
/// `Timer.publish` returns.
///
/// ```swift
/// let ticks = Timer.publish(every: 1, on: .main, in: .common)
/// let connection = ticks.connect()   // or `.autoconnect()`
/// ```
public protocol ConnectablePublisher<Output, Failure>: Publisher {
  /// Starts the publisher; cancelling the result stops it.
  func connect() -> any Cancellable
}

extension ConnectablePublisher {
  /// This publisher, started when the first subscriber attaches and stopped when the last
  /// one leaves.
  ///
  /// ```swift
  /// let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
  /// ```
  public func autoconnect() -> Publishers.Autoconnect<Self> {
    Publishers.Autoconnect(upstream: self)
  }
}

extension Publishers {
  /// What `autoconnect()` returns: Combine's `Publishers.Autoconnect`, a class, so a view
  /// that keeps one in a property keeps one timer.
  public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher, @unchecked Sendable {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public final let upstream: Upstream
    private let lock = Lock()
    private var connection: (any Cancellable)?
    private var subscribers = 0

    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let counted = Counted(subscriber) { [weak self] in self?.subscriberLeft() }
      upstream.receive(subscriber: counted)
      let connect = lock.withLock { () -> Bool in
        subscribers += 1
        return connection == nil
      }
      if connect {
        let connection = upstream.connect()
        lock.withLock { self.connection = connection }
      }
    }

    private func subscriberLeft() {
      let connection = lock.withLock { () -> (any Cancellable)? in
        subscribers -= 1
        guard subscribers == 0 else { return nil }
        defer { self.connection = nil }
        return self.connection
      }
      connection?.cancel()
    }

    /// Tells the autoconnect when its subscriber cancels or completes.
    final class Counted<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
      typealias Input = Output
      private let downstream: Downstream
      private let lock = Lock()
      private var upstream: (any Subscription)?
      private var onEnd: (() -> Void)?

      init(_ downstream: Downstream, onEnd: @escaping () -> Void) {
        self.downstream = downstream
        self.onEnd = onEnd
      }

      func receive(subscription: any Subscription) {
        lock.withLock { upstream = subscription }
        downstream.receive(subscription: self)
      }

      func receive(_ input: Output) -> Subscribers.Demand { downstream.receive(input) }

      func receive(completion: Subscribers.Completion<Failure>) {
        end()
        downstream.receive(completion: completion)
      }

      func request(_ demand: Subscribers.Demand) {
        lock.withLock { upstream }?.request(demand)
      }

      func cancel() {
        let upstream = lock.withLock { () -> (any Subscription)? in
          defer { self.upstream = nil }
          return self.upstream
        }
        upstream?.cancel()
        end()
      }

      private func end() {
        let onEnd = lock.withLock { () -> (() -> Void)? in
          defer { self.onEnd = nil }
          return self.onEnd
        }
        onEnd?()
      }
    }
  }
}
