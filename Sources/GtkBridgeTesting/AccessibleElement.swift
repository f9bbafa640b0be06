import CGtk
import CGtkTesting
@_spi(Testing) import GtkBridge

/// What a screen reader learns about a widget: its role, the name it reads, its description
/// and placeholder, its states and the widgets it is labelled by. Read in-process from GTK's
/// accessibility tree, so run tests with `GTK_A11Y=test` (scripts/test does).
///
/// The name is computed as the running GTK computes it for AT-SPI: GTK 4.8 to 4.12 read the
/// label, then the labels of the labelled-by relation, and fall back to the widget's type name
/// ("GtkEntry"), which ``isNamedByTypeName`` tells; GTK 4.14 and later follow ARIA's name
/// computation (the relation, else the label, else the texts inside for buttons and the like).
///
/// ```swift
/// let ui = show { Form { TextField("Email", text: $email, prompt: Text("name@example.com")) } }
/// let field = try ui.find(TextField.self).accessibility
/// XCTAssertEqual(field.role, "text-box")
/// XCTAssertEqual(field.name, "Email")
/// XCTAssertEqual(field.placeholder, "name@example.com")
/// ```
@MainActor
public struct AccessibleElement {
  /// The widget read.
  public let widget: Widget

  /// Reads `widget`.
  public init(_ widget: Widget) {
    self.widget = widget
  }

  /// The accessible role, as GTK names it: "button", "text-box", "dialog", "alert-dialog".
  public var role: String { Self.nick(of: widget.accessibleRole) }

  /// The name a screen reader reads; see the type's discussion.
  public var name: String { AccessibleName.of(widget.pointer) }

  /// Whether the name is GTK's last resort, the widget's type name: nothing names the widget.
  public var isNamedByTypeName: Bool {
    name == Self.typeName(of: widget.pointer)
  }

  /// `GTK_ACCESSIBLE_PROPERTY_DESCRIPTION`, read after the name (SwiftUI's hint).
  public var description: String? { property(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION) }

  /// `GTK_ACCESSIBLE_PROPERTY_PLACEHOLDER`: a field's prompt.
  public var placeholder: String? { property(GTK_ACCESSIBLE_PROPERTY_PLACEHOLDER) }

  /// `GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT`: the value as text (SwiftUI's `accessibilityValue`).
  public var valueText: String? { property(GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT) }

  /// The accessible label property alone (`GTK_ACCESSIBLE_PROPERTY_LABEL`), if set.
  public var label: String? { property(GTK_ACCESSIBLE_PROPERTY_LABEL) }

  /// The states set on the widget, by GTK's name, with the value GTK prints:
  /// `["hidden": "false", "invalid": "true"]`.
  public var states: [String: String] {
    var states: [String: String] = [:]
    let type = gtk_accessible_state_get_type()
    for state in Self.values(of: type) {
      guard let text = cgtk_testing_accessible_state_text(widget.pointer, Int32(state.value))
      else { continue }
      defer { g_free(text) }
      states[state.nick] = String(cString: text)
    }
    return states
  }

  /// The widgets this one is labelled by (`GTK_ACCESSIBLE_RELATION_LABELLED_BY`), in order.
  public var labelledBy: [Widget] { related(GTK_ACCESSIBLE_RELATION_LABELLED_BY) }

  /// The widgets this one is described by (`GTK_ACCESSIBLE_RELATION_DESCRIBED_BY`), in order.
  public var describedBy: [Widget] { related(GTK_ACCESSIBLE_RELATION_DESCRIBED_BY) }

  /// What a screen reader says on reaching the widget, as Orca puts it: name, role, then
  /// placeholder ("Email text. name@example.com.").
  public var announcement: String {
    [name, role, placeholder ?? ""].filter { !$0.isEmpty }.joined(separator: ". ")
  }

  private func property(_ property: GtkAccessibleProperty) -> String? {
    guard
      let text = cgtk_testing_accessible_property_text(widget.pointer, Int32(property.rawValue), 0)
    else { return nil }
    defer { g_free(text) }
    return String(cString: text)
  }

  /// The widgets a relation refers to: GTK prints each as "TypeName<0x…>", which is compared
  /// with the widgets in the window (nothing printed is dereferenced).
  private func related(_ relation: GtkAccessibleRelation) -> [Widget] {
    AccessibleName.related(widget.pointer, relation).map { Widget(retaining: $0) }
  }

  static func nick(of role: GtkAccessibleRole) -> String {
    values(of: gtk_accessible_role_get_type()).first { $0.value == Int(role.rawValue) }?.nick
      ?? "\(role.rawValue)"
  }

  static func typeName(of widget: UnsafeMutablePointer<GtkWidget>) -> String {
    String(
      cString: g_type_name_from_instance(
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)))
  }

  /// The values of the GEnum `type`, with their nicks.
  static func values(of type: GType) -> [(value: Int, nick: String)] {
    let enumClass = g_type_class_ref(type).assumingMemoryBound(to: GEnumClass.self)
    defer { g_type_class_unref(enumClass) }
    return (0..<Int(enumClass.pointee.n_values)).map {
      let value = enumClass.pointee.values[$0]
      return (Int(value.value), String(cString: value.value_nick))
    }
  }
}

extension Widget {
  /// What a screen reader learns about this widget; see ``AccessibleElement``.
  public var accessibility: AccessibleElement { AccessibleElement(self) }
}

extension InspectedView {
  /// What a screen reader learns about this view's control: the widget that is read as the
  /// control (a text field's entry, a vertical field's text view), else the view's widget.
  public var accessibility: AccessibleElement { AccessibleElement(Widget(retaining: inputWidget)) }
}
