/// A subscriber of any type with the same input and failure: Combine's `AnySubscriber`.
///
/// ```swift
/// let erased = AnySubscriber(Subscribers.Sink<Int, Never>(
///   receiveCompletion: { _ in }, receiveValue: { print($0) }))
/// ```
public struct AnySubscriber<Input, Failure: Error>: Subscriber {
  public let combineIdentifier: CombineIdentifier
  private let subscription: (any Subscription) -> Void
  private let value: (Input) -> Subscribers.Demand
  private let completion: (Subscribers.Completion<Failure>) -> Void

  /// Wraps `subscriber`.
  public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
    combineIdentifier = subscriber.combineIdentifier
    subscription = subscriber.receive(subscription:)
    value = subscriber.receive(_:)
    completion = subscriber.receive(completion:)
  }

  /// A subscriber made of closures.
  public init(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveValue: ((Input) -> Subscribers.Demand)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
  ) {
    combineIdentifier = CombineIdentifier()
    subscription = receiveSubscription ?? { _ in }
    value = receiveValue ?? { _ in .none }
    completion = receiveCompletion ?? { _ in }
  }

  public func receive(subscription: any Subscription) { self.subscription(subscription) }
  public func receive(_ input: Input) -> Subscribers.Demand { value(input) }
  public func receive(completion: Subscribers.Completion<Failure>) { self.completion(completion) }
}
