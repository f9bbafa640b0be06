import CGtk

/// The node of a ``TabView``: a vertical box holding a `GtkStackSwitcher` and a `GtkStack`
/// with a page per content widget, the shown page kept in step with the binding both ways.
@MainActor
final class TabNode<SelectionValue: Hashable, Content: View>: ViewNode, SelectingContainer {
  private let box = Box(orientation: GTK_ORIENTATION_VERTICAL, spacing: 12)
  private let stack: StackWidget
  private let switcher: StackSwitcherWidget
  private var child: ViewNode!
  private var selection: Binding<SelectionValue>?
  /// The pages in order, and each page's tag, as of the last sync.
  private var pages: [UnsafeMutablePointer<GtkWidget>] = []
  private var tags: [UnsafeMutablePointer<GtkWidget>: AnyHashable] = [:]
  private var shownChanged: SignalConnection?
  private var inherited = InheritedAttributes()

  init(graph: ViewGraph, parent: ViewNode?, view: TabView<SelectionValue, Content>) {
    stack = StackWidget(slides: false)
    switcher = StackSwitcherWidget(stack: stack)
    selection = view.selection
    super.init(graph: graph, parent: parent)
    switcher.halign = GTK_ALIGN_CENTER
    stack.vexpand = true
    box.setChildren([switcher, stack])
    shownChanged = stack.connect(notify: "visible-child") { [weak self] in self?.userSwitched() }
    child = graph.makeNode(for: view.content, parent: self)
    syncPages()
    applySelection()
    applyInheritedAttributes()
  }

  override func applyInheritedAttributes() {
    inherited.apply(InheritedAttributes(environment), to: box)
  }

  override var childNodes: [ViewNode] { [child] }
  override var widgets: [Widget] { [box] }

  private var shown: UnsafeMutablePointer<GtkWidget>? { stack.visibleChild }

  /// Makes the stack's pages the content's widgets, in order, titled by their tab items.
  private func syncPages() {
    let widgets = child.widgets
    let titles = child.widgetTabTitles
    tags = [:]
    let byWidget = child.widgetTags
    for widget in widgets { tags[widget.pointer] = byWidget[ObjectIdentifier(widget)] }
    let wanted = widgets.map(\.pointer)
    shownChanged?.blocked {
      if wanted != pages {
        let shownBefore = shown
        let coordinator = focusCoordinator
        let focus = coordinator?.focusWidget.map { Widget(retaining: $0) }
        // NB: a GtkStack cannot reorder its pages: the ones in place (a tab appended) stay,
        // the rest go and come back in order.
        let kept = zip(pages, wanted).prefix { $0 == $1 }.count
        for page in pages.dropFirst(kept) { stack.remove(page: page) }
        for widget in widgets.dropFirst(kept) { stack.add(widget) }
        pages = wanted
        if let shownBefore, wanted.contains(shownBefore) {
          stack.show(page: shownBefore)
        }
        // NB: a page that went and came back lost the focus in it (GtkBridge cleared it, as
        // for any widget that leaves); it gets it back at once.
        if let coordinator, let focus, coordinator.focusWidget == nil, focus.root != nil {
          coordinator.restore(focus)
        }
      }
      for (index, widget) in widgets.enumerated() {
        let title = titles[ObjectIdentifier(widget)] ?? "Tab \(index + 1)"
        if stack.title(of: widget) != title { stack.setTitle(title, of: widget) }
      }
    }
  }

  /// Shows the page tagged with the binding's value; tracked, so a write re-runs it.
  private func applySelection() {
    isDirty = false
    // NB: a binding taken away must not re-run this for the state it read.
    guard let selection else { return stopTracking() }
    let wanted = AnyHashable(tracking { selection.wrappedValue })
    guard let page = pages.first(where: { tags[$0] == wanted }), page != shown else { return }
    show(page)
  }

  /// Shows `page` (the app chose it): focus in the page that goes moves into `page`.
  private func show(_ page: UnsafeMutablePointer<GtkWidget>) {
    let focusWasInPage = leavePage()
    shownChanged?.blocked { stack.show(page: page) }
    if focusWasInPage { focusFirstField(in: page) }
  }

  /// Clears focus if it is in the shown page (before the stack hides it: a `GtkStack` moves
  /// focus into the page it shows itself, selecting a field's text). Returns whether it was.
  private func leavePage() -> Bool {
    guard let shown, let coordinator = focusCoordinator,
      let focus = coordinator.focusWidget,
      focus.isInside(shown)
    else { return false }
    coordinator.clearFocus(.app)
    return true
  }

  /// Focus moves into `page` as into a pushed navigation page: its `.defaultFocus`, else its
  /// first text field.
  private func focusFirstField(in page: UnsafeMutablePointer<GtkWidget>) {
    let widget = Widget(retaining: page)
    // NB: after the pass, when a focus write the app made with the switch was carried out;
    // the first field one round later, after `.defaultFocus`'s own request.
    UpdateScheduler.shared.performOutsideUpdate { [weak self] in
      guard let self, !self.isDismantled, self.shown == page else { return }
      self.requestDefaultFocus(in: page)
      UpdateScheduler.shared.enqueueAfterPass { [weak self] in
        guard let self, !self.isDismantled, self.shown == page else { return }
        self.focusCoordinator?.focusFirstTextField(in: widget)
      }
    }
  }

  /// Carries out the first `.defaultFocus` in `page`, if nothing has focus. The page's views
  /// were made with the tab view, while another page was shown, so it has not acted for them.
  private func requestDefaultFocus(in page: UnsafeMutablePointer<GtkWidget>) {
    guard let coordinator = focusCoordinator, coordinator.focusWidget == nil else { return }
    for node in child.subtree {
      guard let request = node as? any DefaultFocusRequesting,
        node.widgets.contains(where: { $0.pointer.isInside(page) })
      else { continue }
      if request.requestDefaultFocus() { return }
    }
  }

  /// The user chose a tab: the binding follows (and the stack shows what it holds).
  private func userSwitched() {
    guard let page = shown else { return }
    guard let selection else { return }
    // NB: an untagged page is no `nil` of an optional selection. A page that stands for no
    // value is put back, as a value the setter refuses.
    let value = tags[page].flatMap { $0.base as? SelectionValue }
    MainLoop.performOutsideUpdate { [weak self] in
      if let value { selection.setIfChanged(value) }
      guard let self, !self.isDismantled else { return }
      self.applySelection()
    }
  }

  override func reevaluate() {
    applySelection()
  }

  override func update(to view: any View) -> Bool {
    guard let view = view as? TabView<SelectionValue, Content> else { return false }
    selection = view.selection
    if let new = replacement(for: child, with: view.content) { child = new }
    // NB: also when the widgets are the same: a title may have changed.
    syncPages()
    applySelection()
    return true
  }

  override func widgetsChanged() {
    guard child != nil else { return }
    syncPages()
    applySelection()
  }

  override func dismantle() {
    shownChanged = nil
    child.dismantle()
    super.dismantle()
  }
}

extension ViewNode {
  /// The `.tabItem` title of each widget below this node (a nested tab view's are its own).
  var widgetTabTitles: [ObjectIdentifier: String] {
    var titles: [ObjectIdentifier: String] = [:]
    visitOwnNodes { node in
      guard let item = node as? any TabItemNode else { return }
      for widget in node.widgets { titles[ObjectIdentifier(widget)] = item.tabTitle }
    }
    return titles
  }
}

@MainActor
protocol TabItemNode {
  var tabTitle: String { get }
}

extension ModifierNode: TabItemNode where Modifier == TabItemModifier {
  var tabTitle: String { modifier.title }
}
