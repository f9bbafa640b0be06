/// The node of a view composed through `body`; owns the view's `@State` storage.
@MainActor
final class CompositeNode<V: View>: ViewNode {
  private var view: V
  private var child: ViewNode!
  /// The storage of the first instance's state properties, in declaration order.
  private var stateLinks: [AnyStorageLink]

  init(graph: ViewGraph, parent: ViewNode?, view: V) {
    self.view = view
    stateLinks = CompositeNode.stateLinks(of: view)
    super.init(graph: graph, parent: parent)
    if !stateLinks.isEmpty {
      // NB: the value may be shown elsewhere too, or may have been shown before.
      (self.view, stateLinks) = StateStorageSharing.owned(view, links: stateLinks, by: self)
    }
    if !stateLinks.isEmpty {
      // NB: `self.view`: a value shown in two places watches the focus states of its copy.
      for case let focus as any FocusStateWatchable in Mirror(reflecting: self.view).children
        .map(\.value)
      {
        focus.watch(in: graph)
      }
    }
    child = graph.makeNode(for: evaluateBody(), parent: self)
  }

  override var childNodes: [ViewNode] { [child] }
  // NB: an `@Environment` reader is storage too, but nothing the user made: made again, it
  // reads the same values.
  override var holdsState: Bool {
    stateLinks.contains { !($0 is StorageLink<EnvironmentReader>) }
  }
  // NB: without state, a `body` run with another element's view is the node built anew.
  override var isRecyclable: Bool { !holdsState }

  override var widgets: [Widget] { child.widgets }

  override func update(to newView: any View) -> Bool {
    var same = false
    guard newView.whenIs(V.self, { same = adopt($0.pointee) }) else { return false }
    // Same inputs: body would build the same children. State changes re-run it on their own.
    if !same { render() }
    return true
  }

  /// Makes `new` this node's view, its state at the kept storage; whether it has the same
  /// inputs as the view it replaces.
  private func adopt(_ new: V) -> Bool {
    var newView = new
    let same = !isDirty && ViewEquality.isSame(view, newView)
    // NB: the new instance's state must point at the kept storage before `body` runs (or
    // before it is kept, for a later `body` run).
    var freshLinks = CompositeNode.stateLinks(of: newView)
    if freshLinks.contains(where: { $0.wasOwned && $0.owner !== self }) {
      // NB: the same value given to another node in this pass (shown in two places).
      (newView, freshLinks) = StateStorageSharing.owned(newView, links: freshLinks, by: self)
    }
    for (kept, fresh) in zip(stateLinks, freshLinks) {
      fresh.adopt(kept)
      fresh.owner = self
    }
    view = newView
    return same
  }

  override func reevaluate() {
    render()
  }

  private func render() {
    isDirty = false
    if let new = replacement(for: child, with: evaluateBody()) {
      child = new
      widgetsChanged()
    }
  }

  private func evaluateBody() -> V.Body {
    EnvironmentReader.attach(stateLinks, to: self)
    return tracking { view.body }
  }

  override func dismantle() {
    child.dismantle()
    // NB: after the subtree, whose `.focused` views have left the groups of these states.
    if !stateLinks.isEmpty { graph.releaseFocusGroups(ofStatesIn: stateLinks) }
    super.dismantle()
  }

  private static func stateLinks(of view: V) -> [AnyStorageLink] {
    StateLinks.of(view)
  }
}
