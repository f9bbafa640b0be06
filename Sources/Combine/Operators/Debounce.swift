extension Publishers {
  /// What `debounce(for:scheduler:)` returns: Combine's `Publishers.Debounce`.
  public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let dueTime: Context.SchedulerTimeType.Stride
    public let scheduler: Context

    public init(upstream: Upstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context) {
      self.upstream = upstream
      self.dueTime = dueTime
      self.scheduler = scheduler
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let inner = Inner(downstream: subscriber, dueTime: dueTime, scheduler: scheduler)
      upstream.receive(subscriber: inner)
    }

    /// Keeps the latest value and sends it once `dueTime` passed without another.
    final class Inner<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
      typealias Input = Output
      private let lock = Lock()
      private let downstream: Downstream
      private let dueTime: Context.SchedulerTimeType.Stride
      private let scheduler: Context
      private var upstream: (any Subscription)?
      private var demand = Subscribers.Demand.none
      /// Counts values: a scheduled send goes ahead only if no value came after its own.
      private var generation = 0
      private var latest: Output?
      private var isDone = false

      init(downstream: Downstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context) {
        self.downstream = downstream
        self.dueTime = dueTime
        self.scheduler = scheduler
      }

      func receive(subscription: any Subscription) {
        lock.withLock { upstream = subscription }
        downstream.receive(subscription: self)
      }

      func receive(_ input: Output) -> Subscribers.Demand {
        let due = lock.withLock { () -> Int in
          generation += 1
          latest = input
          return generation
        }
        scheduler.schedule(after: scheduler.now.advanced(by: dueTime)) { [self] in
          let value = lock.withLock { () -> Output? in
            guard due == generation, !isDone, demand > 0, let latest else { return nil }
            demand -= .max(1)
            self.latest = nil
            return latest
          }
          guard let value else { return }
          let more = downstream.receive(value)
          lock.withLock { demand += more }
        }
        return .none
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        lock.withLock { isDone = true }
        scheduler.schedule { [downstream] in downstream.receive(completion: completion) }
      }

      func request(_ demand: Subscribers.Demand) {
        let upstream = lock.withLock { () -> (any Subscription)? in
          let first = self.demand == .none
          self.demand += demand
          return first ? self.upstream : nil
        }
        upstream?.request(.unlimited)
      }

      func cancel() {
        let upstream = lock.withLock { () -> (any Subscription)? in
          isDone = true
          defer { self.upstream = nil }
          return self.upstream
        }
        upstream?.cancel()
      }
    }
  }
}

extension Publisher {
  /// Sends a value only once `dueTime` has passed without a newer one: for a search field
  /// that should not search on every keystroke.
  ///
  /// ```swift
  /// $query.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
  ///   .sink { search($0) }
  /// ```
  public func debounce<S: Scheduler>(
    for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil
  ) -> Publishers.Debounce<Self, S> {
    Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler)
  }
}
