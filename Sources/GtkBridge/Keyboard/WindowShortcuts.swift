import CGtk

/// The keyboard shortcuts of one window: one `GtkShortcutController` on the window, with one
/// `GtkShortcut` per key combination the window's buttons use, plus Ctrl+? for the list.
///
/// The controller runs in the bubble phase at the window (GTK's managed scope), after the
/// focused widget and its ancestors: a key the focused control uses itself (a letter or Ctrl+A
/// typed into a text field, Return in a field, Tab) stays with it, and any other key reaches
/// the shortcut wherever focus is in the window.
///
/// Conflicts: when several shown views register the same combination, the one registered
/// last runs (one warning is logged, once per combination and window); while it is disabled
/// or hidden, the one registered before it runs. The app's commands (``Commands``) come after
/// the window's own buttons: a combination no enabled button of the window takes runs the
/// enabled command that has it.
@MainActor
final class WindowShortcuts {
  private static var windows: [UnsafeMutableRawPointer: WindowShortcuts] = [:]

  /// Windows with shortcuts, for leak tests.
  static var liveCount: Int { windows.count }

  /// The shortcuts of the window `root`, made on first use and dropped when it closes.
  static func of(_ root: OpaquePointer) -> WindowShortcuts {
    let key = UnsafeMutableRawPointer(root)
    if let existing = windows[key] { return existing }
    let shortcuts = WindowShortcuts(root: key)
    windows[key] = shortcuts
    ToplevelWatcher.onClose(of: key) { [weak shortcuts] in shortcuts?.close() }
    return shortcuts
  }

  /// The shortcuts of the window `root`, if it has been given any.
  static func existing(_ root: OpaquePointer) -> WindowShortcuts? {
    windows[UnsafeMutableRawPointer(root)]
  }

  /// One view's claim on a key combination.
  final class Registration {
    let shortcut: KeyboardShortcut
    weak var widget: Widget?
    fileprivate(set) var order = 0

    init(shortcut: KeyboardShortcut, widget: Widget) {
      self.shortcut = shortcut
      self.widget = widget
    }
  }

  let root: UnsafeMutableRawPointer
  private let controller = ShortcutController(scope: GTK_SHORTCUT_SCOPE_MANAGED)
  private var registrations: [String: [Registration]] = [:]
  /// Shown in the shortcuts window only: the default button, which GTK runs itself.
  private var listed: [Registration] = []
  private var gtkShortcuts: [String: ShortcutController.Shortcut] = [:]
  private var warned: Set<String> = []
  private var counter = 0
  /// The window Ctrl+? opens, while it is open.
  var overview: ShortcutsOverview?
  /// The app's commands, in a window the app opened.
  weak var commands: CommandCenter?
  /// The combinations installed for the commands.
  private var commandAccelerators: Set<String> = []

  static let overviewAccelerator = "<Control>question"

  private init(root: UnsafeMutableRawPointer) {
    self.root = root
    controller.attach(to: root.assumingMemoryBound(to: GtkWidget.self))
    install(Self.overviewAccelerator)
    Self.reachPopoversAsTheyOpen()
  }

  /// The registrations of the window, in the order they were made.
  var all: [Registration] {
    (registrations.values.flatMap { $0 } + listed).sorted { $0.order < $1.order }
  }

  /// Lists `shortcut` for `widget` in the shortcuts window without handling its key (the
  /// default button: GTK's window runs it on Return).
  func list(_ shortcut: KeyboardShortcut, widget: Widget) -> Registration {
    let registration = Registration(shortcut: shortcut, widget: widget)
    counter += 1
    registration.order = counter
    listed.removeAll { $0.widget == nil }
    listed.append(registration)
    return registration
  }

  /// Makes `shortcut` run `widget` (a button or toggle).
  func register(_ shortcut: KeyboardShortcut, widget: Widget) -> Registration? {
    guard let accelerator = shortcut.accelerator else {
      // NB: once per key and window, not on every update of the view.
      if warned.insert("invalid \(shortcut.key)").inserted {
        Log.warning(
          "GtkBridge: keyboardShortcut(\(shortcut.key)) names no key GTK knows; it is ignored")
      }
      return nil
    }
    let registration = Registration(shortcut: shortcut, widget: widget)
    counter += 1
    registration.order = counter
    var list = registrations[accelerator, default: []]
    list.removeAll { $0.widget == nil }
    if let other = list.last(where: { $0.widget !== widget }), !warned.contains(accelerator) {
      warned.insert(accelerator)
      Log.warning(
        "GtkBridge: \"\(Self.title(of: other.widget))\" and \"\(Self.title(of: widget))\" "
          + "share the keyboard shortcut \(accelerator) in one window; the last registered "
          + "(\"\(Self.title(of: widget))\") runs while it is enabled")
    }
    list.append(registration)
    registrations[accelerator] = list
    install(accelerator)
    return registration
  }

  func unregister(_ registration: Registration) {
    listed.removeAll { $0 === registration }
    guard let accelerator = registration.shortcut.accelerator else { return }
    registrations[accelerator]?.removeAll { $0 === registration || $0.widget == nil }
    if registrations[accelerator]?.isEmpty == true {
      registrations[accelerator] = nil
      if accelerator != Self.overviewAccelerator, !commandAccelerators.contains(accelerator),
        let shortcut = gtkShortcuts[accelerator]
      {
        controller.remove(shortcut)
        gtkShortcuts[accelerator] = nil
      }
    }
  }

  /// The registration that runs for `accelerator` now: the last registered whose widget can
  /// act (sensitive, shown, not under `.hidden()`).
  func winner(for accelerator: String) -> Registration? {
    registrations[accelerator]?.last { $0.widget?.canActivateByShortcut ?? false }
  }

  private func install(_ accelerator: String) {
    guard gtkShortcuts[accelerator] == nil,
      let shortcut = controller.add(accelerator, { [weak self] in self?.run(accelerator) ?? false })
    else { return }
    gtkShortcuts[accelerator] = shortcut
  }

  /// Makes the app's command shortcuts work in `popover`, one of this window's popovers (a
  /// `.popover`, the primary menu, a menu bar's menus), as a Mac's menu takes its key
  /// equivalents wherever the keyboard is: GTK hands a popover's keys to the popover, never to
  /// the window's controllers. The window's own buttons' shortcuts stay the window's (Escape
  /// closes the popover). The commands' keys are those of when the popover last opened: each
  /// opening replaces the controller the last one added.
  func reach(_ popover: UnsafeMutablePointer<GtkWidget>) {
    let key = "gtkbridge-command-keys"
    ShortcutController.takeBack(from: popover, key: key)
    guard let commands, !commands.accelerators.isEmpty else { return }
    let forward = ShortcutController()
    for accelerator in Set(commands.accelerators.map(\.accelerator)) {
      // The app's commands only: the window's own buttons' keys stay the window's.
      forward.add(accelerator) { [weak self] in
        self?.commands?.activate(accelerator: accelerator) ?? false
      }
    }
    // NB: the popover keeps the controller; the next opening's takes its place.
    forward.give(to: popover, key: key)
  }

  /// Makes every popover reached by its window's commands when it maps (see `reach`): GTK
  /// makes the menus' popovers itself, so they are found as they open. Installed once.
  static func reachPopoversAsTheyOpen() {
    PopoverMapWatch.install { popover, root in existing(root)?.reach(popover) }
  }

  /// Makes the app's command shortcuts reach this window (and drops those gone).
  func installCommandAccelerators() {
    let wanted = Set(commands?.accelerators.map(\.accelerator) ?? [])
    for accelerator in commandAccelerators.subtracting(wanted)
    where registrations[accelerator] == nil && accelerator != Self.overviewAccelerator {
      if let shortcut = gtkShortcuts.removeValue(forKey: accelerator) {
        controller.remove(shortcut)
      }
    }
    commandAccelerators = wanted
    for accelerator in wanted { install(accelerator) }
  }

  private func run(_ accelerator: String) -> Bool {
    if let registration = winner(for: accelerator), let widget = registration.widget {
      widget.activateByShortcut()
      return true
    }
    if let commands, commands.activate(accelerator: accelerator) { return true }
    guard accelerator == Self.overviewAccelerator, !registrations.isEmpty || !listed.isEmpty
    else { return false }
    showOverview()
    return true
  }

  /// Opens (or brings back) the list of this window's shortcuts.
  func showOverview() {
    overview?.close()
    overview = ShortcutsOverview(for: self)
    overview?.present()
  }

  /// What the shortcut list calls `widget`: its label, or the first label inside it.
  static func title(of widget: Widget?) -> String {
    guard let widget else { return "" }
    if let labelled = widget as? ButtonWidget, !labelled.label.isEmpty { return labelled.label }
    return widget.firstLabelText ?? "Button"
  }

  private func close() {
    overview?.close()
    overview = nil
    registrations.removeAll()
    listed.removeAll()
    for shortcut in gtkShortcuts.values { controller.remove(shortcut) }
    gtkShortcuts.removeAll()
    controller.detach()
    Self.windows[root] = nil
  }
}
