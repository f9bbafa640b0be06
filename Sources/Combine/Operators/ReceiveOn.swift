extension Publishers {
  /// What `receive(on:)` returns: Combine's `Publishers.ReceiveOn`.
  public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let scheduler: Context

    public init(upstream: Upstream, scheduler: Context) {
      self.upstream = upstream
      self.scheduler = scheduler
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.receive(subscriber: Inner(downstream: subscriber, scheduler: scheduler))
    }

    /// Hands each value and the completion to the downstream on the scheduler; the
    /// downstream's demand goes straight to the upstream.
    final class Inner<Downstream: Subscriber>: Subscriber, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
      typealias Input = Output
      private let downstream: Downstream
      private let scheduler: Context

      init(downstream: Downstream, scheduler: Context) {
        self.downstream = downstream
        self.scheduler = scheduler
      }

      func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
      }

      func receive(_ input: Output) -> Subscribers.Demand {
        scheduler.schedule { [downstream] in
          // NB: demand the downstream returns later cannot reach the upstream from here;
          // `sink` and `assign` ask for everything up front.
          _ = downstream.receive(input)
        }
        return .none
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        scheduler.schedule { [downstream] in downstream.receive(completion: completion) }
      }
    }
  }
}

extension Publisher {
  /// Delivers values and the completion on `scheduler`.
  ///
  /// ```swift
  /// loader.results.receive(on: DispatchQueue.main).assign(to: &$results)
  /// ```
  public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
    -> Publishers.ReceiveOn<Self, S>
  {
    Publishers.ReceiveOn(upstream: self, scheduler: scheduler)
  }
}
