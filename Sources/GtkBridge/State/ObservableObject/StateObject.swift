/// An `ObservableObject` a view owns: SwiftUI's `@StateObject`.
///
/// The object is made once, when the view first reads it, and kept for the life of the
/// view's place in the tree, however often the parent re-evaluates; the view follows its
/// `objectWillChange`.
///
/// ```swift
/// struct SignInView: View {
///   @StateObject var model = SignInModel()
///   var body: some View { TextField("Username", text: $model.username) }
/// }
/// ```
@MainActor
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: StatefulProperty {
  let link: StorageLink<StateObjectStorage<ObjectType>>

  public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
    link = StorageLink(StateObjectStorage(make: thunk))
  }

  public var wrappedValue: ObjectType {
    let object = link.box.object
    object.observationSource.track()
    return object
  }

  /// Bindings to the object's properties: `$model.username`.
  public var projectedValue: ObservedObject<ObjectType>.Wrapper {
    ObservedObject<ObjectType>.Wrapper(object: wrappedValue)
  }

  var storageLink: AnyStorageLink { link }
}

/// The kept object of one `@StateObject`, made on first use.
@MainActor
final class StateObjectStorage<ObjectType: AnyObject> {
  /// Kept after use: a view placed twice makes its own object for each place.
  let make: () -> ObjectType
  private var made: ObjectType?

  init(make: @escaping () -> ObjectType) {
    self.make = make
  }

  var object: ObjectType {
    if let made { return made }
    let object = make()
    made = object
    return object
  }
}
