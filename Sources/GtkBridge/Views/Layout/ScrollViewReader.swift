/// Gives its content a proxy that scrolls to a view by its id: SwiftUI's `ScrollViewReader`.
///
/// `scrollTo(_:anchor:)` finds, below the reader, the `ForEach` row whose element has the
/// id (in a ``LazyVStack`` or ``LazyHStack`` too, where GTK makes the row first if it is not
/// on screen) and scrolls the scroll view around it so that the row shows.
///
/// ```swift
/// ScrollViewReader { proxy in
///   Button("Newest") { proxy.scrollTo(messages.last?.id) }
///   ScrollView {
///     LazyVStack { ForEach(messages) { MessageRow(message: $0) } }
///   }
/// }
/// ```
public struct ScrollViewReader<Content: View>: View, PrimitiveView {
  let content: @MainActor (ScrollViewProxy) -> Content

  public init(@ViewBuilder content: @escaping @MainActor (ScrollViewProxy) -> Content) {
    self.content = content
  }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    ScrollReaderNode(graph: graph, parent: parent, reader: self)
  }
}

/// Scrolls to the views below a ``ScrollViewReader`` by id.
@MainActor
public struct ScrollViewProxy {
  let reader: ScrollReaderReference

  /// Scrolls so that the `ForEach` row whose element has `id` shows. Does nothing when no
  /// row has that id.
  ///
  /// - Parameters:
  ///   - id: the id of the row's element.
  ///   - anchor: accepted for SwiftUI's signature; the row is scrolled just into view (GTK's
  ///     "scroll to item"), wherever `anchor` would put it.
  public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {
    guard let node = reader.node, !node.isDismantled else { return }
    let wanted = AnyHashable(id)
    for candidate in node.subtree {
      if let target = candidate as? any ScrollTarget, target.scrollTo(id: wanted) { return }
    }
  }
}

/// A point in a view's bounds, in unit coordinates: SwiftUI's `UnitPoint`.
public struct UnitPoint: Hashable, Sendable {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = UnitPoint(x: 0, y: 0)
  public static let center = UnitPoint(x: 0.5, y: 0.5)
  public static let top = UnitPoint(x: 0.5, y: 0)
  public static let bottom = UnitPoint(x: 0.5, y: 1)
  public static let leading = UnitPoint(x: 0, y: 0.5)
  public static let trailing = UnitPoint(x: 1, y: 0.5)
  public static let topLeading = UnitPoint(x: 0, y: 0)
  public static let topTrailing = UnitPoint(x: 1, y: 0)
  public static let bottomLeading = UnitPoint(x: 0, y: 1)
  public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}
