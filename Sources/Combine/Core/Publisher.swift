/// A source of values over time: Combine's `Publisher`. A subscriber attached with
/// `receive(subscriber:)` gets a subscription, asks it for values, and then receives values
/// and, at most once, a completion.
///
/// ```swift
/// let subject = PassthroughSubject<Int, Never>()
/// let cancellable = subject.map { $0 * 2 }.sink { print($0) }
/// subject.send(21)   // prints 42
/// ```
public protocol Publisher<Output, Failure> {
  /// What the publisher sends.
  associatedtype Output
  /// How it can fail (`Never` when it cannot).
  associatedtype Failure: Error

  /// Attaches `subscriber`: it is given a subscription, then values as it asks for them.
  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
  /// Attaches `subscriber`: Combine's `subscribe(_:)`, another name for
  /// `receive(subscriber:)`.
  public func subscribe<S: Subscriber>(_ subscriber: S)
  where S.Input == Output, S.Failure == Failure {
    receive(subscriber: subscriber)
  }

  /// Attaches `subject`: it sends what this publisher sends. The returned cancellable ends it.
  public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable
  where S.Output == Output, S.Failure == Failure {
    let sink = Subscribers.Sink<Output, Failure>(
      receiveCompletion: { subject.send(completion: $0) }, receiveValue: { subject.send($0) })
    receive(subscriber: sink)
    return AnyCancellable(sink)
  }
}

/// Namespace of the publishers operators return: Combine's `Publishers`.
public enum Publishers {}
