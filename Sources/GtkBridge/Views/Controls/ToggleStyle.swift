import CGtk

/// How a ``Toggle`` looks: SwiftUI's `ToggleStyle`, as one of three GTK widgets. Custom
/// styles (`makeBody(configuration:)`) are not supported; a type GtkBridge does not know
/// shows as `.automatic`.
///
/// ```swift
/// Toggle("Wi-Fi", isOn: $wifi).toggleStyle(.switch)
/// ```
public protocol ToggleStyle {}

/// The platform's toggle: a check box, as on macOS (SwiftUI's `DefaultToggleStyle`).
public struct DefaultToggleStyle: ToggleStyle {
  public init() {}
}

/// A label with a `GtkSwitch` at its trailing edge: SwiftUI's `SwitchToggleStyle`.
public struct SwitchToggleStyle: ToggleStyle {
  public init() {}
  /// Accepted for SwiftUI's signature; the switch keeps the theme's accent colour.
  public init(tint: Color) {}
}

/// A labelled `GtkCheckButton`: SwiftUI's `CheckboxToggleStyle` (macOS).
public struct CheckboxToggleStyle: ToggleStyle {
  public init() {}
}

/// A `GtkToggleButton` that stays pressed while on: SwiftUI's `ButtonToggleStyle`.
public struct ButtonToggleStyle: ToggleStyle {
  public init() {}
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

/// The GTK widget a toggle style stands for.
enum ToggleWidgetKind: Sendable {
  case checkButton, `switch`, toggleButton

  init(_ style: some ToggleStyle) {
    switch style {
    case is SwitchToggleStyle: self = .switch
    case is ButtonToggleStyle: self = .toggleButton
    default: self = .checkButton
    }
  }
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
  /// `GtkToggleButton`. A toggle takes the style in effect when it is made.
  ///
  /// ```swift
  /// Toggle("Airplane Mode", isOn: $airplane).toggleStyle(.switch)
  /// ```
  public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View {
    environment(\.toggleWidgetKind, ToggleWidgetKind(style))
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
