/// The node of a control drawn by a style of the app's own (a custom `ToggleStyle`,
/// `LabelStyle`, `ProgressViewStyle`): the style's `makeBody(configuration:)`, updated in
/// place while its view type stays the same.
///
/// The style's body sees the environment without that style, as in SwiftUI: a `Toggle`
/// inside a custom toggle style's body is a plain toggle, not the style drawn again forever.
@MainActor
final class StyledControlNode<Control: View>: ViewNode {
  private var child: ViewNode?
  /// The last value, for drawing again when state the style's body read changes.
  private var control: Control
  /// The control's body under the style in `environment`.
  private let render: @MainActor (Control, EnvironmentValues) -> AnyView
  /// Takes the style out of the environment the body's views see.
  private let withoutStyle: @MainActor (inout EnvironmentValues) -> Void

  init(
    graph: ViewGraph, parent: ViewNode?, control: Control,
    render: @escaping @MainActor (Control, EnvironmentValues) -> AnyView,
    withoutStyle: @escaping @MainActor (inout EnvironmentValues) -> Void
  ) {
    self.render = render
    self.withoutStyle = withoutStyle
    self.control = control
    super.init(graph: graph, parent: parent)
    child = graph.makeNode(for: evaluateBody(), parent: self)
  }

  /// The style's body, read under tracking: a value it reads (`configuration.isOn`, through
  /// the control's binding) draws the control again when it changes.
  private func evaluateBody() -> AnyView {
    let environment = super.environment
    return tracking { render(control, environment) }
  }

  override var environment: EnvironmentValues {
    var environment = super.environment
    withoutStyle(&environment)
    return environment
  }

  override var childNodes: [ViewNode] { child.map { [$0] } ?? [] }
  override var widgets: [Widget] { child?.widgets ?? [] }

  override func update(to view: any View) -> Bool {
    guard let control = view as? Control else { return false }
    self.control = control
    redraw()
    return true
  }

  override func reevaluate() {
    redraw()
  }

  private func redraw() {
    isDirty = false
    if let child, let new = replacement(for: child, with: evaluateBody()) {
      self.child = new
      widgetsChanged()
    }
  }

  override func dismantle() {
    child?.dismantle()
    super.dismantle()
  }
}
