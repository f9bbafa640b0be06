import CGtk

extension View {
  /// The label assistive technologies announce for the view.
  /// Sets `GTK_ACCESSIBLE_PROPERTY_LABEL`.
  public func accessibilityLabel(_ label: String) -> some View {
    modifier(AccessibilityLabelModifier(label: label))
  }

  /// Configures and styles the view's GTK widget, like ``LegacyTextField``'s configuration
  /// closure: style set here (``Widget/textColor``, ``Widget/css(_:)``, …) becomes CSS scoped
  /// to this one widget, reloaded only when it changes.
  ///
  /// ```swift
  /// Button("Delete") { delete() }
  ///   .configure { $0.css("color: #c01c28; font-weight: bold;") }
  /// ```
  public func configure(_ body: @escaping @MainActor (Widget) -> Void) -> some View {
    modifier(ConfigureModifier(body: body))
  }
}

@usableFromInline
struct AccessibilityLabelModifier: WidgetModifier {
  static var isRecyclable: Bool { true }
  let label: String

  @MainActor
  final class Storage {
    /// The label set, and on which widgets (a view may swap its widget).
    var applied: (label: String, widgets: [ObjectIdentifier])?
  }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage { Storage() }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    let widgets = node.widgets
    let ids = widgets.map(ObjectIdentifier.init)
    if let applied = storage.applied, applied.label == label, applied.widgets == ids { return }
    storage.applied = (label, ids)
    for widget in widgets { cgtk_accessible_set_label(widget.pointer, label) }
  }
}

@usableFromInline
struct ConfigureModifier: WidgetModifier {
  let body: @MainActor (Widget) -> Void

  @MainActor
  final class Storage {
    var sheet = ScopedStyleSheet()
    /// The widget the sheet styles; a view that swaps its widget gets a fresh sheet.
    weak var widget: Widget?
    /// Where the sheet sits among the widget's: by the node's depth, as a styling modifier's
    /// (``ScopedStyleModifier``): of two modifiers the inner wins.
    let priority: CSSProvider.WidgetPriority

    init(priority: CSSProvider.WidgetPriority) {
      self.priority = priority
    }
  }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage {
    Storage(priority: .nested(depth: node.depth))
  }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    guard let widget = node.widgets.first else { return }
    if storage.widget !== widget {
      storage.sheet = ScopedStyleSheet()
      storage.widget = widget
    }
    // NB: the modifier's style has a stylesheet of its own, so it composes with the
    // widget's configuration closure instead of replacing it.
    let outer = widget.style
    widget.beginStyle()
    widget.runConfiguration { body(widget) }
    let mine = widget.style
    widget.style = outer
    if let error = storage.sheet.apply(mine, to: widget.pointer, priority: storage.priority) {
      StyleDiagnostics.handler(error, widget)
    }
  }
}
