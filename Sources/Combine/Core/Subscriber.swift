/// What receives a publisher's values: Combine's `Subscriber`. Apps rarely write one; `sink`
/// and `assign` make them.
///
/// ```swift
/// subject.subscribe(Subscribers.Sink(receiveCompletion: { _ in }, receiveValue: { print($0) }))
/// ```
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
  /// What it receives.
  associatedtype Input
  /// How its publisher can fail.
  associatedtype Failure: Error

  /// The publisher attached it; it asks `subscription` for values.
  func receive(subscription: any Subscription)
  /// A value; returns how many more it wants, on top of what it asked for before.
  func receive(_ input: Input) -> Subscribers.Demand
  /// The publisher finished or failed; nothing follows.
  func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
  /// Receives a `Void` value.
  public func receive() -> Subscribers.Demand {
    receive(())
  }
}

/// Namespace of subscribers and what they exchange: Combine's `Subscribers`.
public enum Subscribers {
  /// How a publisher ended: Combine's `Subscribers.Completion`.
  public enum Completion<Failure: Error> {
    case finished
    case failure(Failure)
  }

  /// How many values a subscriber wants: a count or `.unlimited`. Combine's
  /// `Subscribers.Demand`.
  public struct Demand: Equatable, Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The count; `nil` for unlimited.
    public let max: Int?

    private init(_ max: Int?) {
      self.max = max
    }

    /// Every value the publisher sends.
    public static let unlimited = Demand(nil)
    /// No more values.
    public static let none = Demand(0)

    /// At most `value` values.
    public static func max(_ value: Int) -> Demand {
      precondition(value >= 0, "a demand cannot be negative")
      return Demand(value)
    }

    public var description: String { max.map { "max(\($0))" } ?? "unlimited" }

    public static func + (lhs: Demand, rhs: Demand) -> Demand {
      guard let a = lhs.max, let b = rhs.max else { return .unlimited }
      let (sum, overflow) = a.addingReportingOverflow(b)
      return overflow ? .unlimited : Demand(sum)
    }

    public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }

    public static func - (lhs: Demand, rhs: Demand) -> Demand {
      guard let a = lhs.max else { return .unlimited }
      guard let b = rhs.max else { return .none }
      return Demand(Swift.max(0, a - b))
    }

    public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }

    public static func < (lhs: Demand, rhs: Demand) -> Bool {
      switch (lhs.max, rhs.max) {
      case (nil, _): return false
      case (_, nil): return true
      case (let a?, let b?): return a < b
      }
    }

    public static func > (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 > rhs } ?? true }
    public static func == (lhs: Demand, rhs: Int) -> Bool { lhs.max == rhs }
  }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}

/// Identifies a subscriber or subscription: Combine's `CombineIdentifier`.
public struct CombineIdentifier: Hashable, Sendable, CustomStringConvertible {
  private let value: UInt64

  private static let counter = Counter()

  private final class Counter: @unchecked Sendable {
    let lock = Lock()
    var next: UInt64 = 0
  }

  /// A new, unique identifier.
  public init() {
    value = Self.counter.lock.withLock {
      Self.counter.next += 1
      return Self.counter.next
    }
  }

  /// The identifier of `object`.
  public init(_ object: AnyObject) {
    value = UInt64(UInt(bitPattern: ObjectIdentifier(object).hashValue))
  }

  public var description: String { "0x\(String(value, radix: 16))" }
}

/// Something with a ``CombineIdentifier``: Combine's `CustomCombineIdentifierConvertible`.
/// A class gets its identity as identifier.
public protocol CustomCombineIdentifierConvertible {
  var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
  public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}
