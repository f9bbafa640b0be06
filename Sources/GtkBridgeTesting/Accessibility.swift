import CGtk
import CGtkTesting
@_spi(Testing) import GtkBridge

/// Accessibility checks, read back through GTK's test API (`gtk_test_accessible_*`), which
/// the shipping library does not link. Run tests with `GTK_A11Y=test` (scripts/test does).
///
/// ```swift
/// XCTAssertTrue(field.hasAccessibleLabel("Username"))
/// ```
extension Widget {
  /// Whether assistive technologies get `label` as this widget's label
  /// (`GTK_ACCESSIBLE_PROPERTY_LABEL`).
  public func hasAccessibleLabel(_ label: String) -> Bool {
    GtkBridgeTesting.hasAccessibleLabel(pointer, label)
  }

  /// Whether the widget carries accessible property `property` at all.
  public func hasAccessibleProperty(_ property: GtkAccessibleProperty) -> Bool {
    cgtk_testing_accessible_has_property(pointer, Int32(property.rawValue)) != 0
  }

  /// Whether accessible property `property` holds the string `value`
  /// (`GTK_ACCESSIBLE_PROPERTY_DESCRIPTION`, `…_VALUE_TEXT`, …).
  public func accessibleProperty(_ property: GtkAccessibleProperty, is value: String) -> Bool {
    cgtk_testing_accessible_string_property_is(pointer, Int32(property.rawValue), value) != 0
  }

  /// Whether accessible property `property` holds the integer or boolean `value`.
  public func accessibleProperty(_ property: GtkAccessibleProperty, is value: Int) -> Bool {
    cgtk_testing_accessible_int_property_is(pointer, Int32(property.rawValue), Int32(value)) != 0
  }

  /// Whether the widget carries accessible relation `relation` at all
  /// (`GTK_ACCESSIBLE_RELATION_LABELLED_BY`, …).
  public func hasAccessibleRelation(_ relation: GtkAccessibleRelation) -> Bool {
    cgtk_testing_accessible_has_relation(pointer, Int32(relation.rawValue)) != 0
  }

  /// Whether accessible state `state` holds the integer or boolean `value`
  /// (`GTK_ACCESSIBLE_STATE_INVALID`, `…_HIDDEN`, …).
  public func accessibleState(_ state: GtkAccessibleState, is value: Int) -> Bool {
    cgtk_testing_accessible_state_is(pointer, Int32(state.rawValue), Int32(value)) != 0
  }

  /// The widget's accessible role. Wraps `gtk_accessible_get_accessible_role`.
  public var accessibleRole: GtkAccessibleRole {
    GtkAccessibleRole(rawValue: UInt32(cgtk_testing_accessible_role(pointer)))
  }
}

/// Whether the GTK widget at `widget` has the accessible label `label`.
@MainActor
public func hasAccessibleLabel(_ widget: UnsafeMutablePointer<GtkWidget>, _ label: String) -> Bool {
  cgtk_testing_accessible_string_property_is(
    widget, Int32(GTK_ACCESSIBLE_PROPERTY_LABEL.rawValue), label) != 0
}

/// The texts `AccessibilityNotification.Announcement` posted while `body` ran, spoken or
/// not (GTK 4.8 to 4.12 speak none; see `AccessibilityNotification.Announcement.isSpoken`).
///
/// ```swift
/// let spoken = try announcements { try ui.find(title: "Save").tap() }
/// XCTAssertEqual(spoken, ["Saved"])
/// ```
@MainActor
public func announcements(during body: () throws -> Void) rethrows -> [String] {
  try AccessibilityNotification.Announcement.recording(body)
}
