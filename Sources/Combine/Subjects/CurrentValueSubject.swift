/// A subject that holds a value and sends it to each new subscriber, then every change:
/// Combine's `CurrentValueSubject`.
///
/// ```swift
/// let total = CurrentValueSubject<Double, Never>(0)
/// let cancellable = total.sink { print("total:", $0) }   // prints 0.0
/// total.value = 12.5                                      // prints 12.5
/// ```
public final class CurrentValueSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
  private let subscriptions = SubjectSubscriptions<Output, Failure>()
  private let lock = Lock()
  private var current: Output

  /// A subject holding `value`.
  public init(_ value: Output) {
    current = value
  }

  /// The value; setting it sends it.
  public var value: Output {
    get { lock.withLock { current } }
    set { send(newValue) }
  }

  public func send(_ input: Output) {
    guard !subscriptions.isFinished else { return }
    lock.withLock { current = input }
    subscriptions.send(input)
  }

  public func send(completion: Subscribers.Completion<Failure>) {
    subscriptions.send(completion: completion)
  }

  public func send(subscription: any Subscription) {
    subscriptions.send(subscription: subscription)
  }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriptions.attach(subscriber, initial: value)
  }
}
