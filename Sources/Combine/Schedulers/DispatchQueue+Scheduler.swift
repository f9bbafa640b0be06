import Dispatch

extension DispatchQueue: Scheduler {
  /// A dispatch queue's time: Combine's `DispatchQueue.SchedulerTimeType`.
  public struct SchedulerTimeType: Strideable, Hashable, Sendable {
    /// The point in time.
    public var dispatchTime: DispatchTime

    public init(_ time: DispatchTime) {
      dispatchTime = time
    }

    public func distance(to other: SchedulerTimeType) -> Stride {
      Stride(
        nanoseconds: Int(other.dispatchTime.uptimeNanoseconds)
          - Int(dispatchTime.uptimeNanoseconds))
    }

    public func advanced(by n: Stride) -> SchedulerTimeType {
      let nanoseconds = Int(dispatchTime.uptimeNanoseconds) + n.magnitude
      return SchedulerTimeType(DispatchTime(uptimeNanoseconds: UInt64(max(1, nanoseconds))))
    }

    public static func < (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
      lhs.dispatchTime < rhs.dispatchTime
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(dispatchTime.uptimeNanoseconds)
    }

    public static func == (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
      lhs.dispatchTime == rhs.dispatchTime
    }

    /// A dispatch queue's interval, in nanoseconds.
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
      ExpressibleByFloatLiteral, Hashable, Sendable
    {
      /// The interval in nanoseconds.
      public var magnitude: Int

      init(nanoseconds: Int) { magnitude = nanoseconds }
      public init(integerLiteral value: Int) { magnitude = value * 1_000_000_000 }
      public init(floatLiteral value: Double) { magnitude = Int(value * 1e9) }
      public init?<T: BinaryInteger>(exactly source: T) {
        guard let value = Int(exactly: source) else { return nil }
        magnitude = value
      }

      /// The interval as `DispatchTimeInterval`.
      public var timeInterval: DispatchTimeInterval { .nanoseconds(magnitude) }

      public static func seconds(_ s: Int) -> Stride { Stride(nanoseconds: s * 1_000_000_000) }
      public static func seconds(_ s: Double) -> Stride { Stride(nanoseconds: Int(s * 1e9)) }
      public static func milliseconds(_ ms: Int) -> Stride { Stride(nanoseconds: ms * 1_000_000) }
      public static func microseconds(_ us: Int) -> Stride { Stride(nanoseconds: us * 1000) }
      public static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: ns) }

      public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
      public static func + (lhs: Stride, rhs: Stride) -> Stride {
        Stride(nanoseconds: lhs.magnitude + rhs.magnitude)
      }
      public static func - (lhs: Stride, rhs: Stride) -> Stride {
        Stride(nanoseconds: lhs.magnitude - rhs.magnitude)
      }
      public static func * (lhs: Stride, rhs: Stride) -> Stride {
        Stride(nanoseconds: lhs.magnitude * rhs.magnitude)
      }
      public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
      public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
      public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
    }
  }

  /// Options for a dispatch queue's scheduling: Combine's; GtkBridge uses none of them.
  public struct SchedulerOptions: Sendable {
    public var qos: DispatchQoS
    public init(qos: DispatchQoS = .unspecified) { self.qos = qos }
  }

  public var now: SchedulerTimeType { SchedulerTimeType(.now()) }
  public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    let action = Unchecked(value: action)
    async { action.value() }
  }

  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) {
    let action = Unchecked(value: action)
    asyncAfter(deadline: date.dispatchTime) { action.value() }
  }

  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    let timer = DispatchSource.makeTimerSource(queue: self)
    let action = Unchecked(value: action)
    timer.setEventHandler { action.value() }
    timer.schedule(deadline: date.dispatchTime, repeating: interval.timeInterval)
    timer.resume()
    return AnyCancellable { timer.cancel() }
  }
}
