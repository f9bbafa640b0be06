/// The node of a `TupleView` (or `EmptyView`): children by position, widgets concatenated.
@MainActor
final class TupleNode<V: View>: ViewNode {
  var children: [ViewNode]
  /// `V` as a `TupleView`, looked up once (`EmptyView` has no elements).
  private let tupleType = V.self as? any TupleElements.Type
  /// Where each child's view lies, and its type (see `TupleStorage.layout`).
  private lazy var layout = tupleType?.layout

  init(graph: ViewGraph, parent: ViewNode?, children: [ViewNode]) {
    self.children = children
    super.init(graph: graph, parent: parent)
  }

  override var childNodes: [ViewNode] { children }
  override var isRecyclable: Bool { true }

  override var widgets: [Widget] { children.flatMap(\.widgets) }

  override func update(to view: any View) -> Bool {
    view.withRawPointer { update(at: $0, as: $1) }
  }

  override func update(at pointer: UnsafeRawPointer, as type: any View.Type) -> Bool {
    guard type == V.self else { return false }
    isDirty = false
    guard RuntimeTricks.areOn else { return updateFromCopies(at: pointer) }
    guard let layout else { return true }
    // NB: the children's views are read where the tuple holds them, neither copied nor boxed.
    let value = layout.value(ofTupleViewAt: pointer)
    for index in children.indices {
      let (offset, type) = layout.elements[index]
      if let new = replacement(for: children[index], at: value + offset, as: type) {
        children[index] = new
        widgetsChanged()
      }
    }
    return true
  }

  /// `update(at:as:)` without the runtime tricks: each child's view is copied out of the
  /// tuple by its type (`StoredLayout`'s offsets are not used).
  private func updateFromCopies(at pointer: UnsafeRawPointer) -> Bool {
    guard let tuple = V.boxed(at: pointer) as? any TupleElements else { return true }
    for (index, view) in zip(children.indices, tuple.elements) {
      if let new = replacement(for: children[index], with: view) {
        children[index] = new
        widgetsChanged()
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
  /// Where its storage holds the views, and their types.
  static var layout: TupleLayout { get }
}

extension TupleView: TupleElements {
  static var layout: TupleLayout { TupleStorage<repeat each Content>.layout }
}
