import CGtk
import Foundation

/// An icon from the icon theme in a `GtkImage`: SwiftUI's `Image`.
///
/// `Image(systemName:)` takes an SF Symbol name and shows the freedesktop icon of
/// ``systemNameIcons`` for it (over 250 names, in SystemSymbols.swift); a name not in the
/// table logs one warning and shows a neutral placeholder (``mapSystemName(_:to:)`` adds one).
/// `Image(_:)` takes a freedesktop icon name as it is.
///
/// ```swift
/// Image(systemName: "magnifyingglass")     // system-search-symbolic
/// Image("network-wireless-symbolic")
/// ```
public struct Image: WidgetRepresentable {
  let iconName: String
  /// What assistive technologies read for the image (and for a button showing only it).
  let accessibilityName: String
  /// A picture instead of an icon (``init(texture:label:)``, an asset catalogue's image): shown in
  /// a `GtkPicture`.
  var texture: Texture?
  /// Whether the picture may be drawn smaller than its own size (``resizable(capInsets:resizingMode:)``).
  var isResizable = false

  /// The image set `name` of the app's asset catalogue (see ``AssetCatalog``), else the icon
  /// of the theme by that freedesktop name, such as "document-open-symbolic". As in SwiftUI,
  /// the image's name is what a screen reader reads ("document open"). `bundle` is accepted:
  /// every catalogue found is searched.
  ///
  /// ```swift
  /// Image("Logo")                       // Assets.xcassets/Logo.imageset
  /// Image("document-open-symbolic")     // the theme's icon
  /// ```
  public init(_ name: String, bundle: Bundle? = nil) {
    self.init(icon: name)
    if let texture = AssetCatalog.image(named: name) {
      self.texture = texture
      isResizable = false
    }
  }

  /// The theme's icon `iconName`, not looked for in asset catalogues.
  init(icon iconName: String) {
    self.iconName = iconName
    let base =
      iconName.hasSuffix("-symbolic") ? iconName.dropLast("-symbolic".count) : iconName[...]
    accessibilityName = base.replacingOccurrences(of: "-", with: " ")
  }

  /// The freedesktop icon for an SF Symbol name, from ``systemNameIcons``. A screen reader
  /// reads what the symbol stands for ("plus" is "Add", see ``systemNameLabels``) or,
  /// for other symbols, its name in words ("folder.badge.plus" is "folder badge plus").
  public init(systemName: String) {
    iconName = Image.iconName(forSystemName: systemName)
    accessibilityName = Image.accessibilityName(forSystemName: systemName)
  }

  /// What a screen reader reads for an SF Symbol whose name is not what it means: the action
  /// of its freedesktop icon, as VoiceOver reads these symbols. Other symbols read as their
  /// names in words.
  public static let systemNameLabels: [String: String] = [
    "plus": "Add",
    "minus": "Remove",
    "trash": "Delete",
    "magnifyingglass": "Search",
    "xmark": "Close",
    "gear": "Settings",
    "gearshape": "Settings",
    "square.and.arrow.up": "Share",
    "pencil": "Edit",
    "arrow.clockwise": "Refresh",
    "info.circle": "Info",
    "ellipsis": "More",
    "chevron.left": "Back",
    "chevron.right": "Forward",
    "house": "Home",
  ]

  /// The readable name of `systemName`: its entry in ``systemNameLabels`` (also for its
  /// ".fill" and ".circle" variants), else its name's words.
  static func accessibilityName(forSystemName systemName: String) -> String {
    if let label = systemNameLabels[systemName] { return label }
    for suffix in [".fill", ".circle", ".circle.fill"] where systemName.hasSuffix(suffix) {
      if let label = systemNameLabels[String(systemName.dropLast(suffix.count))] { return label }
    }
    return systemName.replacingOccurrences(of: ".", with: " ")
  }

  /// Names already warned about, so each unknown name logs once.
  @MainActor private static var warnedNames: Set<String> = []

  /// The freedesktop icon for `systemName`, or ``systemSymbolPlaceholder`` (with one warning
  /// per name).
  @MainActor
  static func iconName(forSystemName systemName: String) -> String {
    let names =
      [systemName]
      + [".fill", ".circle", ".circle.fill"].filter(systemName.hasSuffix)
      .map { String(systemName.dropLast($0.count)) }
    for name in names {
      if let icon = appSystemNameIcons[name] ?? systemNameIcons[name] { return icon }
    }
    if warnedNames.insert(systemName).inserted {
      Log.warning(
        "Image(systemName: \"\(systemName)\") has no freedesktop icon in Image.systemNameIcons; "
          + "showing a placeholder. Map it at launch with "
          + "Image.mapSystemName(\"\(systemName)\", to: \"some-icon-symbolic\"), or use "
          + "Image(\"some-icon-symbolic\") for a theme icon")
    }
    return systemSymbolPlaceholder
  }

  /// A decoded picture, drawn at its own size (or, ``resizable(capInsets:resizingMode:)``,
  /// at the size it is given, keeping its aspect ratio). `label` is what a screen reader
  /// reads for it.
  ///
  /// ```swift
  /// Image(texture: try Texture(contentsOfFile: "/usr/share/pixmaps/debian-logo.png"))
  /// ```
  public init(texture: Texture, label: String = "") {
    iconName = ""
    accessibilityName = label
    self.texture = texture
  }

  /// The same image, drawn at the size it is given: SwiftUI's `resizable()`. A picture then
  /// shrinks and grows to its frame, keeping its aspect ratio; an icon keeps its size.
  public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch)
    -> Image
  {
    var image = self
    image.isResizable = true
    return image
  }

  /// How an image is drawn, in colour or as a template: SwiftUI's `renderingMode(_:)`.
  /// Accepted: symbolic icons follow the text colour, pictures keep their colours.
  public func renderingMode(_ renderingMode: TemplateRenderingMode?) -> Image { self }

  /// How a scaled picture is smoothed: SwiftUI's `interpolation(_:)`. Accepted: GTK smooths.
  public func interpolation(_ interpolation: Interpolation) -> Image { self }

  /// How a resizable image fills its frame: SwiftUI's `Image.ResizingMode`.
  public enum ResizingMode: Hashable, Sendable { case tile, stretch }
  /// SwiftUI's `Image.TemplateRenderingMode`.
  public enum TemplateRenderingMode: Hashable, Sendable { case template, original }
  /// SwiftUI's `Image.Interpolation`.
  public enum Interpolation: Hashable, Sendable { case none, low, medium, high }

  public func makeWidget(context: Context) -> Widget {
    if texture != nil { return PictureWidget() }
    return Widget(retaining: gtk_image_new_from_icon_name(iconName)!)
  }

  public func updateWidget(_ image: Widget, context: Context) {
    if let picture = image as? PictureWidget {
      picture.texture = texture
      picture.canShrink = isResizable
      if picture.alternativeText != accessibilityName {
        picture.alternativeText = accessibilityName
      }
      return
    }
    let current = gtk_image_get_icon_name(image.opaquePointer).map { String(cString: $0) }
    if current != iconName { gtk_image_set_from_icon_name(image.opaquePointer, iconName) }
    let label = cgtk_accessible_get_derived_label(image.pointer).map { String(cString: $0) }
    if label != accessibilityName {
      cgtk_accessible_set_derived_label(image.pointer, accessibilityName)
    }
  }
}

extension Image: InputComparable {
  func hasSameInputs(as other: Image) -> Bool {
    iconName == other.iconName && accessibilityName == other.accessibilityName
      && texture === other.texture && isResizable == other.isResizable
  }
  var readsObservableState: Bool { false }
}
