import CGtk

/// Something that wants to know when keyboard focus enters or leaves its widget.
@MainActor
protocol FocusObserver: AnyObject {
  func focusChanged(_ hasFocus: Bool)
}

/// Where a focus change came from. The coordinator tags every change of its window's focus
/// widget with one, so rules such as "`.defaultFocus` never takes focus from a field the user
/// is in" can ask who put focus where it is.
enum FocusOrigin: Equatable {
  /// A click, Tab, or anything else GtkBridge did not do itself.
  case user
  /// A focus state written by the app (a request GtkBridge carried out).
  case app
  /// The launch rule, on the window's first presentation.
  case launch
  /// The focused widget left (removed, hidden, insensitive): GtkBridge cleared focus.
  case teardown
}

/// The one owner of keyboard focus in a window: the truth (the window's focus widget), who
/// put it there (``FocusOrigin``), and every move GtkBridge makes.
///
/// GTK 4.8 facts shape this: an entry's focus controller gets "leave" when the window is
/// deactivated (though the focus widget stays) and no "leave" when a focused entry turns
/// insensitive; `notify::focus-widget` fires in both cases correctly and last, when GTK's
/// state is consistent. So the window's focus widget is the one source of truth: a field
/// "has focus" when its window's focus widget is it or inside it, whether or not the
/// window is active. A move A -> B is one notification: A hears `false`, B hears `true`.
///
/// It sees every focus widget, not only those a `.focused` view observes: when the focus
/// widget leaves (hidden, removed, made insensitive), focus goes nowhere at once, and GTK's
/// own move a frame later (to the window's first focusable widget) is prevented, so no focus
/// state reports a choice the user never made. See `FocusCoordinator+Leave.swift`.
@MainActor
final class FocusCoordinator {
  private static var coordinators: [UnsafeMutableRawPointer: FocusCoordinator] = [:]

  /// Coordinators of windows not yet destroyed; leak tests read it.
  static var liveCount: Int { coordinators.count }

  /// The coordinator of the window `root`, made on first use and dropped when it is destroyed.
  static func coordinator(for root: OpaquePointer) -> FocusCoordinator {
    let key = UnsafeMutableRawPointer(root)
    if let coordinator = coordinators[key] { return coordinator }
    let coordinator = FocusCoordinator(root: key)
    coordinators[key] = coordinator
    return coordinator
  }

  /// The coordinator of `widget`'s window, if it is in one.
  static func coordinator(of widget: Widget) -> FocusCoordinator? {
    widget.root.map(coordinator(for:))
  }

  /// Every live coordinator (for state shared between windows).
  static var all: [FocusCoordinator] { Array(coordinators.values) }

  private struct Observer {
    weak var observer: FocusObserver?
  }

  let root: UnsafeMutableRawPointer
  private var observers: [UnsafeMutablePointer<GtkWidget>: [Observer]] = [:]
  /// The observed widget that holds the window's focus, if any.
  private(set) var owner: UnsafeMutablePointer<GtkWidget>?
  /// The window's focus widget as last seen (observed or not), and who put it there.
  private(set) var focusWidget: UnsafeMutablePointer<GtkWidget>?
  private(set) var origin: FocusOrigin = .user
  /// Set while a popover menu holds GTK's focus (see `focusWidgetChanged`).
  private var menuClosed: SignalConnection?
  /// Set from a menu's closing until focus goes back where it was, when GTK is idle (see
  /// `menuDidClose`).
  private var menuClosing = false
  /// The origin of the move GtkBridge is making right now.
  private var acting: FocusOrigin?
  /// Set while GtkBridge moves the window's content (see `keepingFocus`): focus changes then
  /// are no moves, and nobody hears them.
  var isMovingContent = false
  /// What decides, once the content has moved, about the focus observers that left with it.
  var afterMove: [@MainActor () -> Void] = []
  private var focusNotify: SignalConnection?
  private var destroyed: SignalConnection?
  private var activeNotify: SignalConnection?
  /// The focus widget watched for leaving (see `FocusCoordinator+Leave.swift`).
  var watchedFocusWidget: UnsafeMutablePointer<GtkWidget>?
  /// Set while GTK's delayed focus move is held off, until the frame clock's "after-paint".
  var afterPaint: SignalConnection?
  /// What the window does on its first presentation (see `FocusCoordinator+Launch.swift`).
  var launchRule: LaunchFocus = .firstTextField
  var hasLaunched = false
  /// What takes launch focus in a window with no text field to focus: an alert's default
  /// button (see `presentWindow`), else nothing.
  var launchButton: Widget?
  /// Called when the window becomes active; shared focus states re-read their truth.
  var onActivate: [ObjectIdentifier: @MainActor () -> Void] = [:]
  /// Called after each change of the window's focus widget (focused values re-resolve).
  var onFocusWidgetChange: [ObjectIdentifier: @MainActor () -> Void] = [:]

  // NB: isolated, so the signal connections it drops are disconnected on the main thread.
  isolated deinit {}

  private init(root: UnsafeMutableRawPointer) {
    self.root = root
    focusNotify = Signals.connectNotify(root, property: "focus-widget") { [weak self] in
      self?.focusWidgetChanged()
    }
    activeNotify = Signals.connectNotify(root, property: "is-active") { [weak self] in
      self?.activeChanged()
    }
    destroyed = Signals.connectDestroy(root) { [weak self] in self?.rootDestroyed() }
    ToplevelWatcher.onClose(of: root) { [weak self] in self?.rootDestroyed() }
    focusWidget = Root(root).focus
  }

  /// The window whose focus this coordinator owns.
  var window: Root { Root(root) }

  /// Whether the window is the active one.
  var isActive: Bool { window.isActive }

  /// Starts reporting focus changes of `widget` to `observer`; reports the current state
  /// at once if `widget` already holds focus.
  func register(_ widget: UnsafeMutablePointer<GtkWidget>, observer: FocusObserver) {
    observers[widget, default: []].append(Observer(observer: observer))
    if owner == widget {
      observer.focusChanged(true)
    } else {
      focusWidgetChanged()
    }
  }

  /// Stops reporting to `observer`. Returns whether its widget held focus.
  @discardableResult
  func unregister(_ widget: UnsafeMutablePointer<GtkWidget>, observer: FocusObserver) -> Bool {
    observers[widget]?.removeAll { $0.observer == nil || $0.observer === observer }
    if observers[widget]?.isEmpty == true { observers[widget] = nil }
    guard owner == widget else { return false }
    if observers[widget] == nil { owner = nil }
    return true
  }

  /// Runs `body`, a focus move GtkBridge makes, tagging the change it causes with `origin`.
  func acting<R>(_ origin: FocusOrigin, _ body: () -> R) -> R {
    let outer = acting
    acting = origin
    defer { acting = outer }
    return body()
  }

  /// Moves focus to `widget` for `origin`, never selecting an editable's text (only the user
  /// moving into a field selects it, as GTK does for Tab). Returns whether GTK accepted.
  func grab(_ widget: Widget, origin: FocusOrigin) -> Bool {
    let wasHolding = isHoldingOffGTKMove
    stopHoldingOffGTKMove()
    let granted = acting(origin) {
      if let editable = widget as? EditableWidget {
        let text = editable.delegate
        // NB: the "without selecting" grab does not check what `canTakeFocus` does.
        guard Self.canTakeFocus(text) else { return false }
        return text.grabFocusWithoutSelecting()
      }
      if let editor = widget as? TextEditorWidget {
        // NB: the text view holds focus itself; a scrolled window would not pass a grab on.
        guard Self.canTakeFocus(editor.textViewWidget) else { return false }
        return editor.textViewWidget.grabFocus()
      }
      guard Self.canTakeFocus(widget.pointer) else { return false }
      return widget.grabFocus()
    }
    if !granted, wasHolding, focusWidget == nil { holdOffGTKMove() }
    return granted
  }

  /// What `gtk_widget_grab_focus` checks (sensitive, in a window, neither it nor an
  /// ancestor has `can-focus` off), and that it is shown: a field inside a hidden container
  /// cannot take focus (GTK would focus it, invisibly, and keep the keyboard there).
  static func canTakeFocus(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    guard widget.isEffectivelySensitive, let window = widget.root?.widget else { return false }
    var current: UnsafeMutablePointer<GtkWidget>? = widget
    while let node = current {
      if !node.canFocus { return false }
      // NB: not `gtk_widget_is_visible`: the window itself is hidden before it is presented,
      // and a grab then is how initial focus needs no delay.
      // A page of a `GtkStack` that is not shown is not child-visible.
      if node != window, !node.isVisible || !node.isChildVisible { return false }
      current = node.parent
    }
    return true
  }

  /// Leaves the window with no focus widget if `widget` holds focus.
  func resign(_ widget: Widget, origin: FocusOrigin) {
    guard widget.containsFocus else { return }
    clearFocus(origin)
  }

  /// Leaves the window with no focus widget, a move made for `origin`.
  func clearFocus(_ origin: FocusOrigin) {
    acting(origin) { window.clearFocus() }
  }

  func focusWidgetChanged() {
    if isMovingContent { return }
    let focus = window.focus
    // NB: before anything can undo in it (see `AppWriteUndo.deferRecording`).
    if let focus { AppWriteUndo.focusArrived(at: focus) }
    if let focus, let menu = focus.popoverMenu {
      // A menu is open (GTK's popover menus hold the keyboard focus): as on macOS, opening
      // a menu moves no focus. `.focused` states and focused values stay as they were, so
      // a command acts on the field the menu was opened over.
      if menuClosed == nil {
        menuClosed = Signals.connect(menu, "closed") {
          [weak self] in self?.menuDidClose()
        }
        // A screen reader reads the menu now (its name, not GTK's type name).
        menu.assumingMemoryBound(to: GtkWidget.self).nameMenuAfterWhatOpensIt()
      }
      return
    }
    // NB: the keyboard bar, reached by F6, is like a menu: its buttons act on the field the
    // user is in, so focus states keep that field (see `KeyboardBarReach`).
    if let focus, ActionBar.isInOpenKeyboardBar(focus) { return }
    if menuClosed != nil || menuClosing, focus != focusWidget,
      focus.map { $0.isWhereAMenuHangs } ?? true
    {
      // GTK gave focus to the menu's button or bar item (or nothing) as the menu closed.
      return menuDidClose()
    }
    menuClosed = nil
    menuClosing = false
    if focus != focusWidget {
      let previous = focusWidget
      focusWidget = focus
      // NB: GTK clears focus itself, synchronously, when the focus widget turns insensitive.
      let left = focus == nil && previous.map { !$0.isEffectivelySensitive } == true
      origin = acting ?? (left ? .teardown : .user)
      // Focus GtkBridge gave (launch, a focus state, `.defaultFocus`) shows its field, as Tab
      // does: GTK scrolls only to a focus that arrives after layout.
      if let focus, origin == .launch || origin == .app { Widget.revealWhenLaidOut(focus) }
      watchFocusWidget()
      for action in onFocusWidgetChange.values { action() }
    }
    var candidate = focus
    var newOwner: UnsafeMutablePointer<GtkWidget>?
    while let widget = candidate {
      if observers[widget] != nil {
        newOwner = widget
        break
      }
      candidate = widget.parent
    }
    guard newOwner != owner else { return }
    let previous = owner
    owner = newOwner
    // NB: the gaining side hears first. A focus state shared by both sides then goes
    // straight from A's value to B's; A's "lost" finds the state no longer A's and keeps it.
    if let newOwner { notify(newOwner, true) }
    if let previous { notify(previous, false) }
  }

  /// A menu closed: focus goes back to where it was before the menu took it, as if the
  /// menu had never had it, once GTK is done closing it. (GTK 4.8 leaves focus on the
  /// hidden menu item or gives it to the menu's button; GTK 4.10 and later grab the menu's
  /// button or bar item right after "closed", so a focus given back inside "closed" is
  /// taken away again at once.) Until then a focus on the menu, its button or nothing is no
  /// move: no `.focused` state hears it.
  private func menuDidClose() {
    menuClosed = nil
    guard !menuClosing else { return }
    menuClosing = true
    MainLoop.whenIdle { [weak self] in self?.returnFocusAfterMenu() }
  }

  private func returnFocusAfterMenu() {
    guard menuClosing, FocusCoordinator.coordinators[root] === self else { return }
    menuClosing = false
    let focus = window.focus
    guard focus != focusWidget else { return }
    let leftInMenu = focus.map { $0.popoverMenu != nil } ?? true
    if leftInMenu || focus?.isWhereAMenuHangs == true {
      guard let previous = focusWidget else {
        // Nothing had focus before the menu: nothing has it after.
        return clearFocus(.teardown)
      }
      if restore(Widget(retaining: previous)) { return }
    }
    focusWidgetChanged()
  }

  private func notify(_ widget: UnsafeMutablePointer<GtkWidget>, _ hasFocus: Bool) {
    for entry in observers[widget] ?? [] { entry.observer?.focusChanged(hasFocus) }
  }

  private func activeChanged() {
    guard isActive else { return }
    for action in onActivate.values { action() }
  }

  private func rootDestroyed() {
    guard FocusCoordinator.coordinators[root] === self else { return }
    if let owner { notify(owner, false) }
    owner = nil
    observers.removeAll()
    onActivate.removeAll()
    onFocusWidgetChange.removeAll()
    focusNotify = nil
    activeNotify = nil
    destroyed = nil
    unwatchFocusWidget()
    afterPaint = nil
    menuClosed = nil
    menuClosing = false
    FocusCoordinator.coordinators[root] = nil
  }
}
