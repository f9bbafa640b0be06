/// Values a view passes down to every view inside it: SwiftUI's `EnvironmentValues`.
///
/// Modifiers such as `.onSubmit` and `.disabled` write them; controls read them from their
/// ``WidgetRepresentableContext/environment``.
@MainActor
public struct EnvironmentValues {
  /// Actions `.onSubmit` registered, innermost first; text fields run them on Return.
  var submitActions: [@MainActor () -> Void] = []
  /// Values of custom ``EnvironmentKey``s and ``environmentObject(_:)`` objects, by key type.
  var values: [ObjectIdentifier: Any] = [:]

  /// Whether views here accept input: `false` under any `.disabled(true)`, whatever the
  /// modifiers nearer the view say (SwiftUI's rule: an enclosing `true` wins).
  public var isEnabled = true

  /// Whether a `.hidden()` encloses the view: it keeps its place but is not drawn and cannot
  /// take focus or input.
  var isHidden = false

  public init() {}

  /// Runs the `.onSubmit` actions that enclose the view, innermost first.
  public func submit() {
    for action in submitActions { action() }
  }
}
