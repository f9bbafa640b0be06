import CGtk

/// What a page of a ``NavigationStack`` shows: its root view, a pushed view, or a pushed
/// value that a `navigationDestination(for:)` turns into a view.
enum NavigationEntry {
  case root
  case view(any View)
  case value(AnyHashable)

  var value: AnyHashable? {
    if case .value(let value) = self { value } else { nil }
  }
}

/// The node of a ``NavigationStack``: a `GtkStack` of pages, the root first, the top shown.
///
/// Focus follows the page shown. Pushing saves the window's focus widget on the page it
/// covers and clears focus, then the new page's `.defaultFocus` acts, else its first text
/// field takes focus as at a window's launch. Popping gives the saved widget focus back.
@MainActor
final class NavigationStackNode: ViewNode {
  let stack = StackWidget()
  private(set) var pages: [NavigationPageNode] = []
  private let viewType: ObjectIdentifier
  private var path: Binding<[AnyHashable]>?
  /// `navigationDestination(for:)` builders, by the type of value they show.
  private var destinations: [ObjectIdentifier: (AnyHashable) -> (any View)?] = [:]
  /// Popped pages' boxes, kept in the `GtkStack` until the slide away from them ends.
  private var leaving: [Widget] = []
  private var transitionRunning: SignalConnection?
  private var inherited = InheritedAttributes()
  private lazy var reference = NavigationStackReference(node: self)
  private var warnedTypes: Set<ObjectIdentifier> = []
  /// The pages' values written to the path binding after the current pass, while that write
  /// is pending; see `syncPath`.
  private var pendingPathWrite: [AnyHashable]?

  init(graph: ViewGraph, parent: ViewNode?, view: some View & NavigationStackContent) {
    viewType = ObjectIdentifier(type(of: view))
    path = view.pathBinding
    super.init(graph: graph, parent: parent)
    let root = NavigationPageNode(graph: graph, stack: self, entry: .root, content: view.rootView)
    pages = [root]
    stack.add(root.box)
    transitionRunning = stack.connect(notify: "transition-running") { [weak self] in
      self?.removeLeavingPages()
    }
    graph.chrome?.register(self)
    syncPath()
    applyInheritedAttributes()
  }

  override var environment: EnvironmentValues {
    var environment = parent?.environment ?? EnvironmentValues()
    environment[NavigationStackKey.self] = reference
    return environment
  }

  override func applyInheritedAttributes() {
    inherited.apply(InheritedAttributes(environment), to: stack)
  }

  override var childNodes: [ViewNode] { pages }
  override var widgets: [Widget] { [stack] }

  override func update(to view: any View) -> Bool {
    guard ObjectIdentifier(type(of: view)) == viewType, let view = view as? NavigationStackContent
    else { return false }
    isDirty = false
    pages[0].update(content: view.rootView)
    path = view.pathBinding
    syncPath()
    return true
  }

  override func reevaluate() {
    isDirty = false
    syncPath()
  }

  /// Whether this stack's pages are on screen: no page of an enclosing stack covers it.
  var isShown: Bool { NavigationPageNode.isShown(self) }

  // MARK: destinations

  func register(
    destination: @escaping (AnyHashable) -> (any View)?, for type: ObjectIdentifier
  ) {
    destinations[type] = destination
    for page in pages.dropFirst() {
      if let value = page.entry.value, ObjectIdentifier(Swift.type(of: value.base)) == type {
        page.reevaluate()
      }
    }
  }

  func unregisterDestination(for type: ObjectIdentifier) {
    destinations[type] = nil
  }

  /// The view a pushed value shows; nothing (and one warning per type) when no
  /// `navigationDestination(for:)` takes its type, as SwiftUI shows no view.
  func destination(for value: AnyHashable) -> any View {
    let type = ObjectIdentifier(Swift.type(of: value.base))
    if let view = destinations[type]?(value) { return view }
    if warnedTypes.insert(type).inserted {
      Log.warning(
        "a NavigationLink pushed a \(Swift.type(of: value.base)) value, but no "
          + "navigationDestination(for: \(Swift.type(of: value.base)).self) is in its stack")
    }
    return EmptyView()
  }

  // MARK: push and pop

  /// Pushes a page showing `entry`, moving focus into it. Returns the page. `link` is the
  /// node of the ``NavigationLink`` that pushed it, if one did.
  @discardableResult
  func push(_ entry: NavigationEntry, from link: ViewNode? = nil) -> NavigationPageNode {
    // NB: focus leaves first: a `GtkStack` moves focus into the child it shows when focus was
    // in the one it hides (Tab-like, selecting a field's text), and the new page's
    // `.defaultFocus` acts only while the window has no focus widget.
    let covered = pages[pages.count - 1]
    saveAndClearFocus(on: covered)
    // NB: only the top page takes focus. A `GtkStack` keeps the page it slides away from
    // mapped until the slide ends, and Tab or a grab would otherwise reach it meanwhile.
    covered.box.canFocus = false
    var page: NavigationPageNode!
    UpdateScheduler.shared.performUpdate {
      page = NavigationPageNode(graph: graph, stack: self, entry: entry, content: nil)
      page.pushedBy = link
      pages.append(page)
      stack.add(page.box)
      stack.show(page.box)
      graph.widgetListChanges += 1
      writePath()
      graph.chrome?.refresh()
      // NB: after `.defaultFocus`'s own request has been carried out, one round later.
      UpdateScheduler.shared.performOutsideUpdate { [weak page] in
        UpdateScheduler.shared.enqueueAfterPass {
          guard let page, !page.isDismantled, page.isTop else { return }
          page.focusCoordinator?.focusFirstTextField(in: page.box)
        }
      }
    }
    return page
  }

  /// Pops the top `count` pages (never the root), giving focus back to the widget that had
  /// it before they were pushed.
  func pop(_ count: Int = 1) {
    let keep = Swift.max(1, pages.count - Swift.max(count, 0))
    guard keep < pages.count else { return }
    let popped = Array(pages[keep...])
    let top = pages[keep - 1]
    let saved = top.savedFocus
    top.savedFocus = nil
    // NB: as for push: focus must not be in the page the `GtkStack` hides.
    if let coordinator = focusCoordinator, let focus = coordinator.focusWidget,
      popped.contains(where: { focus != $0.box.pointer && focus.isInside($0.box.pointer) })
    {
      coordinator.clearFocus(.app)
    }
    for page in popped { page.box.canFocus = false }
    top.box.canFocus = true
    UpdateScheduler.shared.performUpdate {
      pages.removeSubrange(keep...)
      stack.show(top.box)
      // NB: the page's toolbar items go back in the header bar first: one of them may be
      // the widget that had focus.
      graph.chrome?.refresh()
      restoreFocus(saved)
      for page in popped.reversed() {
        // NB: the view that made the link runs its body again, so a link whose destination
        // is a value made there pushes a view with fresh state next time.
        page.pushedBy?.enclosingBody?.invalidate()
        page.dismantle()
        leaving.append(page.box)
      }
      graph.widgetListChanges += 1
      writePath()
      graph.chrome?.refresh()
      UpdateScheduler.shared.performOutsideUpdate { [weak self] in self?.removeLeavingPages() }
    }
  }

  private func saveAndClearFocus(on covered: NavigationPageNode) {
    guard let coordinator = focusCoordinator, let focus = coordinator.focusWidget else { return }
    covered.savedFocus = Widget(retaining: focus)
    coordinator.clearFocus(.app)
  }

  private func restoreFocus(_ saved: Widget?) {
    guard let saved else { return }
    focusCoordinator?.restore(saved)
  }

  private func removeLeavingPages() {
    guard !leaving.isEmpty, !stack.isTransitionRunning else { return }
    for box in leaving { stack.remove(box) }
    leaving.removeAll()
  }

  // MARK: path

  /// Makes the pages follow the path binding: the pages whose values still match stay,
  /// the rest are popped, and the path's new values pushed.
  private func syncPath() {
    guard let path else { return }
    let read = tracking { path.wrappedValue }
    // NB: a push or pop writes the path back after the pass, and the view around the stack
    // may run its body before that (a popped value link re-runs it, so a new push has fresh
    // state). The binding then still holds the values from before: taken as the app's, they
    // pushed the popped page again at once, and the user could never leave it (issue 37).
    let wanted = pendingPathWrite ?? read
    var matched = 0
    var index = 1
    while matched < wanted.count, index < pages.count, pages[index].entry.value == wanted[matched] {
      matched += 1
      index += 1
    }
    let trailingViewsOnly = pages[index...].allSatisfy { $0.entry.value == nil }
    if matched == wanted.count, trailingViewsOnly { return }
    if index < pages.count { pop(pages.count - index) }
    for value in wanted[matched...] { push(.value(value)) }
  }

  /// Writes the pushed values back to the path binding, if they differ from it.
  private func writePath() {
    guard let path else { return }
    let values = pages.compactMap(\.entry.value)
    pendingPathWrite = values
    UpdateScheduler.shared.performOutsideUpdate { [weak self] in
      // NB: only the last write clears the mark: a push and a pop in one pass queue two.
      if self?.pendingPathWrite == values { self?.pendingPathWrite = nil }
      if path.wrappedValue != values { path.wrappedValue = values }
    }
  }

  override func dismantle() {
    for page in pages { page.dismantle() }
    transitionRunning = nil
    graph.chrome?.unregister(self)
    super.dismantle()
  }
}

/// One page of a ``NavigationStackNode``: a box of its view's widgets.
@MainActor
final class NavigationPageNode: ViewNode {
  let box = Box(orientation: GTK_ORIENTATION_VERTICAL, spacing: 0)
  let entry: NavigationEntry
  private var child: ViewNode!
  private var content: (any View)?
  /// The window's focus widget when a page was pushed over this one; it gets focus back
  /// when this page is shown again.
  var savedFocus: Widget?
  /// The link that pushed this page, if one did.
  weak var pushedBy: ViewNode?

  init(graph: ViewGraph, stack: NavigationStackNode, entry: NavigationEntry, content: (any View)?) {
    self.entry = entry
    if case .view(let view) = entry {
      self.content = view
    } else {
      self.content = content
    }
    super.init(graph: graph, parent: stack)
    child = graph.makeNode(for: evaluate(), parent: self)
    syncBox()
  }

  private var stack: NavigationStackNode? { parent as? NavigationStackNode }

  /// Whether this page is its stack's top page.
  var isTop: Bool { stack?.pages.last === self }

  /// Whether `node` is on screen as far as navigation goes: every page above it is the top
  /// page of its stack.
  static func isShown(_ node: ViewNode) -> Bool {
    var current: ViewNode? = node
    while let node = current {
      if let page = node as? NavigationPageNode, !page.isTop { return false }
      current = node.parent
    }
    return true
  }

  override var childNodes: [ViewNode] { [child] }
  override var widgets: [Widget] { [box] }

  /// The view a value page shows comes from the stack's destinations, read with tracking.
  private func evaluate() -> any View {
    if let content { return content }
    guard let value = entry.value, let stack else { return EmptyView() }
    return tracking { stack.destination(for: value) }
  }

  /// Takes a new value of the view this page shows (the root, or a link's destination).
  func update(content view: any View) {
    content = view
    render()
  }

  override func reevaluate() {
    render()
  }

  private func render() {
    isDirty = false
    if let new = replacement(for: child, with: evaluate()) {
      child = new
      syncBox()
    }
  }

  override func widgetsChanged() {
    if child != nil { syncBox() }
  }

  private func syncBox() {
    // NB: homogeneous with one child, so it fills the page as the window's root view does.
    box.setChildren(filling: child.widgets)
  }

  override func dismantle() {
    child.dismantle()
    savedFocus = nil
    super.dismantle()
  }
}

/// A node that evaluates a view's `body`.
@MainActor
protocol BodyNode: ViewNode {}

extension CompositeNode: BodyNode {}

extension ViewNode {
  /// The nearest node above this one that evaluates a `body`.
  var enclosingBody: ViewNode? {
    var current = parent
    while let node = current {
      if node is any BodyNode { return node }
      current = node.parent
    }
    return nil
  }
}

/// The enclosing stack, as views inside a ``NavigationStack`` see it.
@MainActor
final class NavigationStackReference {
  weak var node: NavigationStackNode?
  init(node: NavigationStackNode) { self.node = node }
}

private struct NavigationStackKey: EnvironmentKey {
  static var defaultValue: NavigationStackReference? { nil }
}

extension EnvironmentValues {
  /// The innermost ``NavigationStack`` around the view, if any.
  var navigationStack: NavigationStackNode? {
    get { self[NavigationStackKey.self]?.node }
    set { self[NavigationStackKey.self] = newValue.map(NavigationStackReference.init) }
  }
}
