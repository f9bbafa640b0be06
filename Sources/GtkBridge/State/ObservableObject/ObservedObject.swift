/// An `ObservableObject` a view is given and follows: SwiftUI's `@ObservedObject`.
///
/// Reading the object in `body` makes the view follow its `objectWillChange`; `$model.name`
/// is a ``Binding`` to one of its properties.
///
/// ```swift
/// struct NameView: View {
///   @ObservedObject var player: Player
///   var body: some View { TextField("Name", text: $player.name) }
/// }
/// ```
@MainActor
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject> {
  let object: ObjectType

  public init(wrappedValue: ObjectType) {
    object = wrappedValue
  }

  public init(initialValue: ObjectType) {
    object = initialValue
  }

  public var wrappedValue: ObjectType {
    object.observationSource.track()
    return object
  }

  /// Bindings to the object's properties: `$player.name`.
  public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

  /// What `$object` gives: a ``Binding`` for each writable property.
  @MainActor
  @dynamicMemberLookup
  public struct Wrapper {
    let object: ObjectType

    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>)
      -> Binding<Subject>
    {
      objectBinding(object, keyPath)
    }
  }
}

/// A binding to `object[keyPath: keyPath]`, identified by the object and key path so views
/// bound to the same property (focus groups) find each other. Reading it follows the
/// object's `objectWillChange`, so a control that shows the value updates when it changes.
@MainActor
func objectBinding<Object: ObservableObject, Subject>(
  _ object: Object, _ keyPath: ReferenceWritableKeyPath<Object, Subject>
) -> Binding<Subject> {
  Binding(
    get: {
      object.observationSource.track()
      return object[keyPath: keyPath]
    },
    set: { object[keyPath: keyPath] = $0 },
    id: .property(ObjectIdentifier(object), keyPath))
}
