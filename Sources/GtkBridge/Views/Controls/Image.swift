import CGtk

/// An icon from the icon theme in a `GtkImage`: SwiftUI's `Image`.
///
/// `Image(systemName:)` takes an SF Symbol name and shows the freedesktop icon of
/// ``systemNameIcons`` for it (the README's Porting section lists the table); a name not in
/// the table logs one warning and shows "image-missing". `Image(_:)` takes a freedesktop
/// icon name as it is.
///
/// ```swift
/// Image(systemName: "magnifyingglass")     // system-search-symbolic
/// Image("network-wireless-symbolic")
/// ```
public struct Image: WidgetRepresentable {
  let iconName: String

  /// An icon from the theme by its freedesktop name, such as "document-open-symbolic".
  public init(_ iconName: String) {
    self.iconName = iconName
  }

  /// The freedesktop icon for an SF Symbol name, from ``systemNameIcons``.
  public init(systemName: String) {
    iconName = Image.iconName(forSystemName: systemName)
  }

  /// SF Symbol names and the freedesktop (Adwaita) icons shown for them. A ".fill" or
  /// ".circle" variant not listed maps as its base name.
  public static let systemNameIcons: [String: String] = [
    "magnifyingglass": "system-search-symbolic",
    "plus": "list-add-symbolic",
    "minus": "list-remove-symbolic",
    "trash": "user-trash-symbolic",
    "gear": "emblem-system-symbolic",
    "gearshape": "emblem-system-symbolic",
    "xmark": "window-close-symbolic",
    "checkmark": "object-select-symbolic",
    "person": "avatar-default-symbolic",
    "envelope": "mail-unread-symbolic",
    "lock": "changes-prevent-symbolic",
    "lock.open": "changes-allow-symbolic",
    "star": "starred-symbolic",
    "heart": "emblem-favorite-symbolic",
    "house": "go-home-symbolic",
    "folder": "folder-symbolic",
    "doc": "text-x-generic-symbolic",
    "pencil": "document-edit-symbolic",
    "square.and.arrow.up": "document-send-symbolic",
    "arrow.clockwise": "view-refresh-symbolic",
    "info.circle": "dialog-information-symbolic",
    "exclamationmark.triangle": "dialog-warning-symbolic",
    "questionmark.circle": "help-about-symbolic",
    "bell": "preferences-system-notifications-symbolic",
    "calendar": "x-office-calendar-symbolic",
    "chevron.left": "go-previous-symbolic",
    "chevron.right": "go-next-symbolic",
    "ellipsis": "view-more-symbolic",
  ]

  /// Names already warned about, so each unknown name logs once.
  @MainActor private static var warnedNames: Set<String> = []

  /// The freedesktop icon for `systemName`, or "image-missing" (with one warning per name).
  @MainActor
  static func iconName(forSystemName systemName: String) -> String {
    if let icon = systemNameIcons[systemName] { return icon }
    for suffix in [".fill", ".circle", ".circle.fill"] where systemName.hasSuffix(suffix) {
      if let icon = systemNameIcons[String(systemName.dropLast(suffix.count))] { return icon }
    }
    if warnedNames.insert(systemName).inserted {
      Log.warning(
        "Image(systemName: \"\(systemName)\") has no freedesktop icon in Image.systemNameIcons; "
          + "showing \"image-missing\" (use Image(\"icon-name\") for a theme icon)")
    }
    return "image-missing"
  }

  public func makeWidget(context: Context) -> Widget {
    Widget(retaining: gtk_image_new_from_icon_name(iconName)!)
  }

  public func updateWidget(_ image: Widget, context: Context) {
    let current = gtk_image_get_icon_name(image.opaquePointer).map { String(cString: $0) }
    if current != iconName { gtk_image_set_from_icon_name(image.opaquePointer, iconName) }
  }
}

extension Image: InputComparable {
  func hasSameInputs(as other: Image) -> Bool { iconName == other.iconName }
  var readsObservableState: Bool { false }
}
