/// The link between a publisher and one subscriber: Combine's `Subscription`. The
/// subscriber asks it for values and cancels it.
///
/// ```swift
/// func receive(subscription: any Subscription) { subscription.request(.unlimited) }
/// ```
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
  /// Asks for `demand` more values.
  func request(_ demand: Subscribers.Demand)
}

/// Namespace of subscriptions: Combine's `Subscriptions`.
public enum Subscriptions {
  /// A subscription that does nothing: for a publisher that completes at once.
  public static var empty: any Subscription { EmptySubscription() }
}

private final class EmptySubscription: Subscription {
  func request(_ demand: Subscribers.Demand) {}
  func cancel() {}
}
