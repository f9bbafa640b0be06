/// The state properties of a value that declares them (a view, a custom `ViewModifier`) and
/// how a node keeps their storage across new values: one mechanism for `CompositeNode` and
/// `CustomModifierNode`, so `@State`, `@Environment` and `@FocusState` work the same in both.
@MainActor
enum StateLinks {
  /// The storage links of `value`'s state properties, in declaration order; none (without
  /// reflection) for a type already seen to declare none.
  static func of<Value>(_ value: Value) -> [AnyStorageLink] {
    guard StateLayout.mayHaveState(Value.self) else { return [] }
    let links = Mirror(reflecting: value).children.compactMap {
      ($0.value as? any StatefulProperty)?.storageLink
    }
    StateLayout.record(Value.self, hasState: !links.isEmpty)
    return links
  }

  /// `value` with its links owned by `node` (a copy with links of its own when another live
  /// node uses them), and its focus states watched in `node`'s graph.
  static func install<Value>(_ value: Value, links: [AnyStorageLink], in node: ViewNode) -> (
    Value, [AnyStorageLink]
  ) {
    guard !links.isEmpty else { return (value, links) }
    // NB: the value may be shown elsewhere too, or may have been shown before.
    let (owned, ownedLinks) = StateStorageSharing.owned(value, links: links, by: node)
    // NB: `owned`: a value shown in two places watches the focus states of its copy.
    for case let focus as any FocusStateWatchable in Mirror(reflecting: owned).children.map(\.value)
    {
      focus.watch(in: node.graph)
    }
    return (owned, ownedLinks)
  }

  /// `new` with its state properties pointing at the storage `node` keeps (`kept`), so a
  /// value made again by a parent's `body` reads and writes the same state.
  static func adopt<Value>(_ new: Value, kept: [AnyStorageLink], by node: ViewNode) -> Value {
    guard !kept.isEmpty else { return new }
    var value = new
    var fresh = of(value)
    if fresh.contains(where: { $0.wasOwned && $0.owner !== node }) {
      // NB: the same value given to another node in this pass (shown in two places).
      (value, fresh) = StateStorageSharing.owned(value, links: fresh, by: node)
    }
    for (keptLink, freshLink) in zip(kept, fresh) {
      freshLink.adopt(keptLink)
      freshLink.owner = node
    }
    return value
  }
}

/// Remembers which view types declare no state, so their updates skip reflection.
@MainActor
enum StateLayout {
  private static var stateless: Set<ObjectIdentifier> = []

  static func mayHaveState(_ type: Any.Type) -> Bool {
    !stateless.contains(ObjectIdentifier(type))
  }

  static func record(_ type: Any.Type, hasState: Bool) {
    if !hasState { stateless.insert(ObjectIdentifier(type)) }
  }
}
