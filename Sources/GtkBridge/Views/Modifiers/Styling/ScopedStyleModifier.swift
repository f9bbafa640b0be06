/// Styles each widget of the modified view with CSS scoped to that widget alone, as
/// `.configure` does: one stylesheet per modifier and widget, reloaded only when it changes.
///
/// Inherited properties (`color`, `font-*`) reach what the widget contains, so
/// `VStack { … }.font(.title)` styles every label inside.
@usableFromInline
struct ScopedStyleModifier: WidgetModifier {
  /// The style for one widget (a modifier may style a button differently from an entry).
  let style: @MainActor (Widget) -> WidgetStyle

  @MainActor
  final class Storage {
    var sheets: [(widget: Weak, sheet: ScopedStyleSheet)] = []

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

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage { Storage() }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    for widget in node.widgets {
      if let error = storage.sheet(for: widget).apply(style(widget), to: widget.pointer) {
        StyleDiagnostics.handler(error, widget)
      }
    }
  }
}

extension View {
  /// Styles this view's widgets with `style`, scoped to them.
  func scopedStyle(_ style: @escaping @MainActor (Widget) -> WidgetStyle) -> some View {
    modifier(ScopedStyleModifier(style: style))
  }

  /// Styles this view's widgets with `declarations`, CSS GtkBridge wrote from typed values.
  func scopedCSS(_ declarations: String) -> some View {
    scopedStyle { _ in WidgetStyle(rawCSS: declarations.isEmpty ? [] : [declarations]) }
  }
}

/// A length in CSS pixels, from a number that may be anything: non-finite values become 0.
func cssPixels(_ value: CGFloat) -> String {
  let value = Double(value)
  guard value.isFinite else { return "0px" }
  return "\(Double(Int((min(max(value, -10_000), 10_000) * 100).rounded())) / 100)px"
}
