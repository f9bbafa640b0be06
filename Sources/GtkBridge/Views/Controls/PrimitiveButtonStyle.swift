/// A button style GTK draws: SwiftUI's `PrimitiveButtonStyle`, here one of GTK's button
/// looks, chosen by the style's type.
///
/// | SwiftUI | type | GTK style classes |
/// |---|---|---|
/// | `.automatic` | `DefaultButtonStyle` | none (GTK buttons are bordered) |
/// | `.bordered` | `BorderedButtonStyle` | none |
/// | `.borderedProminent` | `BorderedProminentButtonStyle` | `suggested-action` |
/// | `.borderless` | `BorderlessButtonStyle` | `flat` |
/// | `.plain` | `PlainButtonStyle` | `flat` |
/// | `.link` | `LinkButtonStyle` | `flat` and `link` |
///
/// A primitive style of your own draws the button as its `makeBody(configuration:)`, which
/// decides when the action runs (`configuration.trigger()`): on a double tap, or through a
/// GTK button made with `Button(configuration)`. The style's body sees the environment
/// without the style, so a `Button` inside it is a plain GTK button.
///
/// ```swift
/// Button("Sign in") { signIn() }.buttonStyle(.borderedProminent)
/// Button("Skip") { skip() }.buttonStyle(PlainButtonStyle())
///
/// struct DoubleTapStyle: PrimitiveButtonStyle {
///   func makeBody(configuration: Configuration) -> some View {
///     configuration.label.onTapGesture(count: 2) { configuration.trigger() }
///   }
/// }
/// Button("Open") { open() }.buttonStyle(DoubleTapStyle())
/// ```
@MainActor
public protocol PrimitiveButtonStyle {
  /// The view `makeBody(configuration:)` makes.
  associatedtype Body: View

  /// The button as this style draws it.
  @ViewBuilder func makeBody(configuration: Configuration) -> Body

  /// What a primitive style is given: the label, the role and the action to run.
  typealias Configuration = PrimitiveButtonStyleConfiguration
}

/// The button a ``PrimitiveButtonStyle`` draws: SwiftUI's `PrimitiveButtonStyleConfiguration`.
public struct PrimitiveButtonStyleConfiguration {
  /// The button's label, as a view.
  public typealias Label = ButtonStyleConfiguration.Label

  /// The button's role, such as `.destructive`.
  public let role: ButtonRole?
  /// The button's label.
  public let label: Label
  let action: @MainActor () -> Void

  /// Runs the button's action.
  @MainActor public func trigger() { action() }
}

extension Button where Label == PrimitiveButtonStyleConfiguration.Label {
  /// A GTK button for a primitive style's configuration: its label, role and action.
  ///
  /// ```swift
  /// func makeBody(configuration: Configuration) -> some View {
  ///   Button(configuration).padding(4).border(Color.blue)
  /// }
  /// ```
  public init(_ configuration: PrimitiveButtonStyleConfiguration) {
    self.init(role: configuration.role, action: configuration.action) { configuration.label }
  }
}

/// A primitive button style of the app's own, behind one type, as the environment holds it.
struct CustomPrimitiveButtonStyle {
  let makeBody: @MainActor (PrimitiveButtonStyleConfiguration) -> AnyView

  /// Whether any custom primitive style was ever applied: until then a new button does not
  /// look for one in its environment.
  /// NB: a flag written once, from `false` to `true`, on the main actor.
  @MainActor static var inUse = false
}

private struct CustomPrimitiveButtonStyleKey: EnvironmentKey {
  static var defaultValue: CustomPrimitiveButtonStyle? { nil }
}

extension EnvironmentValues {
  /// The custom primitive style of the buttons here; `nil` for a built-in one.
  var customPrimitiveButtonStyle: CustomPrimitiveButtonStyle? {
    get { self[CustomPrimitiveButtonStyleKey.self] }
    set { self[CustomPrimitiveButtonStyleKey.self] = newValue }
  }
}

/// A built-in primitive style: GTK style classes on the `GtkButton`.
protocol GtkClassedButtonStyle: PrimitiveButtonStyle {
  var classes: [String] { get }
}

extension GtkClassedButtonStyle {
  /// A GTK button: the style's classes make the look.
  public func makeBody(configuration: Configuration) -> Button<Configuration.Label> {
    Button(configuration)
  }
}

/// The platform's button: SwiftUI's `DefaultButtonStyle`; a bordered GTK button.
public struct DefaultButtonStyle: GtkClassedButtonStyle {
  nonisolated public init() {}
  var classes: [String] { [] }
}

/// A bordered button: SwiftUI's `BorderedButtonStyle`; GTK's buttons are bordered.
public struct BorderedButtonStyle: GtkClassedButtonStyle {
  nonisolated public init() {}
  var classes: [String] { [] }
}

/// The screen's main action: SwiftUI's `BorderedProminentButtonStyle`; GTK's
/// `suggested-action`.
public struct BorderedProminentButtonStyle: GtkClassedButtonStyle {
  nonisolated public init() {}
  var classes: [String] { ["suggested-action"] }
}

/// A button without a border: SwiftUI's `BorderlessButtonStyle`; GTK's `flat`.
public struct BorderlessButtonStyle: GtkClassedButtonStyle {
  nonisolated public init() {}
  var classes: [String] { ["flat"] }
}

/// A button that shows only its label: SwiftUI's `PlainButtonStyle`; GTK's `flat`.
public struct PlainButtonStyle: GtkClassedButtonStyle {
  nonisolated public init() {}
  var classes: [String] { ["flat"] }
}

/// A button that looks like a link: SwiftUI's `LinkButtonStyle` (macOS); GTK's `flat` with
/// the `link` class, so the theme's link colour.
public struct LinkButtonStyle: GtkClassedButtonStyle {
  nonisolated public init() {}
  var classes: [String] { ["flat", "link"] }
}

extension PrimitiveButtonStyle where Self == DefaultButtonStyle {
  public static var automatic: DefaultButtonStyle { DefaultButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
  public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
  public static var borderedProminent: BorderedProminentButtonStyle {
    BorderedProminentButtonStyle()
  }
}

extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
  public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

extension PrimitiveButtonStyle where Self == PlainButtonStyle {
  public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

extension PrimitiveButtonStyle where Self == LinkButtonStyle {
  public static var link: LinkButtonStyle { LinkButtonStyle() }
}
