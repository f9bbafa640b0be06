extension Subscribers {
  /// A subscriber that asks for every value and hands each to a closure: what `sink`
  /// attaches. Combine's `Subscribers.Sink`.
  ///
  /// ```swift
  /// let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }) { print($0) }
  /// subject.subscribe(sink)
  /// ```
  public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
    public let receiveValue: (Input) -> Void
    public let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
    private var subscription: (any Subscription)?
    private var isDone = false
    private let lock = Lock()

    public init(
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Input) -> Void
    ) {
      self.receiveCompletion = receiveCompletion
      self.receiveValue = receiveValue
    }

    public func receive(subscription: any Subscription) {
      let accepted = lock.withLock { () -> Bool in
        guard self.subscription == nil, !isDone else { return false }
        self.subscription = subscription
        return true
      }
      guard accepted else { return subscription.cancel() }
      subscription.request(.unlimited)
    }

    public func receive(_ input: Input) -> Subscribers.Demand {
      guard !lock.withLock({ isDone }) else { return .none }
      receiveValue(input)
      return .none
    }

    public func receive(completion: Subscribers.Completion<Failure>) {
      guard
        lock.withLock({ () -> Bool in
          defer { isDone = true; subscription = nil }
          return !isDone
        })
      else { return }
      receiveCompletion(completion)
    }

    public func cancel() {
      let subscription = lock.withLock { () -> (any Subscription)? in
        defer { isDone = true; self.subscription = nil }
        return self.subscription
      }
      subscription?.cancel()
    }
  }
}

extension Publisher {
  /// Attaches a subscriber that calls `receiveValue` with each value and
  /// `receiveCompletion` at the end. Keep the returned cancellable while values should flow.
  ///
  /// ```swift
  /// loader.result.sink(receiveCompletion: { print("done:", $0) }, receiveValue: { print($0) })
  ///   .store(in: &cancellables)
  /// ```
  public func sink(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    let sink = Subscribers.Sink<Output, Failure>(
      receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    receive(subscriber: sink)
    return AnyCancellable(sink)
  }
}

extension Publisher where Failure == Never {
  /// Attaches a subscriber that calls `receiveValue` with each value.
  ///
  /// ```swift
  /// model.$name.sink { print("name is now", $0) }.store(in: &cancellables)
  /// ```
  public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}
