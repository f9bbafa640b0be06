extension View {
  /// The background of the list row this view is in: SwiftUI's `listRowBackground(_:)`. A
  /// colour or gradient (a ``ShapeStyle`` given as the view) becomes the CSS background of
  /// the `GtkListBoxRow` holding the view; other views are accepted and not drawn. Outside a
  /// `List` or `Form` row it does nothing.
  ///
  /// ```swift
  /// Text(expense.name).listRowBackground(Color.green.opacity(0.2))
  /// ```
  public func listRowBackground<V: View>(_ view: V?) -> some View {
    modifier(
      ListRowBackgroundModifier(style: (view as? any ShapeStyle)?.cssBackground(in: StylePalette()))
    )
  }
}

/// Styles the list row around the modified view, once the row holds it.
struct ListRowBackgroundModifier: WidgetModifier {
  /// CSS background declarations; `nil` for none.
  let style: String?

  @MainActor
  final class Storage {
    let sheet = ScopedStyleSheet()
  }

  static var readsState: Bool { false }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage { Storage() }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    let widgets = node.widgets
    let style = WidgetStyle(rawCSS: style.map { [$0] } ?? [])
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
