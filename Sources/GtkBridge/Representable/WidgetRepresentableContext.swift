/// What a ``WidgetRepresentable`` receives in `makeWidget` and `updateWidget`.
///
/// ```swift
/// func updateWidget(_ entry: Entry, context: Context) {
///   context.coordinator.text = $text
/// }
/// ```
@MainActor
public final class WidgetRepresentableContext<Representable: WidgetRepresentable> {
  /// The coordinator `makeCoordinator()` returned; the same object for the view's lifetime.
  public let coordinator: Representable.Coordinator

  weak var node: ViewNode?

  init(coordinator: Representable.Coordinator) {
    self.coordinator = coordinator
  }

  /// The environment at this view's place in the tree, read now (not when the view was made).
  public var environment: EnvironmentValues { node?.environment ?? EnvironmentValues() }

  /// Gives `widget`, made by `updateWidget` inside the view's own widget after that was
  /// styled (a picker's buttons for new choices), the control style of the modifiers around
  /// the view (``ControlStyle``: `.tint`, `.buttonStyle`, `.controlSize`, …).
  func applyControlStyle(toMadeLater widget: Widget) {
    node?.applyControlStyle(toMadeLater: widget)
  }

  /// Runs the `.onSubmit` actions around this view, as a text field does on Return, outside
  /// any update pass. Call it from the widget's "activate" (or similar) handler; keep the
  /// context weakly there.
  ///
  /// ```swift
  /// coordinator.activate = view.connect("activate") { [weak context] in context?.submit() }
  /// ```
  public func submit() {
    MainLoop.performOutsideUpdate { [weak self] in self?.environment.submit() }
  }
}
