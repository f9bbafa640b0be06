import CGtk

/// A button style: SwiftUI's `PrimitiveButtonStyle`, here one of GTK's button looks.
///
/// | SwiftUI | GTK style classes |
/// |---|---|
/// | `.automatic`, `.bordered` | none (GTK buttons are bordered) |
/// | `.borderedProminent` | `suggested-action` |
/// | `.borderless`, `.plain` | `flat` |
public protocol PrimitiveButtonStyle: Sendable {}

/// The GTK classes a button style stands for.
public struct GtkButtonStyle: PrimitiveButtonStyle, Hashable {
  let classes: [String]
  static let family = ["suggested-action", "flat"]
}

extension PrimitiveButtonStyle where Self == GtkButtonStyle {
  public static var automatic: GtkButtonStyle { GtkButtonStyle(classes: []) }
  public static var bordered: GtkButtonStyle { GtkButtonStyle(classes: []) }
  public static var borderedProminent: GtkButtonStyle {
    GtkButtonStyle(classes: ["suggested-action"])
  }
  public static var borderless: GtkButtonStyle { GtkButtonStyle(classes: ["flat"]) }
  public static var plain: GtkButtonStyle { GtkButtonStyle(classes: ["flat"]) }
}

/// A text field style: SwiftUI's `TextFieldStyle`.
///
/// | SwiftUI | GTK style classes |
/// |---|---|
/// | `.automatic`, `.roundedBorder` | none (GTK entries have a rounded frame) |
/// | `.plain` | `flat` (no frame, no background) |
public protocol TextFieldStyle: Sendable {}

/// The GTK classes a text field style stands for.
public struct GtkTextFieldStyle: TextFieldStyle, Hashable {
  let classes: [String]
}

extension TextFieldStyle where Self == GtkTextFieldStyle {
  public static var automatic: GtkTextFieldStyle { GtkTextFieldStyle(classes: []) }
  public static var roundedBorder: GtkTextFieldStyle { GtkTextFieldStyle(classes: []) }
  public static var plain: GtkTextFieldStyle { GtkTextFieldStyle(classes: ["flat"]) }
}

/// The size of controls: SwiftUI's `ControlSize`, as GtkBridge style classes
/// (`gtkbridge-control-small`, …) that change their minimum height, padding and font size.
public enum ControlSize: Hashable, Sendable, CaseIterable {
  case mini, small, regular, large, extraLarge

  var styleClass: String? {
    switch self {
    case .mini: "gtkbridge-control-mini"
    case .small: "gtkbridge-control-small"
    case .regular: nil
    case .large: "gtkbridge-control-large"
    case .extraLarge: "gtkbridge-control-extra-large"
    }
  }
}

extension View {
  /// The look of the buttons in this view: SwiftUI's `buttonStyle(_:)`, as GTK's style
  /// classes (see ``PrimitiveButtonStyle``).
  ///
  /// ```swift
  /// Button("Sign in") { signIn() }.buttonStyle(.borderedProminent)
  /// ```
  public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
    let classes = (style as? GtkButtonStyle)?.classes ?? []
    return modifier(
      StyleClassModifier(
        types: { [gtk_button_get_type()] }, add: classes, family: GtkButtonStyle.family))
  }

  /// The look of the text fields in this view: SwiftUI's `textFieldStyle(_:)` (see
  /// ``TextFieldStyle``).
  public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View {
    let classes = (style as? GtkTextFieldStyle)?.classes ?? []
    return modifier(
      StyleClassModifier(
        types: {
          [gtk_entry_get_type(), gtk_password_entry_get_type(), VerticalTextFieldWidget.frameType]
        }, add: classes, family: ["flat"]))
  }

  /// The size of the buttons and text fields in this view: SwiftUI's `controlSize(_:)`.
  public func controlSize(_ size: ControlSize) -> some View {
    modifier(
      StyleClassModifier(
        types: { [gtk_button_get_type(), gtk_entry_get_type(), gtk_password_entry_get_type()] },
        add: size.styleClass.map { [$0] } ?? [],
        family: ControlSize.allCases.compactMap(\.styleClass)))
  }
}
