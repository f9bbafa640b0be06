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
public protocol Shape: View, Sendable {}

extension Shape {
  /// The shape's outline in `style`, `lineWidth` pixels wide, centred on the shape's edge as
  /// SwiftUI strokes a path: half inside the frame, half outside (a CSS outline drawn back
  /// over the edge by half its width).
  public func stroke<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1) -> PaintedShape {
    PaintedShape(
      radius: borderRadius(of: self), fill: nil, stroke: (style.resolvedColor, lineWidth),
      strokeInside: false, isCircle: self is Circle)
  }

  /// The outline drawn inside the shape's edges: SwiftUI's `strokeBorder(_:lineWidth:)`, the
  /// shape inset by half the line width and stroked. A CSS border lies inside the widget.
  public func strokeBorder<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1) -> PaintedShape {
    PaintedShape(
      radius: borderRadius(of: self), fill: nil, stroke: (style.resolvedColor, lineWidth),
      strokeInside: true, isCircle: self is Circle)
  }

  /// The shape filled with `style` (a CSS background).
  public func fill<S: ShapeStyle>(_ style: S) -> PaintedShape {
    PaintedShape(
      radius: borderRadius(of: self), fill: style.resolvedColor, stroke: nil, strokeInside: true,
      isCircle: self is Circle)
  }
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
public struct PaintedShape: WidgetRepresentable {
  let radius: String
  let fill: Color?
  let stroke: (color: Color, width: CGFloat)?
  /// `strokeBorder` (a border inside the frame) rather than `stroke` (centred on the edge).
  let strokeInside: Bool
  let isCircle: Bool

  /// The painted box, and the square frame a circle's box sits in.
  @MainActor
  public final class Coordinator {
    let painted = Widget(
      retaining: UnsafeMutableRawPointer(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)))
    var square: Widget?
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
    painted.beginStyle()
    var css = "border-radius: \(radius);"
    if let fill { css += " background-color: \(fill.cssValue); background-image: none;" }
    if let stroke, strokeInside {
      css += " border: \(cssPixels(stroke.width)) solid \(stroke.color.cssValue);"
    } else if let stroke {
      css +=
        " outline: \(cssPixels(stroke.width)) solid \(stroke.color.cssValue);"
        + " outline-offset: \(cssPixels(-stroke.width / 2));"
    }
    painted.css(css)
    painted.applyStyle()
  }
}
