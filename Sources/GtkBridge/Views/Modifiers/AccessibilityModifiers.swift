import CGtk

extension View {
  /// What activating the view does, read after its label: SwiftUI's `accessibilityHint`.
  /// Sets `GTK_ACCESSIBLE_PROPERTY_DESCRIPTION`.
  ///
  /// ```swift
  /// Button("Sign in") { signIn() }
  ///   .accessibilityHint("Checks the name and password")
  /// ```
  public func accessibilityHint(_ hint: String) -> some View {
    modifier(AccessibilityModifier(setting: .description(hint)))
  }

  /// The view's current value as text, for assistive technologies: SwiftUI's
  /// `accessibilityValue`. Sets `GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT`.
  public func accessibilityValue(_ value: String) -> some View {
    modifier(AccessibilityModifier(setting: .valueText(value)))
  }

  /// Hides the view (and what is inside it) from assistive technologies, or shows it again:
  /// SwiftUI's `accessibilityHidden`. Sets `GTK_ACCESSIBLE_STATE_HIDDEN`.
  public func accessibilityHidden(_ hidden: Bool) -> some View {
    modifier(AccessibilityModifier(setting: .hidden(hidden)))
  }

  /// Marks the view's value as failing validation, so screen readers announce it as invalid
  /// (beyond SwiftUI). Sets `GTK_ACCESSIBLE_STATE_INVALID`.
  ///
  /// ```swift
  /// TextField("Username", text: $username)
  ///   .accessibilityInvalid(username.count < 3)
  /// ```
  public func accessibilityInvalid(_ invalid: Bool) -> some View {
    modifier(AccessibilityModifier(setting: .invalid(invalid)))
  }

  /// Adds traits GTK can express on an existing widget: SwiftUI's `accessibilityAddTraits`.
  /// GTK fixes a widget's role when it is made, so only states and properties are here:
  /// ``AccessibilityTraits/isSelected`` (`GTK_ACCESSIBLE_STATE_SELECTED`) and
  /// ``AccessibilityTraits/isModal`` (`GTK_ACCESSIBLE_PROPERTY_MODAL`).
  public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View {
    modifier(AccessibilityModifier(setting: .traits(traits)))
  }

  /// Makes the view one accessibility element: SwiftUI's `accessibilityElement(children:)`.
  /// `.ignore` hides what is inside from assistive technologies (give the view its own
  /// `.accessibilityLabel`); `.combine` also labels the view by the labels inside it
  /// (`GTK_ACCESSIBLE_RELATION_LABELLED_BY`); `.contain` leaves the children as they are.
  public func accessibilityElement(children: AccessibilityChildBehavior = .ignore)
    -> some View
  {
    modifier(AccessibilityModifier(setting: .children(children)))
  }
}

/// Traits for ``View/accessibilityAddTraits(_:)``: those GTK can set on a made widget.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Selected, as a chosen row or tab. `GTK_ACCESSIBLE_STATE_SELECTED`.
  public static let isSelected = AccessibilityTraits(rawValue: 1 << 0)
  /// Modal: while it is shown, what is outside it does not respond.
  /// `GTK_ACCESSIBLE_PROPERTY_MODAL`.
  public static let isModal = AccessibilityTraits(rawValue: 1 << 1)
}

/// How ``View/accessibilityElement(children:)`` treats the views inside.
public enum AccessibilityChildBehavior: Hashable, Sendable {
  case ignore, combine, contain
}

/// One accessibility setting applied to the modified view's widgets.
@usableFromInline
struct AccessibilityModifier: WidgetModifier {
  enum Setting: Hashable {
    case description(String)
    case valueText(String)
    case hidden(Bool)
    case invalid(Bool)
    case traits(AccessibilityTraits)
    case children(AccessibilityChildBehavior)
  }

  let setting: Setting

  @MainActor
  final class Storage {
    /// The setting applied, and on which widgets (a view may swap its widget).
    var applied: (setting: Setting, widgets: [ObjectIdentifier])?
  }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage { Storage() }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    let widgets = node.widgets
    let ids = widgets.map(ObjectIdentifier.init)
    // NB: a children setting applies to whatever is inside now, so it is applied again.
    if let applied = storage.applied, applied.setting == setting, applied.widgets == ids,
      case .children = setting
    {
    } else if let applied = storage.applied, applied.setting == setting,
      applied.widgets == ids
    {
      return
    }
    storage.applied = (setting, ids)
    for widget in widgets { apply(to: widget.pointer) }
  }

  @MainActor
  private func apply(to widget: UnsafeMutablePointer<GtkWidget>) {
    switch setting {
    case .description(let text):
      cgtk_accessible_set_string_property(widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text)
    case .valueText(let text):
      cgtk_accessible_set_string_property(widget, GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text)
    case .hidden(let hidden):
      cgtk_accessible_set_boolean_state(widget, GTK_ACCESSIBLE_STATE_HIDDEN, hidden ? 1 : 0)
    case .invalid(let invalid):
      // NB: GTK_ACCESSIBLE_INVALID_TRUE (1) and _FALSE (0) are the values of this state.
      cgtk_accessible_set_boolean_state(widget, GTK_ACCESSIBLE_STATE_INVALID, invalid ? 1 : 0)
    case .traits(let traits):
      if traits.contains(.isSelected) {
        cgtk_accessible_set_boolean_state(widget, GTK_ACCESSIBLE_STATE_SELECTED, 1)
      }
      if traits.contains(.isModal) {
        cgtk_accessible_set_boolean_property(widget, GTK_ACCESSIBLE_PROPERTY_MODAL, 1)
      }
    case .children(let behavior):
      cgtk_accessible_set_children_behavior(
        widget,
        behavior == .ignore ? 1 : 0,
        behavior == .combine ? 1 : 0)
    }
  }
}
