/// A button drawn by the app: SwiftUI's `ButtonStyle`.
///
/// `makeBody(configuration:)` returns what the button shows, from its label and whether it
/// is pressed. The button stays a `GtkButton` (it takes focus, Return and Space press it,
/// screen readers read a button) with GTK's own frame, background and padding taken away, so
/// what the style draws is all that shows. `isPressed` follows GTK's active state while the
/// pointer or a key holds the button down. A button takes the custom style in effect when it
/// is made.
///
/// ```swift
/// struct PillStyle: ButtonStyle {
///   func makeBody(configuration: Configuration) -> some View {
///     configuration.label
///       .padding(8)
///       .background(configuration.isPressed ? Color.gray : Color.blue)
///       .clipShape(Capsule())
///   }
/// }
///
/// Button("Save") { save() }.buttonStyle(PillStyle())
/// ```
@MainActor
public protocol ButtonStyle {
  /// The view `makeBody(configuration:)` makes.
  associatedtype Body: View

  /// The button as this style draws it.
  @ViewBuilder func makeBody(configuration: Configuration) -> Body

  /// What a style is given: the label, the role, and whether the button is pressed.
  typealias Configuration = ButtonStyleConfiguration
}

/// The button a ``ButtonStyle`` draws: SwiftUI's `ButtonStyleConfiguration`.
public struct ButtonStyleConfiguration {
  /// The button's label, as a view: its title's ``Text`` or the view it was given.
  public struct Label: View {
    let content: AnyView
    public var body: some View { content }
  }

  /// The button's role, such as `.destructive`.
  public let role: ButtonRole?
  /// The button's label.
  public let label: Label
  /// Whether the pointer or a key holds the button down now.
  public let isPressed: Bool
}

/// A button style of the app's own, behind one type, as the environment holds it.
struct CustomButtonStyle {
  let makeBody: @MainActor (ButtonStyleConfiguration) -> AnyView

  /// The class that takes GTK's frame, background and padding off the button.
  static let styleClass = "gtkbridge-custom-button"
}

private struct CustomButtonStyleKey: EnvironmentKey {
  static var defaultValue: CustomButtonStyle? { nil }
}

extension EnvironmentValues {
  /// The custom style of the buttons here; `nil` for a built-in one.
  var customButtonStyle: CustomButtonStyle? {
    get { self[CustomButtonStyleKey.self] }
    set { self[CustomButtonStyleKey.self] = newValue }
  }
}
