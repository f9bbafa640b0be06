/// Several views side by side in their container, in order; what a `ViewBuilder` block with
/// more than one statement produces.
public struct TupleView<each Content: View>: View, PrimitiveView {
  /// The views, in order.
  ///
  /// NB: kept as an array, not as the pack's tuple: a tuple of a pack has no static layout,
  /// so every copy and destroy of a `TupleView` (several per update of its parent) looked
  /// up the tuple's metadata at run time, and reading the elements built this array anyway.
  let elements: [any View]

  public init(_ content: repeat each Content) {
    var count = 0
    for _ in repeat each content { count += 1 }
    // NB: one allocation, not one per doubling (a body builds this on every run).
    var elements: [any View] = []
    elements.reserveCapacity(count)
    for view in repeat each content { elements.append(view) }
    self.elements = elements
  }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    let node = TupleNode<Self>(graph: graph, parent: parent, children: [])
    for view in elements {
      node.children.append(graph.makeNode(for: view, parent: node))
    }
    return node
  }
}
