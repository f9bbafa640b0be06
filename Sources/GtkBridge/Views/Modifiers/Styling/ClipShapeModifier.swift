extension View {
  /// Cuts the view to `shape`: SwiftUI's `clipShape(_:style:)`. The shape's CSS
  /// `border-radius` on the view's widgets, which cut what they hold at it
  /// (`GTK_OVERFLOW_HIDDEN`): `Circle()` and `Capsule()` round the view, `Rectangle()` cuts
  /// it at its edges.
  ///
  /// ```swift
  /// Image(systemName: "person").padding(8).background(Color.gray).clipShape(Circle())
  /// ```
  ///
  /// - Parameters:
  ///   - shape: The shape to cut the view to.
  ///   - style: Accepted for SwiftUI's signature.
  public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
    scopedCSS("border-radius: \(borderRadius(of: shape));").clipped()
  }

  /// Cuts what the view holds at its edges: SwiftUI's `clipped(antialiased:)`.
  /// `GTK_OVERFLOW_HIDDEN` on its widgets.
  public func clipped(antialiased: Bool = false) -> some View {
    modifier(
      WidgetPropertyModifier(key: "overflow") { widget in
        widget.clipsContent = true
      } reset: { widget in
        widget.clipsContent = false
      })
  }
}

/// How a shape's inside is found: SwiftUI's `FillStyle`. Accepted: CSS shapes have no
/// self-crossing paths.
public struct FillStyle: Hashable, Sendable {
  public var isEOFilled: Bool
  public var isAntialiased: Bool

  nonisolated public init(eoFill: Bool = false, antialiased: Bool = true) {
    isEOFilled = eoFill
    isAntialiased = antialiased
  }
}
