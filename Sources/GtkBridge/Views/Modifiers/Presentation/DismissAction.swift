/// Dismisses the presentation the view is in (a sheet, an alert, a popover): SwiftUI's
/// `DismissAction`, read with `@Environment(\.dismiss)` and called as a function.
///
/// Outside any presentation it does nothing (SwiftUI would pop a navigation page; a
/// ``NavigationStack`` page here is popped by its back button). Dismissing an already
/// dismissed presentation does nothing.
///
/// ```swift
/// struct EditView: View {
///   @Environment(\.dismiss) private var dismiss
///   var body: some View {
///     Button("Done") { dismiss() }
///   }
/// }
/// ```
public struct DismissAction: Sendable {
  let action: @MainActor @Sendable () -> Void

  init(_ action: @escaping @MainActor @Sendable () -> Void) { self.action = action }

  /// Dismisses the presentation.
  @MainActor
  public func callAsFunction() { action() }
}

private struct DismissKey: EnvironmentKey {
  static let defaultValue = DismissAction {}
}

private struct IsPresentedKey: EnvironmentKey {
  static let defaultValue = false
}

private struct ButtonsDismissKey: EnvironmentKey {
  static let defaultValue = false
}

extension EnvironmentValues {
  /// Dismisses the presentation the view is in: `@Environment(\.dismiss) var dismiss`.
  public internal(set) var dismiss: DismissAction {
    get { self[DismissKey.self] }
    set { self[DismissKey.self] = newValue }
  }

  /// Whether the view is in a presentation (a sheet, an alert, a popover).
  public internal(set) var isPresented: Bool {
    get { self[IsPresentedKey.self] }
    set { self[IsPresentedKey.self] = newValue }
  }

  /// Whether a button here dismisses the presentation after its action (an alert's).
  var buttonsDismiss: Bool {
    get { self[ButtonsDismissKey.self] }
    set { self[ButtonsDismissKey.self] = newValue }
  }
}
