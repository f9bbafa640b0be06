extension View {
  /// Sets an environment value for this view and the views inside it: SwiftUI's
  /// `environment(_:_:)`.
  ///
  /// ```swift
  /// Form().environment(\.accent, "red")
  /// ```
  public func environment<Value>(
    _ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value
  ) -> some View {
    modifier(EnvironmentValueModifier(keyPath: keyPath, value: value))
  }

  /// Puts `object` in the environment, for the `@EnvironmentObject` properties of the views
  /// inside: SwiftUI's `environmentObject(_:)`.
  ///
  /// ```swift
  /// ContentView().environmentObject(settings)
  /// ```
  public func environmentObject<Object: ObservableObject>(_ object: Object) -> some View {
    modifier(EnvironmentObjectModifier(object: object))
  }
}

extension View {
  /// Puts an `@Observable` object in the environment, for the
  /// `@Environment(Library.self)` properties of the views inside: SwiftUI's
  /// `environment(_:)`.
  ///
  /// ```swift
  /// ContentView().environment(library)
  /// ```
  public func environment<Object: AnyObject & Observable>(_ object: Object?) -> some View {
    modifier(ObservableEnvironmentModifier(object: object))
  }
}

@usableFromInline
struct ObservableEnvironmentModifier<Object: AnyObject & Observable>: WidgetModifier {
  let object: Object?

  @MainActor
  final class Storage {
    weak var last: Object?
    init(_ object: Object?) { last = object }
  }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage { Storage(object) }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    guard storage.last !== object else { return }
    storage.last = object
    EnvironmentDependents.changed(.object(of: Object.self), below: node)
  }

  func modifyEnvironment(_ environment: inout EnvironmentValues) {
    environment.setObject(object, of: Object.self)
  }
}

@usableFromInline
struct EnvironmentValueModifier<Value>: WidgetModifier {
  static var isRecyclable: Bool { true }
  let keyPath: WritableKeyPath<EnvironmentValues, Value>
  let value: Value

  @MainActor
  final class Storage {
    var last: Value
    init(_ value: Value) { last = value }
  }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage {
    // NB: before any change: readers of a key path no modifier sets hear of every change.
    EnvironmentDependents.declare(.value(keyPath))
    return Storage(value)
  }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    // NB: values that cannot be compared count as changed, as in view equality.
    guard !ViewEquality.isSame(storage.last, value) else { return }
    storage.last = value
    EnvironmentDependents.changed(.value(keyPath), below: node)
    // NB: `.environment(\.isEnabled, false)` disables the controls below as `.disabled(true)`
    // does (SwiftUI's `disabled` is that environment value): the widgets made before the
    // change apply it again; the control styles (`\.controlSize`, `\.lineLimit`, …) as
    // their modifiers do. Only for those keys: the walk costs a pass over the subtree.
    if Self.inheritedKeys.contains(keyPath) {
      node.inheritedAttributesChanged()
    }
  }

  func modifyEnvironment(_ environment: inout EnvironmentValues) {
    environment[keyPath: keyPath] = value
  }

  /// The keys whose values the widgets below apply themselves (``InheritedAttributes``).
  private static var inheritedKeys: [AnyKeyPath] {
    [
      \EnvironmentValues.isEnabled, \EnvironmentValues.controlSize,
      \EnvironmentValues.multilineTextAlignment, \EnvironmentValues.lineLimit,
      \EnvironmentValues.lineLimits,
    ]
  }
}

@usableFromInline
struct EnvironmentObjectModifier<Object: ObservableObject>: WidgetModifier {
  let object: Object

  @MainActor
  final class Storage {
    weak var last: Object?
    init(_ object: Object) { last = object }
  }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage { Storage(object) }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    guard storage.last !== object else { return }
    storage.last = object
    EnvironmentDependents.changed(.object(of: Object.self), below: node)
  }

  func modifyEnvironment(_ environment: inout EnvironmentValues) {
    environment.setObject(object)
  }
}
