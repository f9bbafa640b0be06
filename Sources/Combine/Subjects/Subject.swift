/// A publisher you send values through: Combine's `Subject`.
///
/// ```swift
/// let saved = PassthroughSubject<Expense, Never>()
/// saved.send(expense)
/// ```
public protocol Subject<Output, Failure>: AnyObject, Publisher {
  /// Sends `value` to the subscribers.
  func send(_ value: Output)
  /// Ends the subject: subscribers get `completion`, later sends do nothing.
  func send(completion: Subscribers.Completion<Failure>)
  /// Hands the subject an upstream subscription (when it is attached to a publisher).
  func send(subscription: any Subscription)
}

extension Subject where Output == Void {
  /// Sends `()`.
  public func send() {
    send(())
  }
}

/// The subscriptions of one subject, each with its subscriber's demand: what
/// ``PassthroughSubject`` and ``CurrentValueSubject`` share.
final class SubjectSubscriptions<Output, Failure: Error>: @unchecked Sendable {
  private let lock = Lock()
  private var conduits: [Conduit] = []
  private var completion: Subscribers.Completion<Failure>?
  private var upstreams: [any Subscription] = []

  var isFinished: Bool { lock.withLock { completion != nil } }

  /// Attaches `subscriber`; `initial`, if given, is its first value (a current value).
  func attach<S: Subscriber>(_ subscriber: S, initial: Output?)
  where S.Input == Output, S.Failure == Failure {
    let conduit = Conduit(AnySubscriber(subscriber), owner: self, initial: initial)
    let finished = lock.withLock { () -> Subscribers.Completion<Failure>? in
      if completion == nil { conduits.append(conduit) }
      return completion
    }
    subscriber.receive(subscription: conduit)
    if let finished { conduit.finish(finished) }
  }

  func send(_ value: Output) {
    for conduit in lock.withLock({ completion == nil ? conduits : [] }) {
      conduit.offer(value)
    }
  }

  func send(completion: Subscribers.Completion<Failure>) {
    let ended = lock.withLock { () -> [Conduit] in
      guard self.completion == nil else { return [] }
      self.completion = completion
      defer { conduits = [] }
      return conduits
    }
    for conduit in ended { conduit.finish(completion) }
  }

  func send(subscription: any Subscription) {
    lock.withLock { upstreams.append(subscription) }
    subscription.request(.unlimited)
  }

  fileprivate func remove(_ conduit: Conduit) {
    lock.withLock { conduits.removeAll { $0 === conduit } }
  }

  /// One subscriber's subscription: values go through only as it asks for them (a value
  /// sent while it has no demand is dropped, as in Combine).
  final class Conduit: Subscription, @unchecked Sendable {
    private let lock = Lock()
    private var downstream: AnySubscriber<Output, Failure>?
    private var demand = Subscribers.Demand.none
    private var pendingInitial: Output?
    private weak var owner: SubjectSubscriptions?

    init(
      _ downstream: AnySubscriber<Output, Failure>, owner: SubjectSubscriptions, initial: Output?
    ) {
      self.downstream = downstream
      self.owner = owner
      pendingInitial = initial
    }

    func request(_ demand: Subscribers.Demand) {
      let initial = lock.withLock { () -> Output? in
        self.demand += demand
        defer { pendingInitial = nil }
        return pendingInitial
      }
      if let initial { offer(initial) }
    }

    func offer(_ value: Output) {
      let target = lock.withLock { () -> AnySubscriber<Output, Failure>? in
        guard let downstream, demand > 0 else { return nil }
        demand -= .max(1)
        return downstream
      }
      guard let target else { return }
      let more = target.receive(value)
      lock.withLock { demand += more }
    }

    func finish(_ completion: Subscribers.Completion<Failure>) {
      let target = lock.withLock { () -> AnySubscriber<Output, Failure>? in
        defer { downstream = nil }
        return downstream
      }
      target?.receive(completion: completion)
    }

    func cancel() {
      lock.withLock { downstream = nil }
      owner?.remove(self)
    }
  }
}
