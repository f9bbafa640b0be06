/// A subject that sends each value to the subscribers it has at that moment: Combine's
/// `PassthroughSubject`. Late subscribers miss earlier values.
///
/// ```swift
/// let taps = PassthroughSubject<Void, Never>()
/// let cancellable = taps.sink { print("tapped") }
/// taps.send()
/// ```
public final class PassthroughSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
  private let subscriptions = SubjectSubscriptions<Output, Failure>()

  public init() {}

  public func send(_ input: Output) {
    subscriptions.send(input)
  }

  public func send(completion: Subscribers.Completion<Failure>) {
    subscriptions.send(completion: completion)
  }

  public func send(subscription: any Subscription) {
    subscriptions.send(subscription: subscription)
  }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriptions.attach(subscriber, initial: nil)
  }
}
