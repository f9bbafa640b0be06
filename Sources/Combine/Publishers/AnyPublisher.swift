/// A publisher of any type with the same output and failure: Combine's `AnyPublisher`, what
/// `eraseToAnyPublisher()` returns.
///
/// ```swift
/// var totals: AnyPublisher<Double, Never> { $expenses.map { $0.reduce(0, +) }.eraseToAnyPublisher() }
/// ```
public struct AnyPublisher<Output, Failure: Error>: Publisher {
  private let subscribe: (AnySubscriber<Output, Failure>) -> Void

  /// Wraps `publisher`.
  public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
    subscribe = { publisher.receive(subscriber: $0) }
  }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscribe(AnySubscriber(subscriber))
  }
}

extension Publisher {
  /// This publisher as an ``AnyPublisher``, hiding its type.
  ///
  /// ```swift
  /// let names: AnyPublisher<String, Never> = subject.eraseToAnyPublisher()
  /// ```
  public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
    AnyPublisher(self)
  }
}
