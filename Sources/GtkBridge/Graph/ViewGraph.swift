import CGtk

/// The node tree behind one window, and its update pass.
@MainActor
final class ViewGraph {
  // NB: not checked for overlapping access at run time: see `UpdateScheduler`'s note.
  @exclusivity(unchecked) private var dirty: [ViewNode] = []
  /// The emptied list of the last pass, kept to reuse its storage.
  @exclusivity(unchecked) private var spare: [ViewNode] = []
  /// Whether `UpdateScheduler` holds this graph for its next pass.
  var isScheduled = false
  private(set) var root: ViewNode?
  /// Counts changes of some node's widget list (a node replaced, a `ForEach` reordered), so a
  /// container can tell whether its children's widgets may have changed during an update.
  var widgetListChanges = 0
  /// The window's header bar and bars, where navigation and toolbars put their widgets;
  /// `nil` for a graph that is in no window.
  var chrome: WindowChrome?
  /// Focus groups by the identity of their state's storage; see `focusGroup(for:)`.
  var focusGroups: [BindingID: AnyObject] = [:]
  /// What the window's `.focusedValue` and `.focusedSceneValue` views publish.
  lazy var focusedValues = FocusedValueStore()
  /// The sheet, alert or dialog window this graph shows, if it is one.
  weak var presentedWindow: PresentedWindow?
  /// The environment the root view sees: a presented window's inherits its presenter's.
  var baseEnvironment: (@MainActor () -> EnvironmentValues)?
  /// Called with the root's widgets whenever they change.
  private let onRootWidgetsChanged: @MainActor ([Widget]) -> Void

  init(onRootWidgetsChanged: @escaping @MainActor ([Widget]) -> Void) {
    self.onRootWidgetsChanged = onRootWidgetsChanged
  }

  func mount(_ view: any View) {
    let host = RootNode(graph: self, onWidgetsChanged: onRootWidgetsChanged)
    host.child = makeNode(for: view, parent: host)
    root = host
    host.widgetsChanged()
  }

  /// Makes the node for `view`: a primitive builds its own, a representable gets a
  /// coordinator and widget, anything else is composed through `body`.
  func makeNode(for view: any View, parent: ViewNode?) -> ViewNode {
    let type = ObjectIdentifier(Swift.type(of: view))
    if let maker = Self.nodeMakers[type] { return maker(view, self, parent) }
    let maker = Self.nodeMaker(for: view)
    Self.nodeMakers[type] = maker
    return maker(view, self, parent)
  }

  /// Makes a node for a view of one type, from that view as an `any View`.
  private typealias NodeMaker = @MainActor (any View, ViewGraph, ViewNode?) -> ViewNode

  /// How a view of each type seen becomes a node, decided once per type. NB: the casts that
  /// decide it look protocol conformances up at run time (about 1,500 instructions per new
  /// node, and failing casts cost the most); every row of a new list made them.
  private static var nodeMakers: [ObjectIdentifier: NodeMaker] = [:]

  private static func nodeMaker(for view: any View) -> NodeMaker {
    if let primitive = view as? any PrimitiveView { return primitiveMaker(primitive) }
    if let representable = view as? any WidgetRepresentable {
      return representableMaker(representable)
    }
    return { view, graph, parent in graph.makeCompositeNode(view, parent: parent) }
  }

  private static func primitiveMaker<P: PrimitiveView>(_: P) -> NodeMaker {
    maker(P.self, P.makeNodeMaker())
  }

  private static func representableMaker<R: WidgetRepresentable>(_: R) -> NodeMaker {
    maker(R.self) { view, graph, parent in graph.makeRepresentableNode(view, parent: parent) }
  }

  /// `make` for views of type `V`, handed an `any View` known to hold one.
  private static func maker<V: View>(
    _: V.Type, _ make: @escaping @MainActor (V, ViewGraph, ViewNode?) -> ViewNode
  ) -> NodeMaker {
    { view, graph, parent in
      var node: ViewNode?
      _ = view.whenIs(V.self) { node = make($0.pointee, graph, parent) }
      return node!
    }
  }

  private func makeRepresentableNode<R: WidgetRepresentable>(_ view: R, parent: ViewNode?)
    -> ViewNode
  {
    RepresentableNode(graph: self, parent: parent, representable: view)
  }

  private func makeCompositeNode<V: View>(_ view: V, parent: ViewNode?) -> ViewNode {
    CompositeNode(graph: self, parent: parent, view: view)
  }

  func markDirty(_ node: ViewNode) {
    dirty.append(node)
    UpdateScheduler.shared.schedule(self)
  }

  /// One update pass: dirty nodes re-run outermost first, so a parent's update covers the
  /// children it rebuilds (their dirty flag is cleared) and nothing runs twice.
  func update() {
    // NB: swapped with the emptied list of the last pass, not copied: `removeAll(keepingCapacity:)`
    // on the shared list allocated new storage on every pass (about 300 instructions a pass,
    // measured on W2's keystroke).
    var nodes = spare
    spare = []
    swap(&nodes, &dirty)
    // NB: an insertion sort by hand (stable, as `sorted` is here): a pass has a few dirty
    // nodes, and a closure handed to the standard library checks its actor on every call
    // (see PointerScopes.swift).
    for index in nodes.indices.dropFirst() {
      let node = nodes[index]
      var slot = index
      while slot > 0, nodes[slot - 1].depth > node.depth {
        nodes[slot] = nodes[slot - 1]
        slot -= 1
      }
      nodes[slot] = node
    }
    for node in nodes where node.isDirty && !node.isDismantled {
      node.reevaluate()
    }
    nodes.empty()
    spare = nodes
  }

  /// Dismantles every node; called when the window is destroyed.
  func tearDown() {
    root?.dismantle()
    root = nil
    dirty.removeAll()
  }
}

/// The node above the root view; hands its widgets to the window.
@MainActor
final class RootNode: ViewNode {
  var child: ViewNode?
  private let onWidgetsChanged: @MainActor ([Widget]) -> Void
  private var shown: [Widget] = []

  init(graph: ViewGraph, onWidgetsChanged: @escaping @MainActor ([Widget]) -> Void) {
    self.onWidgetsChanged = onWidgetsChanged
    super.init(graph: graph, parent: nil)
  }

  override var childNodes: [ViewNode] { child.map { [$0] } ?? [] }

  override var environment: EnvironmentValues { graph.baseEnvironment?() ?? EnvironmentValues() }

  override var widgets: [Widget] { child?.widgets ?? [] }

  override func widgetsChanged() {
    let now = widgets
    guard now.map(ObjectIdentifier.init) != shown.map(ObjectIdentifier.init) else { return }
    shown = now
    onWidgetsChanged(now)
  }

  override func dismantle() {
    child?.dismantle()
    super.dismantle()
  }
}
