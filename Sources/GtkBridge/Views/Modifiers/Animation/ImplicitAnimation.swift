private struct ImplicitAnimationKey: EnvironmentKey {
  static var defaultValue: Animation? { nil }
}

extension EnvironmentValues {
  /// The animation of `.animation(_:)` / `.animation(_:value:)` around the view.
  var implicitAnimation: Animation? {
    get { self[ImplicitAnimationKey.self] }
    set { self[ImplicitAnimationKey.self] = newValue }
  }
}

extension View {
  /// Animates the changes inside when `value` changes: SwiftUI's `animation(_:value:)`.
  ///
  /// Views with a `.transition` that come in inside animate in with `animation` (see
  /// ``AnyTransition``), as in a ``withAnimation(_:_:)`` change; other changes are applied at
  /// once. GtkBridge does not compare `value`: a view that comes in under this modifier after
  /// the window first showed animates, which is what the value's change does in practice.
  ///
  /// ```swift
  /// VStack {
  ///   if showBanner { Banner().transition(.move(edge: .top)) }
  /// }
  /// .animation(.spring(), value: showBanner)
  /// ```
  ///
  /// - Parameters:
  ///   - animation: How to animate; `nil` for no animation.
  ///   - value: The value whose changes are animated.
  public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
    environment(\.implicitAnimation, animation)
  }

  /// Animates every change inside: SwiftUI's deprecated `animation(_:)`, as
  /// ``animation(_:value:)``.
  public func animation(_ animation: Animation?) -> some View {
    environment(\.implicitAnimation, animation)
  }
}
