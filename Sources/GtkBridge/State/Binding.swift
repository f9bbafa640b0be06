/// A two-way connection to a value owned elsewhere: SwiftUI's `Binding`.
///
/// ```swift
/// struct NameField: View {
///   @Binding var name: String
///   var body: some View { LegacyTextField(text: $name, isFirstResponder: .constant(false)) }
/// }
///
/// NameField(name: $model.name)          // from @State or a model
/// NameField(name: .constant("fixed"))   // a value that never changes
/// NameField(name: $user.profile.name)   // a derived binding through a key path
/// ```
///
/// As in SwiftUI, a binding can be made and passed around outside the main actor
/// (`Binding.constant` in a global, a default argument); reading and writing its value
/// happens on the main actor.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
  private let getValue: @MainActor () -> Value
  private let setValue: @MainActor (Value) -> Void
  /// Changes the value where it is stored (a `@State`, an element or property below one),
  /// when `modifiesInPlace`; otherwise a change is a read and a write back. An element
  /// binding writes through it, so typing into one row of a `@State` array changes that
  /// element in place instead of copying the whole array (copy on write: the read copy and
  /// the stored one share their storage).
  ///
  /// NB: not optional, with `modifiesInPlace` beside it: an optional of this generic function
  /// type costs a run-time metadata lookup wherever a binding is made in unspecialized code
  /// (every `$item.name` of a row: about 2,700 instructions).
  let modifyValue: @MainActor (_ change: (inout Value) -> Void) -> Void
  /// Whether `modifyValue` changes the value in place (otherwise it is a placeholder).
  let modifiesInPlace: Bool
  /// Whether `modifyValue` reaches a value a `@State` holds through stored properties and
  /// array elements alone: no object and no computed property on the way, so no code of the
  /// app's runs between the change and the state, and a write to one element of an array
  /// changes that element and nothing else (see `ElementWrite`).
  let modifiesPlainValue: Bool
  /// Identifies the storage behind the binding when GtkBridge made it (`@State`, `@Bindable`,
  /// key paths from those), so views bound to the same value can find each other.
  /// NB: not `id`: that is `Identifiable`'s (a binding to an identifiable value is one).
  let sourceID: BindingID?
  /// Whether every read of the value reads the same observable storage: a `@State`, a model
  /// property, a path of values below one. A path through an object (`$model.current.name`,
  /// `$draft.name` for a `@State` object) reads whichever object is there now, so what a
  /// reader depends on changes when the object is replaced.
  let readsAreStable: Bool
  /// Set on a `Binding<Bool>` made from a focus state (`Binding($focus, equals: .x)`): lets
  /// the widget behind it join that state's focus group.
  var focusClaim: FocusClaim?
  /// Set on a binding to one element of an identified collection (and on bindings to
  /// values below it): lets a control observe that element instead of the collection.
  var elementSource: ElementSource?

  /// A binding that reads with `get` and writes with `set`.
  public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
    self.init(get: get, set: set, id: nil)
  }

  init(
    get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void,
    id: consuming BindingID?, readsAreStable: Bool? = nil
  ) {
    getValue = get
    setValue = set
    modifyValue = { _ in }
    modifiesInPlace = false
    modifiesPlainValue = false
    self.readsAreStable = readsAreStable ?? BindingID.isSome(id)
    self.sourceID = id
  }

  /// A binding whose source can change its value in place with `modify` (see `modifyValue`);
  /// `plain`: see `modifiesPlainValue`.
  init(
    get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void,
    id: consuming BindingID?, readsAreStable: Bool? = nil, plain: Bool = false,
    inPlace modify: @escaping @MainActor (_ change: (inout Value) -> Void) -> Void
  ) {
    getValue = get
    setValue = set
    modifyValue = modify
    modifiesInPlace = true
    modifiesPlainValue = plain
    self.readsAreStable = readsAreStable ?? BindingID.isSome(id)
    self.sourceID = id
  }

  /// Lets `@Binding var x` be initialised with `self._x = binding` or `_x = binding`.
  public init(projectedValue: Binding<Value>) {
    self = projectedValue
  }

  /// A binding to an immutable value; writes are ignored.
  public static func constant(_ value: Value) -> Binding<Value> {
    // NB: the value is never written again, so reading it later on the main actor is safe.
    let constant = ConstantValue(value)
    return Binding(get: { constant.value }, set: { _ in })
  }

  /// The current value; setting it writes through to the source.
  @MainActor public var wrappedValue: Value {
    get { getValue() }
    nonmutating set { setValue(newValue) }
  }

  /// The getter and setter themselves, for bindings made from this one: calling a closure
  /// needs no metadata of `Binding<Value>`, which `wrappedValue` looks up on every call in
  /// unspecialized code (an element binding's reads).
  var accessors: (get: @MainActor () -> Value, set: @MainActor (Value) -> Void) {
    (getValue, setValue)
  }

  /// The binding itself, so `$name` passes it on.
  public var projectedValue: Binding<Value> { self }

  /// A binding to a property of the value: `$user.name` from `$user`.
  @MainActor public subscript<Property>(dynamicMember keyPath: WritableKeyPath<Value, Property>)
    -> Binding<Property>
  {
    let (read, write) = accessors
    // NB: `if let`, not `id.map { … }`: a closure handed to the standard library checks its
    // actor on every call (see PointerScopes.swift).
    var derivedID: BindingID?
    if let sourceID { derivedID = .derived(sourceID, keyPath) }
    // NB: a property of an object is read from whichever object the value holds now.
    let isValue = !(Value.self is AnyObject.Type)
    let stable = readsAreStable && isValue
    var binding: Binding<Property>
    if modifiesInPlace {
      // A value's property changes in place when the value does (`$items[i].name`).
      let modify = modifyValue
      // NB: a stored property has an offset; a computed one (a setter of the app's) has none.
      let plain = modifiesPlainValue && isValue && MemoryLayout<Value>.offset(of: keyPath) != nil
      binding = Binding<Property>(
        get: { read()[keyPath: keyPath] },
        set: { newValue in modify { $0[keyPath: keyPath] = newValue } },
        id: derivedID, readsAreStable: stable, plain: plain,
        inPlace: { change in modify { change(&$0[keyPath: keyPath]) } })
    } else {
      binding = Binding<Property>(
        get: { read()[keyPath: keyPath] },
        set: { newValue in
          var value = read()
          value[keyPath: keyPath] = newValue
          write(value)
        },
        id: derivedID, readsAreStable: stable)
    }
    // A value below an element changes only when the element does.
    if isValue { binding.elementSource = elementSource }
    return binding
  }
}

extension Binding {
  /// Whether both bindings read and write the same identified storage (a `@State`, a model
  /// property, an element of those). Bindings GtkBridge cannot identify are never the same.
  func hasSameSource(as other: Binding) -> Bool {
    BindingID.areSame(sourceID, other.sourceID)
  }
}

@MainActor
extension Binding where Value: Equatable {
  /// Writes `newValue` only if it differs from the current value, so an echo of what the
  /// source already holds costs the source nothing.
  func setIfChanged(_ newValue: Value) {
    if wrappedValue != newValue { wrappedValue = newValue }
  }
}

/// The value of a `Binding.constant`, made on any thread and only read afterwards.
private final class ConstantValue<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

// NB: a binding's closures are main-actor functions and its other fields are immutable, so
// passing it between threads is safe: nothing of it runs off the main actor.
extension Binding: @unchecked Sendable {}
