/// The node of an `if`/`else` or optional view: one child, replaced when the branch (and so
/// the child's type) changes.
@MainActor
final class SwitchNode<V: View>: ViewNode {
  private var child: ViewNode!

  init(graph: ViewGraph, parent: ViewNode?, content: any View) {
    super.init(graph: graph, parent: parent)
    child = graph.makeNode(for: content, parent: self)
  }

  override var childNodes: [ViewNode] { [child] }

  override var widgets: [Widget] { child.widgets }

  override func update(to view: any View) -> Bool {
    guard let view = view as? V, let switching = view as? any SwitchContent else { return false }
    isDirty = false
    if let new = replacement(for: child, with: switching.content) {
      child = new
      widgetsChanged()
    }
    return true
  }

  override func dismantle() {
    child.dismantle()
    super.dismantle()
  }
}

@MainActor
protocol SwitchContent {
  var content: any View { get }
}

extension ConditionalContent: SwitchContent {}
extension Optional: SwitchContent where Wrapped: View {}
