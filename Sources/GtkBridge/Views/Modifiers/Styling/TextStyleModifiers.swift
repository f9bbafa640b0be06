extension View {
  /// The font of the text in this view and inside it: SwiftUI's `font(_:)`. CSS `font-*`,
  /// scoped to this view's widgets and inherited by what they contain.
  ///
  /// ```swift
  /// Text("Welcome!").font(.largeTitle)
  /// TextField("Code", text: $code).font(.system(size: 14, design: .monospaced))
  /// ```
  public func font(_ font: Font?) -> some View {
    scopedStyle { _, _ in WidgetStyle(font: font) }
  }

  /// The weight of the text: SwiftUI's `fontWeight(_:)`. CSS `font-weight`.
  public func fontWeight(_ weight: Font.Weight?) -> some View {
    scopedCSS(weight.map { "font-weight: \($0.rawValue);" } ?? "", modifiesFont: true)
  }

  /// The design of the text's typeface: SwiftUI's `fontDesign(_:)`. `.monospaced` and
  /// `.serif` are CSS `font-family: monospace` and `serif`; `.rounded` and `.default` keep
  /// the theme's family.
  ///
  /// ```swift
  /// Text("12:30").fontDesign(.monospaced)
  /// ```
  public func fontDesign(_ design: Font.Design?) -> some View {
    scopedCSS(design?.cssFamily.map { "font-family: \($0);" } ?? "", modifiesFont: true)
  }

  /// Letters wider or narrower: SwiftUI's `fontWidth(_:)`. CSS `font-stretch`.
  public func fontWidth(_ width: Font.Width?) -> some View {
    scopedCSS(width.map { "font-stretch: \($0.cssKeyword);" } ?? "", modifiesFont: true)
  }

  /// Digits of one width: SwiftUI's `monospacedDigit()`. CSS
  /// `font-variant-numeric: tabular-nums`.
  public func monospacedDigit() -> some View {
    scopedCSS("font-variant-numeric: tabular-nums;")
  }

  /// A line under the text: SwiftUI's `underline(_:color:)`. CSS `text-decoration`.
  ///
  /// ```swift
  /// Text("Terms").underline()
  /// ```
  public func underline(_ isActive: Bool = true, color: Color? = nil) -> some View {
    scopedCSS(textDecoration("underline", isActive, color))
  }

  /// A line through the text: SwiftUI's `strikethrough(_:color:)`. CSS `text-decoration`.
  public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> some View {
    scopedCSS(textDecoration("line-through", isActive, color))
  }

  /// Space between letters, in points: SwiftUI's `kerning(_:)`. CSS `letter-spacing`.
  public func kerning(_ kerning: Double) -> some View {
    scopedCSS(kerning == 0 ? "" : "letter-spacing: \(cssPixels(kerning));")
  }

  /// Space between letters, in points: SwiftUI's `tracking(_:)`. CSS `letter-spacing`.
  public func tracking(_ tracking: Double) -> some View {
    kerning(tracking)
  }

  /// Bold text: SwiftUI's `bold(_:)`. CSS `font-weight: 700`.
  public func bold(_ isActive: Bool = true) -> some View {
    scopedCSS(isActive ? "font-weight: 700;" : "", modifiesFont: true)
  }

  /// Italic text: SwiftUI's `italic(_:)`. CSS `font-style: italic`.
  public func italic(_ isActive: Bool = true) -> some View {
    scopedCSS(isActive ? "font-style: italic;" : "", modifiesFont: true)
  }

  /// The colour of the text: SwiftUI's `foregroundColor(_:)`. CSS `color`; semantic colours
  /// (`.primary`, `.secondary`, `.accentColor`) come from the GTK theme, and `.accentColor`
  /// is the nearest ``accentColor(_:)`` where one is set.
  ///
  /// In a disabled button or check-box toggle the colour is dimmed to half, as SwiftUI on
  /// macOS dims a disabled control's label whatever its colour; a text in no control keeps
  /// it, disabled or not (SwiftUI resolves `Color.red` to red either way).
  ///
  /// ```swift
  /// Text("Required").foregroundColor(.red)
  /// ```
  public func foregroundColor(_ color: Color?) -> some View {
    scopedStyle(readingTint: color?.readsTint ?? false, foreground: color.map(AnyShapeStyle.init)) {
      _, palette in WidgetStyle(textColor: color?.resolved(in: palette))
    }
  }

  /// The style of the text and symbols: SwiftUI's `foregroundStyle(_:)`. CSS `color`.
  ///
  /// `.tint` (``TintShapeStyle``) is the nearest ``tint(_:)`` around the view that draws, or
  /// the accent colour with none; a change of that tint restyles the text. On a group, a text
  /// inside with a `.tint` of its own takes that tint, as in SwiftUI. An explicit style is
  /// dimmed in a disabled control as ``foregroundColor(_:)`` says.
  ///
  /// ```swift
  /// Text("Optional").foregroundStyle(.secondary)
  /// Label("Favourite", systemImage: "star").foregroundStyle(.tint).tint(.yellow)
  /// ```
  public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
    scopedStyle(readingTint: style.readsTint, foreground: AnyShapeStyle(style)) { _, palette in
      WidgetStyle(textColor: style.resolvedColor(in: palette))
    }
  }

  /// The accent colour of the controls in this view: SwiftUI's `tint(_:)`. It paints a
  /// prominent button's background (`.borderedProminent`, or GTK's `suggested-action` and
  /// `destructive-action` classes), a text field's caret, a switch's track and a check box's
  /// mark when on, a slider's filled part and a progress bar's progress; and what is painted
  /// with `.tint` as a shape style (``TintShapeStyle``: `.foregroundStyle(.tint)`,
  /// `.fill(.tint)`, `.background(.tint)`, …).
  ///
  /// Like SwiftUI's, it reaches every control inside, those made later too (a lazy row
  /// scrolled in, a branch that flips); the nearest `.tint` wins, and `nil` keeps the one
  /// from above (or the theme's accent). A change reaches the controls; when the tint goes,
  /// they take the theme's look back.
  ///
  /// ```swift
  /// VStack {
  ///   Button("Buy") { buy() }.buttonStyle(.borderedProminent)
  ///   Button("Delete") { delete() }.buttonStyle(.borderedProminent).tint(.red)
  ///   Toggle("Alarm", isOn: $alarm).toggleStyle(.switch)
  ///   Text("On sale").foregroundStyle(.tint)
  /// }
  /// .tint(.mint)
  /// ```
  public func tint(_ tint: Color?) -> some View {
    modifier(ControlStyleModifier(.tint(tint)))
  }

  /// The accent colour of the controls inside: SwiftUI's deprecated `accentColor(_:)`. The
  /// controls take it as they take ``tint(_:)``, and ``Color/accentColor`` inside is this
  /// colour, as SwiftUI resolves it from the environment (a `.tint` inside does not change
  /// `Color.accentColor`).
  ///
  /// ```swift
  /// Toggle("Alarm", isOn: $alarm).accentColor(.orange)
  /// Text("Due").foregroundColor(.accentColor).accentColor(.red)  // red
  /// ```
  public func accentColor(_ accentColor: Color?) -> some View {
    modifier(ControlStyleModifier(.accent(accentColor)))
  }

}

/// The CSS of a text decoration line, or nothing when it is off.
private func textDecoration(_ line: String, _ isActive: Bool, _ color: Color?) -> String {
  guard isActive else { return "" }
  return "text-decoration-line: \(line);"
    + (color.map { " text-decoration-color: \($0.cssValue);" } ?? "")
}
