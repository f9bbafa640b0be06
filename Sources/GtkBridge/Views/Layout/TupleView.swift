/// Several views side by side in their container, in order; what a `ViewBuilder` block with
/// more than one statement produces.
public struct TupleView<each Content: View>: View, PrimitiveView {
  /// The views, in one object.
  ///
  /// NB: neither the pack's tuple itself nor an array of `any View`:
  /// - a tuple of a pack has no static layout, so every copy and destroy of a `TupleView` in
  ///   the graph's generic code (several per update of its parent) looked up the tuple's
  ///   metadata at run time, and every container passing it on as `any View` allocated a box;
  /// - an array boxed each view larger than three words on every run of the `body` that
  ///   built it, and its node opened each box again (about 2,500 instructions per update of
  ///   a text field and a label).
  /// A reference is one word: passed on and copied for a retain, and its node reads the views
  /// in place (`TupleNode`).
  ///
  /// NB: built in the caller's module (`@inlinable`), where the tuple's type is known: built
  /// here, its metadata and the storage class's were looked up at run time on every run of
  /// the `body` (about 1,000 instructions).
  @usableFromInline let storage: TupleStorage<repeat each Content>

  @inlinable
  public init(_ content: repeat consuming each Content) {
    storage = TupleStorage((repeat each content))
  }

  /// NB: what `ViewBuilder.buildBlock` builds with: through `init(_:)` each view larger than
  /// a few words was copied once more (about 400 instructions for a text field).
  @inlinable
  init(storage: TupleStorage<repeat each Content>) {
    self.storage = storage
  }

  /// The views, each in an `any View` (for the walks that are not updates: menus, pickers).
  var elements: [any View] {
    var elements: [any View] = []
    for view in repeat each storage.value { elements.append(view) }
    return elements
  }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    assert(
      !RuntimeTricks.areOn || storage.isAtLayoutOffset(Self.layout),
      "TupleStorage's layout is not the one read")
    let node = TupleNode<Self>(graph: graph, parent: parent, children: [])
    for view in elements {
      node.children.append(graph.makeNode(for: view, parent: node))
    }
    return node
  }
}

/// A `TupleView`'s views, in the pack's tuple.
///
/// NB: never mutated: `value` is a `var` only so that `TupleNode` can read the views at its
/// address.
@usableFromInline
final class TupleStorage<each Content: View> {
  @usableFromInline var value: (repeat each Content)

  @inlinable
  init(_ value: consuming (repeat each Content)) {
    self.value = value
  }

  /// Where `value` and each view in it lie, and each view's type.
  static var layout: TupleLayout {
    var elements: [(offset: Int, type: any View.Type)] = []
    var end = 0
    var alignment = 1
    // NB: computed by the layout rules `StoredLayout` relies on (and checks at start-up).
    func add<V: View>(_ type: V.Type) {
      let offset = StoredLayout.roundUp(end, to: MemoryLayout<V>.alignment)
      elements.append((offset, type))
      end = offset + MemoryLayout<V>.size
      alignment = max(alignment, MemoryLayout<V>.alignment)
    }
    repeat add((each Content).self)
    let header = StoredLayout.objectHeaderSize
    return TupleLayout(
      valueOffset: StoredLayout.roundUp(header, to: alignment), elements: elements)
  }

  /// Whether `layout` says where `value` is (checked by debug builds for each type made).
  func isAtLayoutOffset(_ layout: TupleLayout) -> Bool {
    // NB: a tuple of no bytes (views without stored properties, `VStack { Header(); Footer() }`)
    // is read nowhere, and its address is not the object's: no offset to check.
    guard MemoryLayout<(repeat each Content)>.size > 0 else { return true }
    let object = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
    return withPointer(to: &value) { UnsafeRawPointer($0) == object + layout.valueOffset }
  }
}
