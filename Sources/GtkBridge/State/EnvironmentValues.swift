/// Values a view passes down to every view inside it: SwiftUI's `EnvironmentValues`.
///
/// Modifiers such as `.onSubmit` and `.disabled` write them; controls read them from their
/// ``WidgetRepresentableContext/environment``.
@MainActor
public struct EnvironmentValues {
  /// Actions `.onSubmit` registered, innermost first; fields run those of their trigger
  /// on Return.
  var submitActions: [SubmitAction] = []
  /// Values of custom ``EnvironmentKey``s and ``environmentObject(_:)`` objects, by key type.
  var values: [ObjectIdentifier: Any] = [:]

  /// Whether views here accept input: `false` under any `.disabled(true)`, whatever the
  /// modifiers nearer the view say (SwiftUI's rule: an enclosing `true` wins).
  public var isEnabled = true

  /// Whether a `.hidden()` encloses the view: it keeps its place but is not drawn and cannot
  /// take focus or input.
  var isHidden = false

  public init() {}

  /// Runs the `.onSubmit` actions that enclose the view, innermost first: those for text
  /// fields (`.onSubmit` and `.onSubmit(of: .text)`).
  public func submit() {
    submit(.text)
  }

  /// Runs the enclosing `.onSubmit` actions whose triggers include any of `triggers`.
  func submit(_ triggers: SubmitTriggers) {
    for submit in submitActions where !submit.triggers.isDisjoint(with: triggers) {
      submit.action()
    }
  }
}
