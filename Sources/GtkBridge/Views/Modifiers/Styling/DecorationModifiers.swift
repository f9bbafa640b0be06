import CGtk

extension View {
  /// Fills the view's background: SwiftUI's `background(_:)` with a colour or shape style.
  /// CSS `background-color` (and no theme background image), or a gradient's
  /// `background-image`, scoped to this view's widgets.
  ///
  /// GTK margins (`.padding`) lie outside the widget, so unlike SwiftUI the background does
  /// not cover padding applied before it.
  ///
  /// `.tint` (``TintShapeStyle``) is the nearest ``tint(_:)`` around the view, or the
  /// theme's accent colour with none, followed when it changes.
  ///
  /// ```swift
  /// TextField("Username", text: $username).background(Color.gray.opacity(0.2))
  /// Text("New").padding(4).background(.tint)
  /// ```
  public func background<S: ShapeStyle>(_ style: S) -> some View {
    scopedStyle(readingTint: style.readsTint) { _, palette in
      // NB: a gradient is a background image; a colour stays a typed colour.
      style.cssBackgroundImage == nil
        ? WidgetStyle(backgroundColor: style.resolvedColor(in: palette))
        : WidgetStyle(rawCSS: [style.cssBackground(in: palette)])
    }
  }

  /// Draws a border inside the view's edges: SwiftUI's `border(_:width:)`. CSS `border`;
  /// `.tint` is the nearest ``tint(_:)`` around the view, or the accent colour.
  ///
  /// ```swift
  /// TextField("Email", text: $email).border(.secondary)
  /// Text("Selected").padding(4).border(.tint, width: 2)
  /// ```
  public func border<S: ShapeStyle>(_ style: S, width: CGFloat = 1) -> some View {
    scopedStyle(readingTint: style.readsTint) { _, palette in
      WidgetStyle(
        rawCSS: ["border: \(cssPixels(width)) solid \(style.resolvedColor(in: palette).cssValue);"])
    }
  }

  /// Rounds the view's corners: SwiftUI's `cornerRadius(_:)`. CSS `border-radius`, which
  /// also clips the background.
  public func cornerRadius(_ radius: CGFloat) -> some View {
    scopedCSS("border-radius: \(cssPixels(radius));")
  }

  /// Makes the view transparent: SwiftUI's `opacity(_:)`. Wraps `gtk_widget_set_opacity`.
  public func opacity(_ opacity: Double) -> some View {
    modifier(
      WidgetPropertyModifier(key: "opacity") { widget in
        let value = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        if gtk_widget_get_opacity(widget.pointer) != value {
          gtk_widget_set_opacity(widget.pointer, value)
        }
      } reset: { widget in
        gtk_widget_set_opacity(widget.pointer, 1)
      })
  }
}

/// Sets a GTK property on each widget of the modified view; a widget the view no longer
/// shows gets `reset`.
@usableFromInline
struct WidgetPropertyModifier: WidgetModifier {
  static var isRecyclable: Bool { true }
  let key: String
  let apply: @MainActor (Widget) -> Void
  let reset: @MainActor (Widget) -> Void

  @MainActor
  final class Storage {
    var widgets: [Weak] = []
    struct Weak {
      weak var widget: Widget?
    }
  }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage { Storage() }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    let widgets = node.widgets
    for old in storage.widgets.compactMap(\.widget) where !widgets.contains(where: { $0 === old }) {
      reset(old)
    }
    for widget in widgets { apply(widget) }
    storage.widgets = widgets.map { Storage.Weak(widget: $0) }
  }
}
