extension View {
  /// The background of the list row this view is in: SwiftUI's `listRowBackground(_:)`. A
  /// colour, a gradient, or a filled shape (`Rectangle().fill(.tint)`: its fill) becomes the
  /// CSS background of the `GtkListBoxRow` holding the view; other views are accepted and not
  /// drawn. Outside a `List` or `Form` row it does nothing.
  ///
  /// The style resolves in the environment of the row's view, as SwiftUI's does: `.tint` is
  /// the nearest ``tint(_:)`` around the view, `Color.accentColor` the nearest
  /// ``accentColor(_:)``, and a change of either repaints the row.
  ///
  /// ```swift
  /// Text(expense.name).listRowBackground(Color.green.opacity(0.2))
  /// Text(item.name).listRowBackground(Rectangle().fill(.tint.opacity(0.15)))
  /// ```
  public func listRowBackground<V: View>(_ view: V?) -> some View {
    let style = (view as? any ShapeStyle) ?? (view as? PaintedShape)?.fill
    return modifier(ListRowBackgroundModifier(style: style.map { AnyShapeStyle($0) }))
  }
}

/// Styles the list row around the modified view, once the row holds it.
struct ListRowBackgroundModifier: WidgetModifier {
  /// The row's background; `nil` for none.
  let style: AnyShapeStyle?

  @MainActor
  final class Storage {
    let sheet = ScopedStyleSheet()
    /// The palette the last update painted the style with, when it reads the tint.
    var palette = StylePalette()
  }

  static var readsState: Bool { false }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage { Storage() }

  func needsUpdate(afterInheritedChange storage: Storage, node: ModifierNode<some View, Self>)
    -> Bool
  {
    style?.readsTint == true && TintShapeStyle.palette(at: node) != storage.palette
  }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    let widgets = node.widgets
    // NB: resolved here, in the view's environment: the nearest `.tint` around the view.
    let palette = style?.readsTint == true ? TintShapeStyle.palette(at: node) : StylePalette()
    storage.palette = palette
    let style = WidgetStyle(rawCSS: style.map { [$0.cssBackground(in: palette)] } ?? [])
    // NB: a list puts a row's widgets in their `GtkListBoxRow` after the row's views are
    // made, so the row is looked for once the update pass is over.
    UpdateScheduler.shared.enqueueAfterPass { [weak storage] in
      guard let storage, let row = widgets.lazy.compactMap(\.enclosingListRow).first else {
        return
      }
      if let error = storage.sheet.apply(style, to: row) {
        StyleDiagnostics.handler(error, widgets[0])
      }
    }
  }
}
