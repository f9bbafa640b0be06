/// One of two views, chosen by an `if`/`else` in a `ViewBuilder`. Each branch has its own
/// identity: switching branches dismantles one subtree and builds the other.
public enum ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
  case trueContent(TrueContent)
  case falseContent(FalseContent)

  var content: any View {
    switch self {
    case .trueContent(let view): view
    case .falseContent(let view): view
    }
  }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    SwitchNode<Self>(graph: graph, parent: parent, content: content, branch: branch)
  }
}

/// An optional view (`if` without `else`) shows nothing when `nil`.
extension Optional: View where Wrapped: View {
  public typealias Body = Never
}

@MainActor
extension Optional: PrimitiveView where Wrapped: View {
  var content: any View {
    switch self {
    case .some(let view): view
    case .none: EmptyView()
    }
  }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    SwitchNode<Self>(graph: graph, parent: parent, content: content, branch: branch)
  }
}
