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

/// The widget whose user's edit is being written to its binding now, if any.
///
/// The control bound to that binding is then told its value changed; it need not compare
/// what it shows, since the writer reads the binding back itself (`TextBindingSync`).
@MainActor
enum WidgetWrite {
  // NB: not checked for overlapping access at run time: see `UpdateScheduler`'s note.
  @exclusivity(unchecked) private(set) static var widget: ObjectIdentifier?

  /// Runs `write` as the write of `widget`'s own edit.
  static func from(_ widget: ObjectIdentifier?, _ write: () -> Void) {
    let outer = self.widget
    self.widget = widget
    write()
    self.widget = outer
  }
}
