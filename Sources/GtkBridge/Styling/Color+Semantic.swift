/// SwiftUI's colour names and semantic colours, for the typed style properties and the
/// styling modifiers.
///
/// The semantic colours name the GTK theme's colours, so they follow the theme (and its dark
/// variant) instead of being fixed values:
///
/// | SwiftUI | GTK theme colour |
/// |---|---|
/// | `.primary` | `@theme_fg_color` |
/// | `.secondary` | `@theme_fg_color` at 55 % (GTK's `dim-label` opacity) |
/// | `.accentColor` | `@theme_selected_bg_color`, or the nearest `.accentColor(_:)` |
/// | `Color(.systemBackground)`-like `.background` | `@theme_base_color` |
///
/// `Color.accentColor` resolves where it paints, as SwiftUI resolves it from the environment:
/// inside ``View/accentColor(_:)`` it is that colour (a `.tint` does not change it), as a
/// foreground, a background, a fill or a list row's background.
extension Color {
  /// A colour with SwiftUI's `opacity:` label.
  public init(red: Double, green: Double, blue: Double, opacity: Double) {
    self.init(red: red, green: green, blue: blue, alpha: opacity)
  }

  /// A grey: SwiftUI's `Color(white:opacity:)`.
  public init(white: Double, opacity: Double = 1) {
    self.init(red: white, green: white, blue: white, alpha: opacity)
  }

  /// A colour of the GTK theme, by its CSS expression.
  init(theme expression: String) {
    self.init(red: 0, green: 0, blue: 0)
    themeExpression = expression
  }

  /// The same colour with its alpha multiplied by `opacity`: `Color.gray.opacity(0.2)`.
  public func opacity(_ opacity: Double) -> Color {
    var color = self
    color.alpha = min(max(alpha * (opacity.isNaN ? 0 : opacity), 0), 1)
    return color
  }

  /// The theme's text colour.
  public static let primary = Color(theme: "@theme_fg_color")
  /// The theme's text colour, dimmed as GTK dims secondary labels.
  public static let secondary = Color(theme: "@theme_fg_color").opacity(0.55)
  /// The accent colour: the nearest ``View/accentColor(_:)`` around the view it paints, or
  /// the theme's accent (selection) colour.
  ///
  /// ```swift
  /// Text("Today").foregroundColor(.accentColor)  // the theme's blue
  /// Circle().fill(Color.accentColor).accentColor(.green)  // green
  /// ```
  public static let accentColor = Color(theme: "@theme_selected_bg_color")
  /// The theme's view background (entries, lists).
  public static let background = Color(theme: "@theme_base_color")

  public static let pink = Color(red: 1, green: 0.176, blue: 0.333)
  public static let mint = Color(red: 0, green: 0.78, blue: 0.745)
  public static let teal = Color(red: 0.188, green: 0.69, blue: 0.78)
  public static let cyan = Color(red: 0.196, green: 0.678, blue: 0.902)
  public static let indigo = Color(red: 0.345, green: 0.337, blue: 0.839)
  public static let brown = Color(red: 0.635, green: 0.518, blue: 0.369)
}

/// A colour or style that fills or strokes: SwiftUI's `ShapeStyle`. Here a shape style is a
/// CSS colour, or a CSS gradient image (``LinearGradient``, ``RadialGradient``,
/// ``AngularGradient``) where GTK draws a background; text and borders take a gradient's
/// first colour.
public protocol ShapeStyle: Sendable {}

extension Color: ShapeStyle {}

/// `.primary`, `.secondary`, `.tertiary`, `.quaternary` as shape styles: SwiftUI's
/// `HierarchicalShapeStyle`, resolved from the theme's text colour.
public struct HierarchicalShapeStyle: ShapeStyle, Hashable {
  let color: Color

  public static let primary = HierarchicalShapeStyle(color: .primary)
  public static let secondary = HierarchicalShapeStyle(color: .secondary)
  public static let tertiary = HierarchicalShapeStyle(color: Color.primary.opacity(0.35))
  public static let quaternary = HierarchicalShapeStyle(color: Color.primary.opacity(0.2))
}

/// The tint as a shape style: SwiftUI's `TintShapeStyle` (`.foregroundStyle(.tint)`). It
/// paints with the nearest ``View/tint(_:)`` around the view, or the accent colour
/// (``Color/accentColor``) where there is none, read where the style is applied: a change of
/// that tint repaints what was painted with it, and a view made later takes the tint of the
/// time. A tint with a dark appearance follows GTK's scheme.
///
/// As in SwiftUI, a foreground style in the tint resolves in the environment of each view
/// that draws: `.foregroundStyle(.tint)` on a group paints a text inside that has a `.tint`
/// of its own in that tint.
///
/// ```swift
/// VStack {
///   Text("Sale").foregroundStyle(.tint)  // orange
///   Capsule().fill(.tint).frame(width: 40, height: 4)  // orange
///   Text("New").padding(4).background(.tint).tint(.green)  // green: the nearest wins
/// }
/// .tint(.orange)
///
/// VStack {
///   Text("a").tint(.red)  // red: resolved at the text
///   Text("b")  // blue
/// }
/// .foregroundStyle(.tint)
/// .tint(.blue)
/// ```
public struct TintShapeStyle: ShapeStyle, Hashable {
  public init() {}
}

extension TintShapeStyle {
  /// What `.tint` and `Color.accentColor` paint with at `node` (``StylePalette``): the
  /// nearest `.tint(_:)` and `.accentColor(_:)` around it. The environment is walked only
  /// once some control style was set (``ControlStyle/inUse``).
  @MainActor
  static func palette(at node: ViewNode?) -> StylePalette {
    guard ControlStyle.inUse, let node else { return StylePalette() }
    return StylePalette(node.environment.controlStyle)
  }
}

/// The colours of the environment a shape style resolves with: the nearest `.tint(_:)`
/// (``TintShapeStyle``) and the nearest `.accentColor(_:)` (``Color/accentColor``); `nil`
/// where none is set (the theme's accent colour).
struct StylePalette: Equatable {
  var tint: Color?
  var accent: Color?

  init(tint: Color? = nil, accent: Color? = nil) {
    self.tint = tint
    self.accent = accent
  }

  init(_ style: ControlStyle) {
    self.init(tint: style.tint, accent: style.accent)
  }
}

extension Color {
  /// Whether this is ``accentColor`` (at any opacity): SwiftUI resolves it from the
  /// environment, the nearest `.accentColor(_:)`.
  var isAccentColor: Bool { themeExpression == Color.accentColor.themeExpression }

  /// This colour in `palette`: ``accentColor`` is the palette's accent, at this opacity.
  func resolved(in palette: StylePalette) -> Color {
    guard isAccentColor, let accent = palette.accent else { return self }
    return accent.opacity(alpha)
  }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
  public static var primary: HierarchicalShapeStyle { .primary }
  public static var secondary: HierarchicalShapeStyle { .secondary }
  public static var tertiary: HierarchicalShapeStyle { .tertiary }
  public static var quaternary: HierarchicalShapeStyle { .quaternary }
}

extension ShapeStyle where Self == TintShapeStyle {
  public static var tint: TintShapeStyle { TintShapeStyle() }
}

extension ShapeStyle where Self == Color {
  public static var black: Color { Color.black }
  public static var white: Color { Color.white }
  public static var red: Color { Color.red }
  public static var green: Color { Color.green }
  public static var blue: Color { Color.blue }
  public static var yellow: Color { Color.yellow }
  public static var orange: Color { Color.orange }
  public static var purple: Color { Color.purple }
  public static var gray: Color { Color.gray }
  public static var clear: Color { Color.clear }
  public static var pink: Color { Color.pink }
  public static var mint: Color { Color.mint }
  public static var teal: Color { Color.teal }
  public static var cyan: Color { Color.cyan }
  public static var indigo: Color { Color.indigo }
  public static var brown: Color { Color.brown }
  public static var accentColor: Color { Color.accentColor }
}

/// A shape style at an opacity: what SwiftUI's ``ShapeStyle/opacity(_:)`` makes of another.
/// It paints as its style with each colour's alpha multiplied by the opacity.
public struct _OpacityShapeStyle<Base: ShapeStyle>: ShapeStyle {
  let base: Base
  let opacity: Double
}

/// A type-erased shape style: SwiftUI's `AnyShapeStyle`, for a style chosen by a condition.
/// It paints as the style it wraps (`.tint` included).
///
/// ```swift
/// Text(item.name)
///   .foregroundStyle(item.isDone ? AnyShapeStyle(.secondary) : AnyShapeStyle(.tint))
/// ```
public struct AnyShapeStyle: ShapeStyle {
  let base: any ShapeStyle

  public init<S: ShapeStyle>(_ style: S) {
    base = (style as? AnyShapeStyle)?.base ?? style
  }
}

extension ShapeStyle {
  /// This style at `opacity` (0 transparent, 1 as it is): SwiftUI's `opacity(_:)` of a
  /// shape style. A colour's alpha, each of a gradient's colours', is multiplied by it.
  ///
  /// ```swift
  /// Text("New").padding(4).background(.tint.opacity(0.2))
  /// RoundedRectangle(cornerRadius: 8).fill(.secondary.opacity(0.3))
  /// ```
  public func opacity(_ opacity: Double) -> some ShapeStyle {
    _OpacityShapeStyle(base: self, opacity: opacity)
  }
}

extension ShapeStyle {
  /// Whether this style paints with the tint or the accent colour of the environment
  /// (``TintShapeStyle``, ``Color/accentColor``, or a style made of them), which is then read
  /// where the style is applied (``StylePalette``) and followed when it changes. (A
  /// gradient's stops are taken as they are.)
  var readsTint: Bool {
    switch self {
    case is TintShapeStyle: true
    case let color as Color: color.isAccentColor
    case let style as AnyShapeStyle: style.base.readsTint
    case let style as any OpacityShapeStyle: style.baseReadsTint
    default: false
    }
  }

  /// The CSS colour this style paints with (a gradient's first colour), with the tint and
  /// accent colour of `palette`.
  func resolvedColor(in palette: StylePalette) -> Color {
    switch self {
    case let color as Color: color.resolved(in: palette)
    case let style as HierarchicalShapeStyle: style.color
    case is TintShapeStyle: palette.tint ?? Color.accentColor.resolved(in: palette)
    case let gradient as LinearGradient: gradient.gradient.stops.first?.color ?? .clear
    case let gradient as RadialGradient: gradient.gradient.stops.first?.color ?? .clear
    case let gradient as AngularGradient: gradient.gradient.stops.first?.color ?? .clear
    case let style as AnyShapeStyle: style.base.resolvedColor(in: palette)
    case let style as any OpacityShapeStyle: style.fadedColor(in: palette)
    default: .primary
    }
  }

  /// The CSS `background-image` this style paints a background with: a gradient's, else
  /// `nil` (the colour alone).
  var cssBackgroundImage: String? {
    switch self {
    case let gradient as LinearGradient: gradient.cssImage
    case let gradient as RadialGradient: gradient.cssImage
    case let gradient as AngularGradient: gradient.cssImage
    case let style as AnyShapeStyle: style.base.cssBackgroundImage
    case let style as any OpacityShapeStyle: style.fadedBackgroundImage
    default: nil
    }
  }

  /// The CSS declarations that paint a background in this style, with the tint and accent
  /// colour of `palette`.
  func cssBackground(in palette: StylePalette) -> String {
    if let image = cssBackgroundImage {
      return "background-color: transparent; background-image: \(image);"
    }
    return "background-color: \(resolvedColor(in: palette).cssValue); background-image: none;"
  }
}

/// ``_OpacityShapeStyle`` of any base, for the resolution above.
private protocol OpacityShapeStyle: ShapeStyle {
  var baseReadsTint: Bool { get }
  /// The base's colour (``ShapeStyle/resolvedColor(in:)``) at the opacity.
  func fadedColor(in palette: StylePalette) -> Color
  /// The base's background image, a gradient's, with its colours at the opacity.
  var fadedBackgroundImage: String? { get }
  /// The same style at its opacity multiplied by `factor`.
  func multiplied(by factor: Double) -> any ShapeStyle
}

extension _OpacityShapeStyle: OpacityShapeStyle {
  var baseReadsTint: Bool { base.readsTint }

  func multiplied(by factor: Double) -> any ShapeStyle {
    _OpacityShapeStyle(base: base, opacity: opacity * factor)
  }

  func fadedColor(in palette: StylePalette) -> Color {
    base.resolvedColor(in: palette).opacity(opacity)
  }

  var fadedBackgroundImage: String? {
    func faded(_ gradient: Gradient) -> Gradient {
      Gradient(
        stops: gradient.stops.map { .init(color: $0.color.opacity(opacity), location: $0.location) }
      )
    }
    switch base as any ShapeStyle {
    case let gradient as LinearGradient:
      return LinearGradient(
        gradient: faded(gradient.gradient), startPoint: gradient.startPoint,
        endPoint: gradient.endPoint
      ).cssImage
    case let gradient as RadialGradient:
      return RadialGradient(
        gradient: faded(gradient.gradient), center: gradient.center,
        startRadius: gradient.startRadius, endRadius: gradient.endRadius
      ).cssImage
    case let gradient as AngularGradient:
      return AngularGradient(
        gradient: faded(gradient.gradient), center: gradient.center,
        startAngle: gradient.startAngle, endAngle: gradient.endAngle
      ).cssImage
    case let style as AnyShapeStyle:
      return style.base.opacity(opacity).cssBackgroundImage
    case let style as any OpacityShapeStyle:
      return style.multiplied(by: opacity).cssBackgroundImage
    default:
      return nil
    }
  }
}
