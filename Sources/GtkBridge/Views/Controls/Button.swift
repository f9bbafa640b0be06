/// A push button in a `GtkButton`: SwiftUI's `Button`.
///
/// The label is a title (GTK's own label) or any view, which becomes the button's child.
///
/// ```swift
/// Button("Done") { focusedField = nil }
/// Button("Delete", role: .destructive) { delete() }
/// Button {
///   signIn()
/// } label: {
///   Text("Sign in").bold()
/// }
/// ```
///
/// Like SwiftUI's buttons, a click leaves keyboard focus where it is. A `.destructive` role
/// gives the button GTK's `destructive-action` style class.
public struct Button<Label: View>: View, PrimitiveView {
  let title: String?
  let label: Label?
  let role: ButtonRole?
  let action: @MainActor () -> Void

  /// A button showing `label`.
  public init(
    action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
  ) {
    self.init(role: nil, action: action, label: label)
  }

  /// A button with a role, showing `label`.
  public init(
    role: ButtonRole?, action: @escaping @MainActor () -> Void,
    @ViewBuilder label: () -> Label
  ) {
    title = nil
    self.label = label()
    self.role = role
    self.action = action
  }

  /// A GTK button, or, under a custom ``PrimitiveButtonStyle``, the style's body.
  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    // NB: the flag first, so that apps without a custom primitive style never look the
    // environment up for each button they make.
    guard CustomPrimitiveButtonStyle.inUse, parent?.environment.customPrimitiveButtonStyle != nil
    else {
      return ButtonNode(graph: graph, parent: parent, button: self)
    }
    return StyledControlNode(
      graph: graph, parent: parent, control: self,
      render: { button, environment in
        guard let style = environment.customPrimitiveButtonStyle else { return AnyView(button) }
        return style.makeBody(button.primitiveConfiguration)
      },
      withoutStyle: { $0.customPrimitiveButtonStyle = nil })
  }

  /// What a custom primitive style is given.
  var primitiveConfiguration: PrimitiveButtonStyleConfiguration {
    let content: AnyView = if let title { AnyView(Text(verbatim: title)) } else { AnyView(label!) }
    return PrimitiveButtonStyleConfiguration(
      role: role, label: ButtonStyleConfiguration.Label(content: content), action: action)
  }
}

extension Button where Label == Text {
  /// A button titled with the translation of `titleKey` (see ``LocalizedStringKey``):
  /// `Button("Sign In") { … }`.
  public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {
    self.init(titleKey, role: nil, action: action)
  }

  /// A translated title with a role such as `.destructive`.
  public init(
    _ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void
  ) {
    self.init(verbatim: titleKey.resolved(), role: role, action: action)
  }

  /// A button titled `title` as it is (a `String` value is not translated).
  // NB: disfavoured, as in SwiftUI, so that a literal is a `LocalizedStringKey`.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
    self.init(verbatim: String(title), role: nil, action: action)
  }

  /// A button titled `title` as it is, with a role such as `.destructive`.
  // NB: disfavoured, as in SwiftUI, so that a literal is a `LocalizedStringKey`.
  @_disfavoredOverload
  public init<S: StringProtocol>(
    _ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void
  ) {
    self.init(verbatim: String(title), role: role, action: action)
  }

  private init(verbatim title: String, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
    self.title = title
    label = nil
    self.role = role
    self.action = action
  }
}

/// What a button does, which decides its look: SwiftUI's `ButtonRole`.
public struct ButtonRole: Hashable, Sendable {
  let name: String

  /// Deletes or removes something: GTK's `destructive-action` style class.
  public static let destructive = ButtonRole(name: "destructive")
  /// Cancels: no style of its own in GTK.
  public static let cancel = ButtonRole(name: "cancel")

  var styleClass: String? { self == .destructive ? "destructive-action" : nil }
}
