/// The subscriber an operator puts between its upstream and the downstream subscriber: it
/// hands the upstream subscription on (so the downstream's demand reaches the upstream) and
/// each value through `transform`, which gives the value to send or `nil` to drop it. A
/// dropped value asks upstream for one more, so the downstream's demand is still met.
final class Forwarding<Upstream, Downstream: Subscriber>: Subscriber, @unchecked Sendable {
  typealias Input = Upstream
  typealias Failure = Downstream.Failure

  private let downstream: Downstream
  private let transform: (Upstream) -> Downstream.Input?

  init(_ downstream: Downstream, transform: @escaping (Upstream) -> Downstream.Input?) {
    self.downstream = downstream
    self.transform = transform
  }

  func receive(subscription: any Subscription) {
    downstream.receive(subscription: subscription)
  }

  func receive(_ input: Upstream) -> Subscribers.Demand {
    guard let output = transform(input) else { return .max(1) }
    return downstream.receive(output)
  }

  func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    downstream.receive(completion: completion)
  }
}
