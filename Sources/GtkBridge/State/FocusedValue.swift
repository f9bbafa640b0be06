import Observation

/// Reads a value that the focused view (or a view around it) publishes with `.focusedValue`,
/// or a view of the window publishes with `.focusedSceneValue`: SwiftUI's `@FocusedValue`.
///
/// `nil` when nothing focused publishes one. In ``Commands`` (and the views of a
/// ``CommandMenu``), it reads the focused window's values. The view re-runs when focus moves into or out of
/// a view publishing the key, and when the published value changes (when it can be compared:
/// `Equatable` values and objects); it reads the latest value whenever it runs.
///
/// ```swift
/// struct NoteTitle: View {
///   @FocusedValue(\.selectedNote) var note
///   var body: some View { Text(note?.wrappedValue.title ?? "No note") }
/// }
/// ```
@MainActor
@propertyWrapper
public struct FocusedValue<Value>: StatefulProperty {
  let read: @MainActor (FocusedValueStore) -> Value?
  let link = StorageLink(EnvironmentReader())

  /// Reads the key behind `keyPath`, a property of ``FocusedValues``.
  public init(_ keyPath: KeyPath<FocusedValues, Value?>) {
    read = { $0.read(keyPath) }
  }

  /// Reads the `@Observable` object of type `objectType` that a focused view publishes with
  /// `.focusedValue(object)` (SwiftUI's macOS 14 form).
  public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
    read = { $0.read(FocusedObjectKey<Value>.self) }
  }

  public var wrappedValue: Value? {
    // A command (in no window) reads the focused window's values.
    guard let node = link.box.node else { return CommandContext.focusedValues.flatMap(read) }
    return read(node.graph.focusedValues)
  }

  var storageLink: AnyStorageLink { link }
}

/// A focused value that is a binding, read and written through: SwiftUI's `@FocusedBinding`.
///
/// ```swift
/// @FocusedBinding(\.selectedNote) var note
/// Button("Clear") { note?.body = "" }.disabled(note == nil)
/// ```
@MainActor
@propertyWrapper
public struct FocusedBinding<Value>: StatefulProperty {
  let keyPath: KeyPath<FocusedValues, Binding<Value>?>
  let link = StorageLink(EnvironmentReader())

  public init(_ keyPath: KeyPath<FocusedValues, Binding<Value>?>) {
    self.keyPath = keyPath
  }

  private var binding: Binding<Value>? {
    guard let node = link.box.node else { return CommandContext.focusedValues?.read(keyPath) }
    return node.graph.focusedValues.read(keyPath)
  }

  /// The bound value; writing `nil`, or writing while nothing publishes the key, does nothing.
  public var wrappedValue: Value? {
    get { binding?.wrappedValue }
    nonmutating set {
      if let newValue { binding?.wrappedValue = newValue }
    }
  }

  public var projectedValue: Binding<Value?> {
    let box = self
    return Binding(get: { box.wrappedValue }, set: { box.wrappedValue = $0 })
  }

  var storageLink: AnyStorageLink { link }
}
