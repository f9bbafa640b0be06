/// A key for a value that the focused view publishes: SwiftUI's `FocusedValueKey`.
///
/// ```swift
/// struct SelectedNoteKey: FocusedValueKey {
///   typealias Value = Binding<Note>
/// }
///
/// extension FocusedValues {
///   var selectedNote: Binding<Note>? {
///     get { self[SelectedNoteKey.self] }
///     set { self[SelectedNoteKey.self] = newValue }
///   }
/// }
/// ```
public protocol FocusedValueKey {
  /// The type of the value.
  associatedtype Value
}

/// The values published by the focused view and the views around it, and by the window's
/// views with `.focusedSceneValue`: SwiftUI's `FocusedValues`. Extend it with a property per
/// ``FocusedValueKey``; read it with ``FocusedValue``.
@MainActor
public struct FocusedValues {
  var values: [ObjectIdentifier: Any] = [:]
  /// Set on the copy a reader reads: each key read becomes a dependency of the reader.
  weak var tracker: FocusedValueStore?

  init() {}

  /// The value for `key`, or `nil` when nothing published one.
  public subscript<Key: FocusedValueKey>(key: Key.Type) -> Key.Value? {
    get {
      tracker?.track(ObjectIdentifier(key))
      return values[ObjectIdentifier(key)] as? Key.Value
    }
    set { values[ObjectIdentifier(key)] = newValue }
  }
}
