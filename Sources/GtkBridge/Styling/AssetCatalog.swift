import Foundation

/// The colours and images of an Xcode asset catalogue (`Assets.xcassets`), as
/// `Color("Name")` and `Image("Name")` read them.
///
/// Ship the folder as it is, as a SwiftPM resource of the app's target:
///
/// ```swift
/// .executableTarget(name: "Expenses", resources: [.copy("Assets.xcassets")])
/// ```
///
/// GtkBridge finds the catalogues in the app's main bundle and in the resource bundles
/// SwiftPM puts beside the executable (`<Package>_<Target>.resources`); ``add(_:)`` adds one
/// from elsewhere. A colour set's `Contents.json` gives its sRGB or grey components (as
/// decimals, `0x` hex or 0-255 integers), with a `luminosity: dark` appearance for GTK's
/// dark theme; an image set gives its files (PNG, JPEG, and what else GDK reads), the 1x
/// universal one preferred, and its dark one in GTK's dark theme.
@MainActor
public enum AssetCatalog {
  /// Catalogues added with ``add(_:)``, searched first.
  private static var added: [URL] = []
  /// The catalogues found in the app's bundles, looked for once.
  private static var found: [URL]?
  /// Lookups already made, by kind and name.
  private static var colors: [String: Color?] = [:]
  private static var images: [String: Texture?] = [:]

  /// Adds the catalogue at `url` (an `….xcassets` folder) to those searched, first.
  ///
  /// ```swift
  /// AssetCatalog.add(Bundle.module.url(forResource: "Assets", withExtension: "xcassets")!)
  /// ```
  public static func add(_ url: URL) {
    added.insert(url, at: 0)
    colors = [:]
    images = [:]
  }

  /// Every catalogue searched, in order.
  static var catalogues: [URL] {
    if found == nil { found = discover() }
    return added + (found ?? [])
  }

  /// The `.xcassets` folders in the main bundle and in SwiftPM's resource bundles beside it.
  private static func discover() -> [URL] {
    let fileManager = FileManager.default
    var places = [Bundle.main.bundleURL]
    if let resources = Bundle.main.resourceURL { places.append(resources) }
    let beside = Bundle.main.bundleURL
    for item in (try? fileManager.contentsOfDirectory(atPath: beside.path)) ?? []
    where item.hasSuffix(".resources") || item.hasSuffix(".bundle") {
      places.append(beside.appendingPathComponent(item))
    }
    var catalogues: [URL] = []
    for place in places {
      for item in (try? fileManager.contentsOfDirectory(atPath: place.path)) ?? []
      where item.hasSuffix(".xcassets") {
        catalogues.append(place.appendingPathComponent(item))
      }
    }
    return catalogues
  }

  /// The folder `name.<kind>` in the catalogues: `Brand.colorset`, `Icons/Logo.imageset`
  /// (a namespace folder's name comes first), at any depth.
  private static func set(named name: String, kind: String) -> URL? {
    let fileManager = FileManager.default
    let leaf = "\(name.split(separator: "/").last ?? "").\(kind)"
    for catalogue in catalogues {
      let direct = catalogue.appendingPathComponent("\(name).\(kind)")
      if fileManager.fileExists(atPath: direct.path) { return direct }
      guard let walker = fileManager.enumerator(atPath: catalogue.path) else { continue }
      while let path = walker.nextObject() as? String {
        if (path as NSString).lastPathComponent == leaf {
          return catalogue.appendingPathComponent(path)
        }
      }
    }
    return nil
  }

  /// The colour set `name`, if a catalogue has it.
  static func color(named name: String) -> Color? {
    if let cached = colors[name] { return cached }
    var color: Color?
    if let folder = set(named: name, kind: "colorset"),
      let json = contents(of: folder), let entries = json["colors"] as? [[String: Any]]
    {
      let light = entries.first { !isDark($0) }.flatMap(parseColor)
      let dark = entries.first(where: isDark).flatMap(parseColor)
      if let light {
        color = dark.map { Color(light: light, dark: $0) } ?? light
      } else {
        color = dark
      }
    }
    colors[name] = color
    return color
  }

  /// The image set `name`'s picture for GTK's appearance now, if a catalogue has it.
  static func image(named name: String) -> Texture? {
    let key = "\(name)\(ColorScheme.current == .dark ? "#dark" : "")"
    if let cached = images[key] { return cached }
    var texture: Texture?
    if let folder = set(named: name, kind: "imageset"),
      let json = contents(of: folder), let entries = json["images"] as? [[String: Any]]
    {
      let withFiles = entries.filter { $0["filename"] is String }
      let wanted = withFiles.filter { isDark($0) == (ColorScheme.current == .dark) }
      let ordered = (wanted.isEmpty ? withFiles : wanted).sorted {
        scale(of: $0) < scale(of: $1)
      }
      if let file = ordered.first?["filename"] as? String {
        texture = try? Texture(contentsOfFile: folder.appendingPathComponent(file).path)
      }
    }
    images[key] = texture
    return texture
  }

  private static func contents(of folder: URL) -> [String: Any]? {
    guard
      let data = FileManager.default.contents(
        atPath: folder.appendingPathComponent("Contents.json").path)
    else { return nil }
    return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
  }

  /// Whether an entry is for the dark appearance.
  private static func isDark(_ entry: [String: Any]) -> Bool {
    let appearances = entry["appearances"] as? [[String: Any]] ?? []
    return appearances.contains {
      $0["appearance"] as? String == "luminosity" && $0["value"] as? String == "dark"
    }
  }

  /// "1x" first, then "2x", "3x"; no scale (a vector) first of all.
  private static func scale(of entry: [String: Any]) -> Int {
    Int((entry["scale"] as? String)?.prefix(1) ?? "0") ?? 0
  }

  /// A colour entry's components: `red`/`green`/`blue`/`alpha`, or `white`/`alpha` for grey.
  private static func parseColor(_ entry: [String: Any]) -> Color? {
    guard let color = entry["color"] as? [String: Any],
      let components = color["components"] as? [String: Any]
    else { return nil }
    func value(_ key: String) -> Double? {
      let raw = components[key]
      if let number = raw as? Double { return number > 1 ? number / 255 : number }
      if let number = raw as? Int { return number > 1 ? Double(number) / 255 : Double(number) }
      guard let text = (raw as? String)?.trimmingSpaces() else { return nil }
      if text.lowercased().hasPrefix("0x") {
        return Int(text.dropFirst(2), radix: 16).map { Double($0) / 255 }
      }
      if text.contains(".") { return Double(text) }
      return Int(text).map { $0 > 1 ? Double($0) / 255 : Double($0) }
    }
    let alpha = value("alpha") ?? 1
    if let white = value("white") {
      return Color(red: white, green: white, blue: white, alpha: alpha)
    }
    guard let red = value("red"), let green = value("green"), let blue = value("blue") else {
      return nil
    }
    return Color(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// Names already warned about, so each missing name logs once.
  private static var warned: Set<String> = []

  static func warnMissing(_ kind: String, _ name: String) {
    guard warned.insert("\(kind) \(name)").inserted else { return }
    Log.warning(
      "no \(kind) named \"\(name)\" in an asset catalogue (searched: "
        + "\(catalogues.map(\.lastPathComponent).joined(separator: ", "))); ship Assets.xcassets "
        + "with .copy(\"Assets.xcassets\") in the target's resources, or AssetCatalog.add(_:)")
  }
}

extension Color {
  /// The colour set `name` of the app's asset catalogue: SwiftUI's `Color(_:bundle:)`, with
  /// its dark appearance in GTK's dark theme (see ``AssetCatalog``). A name no catalogue has
  /// is clear, with one warning, as in SwiftUI. `bundle` is accepted: every catalogue found
  /// is searched.
  ///
  /// ```swift
  /// Text("Balance").foregroundColor(Color("AccentGreen"))
  /// ```
  @MainActor
  public init(_ name: String, bundle: Bundle? = nil) {
    if let color = AssetCatalog.color(named: name) {
      self = color
    } else {
      AssetCatalog.warnMissing("colour", name)
      self = .clear
    }
  }
}
