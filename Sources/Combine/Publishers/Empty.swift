/// A publisher that sends nothing and, unless told otherwise, finishes at once: Combine's
/// `Empty`.
///
/// ```swift
/// let nothing = Empty<Int, Never>()
/// ```
public struct Empty<Output, Failure: Error>: Publisher, Equatable {
  /// Whether it finishes at once (else it never ends).
  public let completeImmediately: Bool

  public init(completeImmediately: Bool = true) {
    self.completeImmediately = completeImmediately
  }

  public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type)
  {
    self.completeImmediately = completeImmediately
  }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: Subscriptions.empty)
    if completeImmediately { subscriber.receive(completion: .finished) }
  }
}

extension Empty: Sendable {}

/// A publisher that fails at once with an error: Combine's `Fail`.
///
/// ```swift
/// Fail<Data, URLError>(error: URLError(.notConnectedToInternet))
/// ```
public struct Fail<Output, Failure: Error>: Publisher {
  /// The error it fails with.
  public let error: Failure

  public init(error: Failure) {
    self.error = error
  }

  public init(outputType: Output.Type, failure: Failure) {
    error = failure
  }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: Subscriptions.empty)
    subscriber.receive(completion: .failure(error))
  }
}
