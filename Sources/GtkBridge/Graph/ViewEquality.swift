import Foundation

/// Whether two values of a view type are the same input, so the view's `body` need not run
/// again: SwiftUI's rule that a child whose inputs did not change is not re-evaluated.
///
/// Compared field by field: objects by identity, `Equatable` values with `==`, structs, enums
/// and tuples by their fields. State properties are storage, not input, and are skipped.
/// A binding is the same input when it reads and writes the same storage (see `BindingInput`).
/// Anything else that cannot be compared (closures) counts as changed, so the answer errs
/// towards running `body`.
@MainActor
enum ViewEquality {
  /// Two values of one view type: first their bytes (SwiftUI's memcmp of a view's fields),
  /// then field by field. Equal bytes are the same objects, the same closures and the same
  /// values, so a row of references and bindings to one state costs one comparison, not a
  /// reflection walk; unequal bytes (a string in another buffer, a fresh `@State` link) fall
  /// through to the walk.
  static func isSame<V>(_ a: V, _ b: V) -> Bool {
    let bytesEqual = withBytes(of: a) { bytesA in
      withBytes(of: b) { bytesB in
        bytesA.count == bytesB.count
          && (bytesA.count == 0
            || memcmp(bytesA.baseAddress!, bytesB.baseAddress!, bytesA.count) == 0)
      }
    }
    return bytesEqual || isSame(a as Any, b as Any)
  }

  static func isSame(_ a: Any, _ b: Any) -> Bool {
    if let a = a as? any InputComparable { return a.hasSameInputs(asAny: b) }
    if let a = a as? any BindingInput { return a.isSameInput(asAny: b) }
    // NB: identity before `==`: a model that is Equatable by id is still another object,
    // whose properties the view must read (and observe) instead of the old one's.
    if type(of: a) is AnyClass {
      return (a as AnyObject) === (b as AnyObject)
    }
    if let a = a as? any Equatable { return equal(a, b) }
    // A `TupleView` keeps its views in an array, which reflection below does not compare.
    if let a = a as? any TupleElements {
      guard let b = b as? any TupleElements, type(of: a) == type(of: b) else { return false }
      return zip(a.elements, b.elements).allSatisfy { isSame($0 as Any, $1 as Any) }
    }
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
  /// Compares every stored input: a node told "same" keeps the value it holds and drops
  /// `other`, so an input left out would never reach the widget.
  func hasSameInputs(as other: Self) -> Bool
  /// Whether `updateWidget` reads the same observable storage as long as the inputs stay the
  /// same, so its tracking can stay installed; see `RepresentableNode`.
  var hasStableReads: Bool { get }
  /// Whether the widget already shows what this view's inputs hold now; asked when a value
  /// it read changed, so a row whose own value did not change is not updated.
  func showsCurrentValues(coordinator: Any) -> Bool
  /// Makes the widget show the current value of the control's binding, as `updateWidget`
  /// would with these same inputs; false when the control cannot (it is then updated). Asked
  /// when that value changed and nothing else did. (`showsCurrentValues` asks; this acts.)
  func applyCurrentValue(coordinator: Any) -> Bool
  /// The collection element the control's binding reads, when that binding is its only
  /// observable read: it then subscribes to that element instead of being tracked.
  var elementSource: ElementSource? { get }
  /// Whether `updateWidget` reads observable state at all: a label of a plain string reads
  /// none, and is updated without tracking (a tracking costs more than the update).
  var readsObservableState: Bool { get }
  /// `hasSameInputs(as:)` of the two values of this type at `a` and `b`, read in place.
  static func hasSameInputs(at a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool
  /// `showsCurrentValues(coordinator:)` of the value at `control`; a large control reads its
  /// binding in place instead of copying itself first.
  static func showsCurrentValues(at control: UnsafeRawPointer, coordinator: Any) -> Bool
}

extension InputComparable {
  var hasStableReads: Bool { true }
  func showsCurrentValues(coordinator: Any) -> Bool { false }
  func applyCurrentValue(coordinator: Any) -> Bool { false }
  var elementSource: ElementSource? { nil }
  var readsObservableState: Bool { true }

  func hasSameInputs(asAny other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return hasSameInputs(as: other)
  }
}

/// What a control's update reads, as `RepresentableNode.runUpdate()` decides by.
struct ControlReads {
  let observableState: Bool
  let stable: Bool
  let elementSource: ElementSource?
}

// NB: for a generic node that looked its type up once (`R.self as? any InputComparable.Type`):
// through the metatype, values are neither cast nor boxed in an existential (a text field is
// too large for the inline buffer: every `as? any InputComparable` allocated and copied it).
extension InputComparable {
  static func hasSameInputs(at a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
    a.assumingMemoryBound(to: Self.self).pointee.hasSameInputs(
      as: b.assumingMemoryBound(to: Self.self).pointee)
  }

  /// What the value at `control` reads.
  static func reads(at control: UnsafeRawPointer) -> ControlReads {
    let control = control.assumingMemoryBound(to: Self.self)
    return ControlReads(
      observableState: control.pointee.readsObservableState,
      stable: control.pointee.hasStableReads, elementSource: control.pointee.elementSource)
  }

  /// `showsCurrentValues(coordinator:)` of the value at `control`.
  static func showsCurrentValues(at control: UnsafeRawPointer, coordinator: Any) -> Bool {
    control.assumingMemoryBound(to: Self.self).pointee.showsCurrentValues(coordinator: coordinator)
  }

  /// `applyCurrentValue(coordinator:)` of the value at `control`.
  static func applyCurrentValue(at control: UnsafeRawPointer, coordinator: Any) -> Bool {
    control.assumingMemoryBound(to: Self.self).pointee.applyCurrentValue(coordinator: coordinator)
  }
}

/// A `Binding` as a view's input: SwiftUI compares a binding by the location it reads and
/// writes, not by the closures a parent made for it on this run, so `RowView(item: $item)`
/// from a parent that ran again does not run `RowView`'s `body` again for the binding alone.
///
/// Only bindings whose reads are tracked where they are read (a `@State`, a model property, a
/// path or element below one: `readsAreStable`) compare the same: a `body` that read the value
/// through the old binding runs again when that storage changes, whichever binding it holds.
/// A binding GtkBridge cannot identify (`Binding(get:set:)`, a focus state's `equals:`
/// binding, whose value is not in its source) is always a changed input.
@MainActor
protocol BindingInput {
  func isSameInput(asAny other: Any) -> Bool
}

extension Binding: @MainActor BindingInput {
  func isSameInput(asAny other: Any) -> Bool {
    guard let other = other as? Binding<Value> else { return false }
    return readsAreStable && other.readsAreStable && focusClaim == nil && other.focusClaim == nil
      && hasSameSource(as: other)
  }
}
