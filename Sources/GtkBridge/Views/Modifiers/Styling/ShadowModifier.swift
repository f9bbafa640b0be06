extension View {
  /// A shadow under the view: SwiftUI's `shadow(color:radius:x:y:)`. A text's shadow is its
  /// glyphs' (CSS `text-shadow`), an icon's its shape's (`-gtk-icon-shadow`), any other
  /// widget's its box's (`box-shadow`, following its rounded corners). A shape's shadow
  /// follows the shape (``PaintedShape/shadow(color:radius:x:y:)``).
  ///
  /// ```swift
  /// Text("Sale").padding().background(Color.white).shadow(radius: 3, y: 2)
  /// ```
  ///
  /// - Parameters:
  ///   - color: The shadow's colour; by default a third-opaque black.
  ///   - radius: How far it blurs, in pixels.
  ///   - x: How far it moves right.
  ///   - y: How far it moves down.
  public func shadow(
    color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0,
    y: CGFloat = 0
  ) -> some View {
    let shadow = "\(cssPixels(x)) \(cssPixels(y)) \(cssPixels(radius)) \(color.cssValue)"
    return scopedStyle { widget, _ in
      let property =
        widget.isLabel ? "text-shadow" : widget.isImage ? "-gtk-icon-shadow" : "box-shadow"
      return WidgetStyle(rawCSS: ["\(property): \(shadow);"])
    }
  }
}
