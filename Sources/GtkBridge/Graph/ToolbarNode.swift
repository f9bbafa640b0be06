/// The node of a view with `toolbar(content:)`: its content in
/// place, and one node per toolbar item whose widgets the window's ``WindowChrome`` places.
@MainActor
final class ToolbarNode<Content: View>: ViewNode, ToolbarContributor {
  private var child: ViewNode!
  private var items: [(path: [Int], placement: ToolbarItemPlacement, node: ViewNode)] = []

  init(graph: ViewGraph, parent: ViewNode?, view: ToolbarView<Content>) {
    super.init(graph: graph, parent: parent)
    child = graph.makeNode(for: view.content, parent: self)
    items = view.items.map { ($0.path, $0.placement, graph.makeNode(for: $0.view, parent: self)) }
    graph.chrome?.register(self)
  }

  override var childNodes: [ViewNode] { [child] + items.map(\.node) }
  override var widgets: [Widget] { child.widgets }

  var toolbarItems: [(placement: ToolbarItemPlacement, widgets: [Widget])] {
    items.map { ($0.placement, $0.node.widgets) }
  }

  override func update(to view: any View) -> Bool {
    guard let view = view as? ToolbarView<Content> else { return false }
    isDirty = false
    if let new = replacement(for: child, with: view.content) {
      child = new
      super.widgetsChanged()
    }
    // Items are kept by their place in the builder: one an `if` adds or removes leaves the
    // others' widgets alone.
    var old: [[Int]: (placement: ToolbarItemPlacement, node: ViewNode)] = [:]
    for item in items { old[item.path] = (item.placement, item.node) }
    var changed = items.map(\.path) != view.items.map(\.path)
    items = view.items.map { entry in
      guard let kept = old.removeValue(forKey: entry.path) else {
        return (entry.path, entry.placement, graph.makeNode(for: entry.view, parent: self))
      }
      if kept.placement != entry.placement { changed = true }
      if let new = replacement(for: kept.node, with: entry.view) {
        changed = true
        return (entry.path, entry.placement, new)
      }
      return (entry.path, entry.placement, kept.node)
    }
    for removed in old.values { removed.node.dismantle() }
    if changed { graph.chrome?.refresh() }
    return true
  }

  override func widgetsChanged() {
    // NB: the content or an item swapped widgets; either way the chrome re-places (it only
    // moves what changed) and the container re-syncs.
    graph.chrome?.refresh()
    super.widgetsChanged()
  }

  override func dismantle() {
    child.dismantle()
    for item in items { item.node.dismantle() }
    graph.chrome?.unregister(self)
    super.dismantle()
  }
}

/// A node whose toolbar items the window's chrome places.
@MainActor
protocol ToolbarContributor: ViewNode {
  var toolbarItems: [(placement: ToolbarItemPlacement, widgets: [Widget])] { get }
}
