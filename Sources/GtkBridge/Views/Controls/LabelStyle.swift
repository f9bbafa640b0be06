import CGtk

/// How a ``Label`` looks: SwiftUI's `LabelStyle`.
///
/// The built-in styles show the icon, the title or both (GTK hides the other widget of the
/// label's box). A style of your own draws the label from its ``Configuration`` (the title
/// and the icon, as views) in `makeBody(configuration:)`.
///
/// ```swift
/// Label("Favourites", systemImage: "star").labelStyle(.iconOnly)
///
/// struct TrailingIcon: LabelStyle {
///   func makeBody(configuration: Configuration) -> some View {
///     HStack { configuration.title; configuration.icon }
///   }
/// }
/// ```
@MainActor
public protocol LabelStyle {
  /// The view `makeBody(configuration:)` makes.
  associatedtype Body: View

  /// The label as this style draws it.
  @ViewBuilder func makeBody(configuration: Configuration) -> Body

  /// What a style is given: the label's title and icon.
  typealias Configuration = LabelStyleConfiguration
}

/// The label a ``LabelStyle`` draws: SwiftUI's `LabelStyleConfiguration`.
public struct LabelStyleConfiguration {
  /// The label's title, as a view.
  public struct Title: View {
    let content: AnyView
    public var body: some View { content }
  }

  /// The label's icon, as a view.
  public struct Icon: View {
    let content: AnyView
    public var body: some View { content }
  }

  /// The label's title.
  public let title: Title
  /// The label's icon.
  public let icon: Icon
}

/// Which of a label's parts a built-in style shows.
enum LabelDisplay: Sendable {
  case titleAndIcon, titleOnly, iconOnly
}

/// A built-in label style: which parts GTK shows.
protocol BuiltInLabelStyle: LabelStyle {
  var display: LabelDisplay { get }
}

extension BuiltInLabelStyle {
  func builtInBody(_ configuration: Configuration) -> some View {
    HStack(spacing: 6) {
      if display != .titleOnly { configuration.icon }
      if display != .iconOnly { configuration.title }
    }
  }
}

/// The platform's label: SwiftUI's `DefaultLabelStyle`; the icon and the title.
public struct DefaultLabelStyle: BuiltInLabelStyle {
  nonisolated public init() {}
  var display: LabelDisplay { .titleAndIcon }
  /// The icon and the title, side by side.
  public func makeBody(configuration: Configuration) -> some View { builtInBody(configuration) }
}

/// The icon, then the title: SwiftUI's `TitleAndIconLabelStyle`.
public struct TitleAndIconLabelStyle: BuiltInLabelStyle {
  nonisolated public init() {}
  var display: LabelDisplay { .titleAndIcon }
  /// The icon and the title, side by side.
  public func makeBody(configuration: Configuration) -> some View { builtInBody(configuration) }
}

/// The title alone: SwiftUI's `TitleOnlyLabelStyle`.
public struct TitleOnlyLabelStyle: BuiltInLabelStyle {
  nonisolated public init() {}
  var display: LabelDisplay { .titleOnly }
  /// The title.
  public func makeBody(configuration: Configuration) -> some View { builtInBody(configuration) }
}

/// The icon alone: SwiftUI's `IconOnlyLabelStyle`. The title still names it for screen
/// readers.
public struct IconOnlyLabelStyle: BuiltInLabelStyle {
  nonisolated public init() {}
  var display: LabelDisplay { .iconOnly }
  /// The icon.
  public func makeBody(configuration: Configuration) -> some View { builtInBody(configuration) }
}

extension LabelStyle where Self == DefaultLabelStyle {
  public static var automatic: DefaultLabelStyle { DefaultLabelStyle() }
}

extension LabelStyle where Self == TitleAndIconLabelStyle {
  public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}

extension LabelStyle where Self == TitleOnlyLabelStyle {
  public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() }
}

extension LabelStyle where Self == IconOnlyLabelStyle {
  public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}

/// A label style of the app's own, behind one type, as the environment holds it.
struct CustomLabelStyle {
  let makeBody: @MainActor (LabelStyleConfiguration) -> AnyView
}

private struct CustomLabelStyleKey: EnvironmentKey {
  static var defaultValue: CustomLabelStyle? { nil }
}

private struct LabelDisplayKey: EnvironmentKey {
  static var defaultValue: LabelDisplay { .titleAndIcon }
}

extension EnvironmentValues {
  /// The custom style of the labels here; `nil` for a built-in one.
  var customLabelStyle: CustomLabelStyle? {
    get { self[CustomLabelStyleKey.self] }
    set { self[CustomLabelStyleKey.self] = newValue }
  }

  /// What the built-in style of the labels here shows.
  var labelDisplay: LabelDisplay {
    get { self[LabelDisplayKey.self] }
    set { self[LabelDisplayKey.self] = newValue }
  }
}

extension View {
  /// Sets the style of the labels inside: SwiftUI's `labelStyle(_:)`. `.iconOnly` and
  /// `.titleOnly` hide the other part (the title still names an icon-only label for screen
  /// readers); a style of your own draws each label with its `makeBody(configuration:)`. A
  /// label takes the style in effect when it is made.
  ///
  /// ```swift
  /// Label("Delete", systemImage: "trash").labelStyle(.iconOnly)
  /// ```
  public func labelStyle<S: LabelStyle>(_ style: S) -> some View {
    let builtIn = style as? any BuiltInLabelStyle
    let custom =
      builtIn == nil ? CustomLabelStyle { AnyView(style.makeBody(configuration: $0)) } : nil
    return environment(\.labelDisplay, builtIn?.display ?? .titleAndIcon)
      .environment(\.customLabelStyle, custom)
  }
}
