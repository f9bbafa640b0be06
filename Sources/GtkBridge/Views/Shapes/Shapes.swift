import CGtk

/// A shape as a view: SwiftUI's `Shape`, drawn by GTK's CSS (a background for a fill, a
/// border for a stroke, `border-radius` for the corners), so shapes cover rectangles with
/// rounded corners, capsules and circles.
///
/// ```swift
/// RoundedRectangle(cornerRadius: 8).stroke(Color.gray, lineWidth: 1)
/// Capsule().fill(.accentColor)
/// ```
///
/// Shapes are plain `Sendable` values, as in SwiftUI: one can be made anywhere, a constant
/// at file scope included (`let badge = Capsule()`).
///
/// `.tint` (``TintShapeStyle``) fills or strokes with the nearest ``View/tint(_:)`` around
/// the shape, or the theme's accent colour with none, and follows a change of it:
///
/// ```swift
/// Circle().fill(.tint).frame(width: 8, height: 8).tint(isOnline ? .green : .gray)
/// ```
public protocol Shape: View, Sendable {}

extension Shape {
  /// The shape's outline in `style`, `lineWidth` pixels wide, centred on the shape's edge as
  /// SwiftUI strokes a path: half inside the frame, half outside (a CSS outline drawn back
  /// over the edge by half its width).
  public func stroke<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1) -> PaintedShape {
    PaintedShape(
      radius: borderRadius(of: self), fill: nil, stroke: (style, lineWidth), strokeInside: false,
      isCircle: self is Circle)
  }

  /// The outline drawn inside the shape's edges: SwiftUI's `strokeBorder(_:lineWidth:)`, the
  /// shape inset by half the line width and stroked. A CSS border lies inside the widget.
  public func strokeBorder<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1) -> PaintedShape {
    PaintedShape(
      radius: borderRadius(of: self), fill: nil, stroke: (style, lineWidth), strokeInside: true,
      isCircle: self is Circle)
  }

  /// The shape filled with `style` (a CSS background: a colour, or a gradient's image).
  public func fill<S: ShapeStyle>(_ style: S) -> PaintedShape {
    PaintedShape(
      radius: borderRadius(of: self), fill: style, stroke: nil, strokeInside: true,
      isCircle: self is Circle)
  }

  /// The shape filled with the theme's text colour, as SwiftUI fills with the foreground.
  public func fill() -> PaintedShape { fill(.primary) }

  /// The outline in the theme's text colour, `lineWidth` wide, centred on the edge.
  public func stroke(lineWidth: CGFloat = 1) -> PaintedShape {
    stroke(Color.primary, lineWidth: lineWidth)
  }

  /// The outline in `style`, drawn as `strokeStyle` says: its width, and dashes (a CSS
  /// `dashed` border) when it has any.
  public func stroke<S: ShapeStyle>(_ style: S, style strokeStyle: StrokeStyle) -> PaintedShape {
    var shape = stroke(style, lineWidth: strokeStyle.lineWidth)
    shape.isDashed = !strokeStyle.dash.isEmpty
    return shape
  }

  /// The outline inside the edges, in the theme's text colour: SwiftUI's
  /// `strokeBorder(lineWidth:)`.
  public func strokeBorder(lineWidth: CGFloat = 1) -> PaintedShape {
    strokeBorder(Color.primary, lineWidth: lineWidth)
  }
}

/// How a shape's outline is drawn: SwiftUI's `StrokeStyle`. CSS draws the width, and a
/// dashed line when `dash` has any length; caps, joins and the dash lengths are accepted.
public struct StrokeStyle: Hashable, Sendable {
  public var lineWidth: CGFloat
  public var dash: [CGFloat]

  nonisolated public init(
    lineWidth: CGFloat = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
    miterLimit: CGFloat = 10, dash: [CGFloat] = [], dashPhase: CGFloat = 0
  ) {
    self.lineWidth = lineWidth
    self.dash = dash
  }

  /// The ends of an open line.
  public enum LineCap: Hashable, Sendable { case butt, round, square }
  /// The corners of a line.
  public enum LineJoin: Hashable, Sendable { case miter, round, bevel }
}

/// A rectangle: SwiftUI's `Rectangle`, filled with the theme's text colour.
public struct Rectangle: Shape {
  nonisolated public init() {}
  public var body: some View { fill(.primary) }
}

/// A rectangle with rounded corners: SwiftUI's `RoundedRectangle`.
public struct RoundedRectangle: Shape {
  public let cornerRadius: CGFloat

  /// `style` is accepted for SwiftUI's signature: CSS draws circular corners for both.
  nonisolated public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .circular) {
    self.cornerRadius = cornerRadius
  }

  /// Corners of `cornerSize`; CSS rounds them with its width.
  nonisolated public init(cornerSize: CGSize, style: RoundedCornerStyle = .circular) {
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
  /// `style` is accepted for SwiftUI's signature: CSS draws circular ends.
  nonisolated public init(style: RoundedCornerStyle = .circular) {}
  public var body: some View { fill(.primary) }
}

/// A circle, as wide as the smaller side of its frame and centred in it: SwiftUI's `Circle`.
public struct Circle: Shape {
  nonisolated public init() {}
  public var body: some View { fill(.primary) }
}

/// An ellipse filling its frame: SwiftUI's `Ellipse` (a box whose corners CSS rounds by half
/// its width and half its height).
public struct Ellipse: Shape {
  nonisolated public init() {}
  public var body: some View { fill(.primary) }
}

/// The CSS `border-radius` that draws `shape`.
func borderRadius(of shape: some Shape) -> String {
  switch shape {
  case let rounded as RoundedRectangle: cssPixels(rounded.cornerRadius)
  case is Capsule: "9999px"
  case is Circle, is Ellipse: "50%"
  default: "0"
  }
}

/// A shape filled or stroked: a widget drawn by its own scoped CSS, which takes no pointer
/// input (an overlay never steals clicks from what it covers). The painted box fills the
/// shape's frame, or, for a circle, the largest square centred in it (a `GtkAspectFrame`): a
/// box with round corners in a frame that is not square was an ellipse.
///
/// A shape in the tint (``TintShapeStyle``) reads the nearest `.tint` of its environment when
/// it is drawn, and is drawn again when that tint changes above it (an inherited attribute:
/// `InheritedAttributesReading`).
public struct PaintedShape: WidgetRepresentable, InheritedAttributesReading {
  let radius: String
  /// The style of the fill (its CSS is ``ShapeStyle``'s `cssBackground(in:)`).
  let fill: (any ShapeStyle)?
  let stroke: (style: any ShapeStyle, width: CGFloat)?
  /// `strokeBorder` (a border inside the frame) rather than `stroke` (centred on the edge).
  let strokeInside: Bool
  let isCircle: Bool
  /// A dashed outline (``StrokeStyle/dash``).
  var isDashed = false
  /// A CSS `box-shadow` under the painted box.
  var shadow: String?

  init(
    radius: String, fill: (any ShapeStyle)?, stroke: (style: any ShapeStyle, width: CGFloat)?,
    strokeInside: Bool,
    isCircle: Bool
  ) {
    self.radius = radius
    self.fill = fill
    self.stroke = stroke
    self.strokeInside = strokeInside
    self.isCircle = isCircle
  }

  /// The shape with a shadow of its own outline: SwiftUI's `shadow(color:radius:x:y:)` on a
  /// shape, a CSS `box-shadow` on the painted box, so a circle's shadow is round.
  ///
  /// ```swift
  /// Circle().fill(Color.white).shadow(radius: 4)
  /// ```
  public func shadow(
    color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0,
    y: CGFloat = 0
  ) -> PaintedShape {
    var shape = self
    shape.shadow = "\(cssPixels(x)) \(cssPixels(y)) \(cssPixels(radius)) \(color.cssValue)"
    return shape
  }

  /// The painted box, and the square frame a circle's box sits in.
  @MainActor
  public final class Coordinator {
    let painted = Widget(
      retaining: UnsafeMutableRawPointer(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)))
    var square: Widget?
    /// The palette the last update painted `.tint` and `Color.accentColor` with, when the
    /// shape is in them.
    var palette = StylePalette()
  }

  /// Whether the fill or the stroke is in the tint.
  private var readsTint: Bool {
    fill?.readsTint == true || stroke?.style.readsTint == true
  }

  func needsUpdate(afterInheritedChange context: Context) -> Bool {
    readsTint && TintShapeStyle.palette(at: context.node) != context.coordinator.palette
  }

  public func makeCoordinator() -> Coordinator { Coordinator() }

  public func makeWidget(context: Context) -> Widget {
    // NB: a GtkOverlay's child fills it both ways without asking to expand.
    let widget = Widget(retaining: UnsafeMutableRawPointer(gtk_overlay_new()))
    for target in [widget, context.coordinator.painted] {
      gtk_widget_set_can_target(target.pointer, 0)
      gtk_widget_set_can_focus(target.pointer, 0)
    }
    return widget
  }

  public func updateWidget(_ widget: Widget, context: Context) {
    let coordinator = context.coordinator
    let painted = coordinator.painted
    if isCircle, coordinator.square == nil {
      let square = Widget(retaining: UnsafeMutableRawPointer(gtk_aspect_frame_new(0.5, 0.5, 1, 0)))
      gtk_widget_set_can_target(square.pointer, 0)
      coordinator.square = square
    }
    let child = isCircle ? coordinator.square!.pointer : painted.pointer
    if let square = coordinator.square {
      let inSquare = gtk_aspect_frame_get_child(square.opaquePointer) == painted.pointer
      if isCircle != inSquare {
        gtk_overlay_set_child(widget.opaquePointer, nil)
        gtk_aspect_frame_set_child(square.opaquePointer, isCircle ? painted.pointer : nil)
      }
    }
    if gtk_overlay_get_child(widget.opaquePointer) != child {
      gtk_overlay_set_child(widget.opaquePointer, child)
    }
    let palette = readsTint ? TintShapeStyle.palette(at: context.node) : StylePalette()
    coordinator.palette = palette
    painted.beginStyle()
    var css = "border-radius: \(radius);"
    if let fill { css += " " + fill.cssBackground(in: palette) }
    let line = isDashed ? "dashed" : "solid"
    if let stroke {
      let color = stroke.style.resolvedColor(in: palette).cssValue
      if strokeInside {
        css += " border: \(cssPixels(stroke.width)) \(line) \(color);"
      } else {
        css +=
          " outline: \(cssPixels(stroke.width)) \(line) \(color);"
          + " outline-offset: \(cssPixels(-stroke.width / 2));"
      }
    }
    if let shadow { css += " box-shadow: \(shadow);" }
    painted.css(css)
    painted.applyStyle()
  }
}
