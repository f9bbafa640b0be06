extension Subscribers {
  /// A subscriber that writes each value to a property of an object: what
  /// `assign(to:on:)` attaches. Combine's `Subscribers.Assign`. It holds the object strongly
  /// until cancelled, as Combine's does.
  public final class Assign<Root, Input>: Subscriber, Cancellable, @unchecked Sendable {
    public typealias Failure = Never
    public private(set) var object: Root?
    public let keyPath: ReferenceWritableKeyPath<Root, Input>
    private var subscription: (any Subscription)?
    private let lock = Lock()

    public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
      self.object = object
      self.keyPath = keyPath
    }

    public func receive(subscription: any Subscription) {
      let accepted = lock.withLock { () -> Bool in
        guard self.subscription == nil, object != nil else { return false }
        self.subscription = subscription
        return true
      }
      guard accepted else { return subscription.cancel() }
      subscription.request(.unlimited)
    }

    public func receive(_ input: Input) -> Subscribers.Demand {
      lock.withLock { object }?[keyPath: keyPath] = input
      return .none
    }

    public func receive(completion: Subscribers.Completion<Never>) {
      lock.withLock {
        object = nil
        subscription = nil
      }
    }

    public func cancel() {
      let subscription = lock.withLock { () -> (any Subscription)? in
        defer {
          object = nil
          self.subscription = nil
        }
        return self.subscription
      }
      subscription?.cancel()
    }
  }
}

extension Publisher where Failure == Never {
  /// Writes each value to `object[keyPath: keyPath]`.
  ///
  /// ```swift
  /// $celsius.map { $0 * 9 / 5 + 32 }.assign(to: \.fahrenheit, on: self)
  ///   .store(in: &cancellables)
  /// ```
  public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root)
    -> AnyCancellable
  {
    let assign = Subscribers.Assign(object: object, keyPath: keyPath)
    receive(subscriber: assign)
    return AnyCancellable(assign)
  }

  /// Writes each value to a `@Published` property, for as long as that property's object
  /// lives (no cancellable to keep, and no reference cycle).
  ///
  /// ```swift
  /// $query.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
  ///   .assign(to: &$searchText)
  /// ```
  public func assign(to published: inout Published<Output>.Publisher) {
    published.storage.assign(from: self)
  }
}
