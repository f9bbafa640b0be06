/// How a ``ProgressView`` looks: SwiftUI's `ProgressViewStyle`.
///
/// The built-in styles are GTK's: a `GtkSpinner` while the progress is unknown, a
/// `GtkProgressBar` once it is known, whichever of `.linear` and `.circular` is asked for
/// (GTK has no round bar). A style of your own draws the progress from its ``Configuration``
/// in `makeBody(configuration:)`.
///
/// ```swift
/// struct PercentStyle: ProgressViewStyle {
///   func makeBody(configuration: Configuration) -> some View {
///     Text("\(Int((configuration.fractionCompleted ?? 0) * 100)) %")
///   }
/// }
///
/// ProgressView(value: 0.4).progressViewStyle(PercentStyle())
/// ```
@MainActor
public protocol ProgressViewStyle {
  /// The view `makeBody(configuration:)` makes.
  associatedtype Body: View

  /// The progress view as this style draws it.
  @ViewBuilder func makeBody(configuration: Configuration) -> Body

  /// What a style is given: how far the task is, and the view's label.
  typealias Configuration = ProgressViewStyleConfiguration
}

/// The progress a ``ProgressViewStyle`` draws: SwiftUI's `ProgressViewStyleConfiguration`.
public struct ProgressViewStyleConfiguration {
  /// The progress view's title, as a view.
  public struct Label: View {
    /// The title's text, for the built-in styles' GTK label.
    let title: String
    let content: AnyView
    public var body: some View { content }
  }

  /// A view of the current value: SwiftUI's `CurrentValueLabel`. GtkBridge's progress views
  /// have none, so a style that shows it shows nothing.
  public struct CurrentValueLabel: View {
    let content: AnyView
    public var body: some View { content }
  }

  /// How much of the task is done, from 0 to 1; `nil` while it is not known.
  public let fractionCompleted: Double?
  /// The progress view's title, if it has one.
  public var label: Label?
  /// The view of the current value, if the progress view has one.
  public var currentValueLabel: CurrentValueLabel?
}

/// A built-in progress view style: GTK's spinner and bar.
protocol BuiltInProgressViewStyle: ProgressViewStyle {}

extension BuiltInProgressViewStyle {
  func builtInBody(_ configuration: Configuration) -> some View {
    ProgressView(
      configuration.label?.title ?? "", value: configuration.fractionCompleted, total: 1)
  }
}

/// The platform's progress view: SwiftUI's `DefaultProgressViewStyle`.
public struct DefaultProgressViewStyle: BuiltInProgressViewStyle {
  nonisolated public init() {}
  /// A spinner, or a bar once the progress is known.
  public func makeBody(configuration: Configuration) -> some View { builtInBody(configuration) }
}

/// A bar: SwiftUI's `LinearProgressViewStyle`. While the progress is unknown GtkBridge shows
/// a spinner here too.
public struct LinearProgressViewStyle: BuiltInProgressViewStyle {
  nonisolated public init() {}
  /// Accepted for SwiftUI's signature; the bar keeps the theme's accent colour.
  nonisolated public init(tint: Color) {}
  /// A spinner, or a bar once the progress is known.
  public func makeBody(configuration: Configuration) -> some View { builtInBody(configuration) }
}

/// A spinner: SwiftUI's `CircularProgressViewStyle`. Once the progress is known GtkBridge
/// shows a bar (GTK has no round one).
public struct CircularProgressViewStyle: BuiltInProgressViewStyle {
  nonisolated public init() {}
  /// Accepted for SwiftUI's signature; the spinner keeps the theme's colour.
  nonisolated public init(tint: Color) {}
  /// A spinner, or a bar once the progress is known.
  public func makeBody(configuration: Configuration) -> some View { builtInBody(configuration) }
}

extension ProgressViewStyle where Self == DefaultProgressViewStyle {
  public static var automatic: DefaultProgressViewStyle { DefaultProgressViewStyle() }
}

extension ProgressViewStyle where Self == LinearProgressViewStyle {
  public static var linear: LinearProgressViewStyle { LinearProgressViewStyle() }
}

extension ProgressViewStyle where Self == CircularProgressViewStyle {
  public static var circular: CircularProgressViewStyle { CircularProgressViewStyle() }
}

/// A progress view style of the app's own, behind one type, as the environment holds it.
struct CustomProgressViewStyle {
  let makeBody: @MainActor (ProgressViewStyleConfiguration) -> AnyView
}

private struct CustomProgressViewStyleKey: EnvironmentKey {
  static var defaultValue: CustomProgressViewStyle? { nil }
}

extension EnvironmentValues {
  /// The custom style of the progress views here; `nil` for a built-in one.
  var customProgressViewStyle: CustomProgressViewStyle? {
    get { self[CustomProgressViewStyleKey.self] }
    set { self[CustomProgressViewStyleKey.self] = newValue }
  }
}

extension View {
  /// Sets the style of the progress views inside: SwiftUI's `progressViewStyle(_:)`. The
  /// built-in styles are GTK's spinner and bar; a style of your own draws each progress view
  /// with its `makeBody(configuration:)`. A progress view takes the style in effect when it
  /// is made.
  ///
  /// ```swift
  /// ProgressView(value: progress).progressViewStyle(.linear)
  /// ```
  public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View {
    let custom =
      style is any BuiltInProgressViewStyle
      ? nil : CustomProgressViewStyle { AnyView(style.makeBody(configuration: $0)) }
    return environment(\.customProgressViewStyle, custom)
  }
}
