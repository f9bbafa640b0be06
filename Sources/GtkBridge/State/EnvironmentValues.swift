/// Values a view passes down to every view inside it: SwiftUI's `EnvironmentValues`.
///
/// Modifiers such as `.onSubmit` write them; controls read them from their
/// ``WidgetRepresentableContext/environment``.
@MainActor
public struct EnvironmentValues {
  /// Actions `.onSubmit` registered, innermost first; text fields run them on Return.
  var submitActions: [@MainActor () -> Void] = []
  /// Values of custom ``EnvironmentKey``s and ``environmentObject(_:)`` objects, by key type.
  var values: [ObjectIdentifier: Any] = [:]

  public init() {}

  /// Runs the `.onSubmit` actions that enclose the view, innermost first.
  public func submit() {
    for action in submitActions { action() }
  }
}
