import Foundation

/// Colours and where they lie along a gradient: SwiftUI's `Gradient`.
///
/// ```swift
/// Gradient(colors: [.blue, .purple])
/// Gradient(stops: [.init(color: .white, location: 0), .init(color: .gray, location: 0.8)])
/// ```
public struct Gradient: Hashable, Sendable {
  /// A colour at a place along the gradient: SwiftUI's `Gradient.Stop`.
  public struct Stop: Hashable, Sendable {
    public var color: Color
    /// From 0 (the start) to 1 (the end).
    public var location: Double

    public init(color: Color, location: Double) {
      self.color = color
      self.location = location
    }
  }

  public var stops: [Stop]

  /// `stops`, in order.
  public init(stops: [Stop]) {
    self.stops = stops
  }

  /// `colors`, spread evenly from the start to the end.
  public init(colors: [Color]) {
    let last = Double(max(colors.count - 1, 1))
    stops = colors.enumerated().map { Stop(color: $0.element, location: Double($0.offset) / last) }
  }

  /// CSS colour stops, each at a percentage of `scale` (the part of the line the gradient
  /// spans) after `offset` percent.
  func cssStops(offset: Double = 0, scale: Double = 100, unit: String = "%") -> String {
    stops.map { stop in
      let location = stop.location.isFinite ? min(max(stop.location, 0), 1) : 0
      return "\(stop.color.cssValue) \(cssNumber(offset + location * scale))\(unit)"
    }.joined(separator: ", ")
  }
}

/// A number as CSS reads it: finite, at most two decimals.
func cssNumber(_ value: Double) -> String {
  guard value.isFinite else { return "0" }
  return String(Double(Int((min(max(value, -100_000), 100_000) * 100).rounded())) / 100)
}

/// A colour that changes along a line: SwiftUI's `LinearGradient`, a CSS
/// `linear-gradient`. As a view it fills its frame; it is also a fill for shapes and a
/// background (`.background(LinearGradient(…))`). Text drawn in it takes its first colour.
///
/// ```swift
/// LinearGradient(colors: [.blue, .purple], startPoint: .top, endPoint: .bottom)
///   .frame(height: 120)
/// Capsule().fill(LinearGradient(colors: [.orange, .red], startPoint: .leading,
///                               endPoint: .trailing))
/// ```
public struct LinearGradient: ShapeStyle, View, Hashable {
  let gradient: Gradient
  let startPoint: UnitPoint
  let endPoint: UnitPoint

  nonisolated public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
    self.gradient = gradient
    self.startPoint = startPoint
    self.endPoint = endPoint
  }

  nonisolated public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
    self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
  }

  nonisolated public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
    self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
  }

  /// The CSS image. The direction is the one from `startPoint` to `endPoint` (CSS measures
  /// angles clockwise from the top); the stops spread over the whole box along it.
  nonisolated var cssImage: String {
    let dx = endPoint.x - startPoint.x
    let dy = endPoint.y - startPoint.y
    let degrees = dx == 0 && dy == 0 ? 180 : atan2(dx, -dy) * 180 / .pi
    return "linear-gradient(\(cssNumber(degrees))deg, \(gradient.cssStops()))"
  }

  public var body: some View { Rectangle().fill(self) }
}

/// A colour that changes outwards from a centre: SwiftUI's `RadialGradient`, a CSS
/// `radial-gradient` (circle) whose stops lie between the two radii, in pixels.
///
/// ```swift
/// RadialGradient(colors: [.yellow, .orange], center: .center, startRadius: 0,
///                endRadius: 80)
/// ```
public struct RadialGradient: ShapeStyle, View, Hashable {
  let gradient: Gradient
  let center: UnitPoint
  let startRadius: Double
  let endRadius: Double

  nonisolated public init(
    gradient: Gradient, center: UnitPoint, startRadius: Double, endRadius: Double
  ) {
    self.gradient = gradient
    self.center = center
    self.startRadius = startRadius
    self.endRadius = endRadius
  }

  nonisolated public init(
    colors: [Color], center: UnitPoint, startRadius: Double, endRadius: Double
  ) {
    self.init(
      gradient: Gradient(colors: colors), center: center, startRadius: startRadius,
      endRadius: endRadius)
  }

  nonisolated public init(
    stops: [Gradient.Stop], center: UnitPoint, startRadius: Double, endRadius: Double
  ) {
    self.init(
      gradient: Gradient(stops: stops), center: center, startRadius: startRadius,
      endRadius: endRadius)
  }

  nonisolated var cssImage: String {
    let end = max(endRadius.isFinite ? endRadius : 0, 1)
    let start = min(max(startRadius.isFinite ? startRadius : 0, 0), end)
    return "radial-gradient(circle \(cssNumber(end))px at \(cssNumber(center.x * 100))% "
      + "\(cssNumber(center.y * 100))%, "
      + "\(gradient.cssStops(offset: start, scale: end - start, unit: "px")))"
  }

  public var body: some View { Rectangle().fill(self) }
}

/// A colour that changes around a centre: SwiftUI's `AngularGradient`, a CSS
/// `conic-gradient`. SwiftUI's angles start at the trailing edge (3 o'clock), CSS's at the
/// top; GtkBridge turns one into the other.
///
/// ```swift
/// AngularGradient(colors: [.red, .yellow, .green, .blue, .purple, .red], center: .center)
/// ```
public struct AngularGradient: ShapeStyle, View, Hashable {
  let gradient: Gradient
  let center: UnitPoint
  let startAngle: Angle
  let endAngle: Angle

  nonisolated public init(
    gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero,
    endAngle: Angle = .degrees(360)
  ) {
    self.gradient = gradient
    self.center = center
    self.startAngle = startAngle
    self.endAngle = endAngle
  }

  nonisolated public init(
    colors: [Color], center: UnitPoint, startAngle: Angle = .zero,
    endAngle: Angle = .degrees(360)
  ) {
    self.init(
      gradient: Gradient(colors: colors), center: center, startAngle: startAngle,
      endAngle: endAngle)
  }

  nonisolated public init(
    stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle = .zero,
    endAngle: Angle = .degrees(360)
  ) {
    self.init(
      gradient: Gradient(stops: stops), center: center, startAngle: startAngle,
      endAngle: endAngle)
  }

  /// The same gradient, all the way round from `angle`: SwiftUI's `init(gradient:center:angle:)`.
  nonisolated public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
    self.init(
      gradient: gradient, center: center, startAngle: angle,
      endAngle: .degrees(angle.degrees + 360))
  }

  nonisolated var cssImage: String {
    let span = min(max(endAngle.degrees - startAngle.degrees, 0), 360) / 360 * 100
    return "conic-gradient(from \(cssNumber(startAngle.degrees + 90))deg at "
      + "\(cssNumber(center.x * 100))% \(cssNumber(center.y * 100))%, "
      + "\(gradient.cssStops(scale: span)))"
  }

  public var body: some View { Rectangle().fill(self) }
}

extension Color {
  /// A gentle gradient of this colour, lighter at the top: SwiftUI's `Color.gradient`.
  public var gradient: LinearGradient {
    LinearGradient(
      colors: [self.mixed(withWhite: 0.2), self], startPoint: .top, endPoint: .bottom)
  }

  /// This colour moved `amount` of the way towards white (a theme colour stays as it is).
  func mixed(withWhite amount: Double) -> Color {
    guard themeExpression == nil else { return self }
    return Color(
      red: red + (1 - red) * amount, green: green + (1 - green) * amount,
      blue: blue + (1 - blue) * amount, alpha: alpha)
  }
}
