/// What identifies the storage behind a binding (`Binding.id`): a `@State`, a model's
/// property, a path or an element below one of those. Bindings with equal ids read and write
/// the same value, so views bound to one value can find each other (focus groups, collection
/// observers, a row's unchanged inputs).
///
/// NB: a typed enum, not `AnyHashable`: `$item.name` and `$model.name` are made on every run
/// of a row or a `body`, and each `AnyHashable` cost about 1,500 instructions to make (a
/// dynamic cast looking for a custom representation, a box) and a dynamic cast per level to
/// compare. Its `==` is cheap for the usual case: `AnyKeyPath`'s own `==` answers at once for
/// the same instance, and walks the components only for another one.
enum BindingID: Hashable {
  /// A `@State` or `@FocusState` box.
  case storage(ObjectIdentifier)
  /// A property of a model object: `$model.name` (`@Bindable`, `@ObservedObject`).
  case property(ObjectIdentifier, AnyKeyPath)
  /// A path below another binding's value: `$user.profile.name`.
  indirect case derived(BindingID, AnyKeyPath)
  /// One element of an identified collection binding: `$item` of a binding `ForEach`,
  /// `$texts[i]`.
  indirect case element(BindingID, ElementSource.Key)
  /// Any other storage GtkBridge identifies (an `@AppStorage` key).
  case other(AnyHashable)

  /// Whether both are a property of one object, or a path's last step from one binding,
  /// whatever their key paths: Swift's key paths to one property differ when one is made in
  /// generic code (through a protocol's witness) and the other is not.
  func isStep(fromSameBaseAs other: BindingID) -> Bool {
    switch (self, other) {
    case (.property(let a, _), .property(let b, _)): a == b
    case (.derived(let a, _), .derived(let b, _)): a == b
    default: false
    }
  }

  // NB: written out, one value at a time: the derived `==` switches over a tuple of the two
  // ids, copying both first (with `Optional`'s `==` around it, about 1,000 instructions a
  // comparison of two text fields).
  static func == (a: BindingID, b: BindingID) -> Bool {
    switch a {
    case .storage(let x):
      guard case .storage(let y) = b else { return false }
      return x == y
    case .property(let x, let xPath):
      guard case .property(let y, let yPath) = b else { return false }
      return x == y && xPath == yPath
    case .derived(let x, let xPath):
      guard case .derived(let y, let yPath) = b else { return false }
      return xPath == yPath && x == y
    case .element(let x, let xKey):
      guard case .element(let y, let yKey) = b else { return false }
      return xKey == yKey && x == y
    case .other(let x):
      guard case .other(let y) = b else { return false }
      return x == y
    }
  }

  /// Whether `id` is one, without the copy `id != nil` makes.
  static func isSome(_ id: BindingID?) -> Bool {
    switch id {
    case .some: true
    case .none: false
    }
  }

  /// `areSame(_:_:)` of the ids at `a` and `b`, read where they lie.
  ///
  /// NB: a `@State`'s id (the usual text field's) is matched in place; handed over by value,
  /// each `BindingID?` was copied and destroyed through its value witnesses first (about 400
  /// instructions a text field's comparison, measured on W2's keystroke).
  static func areSame(at a: UnsafePointer<BindingID?>, _ b: UnsafePointer<BindingID?>) -> Bool {
    if case .some(.storage(let x)) = a.pointee {
      guard case .some(.storage(let y)) = b.pointee else { return false }
      return x == y
    }
    return areSame(a.pointee, b.pointee)
  }

  /// Whether `a` and `b` are ids (not `nil`) and equal.
  static func areSame(_ a: BindingID?, _ b: BindingID?) -> Bool {
    guard case .some(let a) = a, case .some(let b) = b else { return false }
    return a == b
  }

  // NB: key paths are not hashed: hashing one walks its components, thousands of
  // instructions per lookup (focus groups and collection observers are found by these ids on
  // updates); paths into one object are few, and `==` still tells them apart.
  func hash(into hasher: inout Hasher) {
    switch self {
    case .storage(let object):
      hasher.combine(0)
      hasher.combine(object)
    case .property(let object, _):
      hasher.combine(1)
      hasher.combine(object)
    case .derived(let base, _):
      hasher.combine(2)
      base.hash(into: &hasher)
    case .element(let base, let key):
      hasher.combine(3)
      base.hash(into: &hasher)
      hasher.combine(key)
    case .other(let value):
      hasher.combine(4)
      hasher.combine(value)
    }
  }
}
