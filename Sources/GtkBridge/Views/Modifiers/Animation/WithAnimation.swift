/// The animation of the changes being made: the one `withAnimation` or `Binding.animation`
/// gave, until the update pass that shows those changes has run.
@MainActor
enum AnimationTransaction {
  /// The animation of the next update pass's changes.
  static var pending: Animation?
}

/// Runs `body` and animates the changes it makes: SwiftUI's `withAnimation(_:_:)`.
///
/// The state changes happen as they would without it. Views that come in with a
/// `.transition` animate in with `animation`; what GTK cannot animate cheaply changes at
/// once (see ``Animation``).
///
/// ```swift
/// Button("Details") {
///   withAnimation(.easeInOut) { showDetails.toggle() }
/// }
/// ```
///
/// - Parameters:
///   - animation: How to animate; `nil` for no animation.
///   - body: The changes to make.
/// - Returns: What `body` returns.
@MainActor
public func withAnimation<Result>(
  _ animation: Animation? = .default, _ body: () throws -> Result
) rethrows -> Result {
  AnimationTransaction.pending = animation
  // NB: the pass that shows `body`'s changes runs after it returns; the animation is theirs
  // alone, so it is cleared once that pass has run (a pass is asked for even if `body`
  // changed nothing, or the animation would wait for an unrelated change).
  UpdateScheduler.shared.enqueueAfterPass { AnimationTransaction.pending = nil }
  return try body()
}

/// `withAnimation` with a completion: SwiftUI's `withAnimation(_:completionCriteria:_:completion:)`.
/// `completion` runs after the update pass that shows the changes.
@MainActor
public func withAnimation<Result>(
  _ animation: Animation? = .default, _ body: () throws -> Result,
  completion: @escaping @MainActor () -> Void
) rethrows -> Result {
  let result = try withAnimation(animation, body)
  UpdateScheduler.shared.enqueueAfterPass(completion)
  return result
}

extension Binding {
  /// A binding whose writes are animated: SwiftUI's `animation(_:)`, a write through it is a
  /// `withAnimation(animation) { … }`.
  ///
  /// ```swift
  /// Toggle("Advanced", isOn: $showAdvanced.animation())
  /// ```
  public func animation(_ animation: Animation? = .default) -> Binding<Value> {
    Binding(
      get: { self.wrappedValue },
      set: { value in withAnimation(animation) { self.wrappedValue = value } })
  }
}
