/// A publisher of one value, then the end: Combine's `Just`.
///
/// ```swift
/// Just("Lunch").sink { print($0) }   // prints Lunch
/// ```
public struct Just<Output>: Publisher {
  public typealias Failure = Never

  /// The value it sends.
  public let output: Output

  public init(_ output: Output) {
    self.output = output
  }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    subscriber.receive(subscription: OneShot(subscriber, value: output))
  }
}

extension Just: Equatable where Output: Equatable {}
extension Just: Sendable where Output: Sendable {}

/// Sends one value on the first demand, then finishes.
final class OneShot<S: Subscriber>: Subscription, @unchecked Sendable {
  private let lock = Lock()
  private var subscriber: S?
  private let value: S.Input

  init(_ subscriber: S, value: S.Input) {
    self.subscriber = subscriber
    self.value = value
  }

  func request(_ demand: Subscribers.Demand) {
    guard demand > 0 else { return }
    let target = lock.withLock { () -> S? in
      defer { subscriber = nil }
      return subscriber
    }
    guard let target else { return }
    _ = target.receive(value)
    target.receive(completion: .finished)
  }

  func cancel() {
    lock.withLock { subscriber = nil }
  }
}
