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

  /// Adds traits that tell assistive technologies what the view is and how it behaves:
  /// SwiftUI's `accessibilityAddTraits`.
  ///
  /// - Roles (``AccessibilityTraits/isHeader``, `isButton`, `isLink`, `isToggle`,
  ///   `isSearchField`, `isImage`, `isTabBar`, `isStaticText`, `isKeyboardKey`) become the
  ///   widget's GTK accessible role. GTK fixes a role when the widget is first shown, so a
  ///   role trait counts when the view appears with it; one added later to a shown view is
  ///   ignored, with a warning (give the view a new `.id` to make it anew).
  /// - ``AccessibilityTraits/isSelected`` and ``AccessibilityTraits/isModal`` are GTK's
  ///   selected state and modal property, and follow changes.
  /// - ``AccessibilityTraits/updatesFrequently``: each new text the view shows is announced
  ///   (GTK 4.14 and later; see ``AccessibilityNotification/Announcement``), as a live region
  ///   is: use it for a status or a validation message that appears in answer to the user.
  /// - `playsSound`, `startsMediaSession`, `allowsDirectInteraction`, `causesPageTurn` and
  ///   `isSummaryElement` have no GTK counterpart and are accepted without effect.
  ///
  /// ```swift
  /// Text("Account").font(.headline).accessibilityAddTraits(.isHeader)
  /// Text(errorMessage).accessibilityAddTraits(.updatesFrequently)
  /// ```
  public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View {
    modifier(AccessibilityModifier(setting: .traits(traits)))
  }

  /// Takes traits away: SwiftUI's `accessibilityRemoveTraits`. The selected state and the
  /// modal property are cleared; a role stays what the widget was made with.
  public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> some View {
    modifier(AccessibilityModifier(setting: .removedTraits(traits)))
  }

  /// Makes the view a heading of `level` for assistive technologies: SwiftUI's
  /// `accessibilityHeading(_:)`. GTK's heading role with `GTK_ACCESSIBLE_PROPERTY_LEVEL`
  /// (``AccessibilityHeadingLevel/unspecified`` sets no level).
  ///
  /// ```swift
  /// Text("Settings").font(.title).accessibilityHeading(.h1)
  /// ```
  public func accessibilityHeading(_ level: AccessibilityHeadingLevel) -> some View {
    modifier(AccessibilityModifier(setting: .heading(level)))
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

/// What a view is and how it behaves, for ``View/accessibilityAddTraits(_:)``: SwiftUI's
/// `AccessibilityTraits`.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Selected, as a chosen row or tab. `GTK_ACCESSIBLE_STATE_SELECTED`.
  public static let isSelected = AccessibilityTraits(rawValue: 1 << 0)
  /// Modal: while it is shown, what is outside it does not respond.
  /// `GTK_ACCESSIBLE_PROPERTY_MODAL`.
  public static let isModal = AccessibilityTraits(rawValue: 1 << 1)
  /// A heading that divides content into sections. Role `GTK_ACCESSIBLE_ROLE_HEADING`.
  public static let isHeader = AccessibilityTraits(rawValue: 1 << 2)
  /// A button. Role `GTK_ACCESSIBLE_ROLE_BUTTON`.
  public static let isButton = AccessibilityTraits(rawValue: 1 << 3)
  /// A link. Role `GTK_ACCESSIBLE_ROLE_LINK`.
  public static let isLink = AccessibilityTraits(rawValue: 1 << 4)
  /// A search field. Role `GTK_ACCESSIBLE_ROLE_SEARCH_BOX`.
  public static let isSearchField = AccessibilityTraits(rawValue: 1 << 5)
  /// An image. Role `GTK_ACCESSIBLE_ROLE_IMG`.
  public static let isImage = AccessibilityTraits(rawValue: 1 << 6)
  /// Plays its own sound when activated. No GTK counterpart.
  public static let playsSound = AccessibilityTraits(rawValue: 1 << 7)
  /// A key of a keyboard. Role `GTK_ACCESSIBLE_ROLE_BUTTON`.
  public static let isKeyboardKey = AccessibilityTraits(rawValue: 1 << 8)
  /// Text that does not change. Role `GTK_ACCESSIBLE_ROLE_LABEL`.
  public static let isStaticText = AccessibilityTraits(rawValue: 1 << 9)
  /// A summary of the app's state at launch. No GTK counterpart.
  public static let isSummaryElement = AccessibilityTraits(rawValue: 1 << 10)
  /// Shows text that changes in answer to the user: each new text is announced (GTK 4.14+).
  public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 11)
  /// Starts media when activated. No GTK counterpart.
  public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 12)
  /// Takes touches directly. No GTK counterpart.
  public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 13)
  /// Turns a page when read to its end. No GTK counterpart.
  public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 14)
  /// A switch between two states. Role `GTK_ACCESSIBLE_ROLE_SWITCH` (GTK 4.8 has no
  /// toggle-button role).
  public static let isToggle = AccessibilityTraits(rawValue: 1 << 15)
  /// A tab bar. Role `GTK_ACCESSIBLE_ROLE_TAB_LIST`.
  public static let isTabBar = AccessibilityTraits(rawValue: 1 << 16)

  /// The role each role trait stands for, the first that applies winning.
  static let roles: [(AccessibilityTraits, GtkAccessibleRole)] = [
    (.isHeader, GTK_ACCESSIBLE_ROLE_HEADING), (.isLink, GTK_ACCESSIBLE_ROLE_LINK),
    (.isToggle, GTK_ACCESSIBLE_ROLE_SWITCH), (.isButton, GTK_ACCESSIBLE_ROLE_BUTTON),
    (.isKeyboardKey, GTK_ACCESSIBLE_ROLE_BUTTON), (.isSearchField, GTK_ACCESSIBLE_ROLE_SEARCH_BOX),
    (.isImage, GTK_ACCESSIBLE_ROLE_IMG), (.isTabBar, GTK_ACCESSIBLE_ROLE_TAB_LIST),
    (.isStaticText, GTK_ACCESSIBLE_ROLE_LABEL),
  ]
}

/// A heading's level, for ``View/accessibilityHeading(_:)``: SwiftUI's
/// `AccessibilityHeadingLevel`.
public enum AccessibilityHeadingLevel: UInt, Hashable, Sendable {
  case unspecified, h1, h2, h3, h4, h5, h6
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
    case removedTraits(AccessibilityTraits)
    case heading(AccessibilityHeadingLevel)
    case children(AccessibilityChildBehavior)
  }

  let setting: Setting

  @MainActor
  final class Storage {
    /// The setting applied, and on which widgets (a view may swap its widget).
    var applied: (setting: Setting, widgets: [ObjectIdentifier])?
    /// The labels whose new texts are announced (``AccessibilityTraits/updatesFrequently``).
    var announcing: [LabelTextWatch] = []
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
    storage.announcing = []
    for widget in widgets {
      apply(to: widget.pointer)
      applyTraits(to: widget, storage: storage)
    }
  }

  /// What the traits ask of `widget` beyond states: its role, its level, announcements.
  @MainActor
  private func applyTraits(to widget: Widget, storage: Storage) {
    switch setting {
    case .traits(let traits):
      if let role = AccessibilityTraits.roles.first(where: { traits.contains($0.0) })?.1,
        !widget.setAccessibleRoleIfUnshown(role)
      {
        AccessibilityTraitWarning.once(traits)
      }
      if traits.contains(.updatesFrequently) {
        storage.announcing.append(
          widget.watchLabelTexts { text in
            guard !text.isEmpty else { return }
            AccessibilityNotification.Announcement(text).post()
          })
      }
    case .heading(let level):
      if !widget.setAccessibleRoleIfUnshown(GTK_ACCESSIBLE_ROLE_HEADING) {
        AccessibilityTraitWarning.once(.isHeader)
      }
      if level != .unspecified { widget.setAccessibleLevel(Int(level.rawValue)) }
    default:
      break
    }
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
    case .removedTraits(let traits):
      if traits.contains(.isSelected) {
        cgtk_accessible_set_boolean_state(widget, GTK_ACCESSIBLE_STATE_SELECTED, 0)
      }
      if traits.contains(.isModal) {
        cgtk_accessible_set_boolean_property(widget, GTK_ACCESSIBLE_PROPERTY_MODAL, 0)
      }
    case .heading:
      break
    case .children(let behavior):
      cgtk_accessible_set_children_behavior(
        widget,
        behavior == .ignore ? 1 : 0,
        behavior == .combine ? 1 : 0)
    }
  }
}

/// The one warning for a role trait GTK could not apply: the view was already shown.
@MainActor
enum AccessibilityTraitWarning {
  private static var warned = false

  static func once(_ traits: AccessibilityTraits) {
    guard !warned else { return }
    warned = true
    Log.warning(
      "accessibilityAddTraits: GTK fixes a widget's role when it is first shown, so a role "
        + "trait added to a shown view is ignored (traits \(traits.rawValue)); give the view "
        + "the trait from the start, or a new .id so it is made anew")
  }
}
