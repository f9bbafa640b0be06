/// Whether two values of a view type are the same input, so the view's `body` need not run
/// again: SwiftUI's rule that a child whose inputs did not change is not re-evaluated.
///
/// Compared field by field: objects by identity, `Equatable` values with `==`, structs, enums
/// and tuples by their fields. State properties are storage, not input, and are skipped.
/// Anything that cannot be compared (closures, bindings' getters) counts as changed, so the
/// answer errs towards running `body`.
@MainActor
enum ViewEquality {
  static func isSame(_ a: Any, _ b: Any) -> Bool {
    if let a = a as? any InputComparable { return a.hasSameInputs(asAny: b) }
    // NB: identity before `==`: a model that is Equatable by id is still another object,
    // whose properties the view must read (and observe) instead of the old one's.
    if type(of: a) is AnyClass {
      return (a as AnyObject) === (b as AnyObject)
    }
    if let a = a as? any Equatable { return equal(a, b) }
    let mirrorA = Mirror(reflecting: a)
    let mirrorB = Mirror(reflecting: b)
    guard let style = mirrorA.displayStyle, mirrorA.subjectType == mirrorB.subjectType else {
      return false
    }
    switch style {
    case .struct, .tuple, .enum, .optional:
      break
    default:
      return false
    }
    if style == .enum || style == .optional {
      // Different cases reflect different child labels (or none).
      guard mirrorA.children.map(\.label) == mirrorB.children.map(\.label) else { return false }
      if mirrorA.children.isEmpty { return "\(a)" == "\(b)" }
    }
    for (childA, childB) in zip(mirrorA.children, mirrorB.children) {
      if childA.value is any StatefulProperty { continue }
      guard isSame(childA.value, childB.value) else { return false }
    }
    return true
  }

  private static func equal<T: Equatable>(_ a: T, _ b: Any) -> Bool {
    guard let b = b as? T else { return false }
    return a == b
  }
}

/// A view that can say cheaply whether another value of it has the same inputs, without
/// reflection: the controls rows are made of, so an unchanged row costs a few comparisons.
@MainActor
protocol InputComparable {
  func hasSameInputs(as other: Self) -> Bool
  /// Whether the widget already shows what this view's inputs hold now; asked when a value
  /// it read changed, so a row whose own value did not change is not updated.
  func showsCurrentValues(coordinator: Any) -> Bool
}

extension InputComparable {
  func showsCurrentValues(coordinator: Any) -> Bool { false }
}

extension InputComparable {
  func hasSameInputs(asAny other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return hasSameInputs(as: other)
  }
}
