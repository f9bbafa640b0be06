extension View {
  /// Runs `action` with the new value whenever `value` changes between updates: the
  /// iOS 14 form of `onChange`, still common in published code.
  ///
  /// ```swift
  /// TextField("Name", text: $name)
  ///   .onChange(of: name) { newValue in print(newValue) }
  /// ```
  public func onChange<Value: Equatable>(
    of value: Value, perform action: @escaping @MainActor (_ newValue: Value) -> Void
  ) -> some View {
    onChange(of: value, initial: false) { _, new in action(new) }
  }
}
