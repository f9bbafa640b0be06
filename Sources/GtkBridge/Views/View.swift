/// A piece of user interface described by a value: SwiftUI's `View`.
///
/// Compose views in `body`; GtkBridge turns them into GTK widgets, keeps those widgets
/// across updates, and re-runs `body` when state it read changes.
///
/// ```swift
/// struct ContentView: View {
///   @State var name = ""
///   @State var editing = true
///
///   var body: some View {
///     VStack {
///       LegacyTextField(text: $name, isFirstResponder: $editing)
///     }
///   }
/// }
/// ```
@MainActor
public protocol View {
  associatedtype Body: View
  @ViewBuilder var body: Body { get }
}

extension Never: View {
  public typealias Body = Never
  public var body: Never { fatalError("Never has no body") }
}

/// A view GtkBridge builds itself (a stack, a tuple, a GTK-backed view) rather than through
/// `body`. Such views have `Body == Never`; their `body` is never called.
@MainActor
protocol PrimitiveView: View where Body == Never {
  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode
  /// How the graph makes the nodes of this type, asked once per type: a type whose kind of
  /// node depends on its generic parameters (`ModifiedContent`) decides it here, once.
  static func makeNodeMaker() -> @MainActor (Self, ViewGraph, ViewNode?) -> ViewNode
}

extension PrimitiveView {
  static func makeNodeMaker() -> @MainActor (Self, ViewGraph, ViewNode?) -> ViewNode {
    { view, graph, parent in view.makeNode(in: graph, parent: parent) }
  }

  public var body: Never { unbuiltBody() }

  /// What `body` does for a primitive view: nothing calls it. An internal primitive view that
  /// a public modifier returns as `some View` is `@usableFromInline`, so that the app's
  /// compiler sees the concrete type behind `some View` and needs no run-time lookup of it
  /// on each `body` run (about 1,000 instructions per modifier); such a view declares its own
  /// `@usableFromInline var body: Never { unbuiltBody() }`, as the protocol asks.
  func unbuiltBody() -> Never {
    fatalError("\(Self.self) is built by GtkBridge, not through body")
  }
}

/// A view that shows nothing.
public struct EmptyView: View, PrimitiveView {
  public init() {}

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    TupleNode<EmptyView>(graph: graph, parent: parent, children: [])
  }
}
