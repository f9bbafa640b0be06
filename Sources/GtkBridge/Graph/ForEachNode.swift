/// The node of a `ForEach`: one child per id, kept across updates and reorders.
@MainActor
final class ForEachNode<V: View>: ViewNode {
  private var keys: [AnyHashable] = []
  private var children: [AnyHashable: ViewNode] = [:]
  private var warnedDuplicate = false

  override var childNodes: [ViewNode] { keys.compactMap { children[$0] } }
  override var widgets: [Widget] { childNodes.flatMap(\.widgets) }

  override func update(to view: any View) -> Bool {
    guard let view = view as? V, let keyed = view as? any KeyedViews else { return false }
    isDirty = false
    var remaining = children
    var newKeys: [AnyHashable] = []
    var newChildren: [AnyHashable: ViewNode] = [:]
    var seen: [AnyHashable: Int] = [:]
    var replaced = false
    for (id, element) in keyed.keyedItems {
      // NB: a repeated id gets an identity of its own (id, occurrence), so no view is lost;
      // SwiftUI's behaviour there is undefined.
      let occurrence = seen[id, default: 0]
      seen[id] = occurrence + 1
      let key = occurrence == 0 ? id : AnyHashable(DuplicateKey(id: id, occurrence: occurrence))
      if occurrence == 1, !warnedDuplicate {
        warnedDuplicate = true
        Log.warning("ForEach: the id \(id) appears more than once; ids must be unique")
      }
      if let node = remaining.removeValue(forKey: key) {
        if let new = replacement(for: node, with: element) {
          newChildren[key] = new
          replaced = true
        } else {
          newChildren[key] = node
        }
      } else {
        newChildren[key] = graph.makeNode(for: element, parent: self)
      }
      newKeys.append(key)
    }
    for node in remaining.values { node.dismantle() }
    let changed = newKeys != keys || replaced
    keys = newKeys
    children = newChildren
    if changed {
      graph.widgetListChanges += 1
      widgetsChanged()
    }
    return true
  }

  override func dismantle() {
    for node in children.values { node.dismantle() }
    super.dismantle()
  }
}

private struct DuplicateKey: Hashable {
  let id: AnyHashable
  let occurrence: Int
}
