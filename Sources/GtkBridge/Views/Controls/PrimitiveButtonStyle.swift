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
/// A primitive style of your own (`makeBody(configuration:)` with `configuration.trigger()`)
/// compiles, and shows as `.automatic`; write a ``ButtonStyle`` to draw buttons yourself.
///
/// ```swift
/// Button("Sign in") { signIn() }.buttonStyle(.borderedProminent)
/// Button("Skip") { skip() }.buttonStyle(PlainButtonStyle())
/// ```
@MainActor
public protocol PrimitiveButtonStyle {
  /// What a primitive style is given: the label, the role and the action to run.
  typealias Configuration = PrimitiveButtonStyleConfiguration
}

/// The button a ``PrimitiveButtonStyle`` draws: SwiftUI's `PrimitiveButtonStyleConfiguration`.
public struct PrimitiveButtonStyleConfiguration {
  /// The button's label.
  public let label: ButtonStyleConfiguration.Label
  /// The button's role, such as `.destructive`.
  public let role: ButtonRole?
  let action: @MainActor () -> Void

  /// Runs the button's action.
  @MainActor public func trigger() { action() }
}

/// A built-in primitive style: GTK style classes on the `GtkButton`.
protocol GtkClassedButtonStyle: PrimitiveButtonStyle {
  var classes: [String] { get }
}

/// The classes every built-in button style chooses from.
enum ButtonStyleClasses {
  static let family = ["suggested-action", "flat", "link"]
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
