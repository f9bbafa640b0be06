/// Reads an `ObservableObject` that the focused view (or a view around it) publishes with
/// `.focusedObject`, or a view of the window with `.focusedSceneObject`: SwiftUI's
/// `@FocusedObject`. The reader re-runs when focus moves to another publisher and when the
/// object's `objectWillChange` fires. In ``Commands`` it reads the focused window's.
///
/// ```swift
/// struct DocumentCommands: Commands {
///   @FocusedObject var document: TextDocument?
///   var body: some Commands {
///     CommandMenu("Text") {
///       Button("Uppercase") { document?.text = document?.text.uppercased() ?? "" }
///         .disabled(document == nil)
///     }
///   }
/// }
/// ```
@MainActor
@propertyWrapper
public struct FocusedObject<ObjectType: ObservableObject>: StatefulProperty {
  let link = StorageLink(EnvironmentReader())

  public init() {}

  /// The published object, or `nil` when nothing focused publishes one.
  public var wrappedValue: ObjectType? {
    let object: ObjectType? =
      if let node = link.box.node {
        node.graph.focusedValues.read(FocusedObjectKey<ObjectType>.self)
      } else {
        CommandContext.focusedValues?.read(FocusedObjectKey<ObjectType>.self)
      }
    object?.observationSource.track()
    return object
  }

  /// Bindings to the object's properties: `$document?.title`.
  public var projectedValue: ObservedObject<ObjectType>.Wrapper? {
    wrappedValue.map(ObservedObject<ObjectType>.Wrapper.init)
  }

  var storageLink: AnyStorageLink { link }
}

extension View {
  /// Publishes an `ObservableObject` while this view or a view inside it has focus;
  /// `@FocusedObject` reads it.
  ///
  /// ```swift
  /// TextEditor(text: $document.text).focusedObject(document)
  /// ```
  public func focusedObject<Object: ObservableObject>(_ object: Object?) -> some View {
    modifier(FocusedValueModifier(scene: false) { $0[FocusedObjectKey<Object>.self] = object })
  }

  /// Publishes an `ObservableObject` while this view is in the window.
  public func focusedSceneObject<Object: ObservableObject>(_ object: Object?) -> some View {
    modifier(FocusedValueModifier(scene: true) { $0[FocusedObjectKey<Object>.self] = object })
  }
}
