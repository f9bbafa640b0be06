extension View {
  /// The font of the text in this view and inside it: SwiftUI's `font(_:)`. CSS `font-*`,
  /// scoped to this view's widgets and inherited by what they contain.
  ///
  /// ```swift
  /// Text("Welcome!").font(.largeTitle)
  /// TextField("Code", text: $code).font(.system(size: 14, design: .monospaced))
  /// ```
  public func font(_ font: Font?) -> some View {
    scopedStyle { _ in WidgetStyle(font: font) }
  }

  /// The weight of the text: SwiftUI's `fontWeight(_:)`. CSS `font-weight`.
  public func fontWeight(_ weight: Font.Weight?) -> some View {
    scopedCSS(weight.map { "font-weight: \($0.rawValue);" } ?? "")
  }

  /// Bold text: SwiftUI's `bold(_:)`. CSS `font-weight: 700`.
  public func bold(_ isActive: Bool = true) -> some View {
    scopedCSS(isActive ? "font-weight: 700;" : "")
  }

  /// Italic text: SwiftUI's `italic(_:)`. CSS `font-style: italic`.
  public func italic(_ isActive: Bool = true) -> some View {
    scopedCSS(isActive ? "font-style: italic;" : "")
  }

  /// The colour of the text: SwiftUI's `foregroundColor(_:)`. CSS `color`; semantic colours
  /// (`.primary`, `.secondary`, `.accentColor`) come from the GTK theme.
  ///
  /// ```swift
  /// Text("Required").foregroundColor(.red)
  /// ```
  public func foregroundColor(_ color: Color?) -> some View {
    scopedStyle { _ in WidgetStyle(textColor: color) }
  }

  /// The style of the text and symbols: SwiftUI's `foregroundStyle(_:)`. CSS `color`.
  ///
  /// ```swift
  /// Text("Optional").foregroundStyle(.secondary)
  /// ```
  public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
    foregroundColor(style.resolvedColor)
  }

  /// The accent of controls: SwiftUI's `tint(_:)`. The caret colour of text fields, and
  /// the background of prominent (`suggested-action` / `destructive-action`) buttons.
  ///
  /// ```swift
  /// Button("Buy") { buy() }.buttonStyle(.borderedProminent).tint(.mint)
  /// ```
  public func tint(_ tint: Color?) -> some View {
    scopedStyle { widget in
      guard let tint else { return WidgetStyle() }
      var style = WidgetStyle(caretColor: tint)
      if widget.hasCSSClass("suggested-action") || widget.hasCSSClass("destructive-action") {
        style.backgroundColor = tint
        style.rawCSS = ["border-color: \(tint.cssValue);"]
      }
      return style
    }
  }
  /// The accent colour of the controls inside: SwiftUI's deprecated `accentColor(_:)`, the
  /// same as ``tint(_:)``.
  ///
  /// ```swift
  /// Toggle("Alarm", isOn: $alarm).accentColor(.orange)
  /// ```
  public func accentColor(_ accentColor: Color?) -> some View {
    tint(accentColor)
  }

}
