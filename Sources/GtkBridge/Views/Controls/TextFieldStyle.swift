/// A text field style: SwiftUI's `TextFieldStyle`, here one of GTK's entry looks, chosen by
/// the style's type.
///
/// | SwiftUI | type | GTK style classes |
/// |---|---|---|
/// | `.automatic` | `DefaultTextFieldStyle` | none (GTK entries have a rounded frame) |
/// | `.roundedBorder` | `RoundedBorderTextFieldStyle` | none |
/// | `.squareBorder` (macOS) | `SquareBorderTextFieldStyle` | none |
/// | `.plain` | `PlainTextFieldStyle` | `flat` (no frame, no background) |
///
/// A style of your own implements SwiftUI's `_body(configuration:)`: `configuration` is the
/// field itself, to wrap in padding, a background, an overlay. The field inside stays a GTK
/// entry (focus, typing, `.onSubmit` as usual) and is drawn plain, without the style again.
///
/// ```swift
/// TextField("Name", text: $name).textFieldStyle(.roundedBorder)
/// TextField("Name", text: $name).textFieldStyle(RoundedBorderTextFieldStyle())
///
/// struct Boxed: TextFieldStyle {
///   func _body(configuration: TextField<Self._Label>) -> some View {
///     configuration
///       .padding(8)
///       .background(Color.yellow.opacity(0.2))
///   }
/// }
/// TextField("Name", text: $name).textFieldStyle(Boxed())
/// ```
@MainActor
public protocol TextFieldStyle {
  /// The view `_body(configuration:)` makes.
  associatedtype _Body: View

  /// The field as this style draws it: SwiftUI's underscored requirement, which custom
  /// styles implement.
  @ViewBuilder func _body(configuration: TextField<Self._Label>) -> Self._Body

  /// The label type of the field a style is handed.
  typealias _Label = _TextFieldStyleLabel
}

/// The label of the field a ``TextFieldStyle`` is handed: SwiftUI's `_TextFieldStyleLabel`.
/// The field shows its own title; this type only names it.
public struct _TextFieldStyleLabel: View {
  public var body: EmptyView { EmptyView() }
}

/// A text field style of the app's own, behind one type, as the environment holds it.
struct CustomTextFieldStyle {
  let body: @MainActor (TextField<_TextFieldStyleLabel>) -> AnyView

  /// Whether any custom style was ever applied: until then a new field does not look for one
  /// in its environment.
  /// NB: a flag written once, from `false` to `true`, on the main actor.
  @MainActor static var inUse = false
}

private struct CustomTextFieldStyleKey: EnvironmentKey {
  static var defaultValue: CustomTextFieldStyle? { nil }
}

extension EnvironmentValues {
  /// The custom style of the text fields here; `nil` for a built-in one.
  var customTextFieldStyle: CustomTextFieldStyle? {
    get { self[CustomTextFieldStyleKey.self] }
    set { self[CustomTextFieldStyleKey.self] = newValue }
  }
}

/// A built-in text field style: GTK style classes on the entry.
protocol GtkClassedTextFieldStyle: TextFieldStyle {
  var classes: [String] { get }
}

extension GtkClassedTextFieldStyle {
  /// The field as it is: GTK's classes make the look.
  public func _body(configuration: TextField<_TextFieldStyleLabel>) -> TextField<
    _TextFieldStyleLabel
  > {
    configuration
  }
}

/// The platform's text field: SwiftUI's `DefaultTextFieldStyle`; GTK's framed entry.
public struct DefaultTextFieldStyle: GtkClassedTextFieldStyle {
  nonisolated public init() {}
  var classes: [String] { [] }
}

/// A field in a rounded frame: SwiftUI's `RoundedBorderTextFieldStyle`; GTK's entry is one.
public struct RoundedBorderTextFieldStyle: GtkClassedTextFieldStyle {
  nonisolated public init() {}
  var classes: [String] { [] }
}

/// A field in a square frame: SwiftUI's `SquareBorderTextFieldStyle` (macOS); GTK's framed
/// entry, whose corners the theme rounds.
public struct SquareBorderTextFieldStyle: GtkClassedTextFieldStyle {
  nonisolated public init() {}
  var classes: [String] { [] }
}

/// A field without a frame: SwiftUI's `PlainTextFieldStyle`; GTK's `flat`.
public struct PlainTextFieldStyle: GtkClassedTextFieldStyle {
  nonisolated public init() {}
  var classes: [String] { ["flat"] }
}

extension TextFieldStyle where Self == DefaultTextFieldStyle {
  public static var automatic: DefaultTextFieldStyle { DefaultTextFieldStyle() }
}

extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
  public static var roundedBorder: RoundedBorderTextFieldStyle { RoundedBorderTextFieldStyle() }
}

extension TextFieldStyle where Self == SquareBorderTextFieldStyle {
  public static var squareBorder: SquareBorderTextFieldStyle { SquareBorderTextFieldStyle() }
}

extension TextFieldStyle where Self == PlainTextFieldStyle {
  public static var plain: PlainTextFieldStyle { PlainTextFieldStyle() }
}
