import CGtk

/// A persistent node of the view graph: the identity a view value keeps across updates.
///
/// View values are rebuilt on every `body` run; nodes are not. A node owns what must survive
/// (state storage, a coordinator, GTK widgets) and takes each new value of its view in
/// `update(to:)`. Nodes are kept by structural position, so a widget is never rebuilt just
/// because its parent re-rendered.
@MainActor
class ViewNode {
  unowned let graph: ViewGraph
  weak var parent: ViewNode?
  let depth: Int
  var isDirty = false
  private(set) var isDismantled = false
  /// What the last `tracking(_:)` run read; made by the first run, cancelled by dismantling.
  private var reader: DependencyReader?

  init(graph: ViewGraph, parent: ViewNode?) {
    self.graph = graph
    self.parent = parent
    depth = (parent?.depth ?? -1) + 1
    LiveObjects.increment(LiveObjects.viewNodes)
  }

  deinit {
    LiveObjects.decrement(LiveObjects.viewNodes)
  }

  /// The environment this node's views see: the parent's, as modifiers above changed it.
  var environment: EnvironmentValues { parent?.environment ?? EnvironmentValues() }

  /// The nodes directly below this one, for walking the tree (tests, debugging).
  var childNodes: [ViewNode] { [] }

  /// This node and every node below it, depth first.
  var subtree: [ViewNode] { [self] + childNodes.flatMap(\.subtree) }

  /// Whether this node and every node below it are ``isRecyclable``.
  final var isRecyclableSubtree: Bool {
    isRecyclable && childNodes.allSatisfy(\.isRecyclableSubtree)
  }

  /// Positions from the root down to this node: its declaration order in the tree.
  var indexPath: [Int] {
    var path: [Int] = []
    var node = self
    while let parent = node.parent {
      path.append(parent.order(ofChild: node))
      node = parent
    }
    return path.reversed()
  }

  /// Where `child` comes among this node's children in declaration order (what
  /// ``indexPath`` compares): its place in ``childNodes`` unless the node keeps its children
  /// in another order (a lazy `ForEach`'s rows are by id).
  func order(ofChild child: ViewNode) -> Int {
    childNodes.firstIndex { $0 === child } ?? 0
  }

  /// The GTK widgets this node puts in its container, in order.
  var widgets: [Widget] { [] }

  /// Whether the node keeps state of its own (`@State`, `@StateObject`, …) that a lazy
  /// container must not drop when it recycles the row's widget.
  var holdsState: Bool { false }

  /// Whether a lazy container may keep this node, once its row scrolled away, and update it
  /// to another element's view of the same type (GTK's recycling of a row's widgets): true
  /// only when that update leaves the node as building it anew would. No state of its own,
  /// no action that runs when a view appears or changes (`onAppear`, `onChange`, `task`), no
  /// widget state the user made (a text field's caret and undo history, a toggle's focus).
  /// A row is recycled only when every node of it says so (``ViewNode/isRecyclableSubtree``).
  var isRecyclable: Bool { false }

  /// Takes a new value of the same view type; returns `false` if `view` is of another type,
  /// in which case the parent replaces this node.
  func update(to view: any View) -> Bool { false }

  /// `update(to:)` for the view of type `type` at `pointer`: how a parent that holds the view
  /// inside its own (a modifier's content) passes it on.
  ///
  /// NB: boxing a view in an `any View` allocates and copies it when it is larger than three
  /// words (a `TextField`, a modified view), once per level of modifiers on every update of a
  /// row. Nodes that can read the view in place override this; the others get it boxed.
  func update(at pointer: UnsafeRawPointer, as type: any View.Type) -> Bool {
    update(to: type.boxed(at: pointer))
  }

  /// Re-runs this node because state it read changed.
  func reevaluate() {}

  /// Applies the inherited attributes (`.disabled`, `.hidden()`) to the widget this node
  /// owns, if it owns one; called when the node is made and when a modifier above changes.
  /// A node whose style read one of them (a modifier or shape painted with `.tint`) applies
  /// that style again when what it read changed.
  func applyInheritedAttributes() {}

  /// Gives `widget`, a GTK widget of this node's control made after the control style was
  /// applied (a picker's new buttons, a progress view's bar), the style its other widgets
  /// have; a node that applies none does nothing.
  func applyControlStyle(toMadeLater widget: Widget) {}

  /// Tears down this node and its subtree: coordinators dismantled, signals disconnected.
  func dismantle() {
    isDismantled = true
    stopTracking()
  }

  /// Cancels the tracking of the last `tracking(_:)` run: for a node whose next update reads
  /// untracked, or tracks its reads another way.
  final func stopTracking() {
    reader?.cancel()
  }

  /// Called when this node's widget list changed; containers re-sync, others pass it up.
  func widgetsChanged() {
    parent?.widgetsChanged()
  }

  /// Marks the node for re-evaluation in the next update pass.
  func invalidate() {
    guard !isDirty, !isDismantled else { return }
    isDirty = true
    graph.markDirty(self)
  }

  /// Evaluates `body` while recording what it reads (`DependencyReader`); a later change of
  /// any of it invalidates this node. A read through an element binding (`$item` of a
  /// binding `ForEach`, `$items[i]`) depends on that element only.
  func tracking<T>(_ body: () -> T) -> T {
    // NB: a run while the last one's dependencies are unchanged (the node re-ran because its
    // parent updated) takes over its subscriptions, or they would pile up in what it read.
    if reader == nil {
      let node = Weak(self)
      reader = DependencyReader(kind: ObjectIdentifier(type(of: self))) {
        node.object?.invalidate()
      }
    }
    return reader!.run(body)
  }
}

extension ViewNode {
  /// Updates `node` to `view`; if `view` is of another type, dismantles `node` and returns
  /// the new node that replaces it (`nil` when `node` was kept).
  ///
  /// NB: the caller must store the replacement and only then call `widgetsChanged()`, so
  /// the container re-syncs from the new child, not the dismantled one.
  func replacement(for node: ViewNode, with view: any View) -> ViewNode? {
    if node.update(to: view) { return nil }
    node.dismantle()
    graph.widgetListChanges += 1
    return graph.makeNode(for: view, parent: self)
  }

  /// `replacement(for:with:)` for the view of type `type` at `pointer` (see
  /// `update(at:as:)`).
  func replacement(for node: ViewNode, at pointer: UnsafeRawPointer, as type: any View.Type)
    -> ViewNode?
  {
    if node.update(at: pointer, as: type) { return nil }
    node.dismantle()
    graph.widgetListChanges += 1
    return graph.makeNode(for: type.boxed(at: pointer), parent: self)
  }
}
