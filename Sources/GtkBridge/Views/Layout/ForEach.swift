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

  /// The elements' ids and views, in order.
  var items: [(id: ID, view: Content)] {
    data.map { ($0[keyPath: id], content($0)) }
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

/// Lets `ForEachNode` read any `ForEach` without knowing its generic arguments.
@MainActor
protocol KeyedViews {
  var keyedItems: [(key: AnyHashable, view: any View)] { get }
}

extension ForEach: KeyedViews {
  var keyedItems: [(key: AnyHashable, view: any View)] {
    items.map { (AnyHashable($0.id), $0.view as any View) }
  }
}
