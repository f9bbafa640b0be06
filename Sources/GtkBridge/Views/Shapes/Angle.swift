/// An angle: SwiftUI's `Angle`, in degrees or radians.
///
/// ```swift
/// AngularGradient(colors: [.red, .blue], center: .center, startAngle: .degrees(0),
///                 endAngle: .degrees(360))
/// ```
public struct Angle: Hashable, Sendable, Comparable {
  /// The angle in radians.
  public var radians: Double

  /// The angle in degrees.
  public var degrees: Double {
    get { radians * 180 / .pi }
    set { radians = newValue * .pi / 180 }
  }

  /// A zero angle.
  public init() { radians = 0 }

  /// An angle of `radians` radians.
  public init(radians: Double) { self.radians = radians }

  /// An angle of `degrees` degrees.
  public init(degrees: Double) { radians = degrees * .pi / 180 }

  /// An angle of `radians` radians.
  public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }

  /// An angle of `degrees` degrees.
  public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }

  /// No turn.
  public static let zero = Angle()

  public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }
}
