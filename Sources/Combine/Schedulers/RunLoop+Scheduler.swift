import Foundation

extension RunLoop: Scheduler {
  /// A run loop's time: Combine's `RunLoop.SchedulerTimeType`, a `Date`.
  public struct SchedulerTimeType: Strideable, Hashable, Sendable {
    /// The point in time.
    public var date: Date

    public init(_ date: Date) {
      self.date = date
    }

    public func distance(to other: SchedulerTimeType) -> Stride {
      Stride(other.date.timeIntervalSince(date))
    }

    public func advanced(by n: Stride) -> SchedulerTimeType {
      SchedulerTimeType(date.addingTimeInterval(n.timeInterval))
    }

    public static func < (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
      lhs.date < rhs.date
    }

    /// A run loop's interval, in seconds.
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
      ExpressibleByFloatLiteral, Hashable, Sendable
    {
      /// The interval in seconds.
      public var magnitude: TimeInterval
      /// The interval in seconds.
      public var timeInterval: TimeInterval { magnitude }

      public init(_ timeInterval: TimeInterval) { magnitude = timeInterval }
      public init(integerLiteral value: Int) { magnitude = TimeInterval(value) }
      public init(floatLiteral value: Double) { magnitude = value }
      public init?<T: BinaryInteger>(exactly source: T) {
        guard let value = TimeInterval(exactly: source) else { return nil }
        magnitude = value
      }

      public static func seconds(_ s: Int) -> Stride { Stride(TimeInterval(s)) }
      public static func seconds(_ s: Double) -> Stride { Stride(s) }
      public static func milliseconds(_ ms: Int) -> Stride { Stride(TimeInterval(ms) / 1e3) }
      public static func microseconds(_ us: Int) -> Stride { Stride(TimeInterval(us) / 1e6) }
      public static func nanoseconds(_ ns: Int) -> Stride { Stride(TimeInterval(ns) / 1e9) }

      public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
      public static func + (lhs: Stride, rhs: Stride) -> Stride {
        Stride(lhs.magnitude + rhs.magnitude)
      }
      public static func - (lhs: Stride, rhs: Stride) -> Stride {
        Stride(lhs.magnitude - rhs.magnitude)
      }
      public static func * (lhs: Stride, rhs: Stride) -> Stride {
        Stride(lhs.magnitude * rhs.magnitude)
      }
      public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
      public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
      public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
    }
  }

  /// Options for a run loop's scheduling: none.
  public struct SchedulerOptions: Sendable {}

  public var now: SchedulerTimeType { SchedulerTimeType(Date()) }
  public var minimumTolerance: SchedulerTimeType.Stride { 0 }

  // NB: on Linux nothing services RunLoop.main while GTK's main loop runs, but the main
  // dispatch queue is (GtkBridge's MainLoop drains it, and so does RunLoop.main.run()).
  // Work for the main run loop therefore goes to the main queue: `receive(on: RunLoop.main)`
  // and `debounce(…, scheduler: RunLoop.main)` run on the main thread in a GTK app too.
  private var queue: DispatchQueue? { self === RunLoop.main ? .main : nil }

  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    let action = Unchecked(value: action)
    if let queue { return queue.async { action.value() } }
    perform { action.value() }
  }

  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) {
    let action = Unchecked(value: action)
    if let queue {
      let delay = max(0, date.date.timeIntervalSinceNow)
      return queue.asyncAfter(deadline: .now() + delay) { action.value() }
    }
    let timer = Timer(fire: date.date, interval: 0, repeats: false) { _ in action.value() }
    add(timer, forMode: .default)
  }

  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    if let queue {
      let delay = max(0, date.date.timeIntervalSinceNow)
      return queue.schedule(
        after: queue.now.advanced(by: .seconds(delay)), interval: .seconds(interval.magnitude),
        tolerance: .nanoseconds(0), options: nil, action)
    }
    let action = Unchecked(value: action)
    let timer = Timer(fire: date.date, interval: interval.magnitude, repeats: true) { _ in
      action.value()
    }
    add(timer, forMode: .default)
    return AnyCancellable { timer.invalidate() }
  }
}
