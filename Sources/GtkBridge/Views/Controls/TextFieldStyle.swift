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
/// SwiftUI's custom text field styles implement `_body(configuration: TextField<_Label>)`,
/// an underscored requirement over a generic `TextField`; GtkBridge's `TextField` is not
/// generic, so such a style does not compile: style the field with modifiers instead.
///
/// ```swift
/// TextField("Name", text: $name).textFieldStyle(.roundedBorder)
/// TextField("Name", text: $name).textFieldStyle(RoundedBorderTextFieldStyle())
/// ```
@MainActor
public protocol TextFieldStyle {}

/// A built-in text field style: GTK style classes on the entry.
protocol GtkClassedTextFieldStyle: TextFieldStyle {
  var classes: [String] { get }
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
