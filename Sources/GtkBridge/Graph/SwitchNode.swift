/// The node of an `if`/`else`, an optional view, a `Group` or an `.id(_:)`: one child, kept
/// while the same branch (or id) is taken.
///
/// The branch is part of the child's identity, as in SwiftUI: `if c { Counter("A") } else
/// { Counter("B") }` is two views even though both are `Counter`, so switching branches
/// dismantles one (its `@State`, widgets and focus) and builds the other fresh.
@MainActor
final class SwitchNode<V: View & SwitchContent>: ViewNode {
  private var child: ViewNode!
  private var branch: AnyHashable

  init(graph: ViewGraph, parent: ViewNode?, content: any View, branch: AnyHashable = 0) {
    self.branch = branch
    super.init(graph: graph, parent: parent)
    child = graph.makeNode(for: content, parent: self)
  }

  override var childNodes: [ViewNode] { [child] }
  // NB: another branch (or `.id`) is built anew by the update, as in SwiftUI.
  override var isRecyclable: Bool { true }

  override var widgets: [Widget] { child.widgets }

  override func update(to view: any View) -> Bool {
    var content: (any View)?
    var newBranch: AnyHashable?
    let isV = view.whenIs(V.self) {
      content = $0.pointee.content
      newBranch = $0.pointee.branch
    }
    guard isV, let content, let newBranch else { return false }
    isDirty = false
    if newBranch != branch {
      branch = newBranch
      child.dismantle()
      graph.widgetListChanges += 1
      child = graph.makeNode(for: content, parent: self)
      widgetsChanged()
    } else if let new = replacement(for: child, with: content) {
      child = new
      widgetsChanged()
    }
    return true
  }

  override func dismantle() {
    child.dismantle()
    super.dismantle()
  }
}

/// A view with one child chosen by a branch (`if`/`else`, optional) or always the same one.
@MainActor
protocol SwitchContent {
  var content: any View { get }
  /// Which branch (or explicit id) `content` comes from; a change is a new child identity.
  var branch: AnyHashable { get }
}

extension SwitchContent {
  var branch: AnyHashable { 0 }
}

extension ConditionalContent: SwitchContent {
  var branch: AnyHashable {
    switch self {
    case .trueContent: 0
    case .falseContent: 1
    }
  }
}

extension Optional: SwitchContent where Wrapped: View {
  var branch: AnyHashable { self == nil ? 1 : 0 }
}
