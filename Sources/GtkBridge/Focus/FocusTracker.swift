import CGtk

/// Something that wants to know when keyboard focus enters or leaves its widget.
@MainActor
protocol FocusObserver: AnyObject {
  func focusChanged(_ hasFocus: Bool)
}

/// The truth about focus in one window, from the window's `notify::focus-widget`.
///
/// GTK 4.8 facts shape this: an entry's focus controller gets "leave" when the window is
/// deactivated (though the focus widget stays) and no "leave" when a focused entry turns
/// insensitive; `notify::focus-widget` fires in both cases correctly and last, when GTK's
/// state is consistent. So the window's focus widget is the one source of truth: a field
/// "has focus" when its window's focus widget is it or inside it, whether or not the
/// window is active. A move A -> B is one notification: A hears `false`, B hears `true`.
@MainActor
final class FocusTracker {
  private static var trackers: [UnsafeMutableRawPointer: FocusTracker] = [:]

  /// Trackers of windows not yet destroyed; leak tests read it.
  static var liveCount: Int { trackers.count }

  /// The tracker of the window `root`, made on first use and dropped when it is destroyed.
  static func tracker(for root: OpaquePointer) -> FocusTracker {
    let key = UnsafeMutableRawPointer(root)
    if let tracker = trackers[key] { return tracker }
    let tracker = FocusTracker(root: key)
    trackers[key] = tracker
    return tracker
  }

  private struct Observer {
    weak var observer: FocusObserver?
  }

  private let root: UnsafeMutableRawPointer
  private var observers: [UnsafeMutablePointer<GtkWidget>: [Observer]] = [:]
  /// The observed widget that holds the window's focus, if any.
  private(set) var owner: UnsafeMutablePointer<GtkWidget>?
  private var focusNotify: SignalConnection?
  private var destroyed: SignalConnection?

  // NB: isolated, so the signal connections it drops are disconnected on the main thread.
  isolated deinit {}

  private init(root: UnsafeMutableRawPointer) {
    self.root = root
    focusNotify = Signals.connectNotify(root, property: "focus-widget") { [weak self] in
      self?.focusWidgetChanged()
    }
    destroyed = Signals.connectDestroy(root) { [weak self] in self?.rootDestroyed() }
    ToplevelWatcher.onClose(of: root) { [weak self] in self?.rootDestroyed() }
  }

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

  private func focusWidgetChanged() {
    var candidate = gtk_root_get_focus(OpaquePointer(root))
    var newOwner: UnsafeMutablePointer<GtkWidget>?
    while let widget = candidate {
      if observers[widget] != nil {
        newOwner = widget
        break
      }
      candidate = gtk_widget_get_parent(widget)
    }
    guard newOwner != owner else { return }
    let previous = owner
    owner = newOwner
    // NB: the gaining side hears first. A focus state shared by both sides then goes
    // straight from A's value to B's; A's "lost" finds the state no longer A's and keeps it.
    if let newOwner { notify(newOwner, true) }
    if let previous { notify(previous, false) }
  }

  private func notify(_ widget: UnsafeMutablePointer<GtkWidget>, _ hasFocus: Bool) {
    for entry in observers[widget] ?? [] { entry.observer?.focusChanged(hasFocus) }
  }

  private func rootDestroyed() {
    guard FocusTracker.trackers[root] === self else { return }
    if let owner { notify(owner, false) }
    owner = nil
    observers.removeAll()
    focusNotify = nil
    destroyed = nil
    FocusTracker.trackers[root] = nil
  }
}
