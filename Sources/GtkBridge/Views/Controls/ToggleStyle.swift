import CGtk

/// How a ``Toggle`` looks: SwiftUI's `ToggleStyle`.
///
/// The built-in styles are GTK widgets (a check box, a switch, a toggle button). A style of
/// your own draws the toggle from its ``Configuration`` in `makeBody(configuration:)`, as in
/// SwiftUI: the label, and `isOn` to read and flip.
///
/// ```swift
/// Toggle("Wi-Fi", isOn: $wifi).toggleStyle(.switch)
///
/// struct CheckmarkStyle: ToggleStyle {
///   func makeBody(configuration: Configuration) -> some View {
///     Button {
///       configuration.isOn.toggle()
///     } label: {
///       Label { configuration.label } icon: {
///         Image(systemName: configuration.isOn ? "checkmark.square" : "square")
///       }
///     }
///   }
/// }
/// ```
@MainActor
public protocol ToggleStyle {
  /// The view `makeBody(configuration:)` makes.
  associatedtype Body: View

  /// The toggle as this style draws it.
  @ViewBuilder func makeBody(configuration: Configuration) -> Body

  /// What a style is given: the toggle's label and its value.
  typealias Configuration = ToggleStyleConfiguration
}

/// The toggle a ``ToggleStyle`` draws: SwiftUI's `ToggleStyleConfiguration`.
public struct ToggleStyleConfiguration {
  /// The toggle's label, as a view: its title's ``Text`` or the view it was given.
  public struct Label: View {
    /// The title's text, for a built-in style's GTK label.
    let title: String
    let content: AnyView
    public var body: some View { content }
  }

  /// The toggle's label.
  public let label: Label
  /// The toggle's value; setting it writes the toggle's binding.
  @Binding public var isOn: Bool
  /// Whether the toggle stands for several values, some on and some off. Always `false`:
  /// GtkBridge has no toggle over a collection.
  public var isMixed: Bool = false
}

/// A built-in style: a GTK widget, not a body.
@MainActor
protocol BuiltInToggleStyle: ToggleStyle {
  var kind: ToggleWidgetKind { get }
}

extension BuiltInToggleStyle {
  /// The GTK control itself, for a style of your own that wraps a built-in one.
  func builtInBody(_ configuration: Configuration) -> some View {
    Toggle(isOn: configuration.$isOn) { configuration.label }.environment(\.toggleWidgetKind, kind)
  }
}

/// The platform's toggle: a check box, as on macOS (SwiftUI's `DefaultToggleStyle`).
public struct DefaultToggleStyle: BuiltInToggleStyle {
  nonisolated public init() {}
  var kind: ToggleWidgetKind { .checkButton }
  /// The GTK control.
  public func makeBody(configuration: Configuration) -> some View { builtInBody(configuration) }
}

/// A label with a `GtkSwitch` at its trailing edge: SwiftUI's `SwitchToggleStyle`.
public struct SwitchToggleStyle: BuiltInToggleStyle {
  nonisolated public init() {}
  /// Accepted for SwiftUI's signature; the switch keeps the theme's accent colour.
  nonisolated public init(tint: Color) {}
  var kind: ToggleWidgetKind { .switch }
  /// The GTK control.
  public func makeBody(configuration: Configuration) -> some View { builtInBody(configuration) }
}

/// A labelled `GtkCheckButton`: SwiftUI's `CheckboxToggleStyle` (macOS).
public struct CheckboxToggleStyle: BuiltInToggleStyle {
  nonisolated public init() {}
  var kind: ToggleWidgetKind { .checkButton }
  /// The GTK control.
  public func makeBody(configuration: Configuration) -> some View { builtInBody(configuration) }
}

/// A `GtkToggleButton` that stays pressed while on: SwiftUI's `ButtonToggleStyle`. On, it is
/// filled with the nearest ``View/tint(_:)``, or the theme's accent colour, with a label
/// readable on it, as SwiftUI on macOS shows it (GTK's theme shows it a darker grey).
///
/// ```swift
/// Toggle("Bold", isOn: $bold).toggleStyle(.button).tint(.orange)
/// ```
public struct ButtonToggleStyle: BuiltInToggleStyle {
  nonisolated public init() {}
  var kind: ToggleWidgetKind { .toggleButton }
  /// The GTK control.
  public func makeBody(configuration: Configuration) -> some View { builtInBody(configuration) }
}

extension ToggleStyle where Self == DefaultToggleStyle {
  public static var automatic: DefaultToggleStyle { DefaultToggleStyle() }
}

extension ToggleStyle where Self == SwitchToggleStyle {
  public static var `switch`: SwitchToggleStyle { SwitchToggleStyle() }
}

extension ToggleStyle where Self == CheckboxToggleStyle {
  public static var checkbox: CheckboxToggleStyle { CheckboxToggleStyle() }
}

extension ToggleStyle where Self == ButtonToggleStyle {
  public static var button: ButtonToggleStyle { ButtonToggleStyle() }
}

/// A toggle style of the app's own, behind one type, as the environment holds it.
struct CustomToggleStyle {
  let makeBody: @MainActor (ToggleStyleConfiguration) -> AnyView
}

private struct CustomToggleStyleKey: EnvironmentKey {
  static var defaultValue: CustomToggleStyle? { nil }
}

extension EnvironmentValues {
  /// The custom style of the toggles here; `nil` for a built-in one.
  var customToggleStyle: CustomToggleStyle? {
    get { self[CustomToggleStyleKey.self] }
    set { self[CustomToggleStyleKey.self] = newValue }
  }
}

/// The GTK widget a toggle style stands for.
enum ToggleWidgetKind: Sendable {
  case checkButton, `switch`, toggleButton

}

private struct ToggleWidgetKindKey: EnvironmentKey {
  static let defaultValue = ToggleWidgetKind.checkButton
}

extension EnvironmentValues {
  var toggleWidgetKind: ToggleWidgetKind {
    get { self[ToggleWidgetKindKey.self] }
    set { self[ToggleWidgetKindKey.self] = newValue }
  }
}

extension View {
  /// Sets the style of the toggles inside: SwiftUI's `toggleStyle(_:)`. `.switch` is a label
  /// and a `GtkSwitch`, `.checkbox` and `.automatic` a `GtkCheckButton`, `.button` a
  /// `GtkToggleButton`; a style of your own draws each toggle with its
  /// `makeBody(configuration:)`. A toggle takes the style in effect when it is made.
  ///
  /// ```swift
  /// Toggle("Airplane Mode", isOn: $airplane).toggleStyle(.switch)
  /// ```
  public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View {
    let builtIn = style as? any BuiltInToggleStyle
    let custom =
      builtIn == nil ? CustomToggleStyle { AnyView(style.makeBody(configuration: $0)) } : nil
    return environment(\.toggleWidgetKind, builtIn?.kind ?? .checkButton)
      .environment(\.customToggleStyle, custom)
  }
}

/// The widget behind a ``Toggle`` of any style: a `GtkCheckButton`, a `GtkToggleButton`, or
/// a box holding a label and a `GtkSwitch`.
@MainActor
public final class ToggleWidget: Widget {
  let kind: ToggleWidgetKind
  /// The widget whose "active" is the value: the switch inside a `.switch` toggle's box.
  public let control: UnsafeMutablePointer<GtkWidget>
  private let labelWidget: UnsafeMutablePointer<GtkWidget>?

  /// A `GtkCheckButton` labelled `label`. Wraps `gtk_check_button_new_with_label`.
  public convenience init(label: String) {
    self.init(kind: .checkButton, label: label)
  }

  init(kind: ToggleWidgetKind, label: String) {
    self.kind = kind
    switch kind {
    case .checkButton:
      control = gtk_check_button_new_with_label(label)
      labelWidget = nil
      super.init(retaining: UnsafeMutableRawPointer(control))
      // NB: GTK keeps this label for later texts (`gtk_check_button_set_label`). Breaking
      // inside words too: with word breaks only, GTK 4.8 measures the label in a check button
      // in a VStack wider for a height than its minimum ("Expect overlapping widgets").
      if let text = gtk_widget_get_last_child(control),
        g_type_check_instance_is_a(
          UnsafeMutableRawPointer(text).assumingMemoryBound(to: GTypeInstance.self),
          gtk_label_get_type()) != 0
      {
        LabelWidget.wrapAsText(text)
        gtk_label_set_wrap_mode(OpaquePointer(text), PANGO_WRAP_WORD_CHAR)
      }
    case .toggleButton:
      control = gtk_toggle_button_new_with_label(label)
      TintStyleSheet.markButtonToggle(control)
      labelWidget = nil
      super.init(retaining: UnsafeMutableRawPointer(control))
    case .switch:
      let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
      let text = gtk_label_new(label)!
      gtk_label_set_xalign(OpaquePointer(text), 0)
      gtk_widget_set_hexpand(text, 1)
      LabelWidget.wrapAsText(text)
      control = gtk_switch_new()
      gtk_widget_set_valign(control, GTK_ALIGN_CENTER)
      gtk_box_append(box.cast(to: GtkBox.self), text)
      gtk_box_append(box.cast(to: GtkBox.self), control)
      labelWidget = text
      super.init(retaining: UnsafeMutableRawPointer(box))
      // NB: the switch has no text of its own; the label's text names it for assistive
      // technology.
      cgtk_accessible_set_label(control, label)
    }
    // A click leaves keyboard focus where it is, as for ``ButtonWidget``.
    gtk_widget_set_focus_on_click(control, 0)
  }

  /// Moves keyboard focus to the control: a `.switch` toggle's box cannot hold focus, its
  /// switch does. Wraps `gtk_widget_grab_focus`.
  @discardableResult
  public override func grabFocus() -> Bool {
    guard kind == .switch else { return super.grabFocus() }
    guard isShownInParents else { return false }
    return gtk_widget_grab_focus(control) != 0
  }

  /// The control's "active" property. Wraps `gtk_check_button_get_active`,
  /// `gtk_toggle_button_get_active` or `gtk_switch_get_active` (and their setters).
  public var isActive: Bool {
    get {
      switch kind {
      case .checkButton: gtk_check_button_get_active(control.cast(to: GtkCheckButton.self)) != 0
      case .toggleButton: gtk_toggle_button_get_active(control.cast(to: GtkToggleButton.self)) != 0
      case .switch: gtk_switch_get_active(OpaquePointer(control)) != 0
      }
    }
    set {
      let value: gboolean = newValue ? 1 : 0
      switch kind {
      case .checkButton: gtk_check_button_set_active(control.cast(to: GtkCheckButton.self), value)
      case .toggleButton:
        gtk_toggle_button_set_active(control.cast(to: GtkToggleButton.self), value)
      case .switch: gtk_switch_set_active(OpaquePointer(control), value)
      }
    }
  }

  /// The toggle's text. Wraps `gtk_check_button_set_label`, `gtk_button_set_label`, or
  /// `gtk_label_set_text` for a switch's label.
  public var label: String {
    get {
      let text: UnsafePointer<CChar>? =
        switch kind {
        case .checkButton: gtk_check_button_get_label(control.cast(to: GtkCheckButton.self))
        case .toggleButton: gtk_button_get_label(control.cast(to: GtkButton.self))
        case .switch: labelWidget.map { gtk_label_get_text(OpaquePointer($0)) }
        }
      return text.map { String(cString: $0) } ?? ""
    }
    set {
      switch kind {
      case .checkButton: gtk_check_button_set_label(control.cast(to: GtkCheckButton.self), newValue)
      case .toggleButton: gtk_button_set_label(control.cast(to: GtkButton.self), newValue)
      case .switch:
        labelWidget.map { gtk_label_set_text(OpaquePointer($0), newValue) }
        cgtk_accessible_set_label(control, newValue)
      }
    }
  }

  /// "notify::active" of the control.
  func connectToggled(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    SignalConnection.connect(UnsafeMutableRawPointer(control), notify: "active", handler)
  }
}
