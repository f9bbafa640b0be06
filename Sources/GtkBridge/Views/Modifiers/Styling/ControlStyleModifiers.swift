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

  /// The styles of the controls here (``ControlStyle``), as the nearest modifiers set them.
  var controlStyle: ControlStyle {
    get { self[ControlStyleKey.self] }
    set { self[ControlStyleKey.self] = newValue }
  }
}

struct ControlStyleKey: EnvironmentKey {
  static let defaultValue = ControlStyle()
}

/// One of the changes the control-style modifiers make to ``ControlStyle``.
enum ControlStyleChange: Equatable, Sendable {
  case buttonClasses([String])
  case textFieldClasses([String])
  case controlSize(ControlSize)
  case textAlignment(TextAlignment)
  case input(purpose: InputPurpose?, hints: InputHints, family: InputHints)
  case contentType(purpose: InputPurpose, hints: InputHints)
}

/// `.buttonStyle`, `.textFieldStyle`, `.controlSize` and the text-input traits: a change of
/// the environment's ``ControlStyle``, which the controls below apply to their widgets when
/// they are made and, through ``InheritedAttributes``, when the modifier's input changes.
@usableFromInline
struct ControlStyleModifier: WidgetModifier {
  static var isRecyclable: Bool { true }
  static var readsState: Bool { false }
  let change: ControlStyleChange

  init(_ change: ControlStyleChange) {
    self.change = change
    ControlStyle.inUse = true
  }

  @MainActor
  final class Storage {
    var last: ControlStyleChange
    init(_ change: ControlStyleChange) { last = change }
  }

  /// The public environment value the change sets, which views may read.
  private var environmentKey: AnyKeyPath? {
    switch change {
    case .controlSize: \EnvironmentValues.controlSize
    case .textAlignment: \EnvironmentValues.multilineTextAlignment
    default: nil
    }
  }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage {
    // NB: views that read `@Environment(\.controlSize)` hear of its changes.
    if let environmentKey { EnvironmentDependents.declare(.keyPath(environmentKey)) }
    return Storage(change)
  }

  func modifyEnvironment(_ environment: inout EnvironmentValues) {
    switch change {
    case .buttonClasses(let classes): environment.controlStyle.buttonClasses = classes
    case .textFieldClasses(let classes): environment.controlStyle.textFieldClasses = classes
    case .controlSize(let size): environment.controlStyle.controlSize = size
    case .textAlignment(let alignment): environment.controlStyle.textAlignment = alignment
    case .input(let purpose, let hints, let family):
      environment.controlStyle.decide(purpose: purpose, hints: hints, family: family)
    case .contentType(let purpose, let hints):
      environment.controlStyle.inputPurpose = purpose
      environment.controlStyle.contentTypeHints = hints
    }
  }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    // NB: the controls below applied the style when they were made; only a change walks
    // them again.
    guard storage.last != change else { return }
    storage.last = change
    node.inheritedAttributesChanged()
    if let environmentKey { EnvironmentDependents.changed(.keyPath(environmentKey), below: node) }
  }
}
