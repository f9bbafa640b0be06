/// The node of a `TupleView` (or `EmptyView`): children by position, widgets concatenated.
@MainActor
final class TupleNode<V: View>: ViewNode {
  var children: [ViewNode]

  init(graph: ViewGraph, parent: ViewNode?, children: [ViewNode]) {
    self.children = children
    super.init(graph: graph, parent: parent)
  }

  override var childNodes: [ViewNode] { children }

  override var widgets: [Widget] { children.flatMap(\.widgets) }

  override func update(to view: any View) -> Bool {
    guard let view = view as? V else { return false }
    isDirty = false
    if let tuple = view as? any TupleElements {
      for (index, element) in tuple.elements.enumerated() {
        if let new = replacement(for: children[index], with: element) {
          children[index] = new
          widgetsChanged()
        }
      }
    }
    return true
  }

  override func dismantle() {
    for child in children { child.dismantle() }
    super.dismantle()
  }
}

/// Lets `TupleNode` read a `TupleView`'s elements without knowing its pack.
@MainActor
protocol TupleElements {
  var elements: [any View] { get }
}

extension TupleView: TupleElements {}
