/// The modified view a custom modifier's `body(content:)` places: held by the modifier's
/// node, shown by each `_ViewModifier_Content` placeholder (a `ModifierContentNode`) that
/// the body puts in the tree.
///
/// The placeholder's type names only the modifier (as in SwiftUI), so the content's type
/// lives here, behind this class's methods.
@MainActor
class ModifierContentSlot {
  /// Counts the contents given to the slot, so a placeholder that already shows the latest
  /// one is not updated again when only the modifier's body ran.
  fileprivate(set) var generation = 0
  /// The placeholders showing the content, for an update that does not run the body.
  private var placeholders: [WeakPlaceholder] = []

  private struct WeakPlaceholder {
    weak var node: ModifierContentNode?
  }

  /// Makes the node of the current content below `parent`.
  func makeNode(in graph: ViewGraph, parent: ViewNode) -> ViewNode {
    fatalError("subclass")
  }

  /// Updates `node` (made by `makeNode`) to the current content; the node that replaces it
  /// when the content is of another type.
  func update(_ node: ViewNode, parent: ViewNode) -> ViewNode? {
    fatalError("subclass")
  }

  func register(_ placeholder: ModifierContentNode) {
    placeholders.removeAll { $0.node == nil || $0.node === placeholder }
    placeholders.append(WeakPlaceholder(node: placeholder))
  }

  /// Gives the current content to every placeholder that shows it.
  func updatePlaceholders() {
    for case let node? in placeholders.map(\.node) where !node.isDismantled {
      node.takeContent()
    }
  }
}

/// A `ModifierContentSlot` for content of type `Content`.
@MainActor
final class TypedModifierContentSlot<Content: View>: ModifierContentSlot {
  var content: Content {
    didSet { generation += 1 }
  }

  init(content: Content) {
    self.content = content
  }

  override func makeNode(in graph: ViewGraph, parent: ViewNode) -> ViewNode {
    graph.makeNode(for: content, parent: parent)
  }

  override func update(_ node: ViewNode, parent: ViewNode) -> ViewNode? {
    withUnsafePointer(to: &content) {
      parent.replacement(for: node, at: UnsafeRawPointer($0), as: Content.self)
    }
  }
}

/// The node of a `_ViewModifier_Content` placeholder: shows the slot's content.
@MainActor
final class ModifierContentNode: ViewNode {
  private var slot: ModifierContentSlot
  private var child: ViewNode!
  private var shownGeneration: Int

  init(graph: ViewGraph, parent: ViewNode?, slot: ModifierContentSlot) {
    self.slot = slot
    shownGeneration = slot.generation
    super.init(graph: graph, parent: parent)
    child = slot.makeNode(in: graph, parent: self)
    slot.register(self)
  }

  override var childNodes: [ViewNode] { [child] }
  override var widgets: [Widget] { child.widgets }

  override func update(to view: any View) -> Bool {
    guard let placeholder = view as? any ModifierContentPlaceholder else { return false }
    let newSlot = placeholder.slot
    if newSlot !== slot {
      // NB: another modifier's content (a body that passes its content on): start over.
      guard type(of: newSlot) == type(of: slot) else { return false }
      slot = newSlot
      slot.register(self)
      shownGeneration = -1
    }
    takeContent()
    return true
  }

  /// Shows the slot's current content, if this node does not already.
  func takeContent() {
    guard shownGeneration != slot.generation else { return }
    shownGeneration = slot.generation
    if let new = slot.update(child, parent: self) {
      child = new
      widgetsChanged()
    }
  }

  override func dismantle() {
    child.dismantle()
    super.dismantle()
  }
}

/// What `ModifierContentNode` reads from any `_ViewModifier_Content`, whatever its modifier.
@MainActor
protocol ModifierContentPlaceholder {
  var slot: ModifierContentSlot { get }
}

extension _ViewModifier_Content: ModifierContentPlaceholder {}
