/// Values a view passes down to every view inside it: SwiftUI's `EnvironmentValues`.
///
/// Modifiers such as `.onSubmit` write them; controls read them from their
/// ``WidgetRepresentableContext/environment``.
@MainActor
public struct EnvironmentValues {
  /// Actions `.onSubmit` registered, innermost first; text fields run them on Return.
  var submitActions: [@MainActor () -> Void] = []

  public init() {}

  /// Runs the `.onSubmit` actions that enclose the view, innermost first.
  public func submit() {
    for action in submitActions { action() }
  }
}
