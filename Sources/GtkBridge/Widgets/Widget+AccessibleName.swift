import CGtk

/// The names screen readers read, given the way SwiftUI gives them: a control is named by
/// its title, by the label shown beside it, or by `.accessibilityLabel`, never by GTK's
/// fallback (the type name, "GtkEntry").
extension Widget {
  /// Names the widget for assistive technologies, unless the app named it
  /// (`.accessibilityLabel`) or a label shown beside it names it (``setAccessibleLabel(by:)``).
  /// `nil` takes the name back. Wraps `cgtk_accessible_set_derived_label`.
  func setDerivedAccessibleName(_ name: String?) {
    let current = cgtk_accessible_get_derived_label(pointer).map { String(cString: $0) }
    if name != current { cgtk_accessible_set_derived_label(pointer, name) }
  }

  /// An image screen readers skip, as GTK's own button icons: beside a title (a ``Label``'s
  /// icon) it says nothing the title does not. Wraps `gtk_image_new` and makes its accessible
  /// role PRESENTATION.
  static func decorativeImage() -> Widget {
    let image = gtk_image_new()!
    cgtk_accessible_set_role(image, GTK_ACCESSIBLE_ROLE_PRESENTATION)
    return Widget(retaining: image)
  }

  /// Gives the widget `placeholder` (a field's prompt) as its accessible placeholder, read
  /// after its name, unless it only repeats the name the widget was given (a field without a
  /// prompt shows its title; read once, not twice). A label beside the field or the app's
  /// `.accessibilityLabel` brings it back. Wraps `cgtk_accessible_set_placeholder`.
  func setAccessiblePlaceholder(_ placeholder: String?) {
    cgtk_accessible_set_placeholder(pointer, placeholder)
  }

  /// Gives the widget the accessible role `role` (a dialog, an alert), if GTK has not told
  /// assistive technologies its role yet: GTK fixes it once the widget is shown. Wraps
  /// `cgtk_accessible_set_role`.
  func setAccessibleRole(_ role: GtkAccessibleRole) {
    cgtk_accessible_set_role(pointer, role)
  }

  /// Ties the widget to `label`, the text shown beside it that names it (a ``Form`` row's
  /// label, ``LabeledContent``'s): GTK's labelled-by relation, what `gtk_label_set_mnemonic_widget`
  /// gives a C program. `nil` unties it and the derived name is read again. Wraps
  /// `cgtk_accessible_set_labelled_by`.
  func setAccessibleLabel(by label: UnsafeMutablePointer<GtkWidget>?) {
    cgtk_accessible_set_labelled_by(pointer, label)
  }

  /// Lets the text of this box's first child (a label) name the first control in the children
  /// after it, as ``setAccessibleLabel(by:)`` does.
  func letLeadingLabelNameControl() {
    guard let first = gtk_widget_get_first_child(pointer),
      let label = Widget(retaining: first).gtkDescendants(ofType: gtk_label_get_type()).first
    else { return }
    var child = gtk_widget_get_next_sibling(first)
    while let current = child {
      if let control = Widget(retaining: current).firstAccessibleControl {
        Widget(retaining: control).setAccessibleLabel(by: label)
        return
      }
      child = gtk_widget_get_next_sibling(current)
    }
  }

  /// The first widget in this one (itself included, depth first) that is a control a label
  /// can name: a text field, a button, a toggle, a picker, a slider or stepper. A vertical
  /// text field's frame holds its text view, which is what takes focus and is read.
  var firstAccessibleControl: UnsafeMutablePointer<GtkWidget>? {
    func search(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
      guard gtk_widget_get_visible(widget) != 0 else { return nil }
      if AccessibleControlRoles.contains(gtk_accessible_get_accessible_role(OpaquePointer(widget)))
      {
        return widget
      }
      var child = gtk_widget_get_first_child(widget)
      while let current = child {
        if let found = search(current) { return found }
        child = gtk_widget_get_next_sibling(current)
      }
      return nil
    }
    return search(pointer)
  }
}

/// The accessible roles of controls a label names.
@MainActor
enum AccessibleControlRoles {
  private static let roles: Set<UInt32> = {
    var roles = Set(
      [
        GTK_ACCESSIBLE_ROLE_TEXT_BOX, GTK_ACCESSIBLE_ROLE_SEARCH_BOX, GTK_ACCESSIBLE_ROLE_BUTTON,
        GTK_ACCESSIBLE_ROLE_CHECKBOX, GTK_ACCESSIBLE_ROLE_SWITCH, GTK_ACCESSIBLE_ROLE_RADIO,
        GTK_ACCESSIBLE_ROLE_COMBO_BOX, GTK_ACCESSIBLE_ROLE_SLIDER, GTK_ACCESSIBLE_ROLE_SPIN_BUTTON,
      ].map(\.rawValue))
    // NB: GTK 4.10 gave toggle buttons a role of their own, which 4.8's headers do not name.
    if let value = g_enum_get_value_by_nick(
      g_type_class_ref(gtk_accessible_role_get_type()).assumingMemoryBound(to: GEnumClass.self),
      "toggle-button")
    {
      roles.insert(UInt32(value.pointee.value))
    }
    return roles
  }()

  static func contains(_ role: GtkAccessibleRole) -> Bool { roles.contains(role.rawValue) }
}
