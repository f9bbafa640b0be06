/// A scheduler that runs every action at once, on the calling thread: Combine's
/// `ImmediateScheduler`. For tests and for code that takes a scheduler but needs no delay.
///
/// ```swift
/// subject.receive(on: ImmediateScheduler.shared).sink { print($0) }
/// ```
public struct ImmediateScheduler: Scheduler, Sendable {
  /// Its time: a counter with no relation to the clock.
  public struct SchedulerTimeType: Strideable, Sendable {
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
      ExpressibleByFloatLiteral, Hashable, Sendable
    {
      public var magnitude: Int

      public init(_ value: Int) { magnitude = value }
      public init(integerLiteral value: Int) { magnitude = value }
      public init(floatLiteral value: Double) { magnitude = Int(value) }
      public init?<T: BinaryInteger>(exactly source: T) {
        guard let value = Int(exactly: source) else { return nil }
        magnitude = value
      }

      public static func seconds(_ s: Int) -> Stride { Stride(0) }
      public static func seconds(_ s: Double) -> Stride { Stride(0) }
      public static func milliseconds(_ ms: Int) -> Stride { Stride(0) }
      public static func microseconds(_ us: Int) -> Stride { Stride(0) }
      public static func nanoseconds(_ ns: Int) -> Stride { Stride(0) }

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

    public func distance(to other: SchedulerTimeType) -> Stride { Stride(0) }
    public func advanced(by n: Stride) -> SchedulerTimeType { self }
  }

  public typealias SchedulerOptions = Never

  /// The scheduler.
  public static let shared = ImmediateScheduler()

  public var now: SchedulerTimeType { SchedulerTimeType() }
  public var minimumTolerance: SchedulerTimeType.Stride { 0 }

  public func schedule(options: Never?, _ action: @escaping () -> Void) {
    action()
  }

  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
    _ action: @escaping () -> Void
  ) {
    action()
  }

  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: Never?, _ action: @escaping () -> Void
  ) -> any Cancellable {
    action()
    return AnyCancellable {}
  }
}
