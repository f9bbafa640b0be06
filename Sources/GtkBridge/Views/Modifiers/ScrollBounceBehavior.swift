/// Whether a scroll view bounces at its ends: SwiftUI's `ScrollBounceBehavior`.
public struct ScrollBounceBehavior: Hashable, Sendable {
  let name: String

  /// The platform's choice.
  public static let automatic = ScrollBounceBehavior(name: "automatic")
  /// Always bounces.
  public static let always = ScrollBounceBehavior(name: "always")
  /// Bounces only when the content is larger than the view.
  public static let basedOnSize = ScrollBounceBehavior(name: "basedOnSize")
}

extension View {
  /// How the scroll views inside bounce: SwiftUI's `scrollBounceBehavior(_:axes:)`.
  /// Accepted: GTK's scrolled windows show their own overshoot at the ends.
  ///
  /// ```swift
  /// ScrollView { content }.scrollBounceBehavior(.basedOnSize)
  /// ```
  public func scrollBounceBehavior(
    _ behavior: ScrollBounceBehavior, axes: Axis.Set = [.vertical]
  ) -> some View {
    self
  }
}
