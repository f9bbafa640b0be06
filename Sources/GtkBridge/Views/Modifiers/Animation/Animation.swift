/// How a change is animated: SwiftUI's `Animation`, a curve and a duration.
///
/// GtkBridge animates what GTK can animate cheaply: a view that a `.transition` marks comes in
/// through a CSS animation of this duration and curve (see ``AnyTransition``). Every other
/// change (a removed view, a new colour, a moved view) is applied at once, as
/// ``withAnimation(_:_:)`` always applies the state change itself.
///
/// ```swift
/// withAnimation(.easeInOut(duration: 0.3)) { showDetails.toggle() }
/// withAnimation(.spring()) { items.append(item) }
/// ```
public struct Animation: Hashable, Sendable, CustomStringConvertible {
  /// The timing curve, as CSS names it.
  enum Curve: String, Hashable, Sendable {
    case linear, easeIn = "ease-in", easeOut = "ease-out", easeInOut = "ease-in-out"
    /// CSS has no spring: a curve that overshoots a little and settles.
    case spring = "cubic-bezier(0.3, 1.3, 0.6, 1)"
  }

  let curve: Curve
  /// Seconds, before `speed`.
  let duration: Double
  var delay: Double = 0
  var speed: Double = 1
  /// How many times it runs; `nil` for ever.
  var repeatCount: Int? = 1
  var autoreverses = false

  init(curve: Curve, duration: Double) {
    self.curve = curve
    self.duration = duration.isFinite ? max(duration, 0) : 0
  }

  public var description: String {
    "Animation(\(curve), \(duration) s)"
  }

  /// Seconds from the start to the end of one run, its delay included, at its speed.
  var totalSeconds: Double {
    let speed = speed > 0 && speed.isFinite ? speed : 1
    return (delay + duration) / speed
  }

  /// The CSS declarations that run a keyframe animation this way.
  var cssDeclarations: String {
    func seconds(_ value: Double) -> String {
      "\(Double(Int((value * 1000).rounded())) / 1000)s"
    }
    let speed = speed > 0 && speed.isFinite ? speed : 1
    var css =
      "animation-duration: \(seconds(duration / speed)); "
      + "animation-timing-function: \(curve.rawValue);"
    if delay > 0 { css += " animation-delay: \(seconds(delay / speed));" }
    if repeatCount != 1 {
      css += " animation-iteration-count: \(repeatCount.map { String(max($0, 1)) } ?? "infinite");"
    }
    if autoreverses { css += " animation-direction: alternate;" }
    return css
  }

  /// SwiftUI's default: ease in and out over 0.35 s.
  public static let `default` = Animation(curve: .easeInOut, duration: 0.35)
  /// The same speed all through, over 0.35 s.
  public static let linear = Animation(curve: .linear, duration: 0.35)
  /// Slow at the start, over 0.35 s.
  public static let easeIn = Animation(curve: .easeIn, duration: 0.35)
  /// Slow at the end, over 0.35 s.
  public static let easeOut = Animation(curve: .easeOut, duration: 0.35)
  /// Slow at both ends, over 0.35 s.
  public static let easeInOut = Animation(curve: .easeInOut, duration: 0.35)
  /// A spring, as CSS can draw one: a curve that overshoots and settles, over 0.5 s.
  public static let spring = Animation(curve: .spring, duration: 0.5)
  /// A spring that follows the pointer: 0.15 s.
  public static let interactiveSpring = Animation(curve: .spring, duration: 0.15)
  /// SwiftUI's `.smooth`: a spring without bounce, 0.5 s.
  public static let smooth = Animation(curve: .easeOut, duration: 0.5)
  /// SwiftUI's `.snappy`: a quick spring, 0.3 s.
  public static let snappy = Animation(curve: .spring, duration: 0.3)
  /// SwiftUI's `.bouncy`: a spring with bounce, 0.5 s.
  public static let bouncy = Animation(curve: .spring, duration: 0.5)

  /// The same speed all through, over `duration` seconds.
  public static func linear(duration: Double) -> Animation {
    Animation(curve: .linear, duration: duration)
  }

  /// Slow at the start, over `duration` seconds.
  public static func easeIn(duration: Double) -> Animation {
    Animation(curve: .easeIn, duration: duration)
  }

  /// Slow at the end, over `duration` seconds.
  public static func easeOut(duration: Double) -> Animation {
    Animation(curve: .easeOut, duration: duration)
  }

  /// Slow at both ends, over `duration` seconds.
  public static func easeInOut(duration: Double) -> Animation {
    Animation(curve: .easeInOut, duration: duration)
  }

  /// A spring taking about `response` seconds; the damping is drawn as one curve.
  public static func spring(
    response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0
  ) -> Animation {
    Animation(curve: .spring, duration: response)
  }

  /// A spring of `duration` seconds; the bounce is drawn as one curve.
  public static func spring(duration: Double, bounce: Double = 0, blendDuration: Double = 0)
    -> Animation
  {
    Animation(curve: .spring, duration: duration)
  }

  /// A spring from its physical constants, about 0.5 s.
  public static func interpolatingSpring(
    stiffness: Double, damping: Double, initialVelocity: Double = 0
  ) -> Animation {
    Animation(curve: .spring, duration: 0.5)
  }

  /// A spring that follows the pointer.
  public static func interactiveSpring(
    response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25
  ) -> Animation {
    Animation(curve: .spring, duration: response)
  }

  /// A Bézier curve of `duration` seconds; CSS draws it as ease-in-out.
  public static func timingCurve(
    _ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double, duration: Double = 0.35
  ) -> Animation {
    Animation(curve: .easeInOut, duration: duration)
  }

  /// The same animation, starting `delay` seconds later.
  public func delay(_ delay: Double) -> Animation {
    var animation = self
    animation.delay = delay.isFinite ? max(delay, 0) : 0
    return animation
  }

  /// The same animation, `speed` times as fast.
  public func speed(_ speed: Double) -> Animation {
    var animation = self
    animation.speed = speed
    return animation
  }

  /// The same animation, run `repeatCount` times, going back and forth if `autoreverses`.
  public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
    var animation = self
    animation.repeatCount = repeatCount
    animation.autoreverses = autoreverses
    return animation
  }

  /// The same animation, run for as long as the view shows.
  public func repeatForever(autoreverses: Bool = true) -> Animation {
    var animation = self
    animation.repeatCount = nil
    animation.autoreverses = autoreverses
    return animation
  }
}
