import CGtk

/// What a screen reader reads for a text field: SwiftUI's label (the field's title), then
/// its prompt.
///
/// GtkBridge shows the prompt with `gtk_text_set_placeholder_text` on the entry's inner
/// `GtkText`, whose accessible role is NONE: GTK passes neither that placeholder nor a name to
/// assistive technologies, which read the entry (and fall back to its type name, "GtkEntry").
/// So the entry (a vertical field's text view) is named here, and given the placeholder.
@MainActor
protocol AccessiblyNamedTextField: AnyObject {
  /// The widget assistive technologies read as the field.
  var accessibleField: Widget { get }
}

extension AccessiblyNamedTextField {
  /// Names the field `name` (its prompt when it has no title) and gives it `placeholder`, the
  /// text shown while it is empty, as its accessible placeholder (see
  /// ``Widget/setAccessiblePlaceholder(_:)``). Sets `GTK_ACCESSIBLE_PROPERTY_LABEL`, unless a
  /// label shown beside the field or `.accessibilityLabel` names it.
  func setAccessibleName(_ name: String?, placeholder: String?) {
    let field = accessibleField
    let name = name?.isEmpty == false ? name : placeholder
    field.setDerivedAccessibleName(name?.isEmpty == false ? name : nil)
    field.setAccessiblePlaceholder(placeholder)
  }
}

extension EditableWidget: AccessiblyNamedTextField {
  var accessibleField: Widget { self }
}

extension VerticalTextFieldWidget: AccessiblyNamedTextField {
  var accessibleField: Widget { Widget(retaining: textViewWidget) }
}
