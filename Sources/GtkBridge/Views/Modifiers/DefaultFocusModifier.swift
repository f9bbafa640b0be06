extension View {
  /// Focuses the view bound to `value` when this view appears (with the window, for a view
  /// that is there from the start), if nothing else set the focus state by then. It takes
  /// effect on the window's first frame: no delay.
  ///
  /// ```swift
  /// VStack { … }
  ///   .defaultFocus($focusedField, .username)
  /// ```
  public func defaultFocus<Field: Hashable>(_ binding: FocusState<Field?>.Binding, _ value: Field)
    -> some View
  {
    modifier(DefaultFocusModifier(source: FocusSource(binding), value: value))
  }

  /// The same for a focus state held anywhere, such as an `@Observable` model.
  public func defaultFocus<Field: Hashable>(_ binding: Binding<Field?>, _ value: Field)
    -> some View
  {
    modifier(DefaultFocusModifier(source: FocusSource(binding), value: value))
  }
}

struct DefaultFocusModifier<Value: Hashable>: WidgetModifier {
  let source: FocusSource<Value>
  let value: Value

  func makeStorage(node: ModifierNode<some View, Self>) {
    let source = source
    let value = value
    // After this pass, when every field is in the window; the grab follows in the same flush.
    UpdateScheduler.shared.performOutsideUpdate {
      if source.get() == nil { source.set(value) }
    }
  }
}
