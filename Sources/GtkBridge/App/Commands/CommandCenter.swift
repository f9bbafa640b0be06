import CGtk

/// An application's commands: builds its menus from the scenes' ``Commands`` and the standard
/// groups, keeps one application action per item, shows the menu in every window it opened,
/// and runs items against the focused window.
///
/// The menus are built under a `DependencyReader`, with the focused window's focused values
/// as what `@FocusedValue` reads: state a command reads (a title, a `.disabled`) and focus
/// moving to a view that publishes another value rebuild them, as does another window
/// becoming the focused one. A rebuild whose menu has the same shape only sets what changed.
///
/// Keyboard shortcuts are handled by each window after its focused control and its own
/// buttons (see ``WindowShortcuts``): Ctrl+Z in a text field stays the field's, and a
/// window's `Button(...).keyboardShortcut` wins over a command with the same keys. A
/// disabled command's keys pass on.
@MainActor
final class CommandCenter {
  private struct Attached {
    let root: UnsafeMutableRawPointer
    weak var graph: ViewGraph?
    weak var chrome: WindowChrome?
  }

  let application: UnsafeMutablePointer<GtkApplication>
  let appName: String
  private let commands: [any Commands]
  let presentation: CommandsPresentation
  /// Opens another window of the app's first window group ("New Window"), if it has one.
  var openWindow: (@MainActor () -> Void)?
  /// Opens the app's ``Settings`` window over the given window, if the app has one.
  var openSettings: (@MainActor (UnsafeMutableRawPointer?) -> Void)?
  private var windows: [Attached] = []
  /// Sheets, alerts and the settings window: the commands' shortcuts work there too.
  private var presented: [UnsafeMutableRawPointer] = []
  private let actions: MenuActions
  /// What the commands read; a change rebuilds the menus. Made by the first build.
  private var reader: DependencyReader?
  private var refreshScheduled = false
  private var activeWindowNotify: SignalConnection?
  private var about: UnsafeMutablePointer<GtkWindow>?

  init(
    application: UnsafeMutablePointer<GtkApplication>, appName: String,
    commands: [any Commands], presentation: CommandsPresentation = .primaryMenu
  ) {
    self.application = application
    self.appName = appName
    self.commands = commands
    self.presentation = presentation
    actions = MenuActions(
      map: OpaquePointer(UnsafeMutableRawPointer(application)), prefix: "app",
      namePrefix: "command-")
    actions.perform = { [weak self] run in
      CommandContext.with(self?.focusedValues) { run() }
    }
    activeWindowNotify = Signals.connectNotify(
      UnsafeMutableRawPointer(application), property: "active-window"
    ) { [weak self] in self?.scheduleRefresh() }
  }

  isolated deinit {
    reader?.cancel()
  }

  /// Shows the commands in `window` (one the app opened) and handles their shortcuts there.
  func attach(window: Window, graph: ViewGraph) {
    let root = window.rawPointer
    windows.removeAll { $0.graph == nil || $0.root == root }
    windows.append(Attached(root: root, graph: graph, chrome: graph.chrome))
    ToplevelWatcher.onClose(of: root) { [weak self] in
      self?.windows.removeAll { $0.root == root }
      self?.scheduleRefresh()
    }
    let shortcuts = WindowShortcuts.of(OpaquePointer(root))
    shortcuts.commands = self
    // Commands that depend on the focused widget (the editing ones) follow it.
    FocusCoordinator.coordinator(for: OpaquePointer(root)).onFocusWidgetChange[
      ObjectIdentifier(self)] = { [weak self] in self?.scheduleRefresh() }
    if reader == nil { refresh() }
    show(in: windows[windows.count - 1])
    shortcuts.installCommandAccelerators()
  }

  /// Handles the commands' shortcuts in `root`, a sheet or alert over one of the app's
  /// windows or the settings window, as macOS's menu takes its key equivalents in any of
  /// them. They act on the focused app window (a sheet's parent).
  func attach(presented root: UnsafeMutableRawPointer) {
    presented.append(root)
    ToplevelWatcher.onClose(of: root) { [weak self] in self?.presented.removeAll { $0 == root } }
    let shortcuts = WindowShortcuts.of(OpaquePointer(root))
    shortcuts.commands = self
    shortcuts.installCommandAccelerators()
  }

  /// The focused window's focused values.
  private var focusedValues: FocusedValueStore? { activeWindow?.graph?.focusedValues }

  private var activeRoot: UnsafeMutableRawPointer? { activeWindow?.root }

  /// The application's active window if it is one of ours, else the window attached last.
  private var activeWindow: Attached? {
    let active = gtk_application_get_active_window(application).map(UnsafeMutableRawPointer.init)
    return windows.last { $0.root == active && $0.graph != nil } ?? windows.last { $0.graph != nil }
  }

  private var keyRoot: UnsafeMutableRawPointer? {
    presented.last { gtk_window_is_active($0.assumingMemoryBound(to: GtkWindow.self)) != 0 }
      ?? activeRoot
  }

  func scheduleRefresh() {
    guard !refreshScheduled else { return }
    refreshScheduled = true
    UpdateScheduler.shared.enqueueAfterPass { [weak self] in
      guard let self else { return }
      refreshScheduled = false
      refresh()
    }
  }

  /// Rebuilds the menus from the commands, tracking what they read.
  func refresh() {
    let store = focusedValues
    if reader == nil { reader = DependencyReader { [weak self] in self?.scheduleRefresh() } }
    let sections = reader!.run { CommandContext.with(store) { sectionsNow() } }
    actions.update(sections)
    for root in windows.map(\.root) + presented {
      WindowShortcuts.of(OpaquePointer(root)).installCommandAccelerators()
    }
  }

  /// The accelerators of the enabled and disabled commands, with their titles.
  var accelerators: [(title: String, accelerator: String)] {
    actions.accelerators.map { ($0.title, $0.accelerator) }
  }

  /// Runs the last enabled command whose shortcut is `accelerator` (as a window's buttons
  /// share keys: a disabled one leaves them to the one before it). Returns whether one ran.
  func activate(accelerator: String) -> Bool {
    let group = OpaquePointer(UnsafeMutableRawPointer(application))
    let name = actions.accelerators.lazy.reversed()
      .filter { $0.accelerator == accelerator }
      .map { String($0.action.dropFirst("app.".count)) }
      .first { g_action_group_get_action_enabled(group, $0) != 0 }
    guard let name else { return false }
    g_action_group_activate_action(group, name, nil)
    return true
  }

  private func show(in window: Attached) {
    guard let chrome = window.chrome else { return }
    let model = MenuActions.model(actions.menu)
    if presentation.isMenuBar {
      chrome.setMenuBar(model)
    } else {
      chrome.setPrimaryMenu(model)
    }
  }

  // MARK: building

  /// The menu, section by section: each placement's group (with what `.commands` put before,
  /// after or instead of it), the app's menus between the view and window groups.
  private func sectionsNow() -> [(title: String?, entries: [MenuEntry])] {
    var collection = CommandCollection()
    for commands in self.commands { collection.add(commands) }
    var sections: [(placement: CommandGroupPlacement, entries: [MenuEntry])] = []
    for placement in CommandGroupPlacement.all {
      if placement == .menus {
        let menus = collection.menus.map { menu in
          MenuEntry.submenu(title: menu.name, entries: MenuEntry.entries(of: menu.content()))
        }
        sections.append((placement, menus))
        continue
      }
      let groups = collection.groups.filter { $0.placement == placement }
      var entries = standardEntries(for: placement)
      if collection.textEditing { entries += editingEntries(for: placement) }
      if let replacement = groups.last(where: { $0.position == .replacing }) {
        entries = MenuEntry.entries(of: replacement.content())
      }
      let before = groups.filter { $0.position == .before }.flatMap {
        MenuEntry.entries(of: $0.content())
      }
      let after = groups.filter { $0.position == .after }.flatMap {
        MenuEntry.entries(of: $0.content())
      }
      sections.append((placement, before + entries + after))
    }
    sections.removeAll { $0.entries.isEmpty }
    guard presentation.isMenuBar else { return sections.map { (nil, $0.entries) } }
    // A menu bar: one menu per part ("File", "Edit", ...), the app's menus as their own.
    var bar: [MenuEntry] = []
    var current: (name: String, entries: [MenuEntry])?
    for section in sections {
      if section.placement == .menus {
        if let current { bar.append(.submenu(title: current.name, entries: current.entries)) }
        current = nil
        bar += section.entries
        continue
      }
      let name = section.placement.menuBarMenu
      if let open = current, open.name == name {
        current?.entries += [.divider] + section.entries
      } else {
        if let current { bar.append(.submenu(title: current.name, entries: current.entries)) }
        current = (name, section.entries)
      }
    }
    if let current { bar.append(.submenu(title: current.name, entries: current.entries)) }
    return [(nil, bar)]
  }

  /// What GtkBridge puts in a group when the app does not replace it.
  private func standardEntries(for placement: CommandGroupPlacement) -> [MenuEntry] {
    func item(
      _ title: String, _ shortcut: KeyboardShortcut?, _ action: @escaping @MainActor () -> Void
    )
      -> MenuEntry
    {
      .item(.init(title: title, shortcut: shortcut, isDisabled: false, isOn: nil, action: action))
    }
    switch placement {
    case .newItem:
      guard let openWindow else { return [] }
      return [item("New Window", KeyboardShortcut("n"), openWindow)]
    case .appSettings:
      guard let openSettings else { return [] }
      return [
        item("Preferences", KeyboardShortcut(",")) { [weak self] in openSettings(self?.activeRoot) }
      ]
    case .help:
      return [
        item("Keyboard Shortcuts", KeyboardShortcut("?")) { [weak self] in
          guard let root = self?.keyRoot else { return }
          WindowShortcuts.of(OpaquePointer(root)).showOverview()
        }
      ]
    case .appInfo:
      return [item("About \(appName)", nil) { [weak self] in self?.showAbout() }]
    case .appTermination:
      return [item("Quit", KeyboardShortcut("q")) { [weak self] in self?.quit() }]
    default:
      return []
    }
  }

  /// ``TextEditingCommands``: GTK's own widget actions, run on the focused text widget.
  private func editingEntries(for placement: CommandGroupPlacement) -> [MenuEntry] {
    let focus = activeRoot.flatMap {
      FocusCoordinator.coordinator(for: OpaquePointer($0)).focusWidget
    }
    let editing =
      focus.map {
        let instance = UnsafeMutableRawPointer($0).assumingMemoryBound(to: GTypeInstance.self)
        return g_type_check_instance_is_a(instance, gtk_text_get_type()) != 0
          || g_type_check_instance_is_a(instance, gtk_text_view_get_type()) != 0
      } ?? false
    func item(_ title: String, _ accelerator: String, _ action: String) -> MenuEntry {
      .item(
        .init(
          title: title, shortcut: nil, isDisabled: !editing, isOn: nil,
          action: { [weak self] in self?.activateOnFocus(action) },
          displayedAccelerator: accelerator))
    }
    switch placement {
    case .undoRedo:
      return [
        item("Undo", "<Control>z", "text.undo"), item("Redo", "<Shift><Control>z", "text.redo"),
      ]
    case .pasteboard:
      return [
        item("Cut", "<Control>x", "clipboard.cut"), item("Copy", "<Control>c", "clipboard.copy"),
        item("Paste", "<Control>v", "clipboard.paste"),
        item("Select All", "<Control>a", "selection.select-all"),
      ]
    case .textEditing:
      let window = activeWindow
      guard let search = window?.chrome?.search else { return [] }
      return [
        .item(
          .init(
            title: "Find…", shortcut: nil, isDisabled: false, isOn: nil,
            action: { [weak search] in search?.reveal(focus: true) },
            displayedAccelerator: "<Control>f"))
      ]
    default:
      return []
    }
  }

  /// Runs GTK's widget action `name` on the focused window's focus widget (the one GtkBridge
  /// sees: a menu that is open holds GTK's). Wraps `gtk_widget_activate_action_variant`.
  private func activateOnFocus(_ name: String) {
    guard let root = activeRoot,
      let focus = FocusCoordinator.coordinator(for: OpaquePointer(root)).focusWidget
    else { return }
    gtk_widget_activate_action_variant(focus, name, nil)
  }

  /// GTK's about dialog, transient for the focused window. Wraps `gtk_about_dialog_new`.
  private func showAbout() {
    if let about {
      gtk_window_present(about)
      return
    }
    let dialog = gtk_about_dialog_new()!
    let aboutDialog = OpaquePointer(dialog)
    gtk_about_dialog_set_program_name(aboutDialog, appName)
    if let id = g_application_get_application_id(
      UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self))
    {
      gtk_about_dialog_set_logo_icon_name(aboutDialog, id)
    }
    let window = UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: GtkWindow.self)
    if let root = activeRoot {
      gtk_window_set_transient_for(window, root.assumingMemoryBound(to: GtkWindow.self))
      gtk_window_set_modal(window, 1)
    }
    gtk_window_set_hide_on_close(window, 0)
    about = window
    ToplevelWatcher.onClose(of: UnsafeMutableRawPointer(dialog)) { [weak self] in
      self?.about = nil
    }
    gtk_window_present(window)
  }

  /// Closes every window of the app, as the window manager's close button would; the app
  /// ends when the last one has gone. Wraps `gtk_window_close`.
  private func quit() {
    for window in windows {
      gtk_window_close(window.root.assumingMemoryBound(to: GtkWindow.self))
    }
  }
}
