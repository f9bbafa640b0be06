/// Several views side by side in their container, in order; what a `ViewBuilder` block with
/// more than one statement produces.
public struct TupleView<each Content: View>: View, PrimitiveView {
  let content: (repeat each Content)

  public init(_ content: repeat each Content) {
    self.content = (repeat each content)
  }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    let node = TupleNode<Self>(graph: graph, parent: parent, children: [])
    for view in repeat each content {
      node.children.append(graph.makeNode(for: view, parent: node))
    }
    return node
  }

  /// The elements, for `TupleNode.update`.
  var elements: [any View] {
    var result: [any View] = []
    for view in repeat each content { result.append(view) }
    return result
  }
}
