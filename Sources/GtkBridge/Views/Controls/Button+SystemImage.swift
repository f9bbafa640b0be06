extension Button where Label == GtkBridge.Label {
  /// A button showing an icon and a title: SwiftUI's `Button(_:systemImage:action:)`. The
  /// title is the translation of `titleKey`; the icon is the freedesktop icon for SF Symbol
  /// `systemImage` (see ``Image/init(systemName:)``).
  ///
  /// ```swift
  /// Button("Add Expense", systemImage: "plus") { showingAdd = true }
  /// ```
  public init(
    _ titleKey: LocalizedStringKey, systemImage: String, action: @escaping @MainActor () -> Void
  ) {
    self.init(titleKey, systemImage: systemImage, role: nil, action: action)
  }

  /// An icon and a translated title, with a role such as `.destructive`.
  public init(
    _ titleKey: LocalizedStringKey, systemImage: String, role: ButtonRole?,
    action: @escaping @MainActor () -> Void
  ) {
    self.init(role: role, action: action) {
      GtkBridge.Label(titleKey.resolved(), systemImage: systemImage)
    }
  }

  /// An icon and a title shown as it is (a `String` value is not translated).
  // NB: disfavoured, as in SwiftUI, so that a literal is a `LocalizedStringKey`.
  @_disfavoredOverload
  public init<S: StringProtocol>(
    _ title: S, systemImage: String, action: @escaping @MainActor () -> Void
  ) {
    self.init(title, systemImage: systemImage, role: nil, action: action)
  }

  /// An icon and a title shown as it is, with a role such as `.destructive`.
  @_disfavoredOverload
  public init<S: StringProtocol>(
    _ title: S, systemImage: String, role: ButtonRole?, action: @escaping @MainActor () -> Void
  ) {
    self.init(role: role, action: action) {
      GtkBridge.Label(String(title), systemImage: systemImage)
    }
  }
}
