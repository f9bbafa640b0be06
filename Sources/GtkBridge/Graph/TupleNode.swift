/// The node of a `TupleView` (or `EmptyView`): children by position, widgets concatenated.
@MainActor
final class TupleNode<V: View>: ViewNode {
  var children: [ViewNode]
  /// `V` as a `TupleView`, looked up once (`EmptyView` has no elements).
  private let tupleType = V.self as? any TupleElements.Type

  init(graph: ViewGraph, parent: ViewNode?, children: [ViewNode]) {
    self.children = children
    super.init(graph: graph, parent: parent)
  }

  override var childNodes: [ViewNode] { children }

  override var widgets: [Widget] { children.flatMap(\.widgets) }

  override func update(to view: any View) -> Bool {
    var elements: [any View] = []
    // NB: through the metatype: `view as? any TupleElements` boxed the tuple on every update.
    guard view.whenIs(V.self, { if let tupleType { elements = tupleType.elements(at: $0) } })
    else { return false }
    isDirty = false
    do {
      for (index, element) in elements.enumerated() {
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

extension TupleElements {
  /// The elements of the value of this type at `view`.
  static func elements(at view: UnsafeRawPointer) -> [any View] {
    view.assumingMemoryBound(to: Self.self).pointee.elements
  }
}
