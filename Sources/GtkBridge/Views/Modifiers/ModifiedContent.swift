/// A view with a modifier applied, or two modifiers applied one after the other: SwiftUI's
/// `ModifiedContent`. `.modifier(_:)` returns it, and so does every built-in modifier (as
/// `some View`).
///
/// It is a ``View`` when `Content` is a view and `Modifier` a ``ViewModifier``, and a
/// ``ViewModifier`` when both are modifiers (what ``ViewModifier/concat(_:)`` returns).
///
/// ```swift
/// let title: ModifiedContent<Text, Title> = Text("Budget").modifier(Title())
/// ```
///
/// NB: the built-in modifiers are internal types conforming to the internal `WidgetModifier`
/// (a `ViewModifier` whose `Body` is `Never`), which acts on the content's widgets directly;
/// a custom modifier's `body(content:)` is composed as a view's `body` is. `@inlinable`
/// modifiers return this type, so the app's compiler sees the concrete type behind a
/// modifier's `some View` (see `PrimitiveView.unbuiltBody()`).
public struct ModifiedContent<Content, Modifier> {
  /// The primitive body: GtkBridge builds the modified view itself.
  public typealias Body = Never

  /// The view (or modifier) being modified.
  public var content: Content
  /// The modifier applied to it.
  public var modifier: Modifier

  /// Applies `modifier` to `content`.
  ///
  /// ```swift
  /// ModifiedContent(content: Text("Hi"), modifier: Title())
  /// ```
  @inlinable
  public init(content: Content, modifier: Modifier) {
    self.content = content
    self.modifier = modifier
  }
}

extension ModifiedContent: Equatable where Content: Equatable, Modifier: Equatable {}

extension ModifiedContent: View, PrimitiveView where Content: View, Modifier: ViewModifier {
  public var body: Never { unbuiltBody() }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    Self.makeNodeMaker()(self, graph, parent)
  }

  /// Which node this type of modified view gets, decided once per type (the casts look
  /// conformances up at run time): a built-in modifier acts on the content's widgets, a
  /// chain of modifiers is applied one by one, a custom modifier composes `body(content:)`.
  static func makeNodeMaker() -> @MainActor (Self, ViewGraph, ViewNode?) -> ViewNode {
    if let widgetModifier = Modifier.self as? any WidgetModifier.Type {
      return widgetNodeMaker(widgetModifier)
    }
    if let chain = Modifier.self as? any ModifierChain.Type {
      return chainNodeMaker(chain)
    }
    return { view, graph, parent in
      CustomModifierNode<Content, Modifier>(
        graph: graph, parent: parent, content: view.content, modifier: view.modifier)
    }
  }

  private static func widgetNodeMaker<M: WidgetModifier>(_: M.Type)
    -> @MainActor (Self, ViewGraph, ViewNode?) -> ViewNode
  {
    { view, graph, parent in
      // NB: `M` is `Modifier`, found by the cast above; the cast of the value is a no-op.
      ModifierNode<Content, M>(
        graph: graph, parent: parent, content: view.content,
        modifier: unsafeBitCast(view.modifier, to: M.self))
    }
  }

  private static func chainNodeMaker<M: ModifierChain>(_: M.Type)
    -> @MainActor (Self, ViewGraph, ViewNode?) -> ViewNode
  {
    { view, graph, parent in
      ModifierChainNode<Content, M>(
        graph: graph, parent: parent,
        view: ModifiedContent<Content, M>(
          content: view.content, modifier: unsafeBitCast(view.modifier, to: M.self)))
    }
  }

  /// Where `modifier` is from the start of the view (`content` is at 0), by the layout rules
  /// `StoredLayout` relies on. The modifier nodes read the two in place when the runtime
  /// tricks are on (see `ModifierNode.update(at:as:)`).
  static var modifierOffset: Int {
    StoredLayout.offsetOfSecond(after: Content.self, Modifier.self)
  }
}

extension ModifiedContent: ViewModifier where Content: ViewModifier, Modifier: ViewModifier {
  /// Not called: a chain is applied as `content`, then `modifier`.
  public func body(content: _ViewModifier_Content<Self>) -> Never { chainBody() }
}

extension ModifiedContent: ModifierChain where Content: ViewModifier, Modifier: ViewModifier {
  func applied<V: View>(to view: V) -> any View {
    view.modifier(content).modifier(modifier)
  }

  private func chainBody() -> Never {
    fatalError("\(Self.self) is applied by GtkBridge, not through body(content:)")
  }
}

/// Two modifiers made one by `concat(_:)`: applied to a view, they are the view with the
/// first modifier, then the second.
@MainActor
protocol ModifierChain: ViewModifier {
  func applied<V: View>(to view: V) -> any View
}
