/// Styles each widget of the modified view with CSS scoped to that widget alone, as
/// `.configure` does: one stylesheet per modifier and widget, reloaded only when it changes.
///
/// Inherited properties (`color`, `font-*`) reach what the widget contains, so
/// `VStack { … }.font(.title)` styles every label inside.
///
/// A style painted with the tint (``TintShapeStyle``: `.foregroundStyle(.tint)`,
/// `.background(.tint)`) is given the nearest `.tint` of the node's environment when it is
/// applied, and applied again when that tint changes above it (an inherited attribute: see
/// ``ViewNode/inheritedAttributesChanged()``). A style that does not read the tint is never
/// applied again for it.
@usableFromInline
struct ScopedStyleModifier: WidgetModifier {
  /// The style for one widget (a modifier may style a button differently from an entry), and
  /// the palette it paints `.tint` and `Color.accentColor` with: the nearest `.tint` and
  /// `.accentColor` if the style reads them (``readsTint``), else none (the theme's).
  let style: @MainActor (Widget, StylePalette) -> WidgetStyle
  /// Whether the style paints with the tint or accent colour of the environment.
  let readsTint: Bool
  /// Whether the style is a trait of the font (`.bold()`, `.italic()`, `.fontWeight`): it
  /// wins over the weight or style of a `.font` on the same widget, inside or around it.
  var modifiesFont = false
  /// The foreground style this modifier sets (`.foregroundStyle`, `.foregroundColor`), for
  /// the environment: a `.tint` inside resolves it again where the tint is its own
  /// (``EnvironmentValues/foregroundShapeStyle``).
  var foreground: AnyShapeStyle?

  @MainActor
  final class Storage {
    var sheets: [(widget: Weak, sheet: ScopedStyleSheet)] = []
    /// The palette the last update gave the style (when it reads the tint).
    var palette = StylePalette()
    /// The last foreground style's colour in a made-up palette, and whether it read the
    /// tint: a change of either reaches the `.tint`s inside.
    var foregroundKey: (Color, Bool)?
    /// Where the stylesheets sit among the widget's: by the node's depth, so that of two
    /// modifiers styling one property of one widget the inner wins, as in SwiftUI
    /// (`Text("a").foregroundStyle(.red).foregroundStyle(.blue)` is red), also after the
    /// outer one applied again (a change of the tint it reads); a font trait above any font.
    let priority: CSSProvider.WidgetPriority

    init(priority: CSSProvider.WidgetPriority) {
      self.priority = priority
    }

    struct Weak {
      weak var widget: Widget?
    }

    func sheet(for widget: Widget) -> ScopedStyleSheet {
      sheets.removeAll { $0.widget.widget == nil }
      if let entry = sheets.first(where: { $0.widget.widget === widget }) { return entry.sheet }
      let sheet = ScopedStyleSheet()
      sheets.append((Weak(widget: widget), sheet))
      return sheet
    }
  }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage {
    Storage(priority: .nested(depth: node.depth, modifiesFont: modifiesFont))
  }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    let palette = readsTint ? TintShapeStyle.palette(at: node) : StylePalette()
    storage.palette = palette
    for widget in node.widgets {
      let sheet = storage.sheet(for: widget)
      if let error = sheet.apply(
        style(widget, palette), to: widget.pointer, priority: storage.priority)
      {
        StyleDiagnostics.handler(error, widget)
      }
    }
    if let foreground {
      // NB: the `.tint`s inside resolved the last style (``ControlStyleModifier``); one
      // that changed what it paints with reaches them. The probe colours stand for any.
      let probe = StylePalette(tint: Color(red: 0.01, green: 0.02, blue: 0.03), accent: .clear)
      let key = (foreground.resolvedColor(in: probe), foreground.readsTint)
      if let last = storage.foregroundKey, last != key, last.1 || key.1 {
        node.inheritedAttributesChanged()
      }
      storage.foregroundKey = key
    }
  }

  func needsUpdate(afterInheritedChange storage: Storage, node: ModifierNode<some View, Self>)
    -> Bool
  {
    readsTint && TintShapeStyle.palette(at: node) != storage.palette
  }

  func modifyEnvironment(_ environment: inout EnvironmentValues) {
    if let foreground { environment.foregroundShapeStyle = foreground }
  }
}

extension View {
  /// Styles this view's widgets with `style`, scoped to them. A style that paints with the
  /// tint or the accent colour says so (`readingTint`) and is given the nearest ones; any
  /// other is given none. A foreground style says what it is (`foreground`).
  func scopedStyle(
    readingTint: Bool = false, foreground: AnyShapeStyle? = nil,
    _ style: @escaping @MainActor (Widget, StylePalette) -> WidgetStyle
  ) -> some View {
    modifier(ScopedStyleModifier(style: style, readsTint: readingTint, foreground: foreground))
  }

  /// Styles this view's widgets with `declarations`, CSS GtkBridge wrote from typed values;
  /// `modifiesFont` for a trait of the font (``ScopedStyleModifier/modifiesFont``).
  func scopedCSS(_ declarations: String, modifiesFont: Bool = false) -> some View {
    modifier(
      ScopedStyleModifier(
        style: { _, _ in WidgetStyle(rawCSS: declarations.isEmpty ? [] : [declarations]) },
        readsTint: false, modifiesFont: modifiesFont, foreground: nil))
  }
}

/// A length in CSS pixels, from a number that may be anything: non-finite values become 0.
func cssPixels(_ value: CGFloat) -> String {
  let value = Double(value)
  guard value.isFinite else { return "0px" }
  return "\(Double(Int((min(max(value, -10_000), 10_000) * 100).rounded())) / 100)px"
}

extension EnvironmentValues {
  /// The nearest foreground style (`.foregroundStyle`, `.foregroundColor`), which a `.tint`
  /// inside resolves again when it paints with the tint (``ControlStyleModifier``).
  var foregroundShapeStyle: AnyShapeStyle? {
    get { self[ForegroundShapeStyleKey.self] }
    set { self[ForegroundShapeStyleKey.self] = newValue }
  }
}

private struct ForegroundShapeStyleKey: EnvironmentKey {
  static let defaultValue: AnyShapeStyle? = nil
}
