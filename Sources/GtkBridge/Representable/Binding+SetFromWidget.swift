@MainActor
extension Binding where Value: Equatable {
  /// Writes a value the user produced in a widget (a signal handler's reading of it) back
  /// to state: only if it differs, and never inside an update pass (then right after it,
  /// synchronously), the rule every built-in control follows.
  ///
  /// ```swift
  /// coordinator.valueChanged = spin.connect("value-changed") { [weak spin] in
  ///   guard let spin else { return }
  ///   binding.setFromWidget(spin.value)
  /// }
  /// ```
  public func setFromWidget(_ newValue: Value) {
    let binding = self
    MainLoop.performOutsideUpdate { binding.setIfChanged(newValue) }
  }
}
