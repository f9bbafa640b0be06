extension Publishers {
  /// What `combineLatest(_:)` returns: Combine's `Publishers.CombineLatest`, a pair of the
  /// latest value of each publisher, sent whenever either sends once both have.
  public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
    public typealias Output = (A.Output, B.Output)
    public typealias Failure = A.Failure
    public let a: A
    public let b: B

    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let inner = Inner(downstream: subscriber)
      subscriber.receive(subscription: inner)
      a.receive(subscriber: Side(inner) { inner.latestA = $0 })
      b.receive(subscriber: Side(inner) { inner.latestB = $0 })
    }

    /// The pair's state; asks both publishers for every value (the downstream's demand is
    /// honoured by dropping pairs it did not ask for).
    final class Inner<Downstream: Subscriber>: Subscription, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
      let lock = Lock()
      private let downstream: Downstream
      var latestA: A.Output?
      var latestB: B.Output?
      private var demand = Subscribers.Demand.none
      private var upstreams: [any Subscription] = []
      private var finishedSides = 0
      private var isDone = false

      init(downstream: Downstream) {
        self.downstream = downstream
      }

      func attach(_ subscription: any Subscription) {
        lock.withLock { upstreams.append(subscription) }
        subscription.request(.unlimited)
      }

      /// Sends the pair, if both sides have sent and the downstream wants one.
      func sendPair() {
        let pair = lock.withLock { () -> Output? in
          guard !isDone, demand > 0, let a = latestA, let b = latestB else { return nil }
          demand -= .max(1)
          return (a, b)
        }
        guard let pair else { return }
        let more = downstream.receive(pair)
        lock.withLock { demand += more }
      }

      func finish(_ completion: Subscribers.Completion<Failure>) {
        let send = lock.withLock { () -> Bool in
          guard !isDone else { return false }
          if case .finished = completion {
            finishedSides += 1
            guard finishedSides == 2 else { return false }
          }
          isDone = true
          return true
        }
        if send { downstream.receive(completion: completion) }
      }

      func request(_ demand: Subscribers.Demand) {
        lock.withLock { self.demand += demand }
      }

      func cancel() {
        let upstreams = lock.withLock { () -> [any Subscription] in
          isDone = true
          defer { self.upstreams = [] }
          return self.upstreams
        }
        for upstream in upstreams { upstream.cancel() }
      }
    }

    /// One side of the pair: stores its value in `Inner`, then sends the pair.
    final class Side<Input, Downstream: Subscriber>: Subscriber, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
      typealias Failure = A.Failure
      private let inner: Inner<Downstream>
      private let store: (Input) -> Void

      init(_ inner: Inner<Downstream>, store: @escaping (Input) -> Void) {
        self.inner = inner
        self.store = store
      }

      func receive(subscription: any Subscription) { inner.attach(subscription) }

      func receive(_ input: Input) -> Subscribers.Demand {
        inner.lock.withLock { store(input) }
        inner.sendPair()
        return .none
      }

      func receive(completion: Subscribers.Completion<Failure>) { inner.finish(completion) }
    }
  }
}

extension Publisher {
  /// The latest value of this publisher and of `other`, as a pair, whenever either sends.
  ///
  /// ```swift
  /// $username.combineLatest($password)
  ///   .map { !$0.isEmpty && $1.count >= 8 }
  ///   .assign(to: &$canSignIn)
  /// ```
  public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
  where P.Failure == Failure {
    Publishers.CombineLatest(self, other)
  }

  /// `transform` of the latest value of this publisher and of `other`.
  ///
  /// ```swift
  /// $amount.combineLatest($tipPercent) { $0 * Double($1) / 100 }.assign(to: &$tip)
  /// ```
  public func combineLatest<P: Publisher, T>(
    _ other: P, _ transform: @escaping (Output, P.Output) -> T
  ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where P.Failure == Failure {
    Publishers.CombineLatest(self, other).map(transform)
  }
}
