/// What a built-in modifier does to the widgets of the view it modifies: a ``ViewModifier``
/// without a `body(content:)`, applied by a `ModifierNode`.
@MainActor
protocol WidgetModifier: ViewModifier where Body == Never {
  associatedtype Storage = Void

  /// Runs once, after the modified view's node exists.
  func makeStorage(node: ModifierNode<some View, Self>) -> Storage
  /// Runs after every update of the modified view (and after `makeStorage`), with
  /// observation tracking: state read here re-runs it when it changes.
  func update(_ storage: Storage, node: ModifierNode<some View, Self>)
  /// Runs once, when the view leaves the tree.
  func dismantle(_ storage: Storage, node: ModifierNode<some View, Self>)
  /// Changes the environment the modified view sees.
  func modifyEnvironment(_ environment: inout EnvironmentValues)
  /// Whether `update` must run again now that inherited attributes changed above the node
  /// (``ViewNode/inheritedAttributesChanged()``): `true` only for a modifier whose last update
  /// read one that is now otherwise (a style painted with the tint). Every other says `false`
  /// and is left alone.
  func needsUpdate(afterInheritedChange storage: Storage, node: ModifierNode<some View, Self>)
    -> Bool
  /// Whether `update` may read observable state (a user's closure runs in it). A modifier
  /// that only compares its own inputs says `false` and is not tracked: a row's modifiers
  /// then cost no observation scope per update.
  static var readsState: Bool { get }
  /// Whether a node with this modifier may be updated to another element's view when a lazy
  /// container recycles its row (``ViewNode/isRecyclable``): a modifier that applies its
  /// inputs and nothing else says `true`. One that acts when a view appears, changes or
  /// takes focus, or keeps what the user did, keeps the default, `false`.
  static var isRecyclable: Bool { get }
}

extension WidgetModifier where Storage == Void {
  func makeStorage(node: ModifierNode<some View, Self>) {}
}

extension WidgetModifier {
  static var readsState: Bool { true }
  static var isRecyclable: Bool { false }
  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {}
  func dismantle(_ storage: Storage, node: ModifierNode<some View, Self>) {}
  func modifyEnvironment(_ environment: inout EnvironmentValues) {}
  func needsUpdate(afterInheritedChange storage: Storage, node: ModifierNode<some View, Self>)
    -> Bool
  { false }
}

/// The node of a ``ModifiedContent`` whose modifier is built in (a `WidgetModifier`).
@MainActor
final class ModifierNode<Content: View, Modifier: WidgetModifier>: ViewNode {
  private(set) var modifier: Modifier
  private var child: ViewNode!
  /// The modifier's storage, made once the node exists (`makeStorage` is given the node).
  /// NB: a slot, not a `Modifier.Storage!`: every read of an optional of a generic type looks
  /// its metadata up (about 450 instructions), and each update reads the storage.
  private let storage = UnsafeMutablePointer<Modifier.Storage>.allocate(capacity: 1)
  private var hasStorage = false
  /// `ModifiedContent<Content, Modifier>` and where its modifier is, found once.
  /// NB: naming that type in an update looked its metadata up at run time (about 330
  /// instructions, several times per update of a row's modifiers).
  private let viewType = ObjectIdentifier(ModifiedContent<Content, Modifier>.self)
  private let modifierOffset = ModifiedContent<Content, Modifier>.modifierOffset

  init(graph: ViewGraph, parent: ViewNode?, content: Content, modifier: Modifier) {
    self.modifier = modifier
    assert(
      !RuntimeTricks.areOn
        || MemoryLayout<ModifiedContent<Content, Modifier>>.offset(of: \.modifier)
          == ModifiedContent<Content, Modifier>.modifierOffset,
      "ModifiedContent's layout is not the one ModifierNode reads")
    super.init(graph: graph, parent: parent)
    child = graph.makeNode(for: content, parent: self)
    storage.initialize(to: modifier.makeStorage(node: self))
    hasStorage = true
    applyModifier()
  }

  override var childNodes: [ViewNode] { [child] }
  override var isRecyclable: Bool { Modifier.isRecyclable }
  override var widgets: [Widget] { child.widgets }

  override var environment: EnvironmentValues {
    var environment = parent?.environment ?? EnvironmentValues()
    modifier.modifyEnvironment(&environment)
    return environment
  }

  override func update(to view: any View) -> Bool {
    view.withRawPointer { update(at: $0, as: $1) }
  }

  /// Reads the modifier and the content where the parent holds them: the content goes on to
  /// the child in place, not boxed (see `ViewNode.update(at:as:)`).
  override func update(at pointer: UnsafeRawPointer, as type: any View.Type) -> Bool {
    guard ObjectIdentifier(type) == viewType else { return false }
    modifier =
      RuntimeTricks.areOn
      ? (pointer + modifierOffset).assumingMemoryBound(to: Modifier.self).pointee
      : pointer.assumingMemoryBound(to: ModifiedContent<Content, Modifier>.self).pointee.modifier
    if let new = replacement(for: child, at: pointer, as: Content.self) {
      child = new
      widgetsChanged()
    }
    applyModifier()
    return true
  }

  override func reevaluate() {
    applyModifier()
  }

  override func applyInheritedAttributes() {
    // NB: a modifier that read an inherited attribute (a style in the tint) applies again,
    // and only when what it read changed; no other modifier runs.
    if hasStorage, modifier.needsUpdate(afterInheritedChange: storage.pointee, node: self) {
      applyModifier()
    }
  }

  override func widgetsChanged() {
    // The modified view swapped its widget: the modifier applies to the new one.
    if hasStorage { applyModifier() }
    super.widgetsChanged()
  }

  private func applyModifier() {
    isDirty = false
    if Modifier.readsState {
      tracking { modifier.update(storage.pointee, node: self) }
    } else {
      modifier.update(storage.pointee, node: self)
    }
  }

  override func dismantle() {
    child.dismantle()
    modifier.dismantle(storage.pointee, node: self)
    super.dismantle()
  }

  isolated deinit {
    if hasStorage { storage.deinitialize(count: 1) }
    storage.deallocate()
  }
}
