import CGtk

/// One focusable widget taking part in a focus state: it knows whether it holds its window's
/// focus (from the window's ``FocusCoordinator``) and can take or give up focus.
///
/// It follows the widget from window to window (`notify::root`), and keeps a grab asked for
/// before the widget had a window until it has one: no timer, no delay.
@MainActor
final class FocusParticipant<Value: Hashable>: FocusObserver {
  let value: Value
  private(set) weak var widget: Widget?
  /// The view node that declared the participant, for declaration order.
  weak var node: ViewNode?
  private weak var group: FocusGroup<Value>?
  private var tracker: FocusCoordinator?
  private var rootChanged: SignalConnection?
  private(set) var holdsFocus = false
  private(set) var wantsGrabWhenRooted = false

  enum GrabResult { case granted, refused, pending }

  init(value: Value, widget: Widget, group: FocusGroup<Value>, node: ViewNode?) {
    self.value = value
    self.widget = widget
    self.group = group
    self.node = node
    LiveObjects.increment(LiveObjects.focusParticipants)
    rootChanged = Signals.connectNotify(widget.rawPointer, property: "root") { [weak self] in
      self?.rootDidChange()
    }
    rootDidChange()
  }

  // NB: isolated, so the signal connections it drops are disconnected on the main thread.
  isolated deinit {
    LiveObjects.decrement(LiveObjects.focusParticipants)
  }

  /// Stops tracking; returns whether the widget held focus.
  func detach() -> Bool {
    rootChanged = nil
    wantsGrabWhenRooted = false
    let held = holdsFocus
    if let widget { tracker?.unregister(widget.pointer, observer: self) }
    tracker = nil
    holdsFocus = false
    return held
  }

  func focusChanged(_ hasFocus: Bool) {
    guard hasFocus != holdsFocus else { return }
    holdsFocus = hasFocus
    if hasFocus { wantsGrabWhenRooted = false }
    group?.participant(self, focusChanged: hasFocus)
  }

  private func rootDidChange() {
    guard let widget else { return }
    if let tracker, tracker.unregister(widget.pointer, observer: self), holdsFocus {
      if tracker.isMovingContent {
        // NB: moved with the window's content, it comes back at once with focus: decided
        // once the move is over (see `FocusCoordinator.keepingFocus`).
        tracker.afterMove.append { [weak self] in
          guard let self, holdsFocus, self.widget?.containsFocus != true else { return }
          focusChanged(false)
        }
      } else {
        // Left its window while holding focus: it holds none now, wherever it goes.
        focusChanged(false)
      }
    }
    tracker = widget.root.map(FocusCoordinator.coordinator(for:))
    tracker?.register(widget.pointer, observer: self)
    if widget.root != nil {
      let wanted = wantsGrabWhenRooted
      wantsGrabWhenRooted = false
      group?.participantGotRoot(self, wantsGrab: wanted)
    }
  }

  /// Moves focus to the widget. Wraps `gtk_widget_grab_focus`.
  func grab() -> GrabResult {
    guard let widget else { return .refused }
    if holdsFocus { return .granted }
    guard widget.root != nil else {
      wantsGrabWhenRooted = true
      return .pending
    }
    wantsGrabWhenRooted = false
    guard let coordinator = FocusCoordinator.coordinator(of: widget) else { return .refused }
    return coordinator.grab(widget, origin: .app) ? .granted : .refused
  }

  /// Gives up focus if the widget still holds it (its window is left with no focus widget).
  func resign(origin: FocusOrigin = .app) {
    wantsGrabWhenRooted = false
    guard holdsFocus, let widget else { return }
    FocusCoordinator.coordinator(of: widget)?.resign(widget, origin: origin)
  }
}
