/// The node of a view with a custom ``ViewModifier`` applied: composes the modifier's
/// `body(content:)` as `CompositeNode` composes a view's `body`, and owns the modifier's
/// `@State`, `@Environment` and `@FocusState` storage.
///
/// The modified view reaches the body through a `ModifierContentSlot`: the body's
/// `_ViewModifier_Content` placeholders show whatever the slot holds. A parent that runs
/// again gives this node a new content and a new modifier; the body runs again only when
/// the modifier's inputs changed (or state it read did), otherwise only the placeholders
/// take the new content.
@MainActor
final class CustomModifierNode<Content: View, Modifier: ViewModifier>: ViewNode {
  private var modifier: Modifier
  private let slot: TypedModifierContentSlot<Content>
  private var child: ViewNode!
  /// The storage of the first modifier value's state properties, in declaration order.
  private var stateLinks: [AnyStorageLink]
  private let viewType = ObjectIdentifier(ModifiedContent<Content, Modifier>.self)
  private let modifierOffset = ModifiedContent<Content, Modifier>.modifierOffset

  init(graph: ViewGraph, parent: ViewNode?, content: Content, modifier: Modifier) {
    self.modifier = modifier
    slot = TypedModifierContentSlot(content: content)
    stateLinks = StateLinks.of(modifier)
    super.init(graph: graph, parent: parent)
    (self.modifier, stateLinks) = StateLinks.install(modifier, links: stateLinks, in: self)
    child = graph.makeNode(for: evaluateBody(), parent: self)
  }

  override var childNodes: [ViewNode] { [child] }
  override var widgets: [Widget] { child.widgets }

  override func update(to view: any View) -> Bool {
    view.withRawPointer { update(at: $0, as: $1) }
  }

  override func update(at pointer: UnsafeRawPointer, as type: any View.Type) -> Bool {
    guard ObjectIdentifier(type) == viewType else { return false }
    let newModifier = StateLinks.adopt(
      RuntimeTricks.areOn
        ? (pointer + modifierOffset).assumingMemoryBound(to: Modifier.self).pointee
        : pointer.assumingMemoryBound(to: ModifiedContent<Content, Modifier>.self).pointee
          .modifier,
      kept: stateLinks, by: self)
    let same = !isDirty && ViewEquality.isSame(modifier, newModifier)
    modifier = newModifier
    slot.content = pointer.assumingMemoryBound(to: Content.self).pointee
    if !same { render() }
    // NB: also after `render()`: a placeholder inside a view of the body whose inputs did not
    // change (`Card(content: content)`: the same slot) was not updated by it.
    slot.updatePlaceholders()
    return true
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

  private func evaluateBody() -> Modifier.Body {
    EnvironmentReader.attach(stateLinks, to: self)
    let content = _ViewModifier_Content<Modifier>(slot: slot)
    return tracking { modifier.body(content: content) }
  }

  override func dismantle() {
    child.dismantle()
    // NB: a modifier's own focus state goes with it, as a view's does (see `CompositeNode`).
    if !stateLinks.isEmpty { graph.releaseFocusGroups(ofStatesIn: stateLinks) }
    super.dismantle()
  }
}
