import CGtk

/// A shape as a view: SwiftUI's `Shape`, drawn by GTK's CSS (a background for a fill, a
/// border for a stroke, `border-radius` for the corners), so shapes cover rectangles with
/// rounded corners, capsules and circles.
///
/// ```swift
/// RoundedRectangle(cornerRadius: 8).stroke(Color.gray, lineWidth: 1)
/// Capsule().fill(.accentColor)
/// ```
public protocol Shape: View {}

extension Shape {
  /// The shape's outline in `style`, `lineWidth` pixels wide (a CSS border).
  public func stroke<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1) -> PaintedShape {
    PaintedShape(
      radius: borderRadius(of: self), fill: nil, stroke: (style.resolvedColor, lineWidth))
  }

  /// The outline drawn inside the shape's edges: SwiftUI's `strokeBorder(_:lineWidth:)`. A
  /// CSS border already lies inside the widget, so this is ``stroke(_:lineWidth:)``.
  public func strokeBorder<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1) -> PaintedShape {
    stroke(style, lineWidth: lineWidth)
  }

  /// The shape filled with `style` (a CSS background).
  public func fill<S: ShapeStyle>(_ style: S) -> PaintedShape {
    PaintedShape(radius: borderRadius(of: self), fill: style.resolvedColor, stroke: nil)
  }
}

/// A rectangle: SwiftUI's `Rectangle`, filled with the theme's text colour.
public struct Rectangle: Shape {
  public init() {}
  public var body: some View { fill(.primary) }
}

/// A rectangle with rounded corners: SwiftUI's `RoundedRectangle`.
public struct RoundedRectangle: Shape {
  public let cornerRadius: CGFloat

  /// `style` is accepted for SwiftUI's signature: CSS draws circular corners for both.
  public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .circular) {
    self.cornerRadius = cornerRadius
  }

  /// Corners of `cornerSize`; CSS rounds them with its width.
  public init(cornerSize: CGSize, style: RoundedCornerStyle = .circular) {
    self.cornerRadius = cornerSize.width
  }

  public var body: some View { fill(.primary) }
}

/// How rounded corners are drawn: SwiftUI's `RoundedCornerStyle`.
public enum RoundedCornerStyle: Hashable, Sendable {
  case circular, continuous
}

/// A rectangle with fully rounded ends: SwiftUI's `Capsule`.
public struct Capsule: Shape {
  public init() {}
  public var body: some View { fill(.primary) }
}

/// An ellipse that fills its frame (a circle in a square one): SwiftUI's `Circle`.
public struct Circle: Shape {
  public init() {}
  public var body: some View { fill(.primary) }
}

/// The CSS `border-radius` that draws `shape`.
func borderRadius(of shape: some Shape) -> String {
  switch shape {
  case let rounded as RoundedRectangle: cssPixels(rounded.cornerRadius)
  case is Capsule: "9999px"
  case is Circle: "50%"
  default: "0"
  }
}

/// A shape filled or stroked: a widget drawn by its own scoped CSS, which takes no pointer
/// input (an overlay never steals clicks from what it covers).
public struct PaintedShape: WidgetRepresentable {
  let radius: String
  let fill: Color?
  let stroke: (color: Color, width: CGFloat)?

  public func makeWidget(context: Context) -> Widget {
    let widget = Widget(
      retaining: UnsafeMutableRawPointer(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)))
    gtk_widget_set_can_target(widget.pointer, 0)
    gtk_widget_set_can_focus(widget.pointer, 0)
    return widget
  }

  public func updateWidget(_ widget: Widget, context: Context) {
    widget.beginStyle()
    var css = "border-radius: \(radius);"
    if let fill { css += " background-color: \(fill.cssValue); background-image: none;" }
    if let stroke {
      css += " border: \(cssPixels(stroke.width)) solid \(stroke.color.cssValue);"
    }
    widget.css(css)
    widget.applyStyle()
  }
}
