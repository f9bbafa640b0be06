/// One view per element of a collection, identified by the element's id: SwiftUI's `ForEach`.
///
/// Views keep their identity (widget, coordinator, state, focus, cursor) by id: reordering
/// the data moves the existing widgets, removing an element dismantles only its view.
///
/// ```swift
/// ForEach(rows) { row in
///   RowView(row: row)
/// }
/// ```
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View,
  PrimitiveView
{
  let data: Data
  let id: KeyPath<Data.Element, ID>
  let content: @MainActor (Data.Element) -> Content

  /// Views for `data`, identified by the property at `id`.
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping @MainActor (Data.Element) -> Content
  ) {
    self.data = data
    self.id = id
    self.content = content
  }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    let node = ForEachNode<Self>(graph: graph, parent: parent)
    _ = node.update(to: self)
    return node
  }

}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
  /// Views for `data`, identified by each element's `id`.
  public init(_ data: Data, @ViewBuilder content: @escaping @MainActor (Data.Element) -> Content) {
    self.init(data, id: \.id, content: content)
  }
}

extension ForEach where Data == Range<Int>, ID == Int {
  /// Views for a constant range, identified by the integer.
  public init(_ data: Range<Int>, @ViewBuilder content: @escaping @MainActor (Int) -> Content) {
    self.init(data, id: \.self, content: content)
  }
}

extension ForEach: KeyedViews {
  var keyedElements: [KeyedElement] {
    let content = content
    return data.map { element in
      (AnyHashable(element[keyPath: id]), element, { content(element) })
    }
  }

  func keyedElement(at offset: Int) -> KeyedElement {
    let element = data[data.index(data.startIndex, offsetBy: offset)]
    let content = content
    return (AnyHashable(element[keyPath: id]), element, { content(element) })
  }

  func changedRows(since previous: any View) -> [Int]? {
    guard let previous = previous as? Self, previous.id == id,
      let offset = MemoryLayout<Self>.offset(of: \Self.content),
      ClosureIdentity.isSame(storedAt: offset, in: previous, self)
    else { return nil }
    return ElementChanges.between(previous.data, data, id: id)
  }
}

extension ForEach {
  /// A view per element of a collection binding, each given a binding to its element:
  /// SwiftUI's binding `ForEach`.
  ///
  /// Each row's binding finds its element by id, not by position: typing into a row while
  /// other rows are removed or reordered writes into the row the user is in. A write to an
  /// element that is gone is dropped with a logged warning.
  ///
  /// ```swift
  /// ForEach($model.items) { $item in
  ///   TextField("Name", text: $item.name)
  /// }
  /// ```
  public init<C: MutableCollection & RandomAccessCollection>(
    _ data: Binding<C>,
    // NB: not `@MainActor`: a closure with a property-wrapper parameter (`$item in`) then
    // loses the main actor with this compiler; without it, it inherits the caller's.
    @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
  ) where C.Element: Identifiable, Data == [BoundElement<C>], ID == C.Element.ID {
    let collection = data.wrappedValue
    let elements = zip(collection.indices, collection).map {
      BoundElement<C>(index: $0, element: $1)
    }
    self.init(elements, id: \.id) { bound in
      content(data.element(withID: bound.id, at: bound.index, lastKnown: bound.element))
    }
  }
}

/// An element of a collection binding and where it was when the `ForEach` was made: what a
/// binding `ForEach` iterates.
public struct BoundElement<C: RandomAccessCollection>: Identifiable where C.Element: Identifiable {
  /// Where the element was; its binding looks here first, then searches by id.
  public let index: C.Index
  public let element: C.Element

  public var id: C.Element.ID { element.id }
}

/// An element wrapper whose duplicates `ForEachNode` matches by the element it wraps.
protocol BoundElementMatching {
  var matchingElement: Any { get }
}

extension BoundElement: BoundElementMatching {
  var matchingElement: Any { element }
}
