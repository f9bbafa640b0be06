import CGtk

/// A window's chrome, as GNOME lays it out: the header bar (title, back button, toolbar
/// items), the bar under the content (`.bottomBar`), and the keyboard bar (`.keyboard`).
///
/// Views anywhere in the window register what they contribute (a ``NavigationStack``, a
/// `navigationTitle`, a `toolbar`); `refresh()` places whatever is shown: views on a page
/// a ``NavigationStack`` covers contribute nothing until that page is on top again. Nothing
/// is made until something asks for it, so a window without navigation or toolbars is
/// exactly what it was.
///
/// Where items go follows the GNOME HIG: the header bar's start holds the back button, then
/// navigation and cancellation (the way out); its end holds the actions, the confirmation
/// last (at the very end, where GNOME dialogs put the affirmative button).
@MainActor
final class WindowChrome {
  let window: Window
  /// The window's own title, shown when no `navigationTitle` is.
  private let windowTitle: String
  /// The views' navigation-bar values (``NavigationBarEntry``), of every kind, in the order
  /// they were registered.
  private var barEntries: [AnyObject] = []
  private var stacks: [Weak<NavigationStackNode>] = []
  private var toolbars: [Weak<ViewNode>] = []

  private var headerBar: HeaderBar?
  private var backButton: ButtonWidget?
  private var backClicked: SignalConnection?
  /// The window's content with the bars under it, once a bar is needed.
  private var column: Box?
  /// The root view's widget, or the box holding its widgets (``WindowContent``).
  private(set) var content: Widget?
  private var bottomBar: ActionBar?
  private var keyboardBar: ActionBar?
  /// F6 into the keyboard bar and back.
  private(set) var keyboardBarReach: KeyboardBarReach?
  private var focusNotify: SignalConnection?
  private var shortcuts: ShortcutController?
  private var principal: Widget?
  private weak var defaultWidget: Widget?
  /// Whether `suggested-action` on the default widget is the chrome's (not the app's).
  private var suggestedByChrome = false
  private weak var cancelWidget: Widget?

  /// Set when the window closes: views leaving then place nothing in it.
  private var isClosed = false

  init(window: Window) {
    self.window = window
    windowTitle = window.title
    ToplevelWatcher.onClose(of: window.rawPointer) { [weak self] in self?.isClosed = true }
  }

  // MARK: registration

  func register(_ stack: NavigationStackNode) {
    stacks.append(Weak(stack))
    refresh()
  }

  func unregister(_ stack: NavigationStackNode) {
    stacks.removeAll { $0.object == nil || $0.object === stack }
    refresh()
  }

  func register(_ toolbar: some ToolbarContributor) {
    toolbars.append(Weak<ViewNode>(toolbar))
    refresh()
  }

  func unregister(_ toolbar: some ToolbarContributor) {
    toolbars.removeAll { $0.object == nil || $0.object === toolbar }
    refresh()
  }

  func register<Key>(_ entry: NavigationBarEntry<Key>) {
    barEntries.append(entry)
    refresh()
  }

  func unregister<Key>(_ entry: NavigationBarEntry<Key>) {
    barEntries.removeAll { $0 === entry }
    refresh()
  }

  /// The registered values of one kind.
  private func entries<Key>(_: Key.Type) -> [NavigationBarEntry<Key>] {
    barEntries.compactMap { $0 as? NavigationBarEntry<Key> }
  }

  // MARK: placing

  /// The stack the back button and Alt+Left pop: the innermost shown stack with a page pushed
  /// whose top page does not hide the back button.
  var activeStack: NavigationStackNode? {
    let stack = stacks.compactMap(\.object).last {
      $0.pages.count > 1 && $0.isShown && !$0.isDismantled
    }
    let hidden = entries(BackButtonHiddenKey.self).contains { entry in
      guard entry.value, let node = entry.node, !node.isDismantled,
        NavigationPageNode.isShown(node), let top = stack?.pages.last
      else { return false }
      var current: ViewNode? = node
      while let ancestor = current, ancestor !== top { current = ancestor.parent }
      return current === top
    }
    return hidden ? nil : stack
  }

  /// Places everything shown; cheap when nothing changed (widgets already in place stay).
  func refresh() {
    guard !isClosed else { return }
    var slots: [ToolbarItemPlacement.Slot: [Widget]] = [:]
    for case let toolbar as any ToolbarContributor in toolbars.compactMap(\.object)
    where !toolbar.isDismantled && NavigationPageNode.isShown(toolbar) {
      for item in toolbar.toolbarItems { slots[item.placement.slot, default: []] += item.widgets }
    }
    let start = (slots[.navigation] ?? []) + (slots[.cancellation] ?? [])
    let end = (slots[.automatic] ?? []) + (slots[.primary] ?? []) + (slots[.confirmation] ?? [])
    let bottom = slots[.bottom] ?? []
    let keyboard = slots[.keyboard] ?? []
    let active = activeStack

    var boxes: [(Box, [Widget])] = []
    let principal = slots[.principal]?.first
    var header: HeaderBar?
    // NB: a header bar once made is re-placed even with nothing left for it, so the items
    // of the last toolbar (or split view) to go leave with it.
    if headerBar != nil || !stacks.isEmpty || !start.isEmpty || !end.isEmpty || principal != nil {
      let bar = ensureHeaderBar()
      header = bar
      let back = ensureBackButton()
      back.isVisible = active != nil
      boxes += [(bar.start, [back] + start), (bar.end, end)]
      // NB: a widget leaves the title before it can go in a box, and the other way round.
      if principal !== self.principal {
        gtk_header_bar_set_title_widget(bar.opaquePointer, nil)
      }
    }
    if !bottom.isEmpty || bottomBar != nil {
      let bar = bottomBar ?? makeBar(cssClass: "gtkbridge-bottom-bar")
      bottomBar = bar
      bar.isVisible = !bottom.isEmpty
      boxes.append((bar.items, bottom))
    }
    if !keyboard.isEmpty || keyboardBar != nil {
      let bar = keyboardBar ?? makeKeyboardBar()
      boxes.append((bar.items, keyboard))
    }
    place(boxes)
    if let header, principal !== self.principal {
      self.principal = principal
      if let principal { gtk_header_bar_set_title_widget(header.opaquePointer, principal.pointer) }
    }
    updateKeyboardBar()
    cancelWidget = slots[.cancellation]?.first
    if !stacks.isEmpty || cancelWidget != nil { ensureShortcuts() }
    setDefault(slots[.confirmation]?.first)
    applyTitle()
  }

  /// Puts each box's widgets in it, in order: first every widget leaves the box it no longer
  /// belongs to, so one moving between boxes is never added while it still has a parent.
  private func place(_ boxes: [(Box, [Widget])]) {
    for (box, widgets) in boxes {
      let keep = Set(widgets.map(\.pointer))
      var child = gtk_widget_get_first_child(box.pointer)
      while let current = child {
        child = gtk_widget_get_next_sibling(current)
        if !keep.contains(current) { gtk_box_remove(box.pointer.cast(to: GtkBox.self), current) }
      }
    }
    for (box, widgets) in boxes {
      box.setChildren(widgets)
      for case let spacer as SpacerWidget in widgets { spacer.expand(along: box.orientation) }
    }
  }

  // MARK: title

  private func applyTitle() {
    let shown = entries(NavigationTitleKey.self).filter {
      $0.node.map { !$0.isDismantled && NavigationPageNode.isShown($0) } ?? false
    }
    // Innermost wins; a later one at the same depth (a pushed page's) over an earlier one.
    let winner = shown.max { ($0.node?.depth ?? 0) <= ($1.node?.depth ?? 0) }
    var title = winner?.value ?? windowTitle
    // A pushed page shows its own title or none, as in SwiftUI: neither the title of the
    // page it covers nor the window's (the executable's name, for a `WindowGroup`).
    let pushed = stacks.compactMap(\.object).last {
      $0.pages.count > 1 && $0.isShown && !$0.isDismantled
    }?.pages.last
    if let pushed, !(winner?.node.map { Self.node($0, isIn: pushed) } ?? false) { title = "" }
    if window.title != title { window.title = title }
    if let label = headerBar?.titleLabel,
      String(cString: gtk_label_get_text(OpaquePointer(label))) != title
    {
      gtk_label_set_text(OpaquePointer(label), title)
    }
  }

  /// Whether `node` is `ancestor` or below it.
  private static func node(_ node: ViewNode, isIn ancestor: ViewNode) -> Bool {
    var current: ViewNode? = node
    while let node = current, node !== ancestor { current = node.parent }
    return current === ancestor
  }

  // MARK: header bar

  private func ensureHeaderBar() -> HeaderBar {
    if let headerBar { return headerBar }
    let existing = gtk_window_get_titlebar(window.window)
    let isHeaderBar =
      existing.map {
        g_type_check_instance_is_a(
          UnsafeMutableRawPointer($0).assumingMemoryBound(to: GTypeInstance.self),
          gtk_header_bar_get_type()) != 0
      } ?? false
    let header = HeaderBar(existing: isHeaderBar ? existing : nil)
    headerBar = header
    if !isHeaderBar {
      if gtk_widget_get_realized(window.pointer) == 0 {
        gtk_window_set_titlebar(window.window, header.pointer)
      } else {
        // NB: GTK warns when a shown window gets a title bar; the header bar goes above
        // the content instead, without window buttons (the window manager draws those).
        gtk_header_bar_set_show_title_buttons(header.opaquePointer, 0)
        let column = ensureColumn()
        gtk_box_prepend(column.pointer.cast(to: GtkBox.self), header.pointer)
      }
    }
    return header
  }

  private func ensureBackButton() -> ButtonWidget {
    if let backButton { return backButton }
    let button = ButtonWidget(label: "")
    gtk_button_set_icon_name(button.pointer.cast(to: GtkButton.self), "go-previous-symbolic")
    gtk_widget_set_tooltip_text(button.pointer, "Back")
    // NB: an icon button has no text of its own for screen readers.
    cgtk_accessible_set_label(button.pointer, "Back")
    button.isVisible = false
    backClicked = button.connectClicked { [weak self] in self?.goBack() }
    backButton = button
    return button
  }

  /// Pops the active stack's top page. Returns whether there was one.
  @discardableResult
  func goBack() -> Bool {
    guard let stack = activeStack else { return false }
    stack.pop()
    return true
  }

  // MARK: bars under the content

  /// Makes `widget` the window's content: the window's child, or the column's middle when
  /// bars went around the content. It takes the place of the content it replaces.
  func setContent(_ widget: Widget) {
    let old = content
    guard widget.pointer != old?.pointer else { return }
    content = widget
    guard let column else { return window.setChild(widget) }
    let box = column.pointer.cast(to: GtkBox.self)
    if let old { unfill(old) }
    fill(widget)
    if let old, gtk_widget_get_parent(old.pointer) == column.pointer {
      gtk_box_insert_child_after(box, widget.pointer, old.pointer)
      gtk_box_remove(box, old.pointer)
    } else {
      // The column was made before any content: the content goes above the bars under it.
      let under = [keyboardBar, bottomBar].compactMap { $0?.pointer }
      var firstUnder = gtk_widget_get_first_child(column.pointer)
      while let current = firstUnder, !under.contains(current) {
        firstUnder = gtk_widget_get_next_sibling(current)
      }
      gtk_box_insert_child_after(
        box, widget.pointer,
        firstUnder.map { gtk_widget_get_prev_sibling($0) }
          ?? gtk_widget_get_last_child(column.pointer))
    }
  }

  /// The content's own `vexpand` (set, value) from before it filled the column.
  private var contentExpand: (isSet: Bool, value: Bool)?

  /// Makes `widget`, the content, take the column's height left by the bars.
  private func fill(_ widget: Widget) {
    let pointer = widget.pointer
    contentExpand = (gtk_widget_get_vexpand_set(pointer) != 0, gtk_widget_get_vexpand(pointer) != 0)
    gtk_widget_set_vexpand(pointer, 1)
  }

  /// Gives `widget`, content no more, its own `vexpand` back: a root widget that goes on in
  /// ``WindowContent``'s box would otherwise take all the box's spare height.
  private func unfill(_ widget: Widget) {
    guard let (isSet, value) = contentExpand else { return }
    contentExpand = nil
    gtk_widget_set_vexpand(widget.pointer, value ? 1 : 0)
    if !isSet { gtk_widget_set_vexpand_set(widget.pointer, 0) }
  }

  /// Moves the window's content into a vertical box, so bars can go under it.
  private func ensureColumn() -> Box {
    if let column { return column }
    let column = Box(orientation: GTK_ORIENTATION_VERTICAL, spacing: 0)
    self.column = column
    // NB: moving the content unroots the focus widget; it gets focus back at once, and no
    // focus state hears of it.
    let coordinator = FocusCoordinator.coordinator(for: OpaquePointer(window.pointer))
    coordinator.keepingFocus(moving: content) {
      if let content {
        gtk_window_set_child(window.window, nil)
        fill(content)
        gtk_box_append(column.pointer.cast(to: GtkBox.self), content.pointer)
      }
      gtk_window_set_child(window.window, column.pointer)
    }
    return column
  }

  /// Puts `widget` (the search bar) above the content, under the header bar.
  func placeAboveContent(_ widget: Widget) {
    let column = ensureColumn()
    let box = column.pointer.cast(to: GtkBox.self)
    if let menuBar {
      gtk_box_insert_child_after(box, widget.pointer, menuBar)
    } else if let headerBar, gtk_widget_get_parent(headerBar.pointer) == column.pointer {
      gtk_box_insert_child_after(box, widget.pointer, headerBar.pointer)
    } else {
      gtk_box_prepend(box, widget.pointer)
    }
  }

  /// The window's search bar, made by the first `.searchable` in it.
  var search: WindowSearch?

  // MARK: the app's commands

  private var primaryMenu: UnsafeMutablePointer<GtkWidget>?
  private var menuBar: UnsafeMutablePointer<GtkWidget>?

  /// The app's commands in the header bar's primary menu: a `GtkMenuButton` at the very end
  /// (GNOME's place for it; F10 opens it). A window without a header bar gets a menu bar.
  /// Wraps `gtk_menu_button_set_menu_model` and `gtk_menu_button_set_primary`.
  func setPrimaryMenu(_ model: UnsafeMutablePointer<GMenuModel>) {
    guard !isClosed else { return }
    let existing = gtk_window_get_titlebar(window.window)
    guard headerBar != nil || existing != nil else { return setMenuBar(model) }
    let header = ensureHeaderBar()
    if let primaryMenu {
      gtk_menu_button_set_menu_model(OpaquePointer(primaryMenu), model)
      return
    }
    let button = gtk_menu_button_new()!
    let menuButton = OpaquePointer(button)
    gtk_menu_button_set_icon_name(menuButton, "open-menu-symbolic")
    gtk_menu_button_set_primary(menuButton, 1)
    gtk_menu_button_set_menu_model(menuButton, model)
    gtk_widget_set_tooltip_text(button, "Main Menu")
    cgtk_accessible_set_label(button, "Main Menu")
    if let toggle = gtk_widget_get_first_child(button) {
      gtk_widget_set_focus_on_click(toggle, 0)
    }
    header.packPrimaryMenu(button)
    primaryMenu = button
  }

  /// The app's commands in a menu bar above the content (under a header bar placed in it).
  /// Wraps `gtk_popover_menu_bar_new_from_model`.
  func setMenuBar(_ model: UnsafeMutablePointer<GMenuModel>) {
    guard !isClosed else { return }
    if let menuBar {
      gtk_popover_menu_bar_set_menu_model(OpaquePointer(menuBar), model)
      return
    }
    let bar = gtk_popover_menu_bar_new_from_model(model)!
    let column = ensureColumn()
    let box = column.pointer.cast(to: GtkBox.self)
    if let headerBar, gtk_widget_get_parent(headerBar.pointer) == column.pointer {
      gtk_box_insert_child_after(box, bar, headerBar.pointer)
    } else {
      gtk_box_prepend(box, bar)
    }
    menuBar = bar
  }

  /// The primary menu button, for tests and inspection.
  var primaryMenuButton: UnsafeMutablePointer<GtkWidget>? { primaryMenu }
  /// The menu bar, for tests and inspection.
  var menuBarWidget: UnsafeMutablePointer<GtkWidget>? { menuBar }

  private func makeBar(cssClass: String) -> ActionBar {
    let bar = ActionBar(cssClass: cssClass)
    gtk_box_append(ensureColumn().pointer.cast(to: GtkBox.self), bar.pointer)
    return bar
  }

  /// The keyboard bar sits right under the content, above the bottom bar. Nothing in it can
  /// take focus (Tab skips it, a click leaves focus in the field), so its buttons act on
  /// the field the user is in; F6 reaches it from the keyboard (`KeyboardBarReach`).
  private func makeKeyboardBar() -> ActionBar {
    let bar = ActionBar(cssClass: ActionBar.keyboardBarClass)
    bar.isVisible = false
    gtk_widget_set_can_focus(bar.pointer, 0)
    let column = ensureColumn()
    // NB: a bottom bar first in the column (made before any content) has no sibling before
    // it; the keyboard bar then goes first, not last.
    let after =
      bottomBar.map { gtk_widget_get_prev_sibling($0.pointer) }
      ?? gtk_widget_get_last_child(column.pointer)
    gtk_box_insert_child_after(column.pointer.cast(to: GtkBox.self), bar.pointer, after)
    keyboardBar = bar
    keyboardBarReach = KeyboardBarReach(bar: bar, window: window)
    focusNotify = Signals.connectNotify(window.rawPointer, property: "focus-widget") {
      [weak self] in self?.updateKeyboardBar()
    }
    return bar
  }

  /// Shows the keyboard bar while it has items and a text field or editor has focus.
  private func updateKeyboardBar() {
    guard let keyboardBar else { return }
    keyboardBarReach?.focusChanged()
    let hasItems = gtk_widget_get_first_child(keyboardBar.items.pointer) != nil
    let editing =
      gtk_root_get_focus(OpaquePointer(window.pointer)).map(ActionBar.isEditing) ?? false
    let visible = hasItems && (editing || keyboardBarReach?.isOpen == true)
    if keyboardBar.isVisible != visible { keyboardBar.isVisible = visible }
  }

  // MARK: Return, Escape, Alt+Left

  /// The confirmation item is the window's default widget: Return runs it when no field
  /// takes the key (as `.keyboardShortcut(.defaultAction)` does). It is also styled
  /// `suggested-action`, as GNOME styles an affirmative header bar button (Adwaita in GTK 4.8
  /// draws a default widget like any other).
  private func setDefault(_ widget: Widget?) {
    guard widget !== defaultWidget else { return }
    let current = gtk_window_get_default_widget(window.window)
    if let old = defaultWidget {
      if current == old.pointer { gtk_window_set_default_widget(window.window, nil) }
      if suggestedByChrome { gtk_widget_remove_css_class(old.pointer, "suggested-action") }
    }
    defaultWidget = widget
    suggestedByChrome = false
    guard let widget else { return }
    gtk_window_set_default_widget(window.window, widget.pointer)
    if gtk_widget_has_css_class(widget.pointer, "suggested-action") == 0 {
      gtk_widget_add_css_class(widget.pointer, "suggested-action")
      suggestedByChrome = true
    }
  }

  /// Escape runs the cancellation item, Alt+Left goes back: a `GtkShortcutController` on the
  /// window, which sees a key after the focused widget let it pass (a field that handles
  /// Escape itself keeps it).
  private func ensureShortcuts() {
    guard shortcuts == nil else { return }
    let controller = ShortcutController()
    shortcuts = controller
    controller.add("Escape") { [weak self] in self?.cancel() ?? false }
    controller.add("<Alt>Left") { [weak self] in self?.goBack() ?? false }
    controller.attach(to: window.pointer)
  }

  /// Runs the shown cancellation item. Returns whether there was one to run.
  func cancel() -> Bool {
    guard let cancelWidget, gtk_widget_is_sensitive(cancelWidget.pointer) != 0 else {
      return false
    }
    return gtk_widget_activate(cancelWidget.pointer) != 0
  }
}

/// A weak reference, for lists of nodes the chrome must not keep alive, and for the
/// callbacks run on every change (a reader's, a field's "changed").
///
/// NB: captured as a constant (`let node = Weak(self)`), a callback reads it unchecked; a
/// `[weak self]` capture is a variable, and every call checked its access at run time (about
/// 80 instructions, measured on W2's keystroke).
///
/// ```swift
/// let node = Weak(self)
/// reader = DependencyReader { node.object?.invalidate() }
/// ```
@MainActor
struct Weak<Object: AnyObject> {
  weak var object: Object?
  init(_ object: Object) { self.object = object }
}
