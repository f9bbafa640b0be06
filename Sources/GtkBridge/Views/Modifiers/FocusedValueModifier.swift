import Observation

extension View {
  /// Publishes `value` for `keyPath` while this view or a view inside it has keyboard focus;
  /// `@FocusedValue(keyPath)` in the same window reads it. The innermost focused view
  /// publishing a key wins; `nil` publishes nothing.
  ///
  /// ```swift
  /// TextEditor(text: $note.body)
  ///   .focusedValue(\.selectedNote, $note)
  /// ```
  public func focusedValue<Value>(
    _ keyPath: WritableKeyPath<FocusedValues, Value?>, _ value: Value?
  )
    -> some View
  {
    modifier(FocusedValueModifier(scene: false) { $0[keyPath: keyPath] = value })
  }

  /// Publishes `value` for `keyPath` while this view is in the window, wherever focus is
  /// (below any `.focusedValue` of a focused view for the same key). On the desktop a window
  /// is a scene: views of other windows do not see it.
  ///
  /// ```swift
  /// ContentView().focusedSceneValue(\.library, library)
  /// ```
  public func focusedSceneValue<Value>(
    _ keyPath: WritableKeyPath<FocusedValues, Value?>, _ value: Value?
  ) -> some View {
    modifier(FocusedValueModifier(scene: true) { $0[keyPath: keyPath] = value })
  }

  /// Publishes an `@Observable` object while this view or a view inside it has focus;
  /// `@FocusedValue(Model.self)` reads it (SwiftUI's macOS 14 form).
  ///
  /// ```swift
  /// NoteEditor(note: note).focusedValue(note)
  /// ```
  public func focusedValue<Object: AnyObject & Observable>(_ object: Object?) -> some View {
    modifier(FocusedValueModifier(scene: false) { $0[FocusedObjectKey<Object>.self] = object })
  }

  /// Publishes an `@Observable` object while this view is in the window.
  public func focusedSceneValue<Object: AnyObject & Observable>(_ object: Object?) -> some View {
    modifier(FocusedValueModifier(scene: true) { $0[FocusedObjectKey<Object>.self] = object })
  }
}

/// The key an `@Observable` object is published under: its type.
struct FocusedObjectKey<Object: AnyObject>: FocusedValueKey {
  typealias Value = Object
}

@usableFromInline
struct FocusedValueModifier: WidgetModifier {
  static var readsState: Bool { false }

  let scene: Bool
  let write: @MainActor (inout FocusedValues) -> Void

  @MainActor
  final class Storage {}

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage { Storage() }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    let store = node.graph.focusedValues
    guard let widget = node.widgets.first else {
      store.withdraw(ObjectIdentifier(storage))
      return
    }
    var values = FocusedValues()
    write(&values)
    store.publish(
      ObjectIdentifier(storage),
      FocusedValueStore.Publication(
        widget: widget, depth: node.depth, scene: scene, entries: values.values))
  }

  func dismantle(_ storage: Storage, node: ModifierNode<some View, Self>) {
    node.graph.focusedValues.withdraw(ObjectIdentifier(storage))
  }
}
