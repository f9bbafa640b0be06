import CGtk

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
    let classes = (style as? any GtkClassedButtonStyle)?.classes
    var custom: CustomPrimitiveButtonStyle?
    if classes == nil {
      CustomPrimitiveButtonStyle.inUse = true
      custom = CustomPrimitiveButtonStyle { AnyView(style.makeBody(configuration: $0)) }
    }
    return modifier(ControlStyleModifier(.buttonClasses(classes ?? [])))
      .environment(\.customButtonStyle, nil)
      .environment(\.customPrimitiveButtonStyle, custom)
  }

  /// Draws the buttons in this view with a style of your own: SwiftUI's `buttonStyle(_:)`
  /// with a ``ButtonStyle``. Each button shows the style's `makeBody(configuration:)`.
  ///
  /// ```swift
  /// Button("Save") { save() }.buttonStyle(PillStyle())
  /// ```
  public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
    environment(
      \.customButtonStyle, CustomButtonStyle { AnyView(style.makeBody(configuration: $0)) }
    )
    .environment(\.customPrimitiveButtonStyle, nil)
  }

  /// The look of the text fields in this view: SwiftUI's `textFieldStyle(_:)` (see
  /// ``TextFieldStyle``): a built-in style's GTK classes, or a style of your own's
  /// `_body(configuration:)` around each field.
  public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View {
    let classes = (style as? any GtkClassedTextFieldStyle)?.classes
    var custom: CustomTextFieldStyle?
    if classes == nil {
      CustomTextFieldStyle.inUse = true
      custom = CustomTextFieldStyle { AnyView(style._body(configuration: $0)) }
    }
    return modifier(ControlStyleModifier(.textFieldClasses(classes ?? [])))
      .environment(\.customTextFieldStyle, custom)
  }

  /// The size of the buttons and text fields in this view: SwiftUI's `controlSize(_:)`.
  ///
  /// ```swift
  /// HStack { Button("OK") { done() }; TextField("Code", text: $code) }.controlSize(.small)
  /// ```
  public func controlSize(_ size: ControlSize) -> some View {
    modifier(ControlStyleModifier(.controlSize(size)))
  }
}

extension EnvironmentValues {
  /// The size of controls here, as the nearest `.controlSize` set: SwiftUI's `controlSize`.
  /// Regular by default.
  public var controlSize: ControlSize {
    get { controlStyle.controlSize }
    set {
      ControlStyle.inUse = true
      controlStyle.controlSize = newValue
    }
  }
}
