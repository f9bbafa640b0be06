import CGtk

// When the focused widget leaves (hidden, removed, inside a container that is), GTK 4.8
// keeps it as the focus widget until the next frame, then moves focus to the window's first
// focusable widget ("after-paint"), even when focus was cleared meanwhile. Measured here:
//
//   hide B                     -> focus B (hidden) ... next frame: NULL, then A
//   hide B; set focus NULL     -> NULL ... next frame: A
//   hide B; grab C             -> C, and it stays
//   remove B                   -> focus B (unrooted) ... next frame: A
//   make B insensitive         -> NULL at once, and it stays
//
// A focus state would read that move to A as the user's choice. So the coordinator watches
// its focus widget: when it is unmapped while the window stays shown, focus goes nowhere at
// once (origin `.teardown`) and GTK's move is held off until the frame has painted, by making
// the window unable to take focus for that frame. A request the app makes meanwhile (in
// `onChange(of: focus)`, say) lifts the hold and is carried out: focus goes where the app
// says, or nowhere.
//
// One emission hook on "unmap" serves every window: connecting a handler to each new focus
// widget (and disconnecting it from the last) cost about 6,800 instructions per focus move.
extension FocusCoordinator {
  /// Follows the current focus widget: its "unmap" means it is leaving.
  func watchFocusWidget() {
    Self.installUnmapHook()
    if let watched = watchedFocusWidget, FocusWidgets.coordinators[watched]?.value === self {
      FocusWidgets.coordinators[watched] = nil
    }
    watchedFocusWidget = focusWidget
    if let focusWidget { FocusWidgets.coordinators[focusWidget] = FocusWidgets.Entry(value: self) }
  }

  /// Stops following the focus widget (the window is going).
  func unwatchFocusWidget() {
    if let watched = watchedFocusWidget, FocusWidgets.coordinators[watched]?.value === self {
      FocusWidgets.coordinators[watched] = nil
    }
    watchedFocusWidget = nil
  }

  private static func installUnmapHook() {
    WidgetEmissionHook.install("unmap") { unmapped($0) }
  }

  /// `widget` was unmapped: if it is a window's focus widget, it is leaving.
  private static func unmapped(_ widget: UnsafeMutablePointer<GtkWidget>) {
    guard let coordinator = FocusWidgets.coordinators[widget]?.value,
      coordinator.focusWidget == widget
    else { return }
    coordinator.focusWidgetLeft()
  }

  private func focusWidgetLeft() {
    // A window that is hiding or closing unmaps everything: that is no leaving; nor is the
    // content moving to another parent (see `keepingFocus`).
    guard !isMovingContent, window.widget.isVisible, window.widget.isMapped, let focusWidget
    else { return }
    // NB: a widget in a popover (its own native surface) is GTK's to handle: a closing
    // popover gives focus back to where it was opened from.
    if let native = focusWidget.native, native != root { return }
    clearFocus(.teardown)
    holdOffGTKMove()
  }

  /// Makes the window refuse focus until its next frame has painted, so GTK's delayed move
  /// finds nothing to focus (the window's `can-focus` off).
  func holdOffGTKMove() {
    guard afterPaint == nil, let clock = window.widget.frameClock else { return }
    window.widget.canFocus = false
    // NB: connected after GTK's own "after-paint" handler (made when the window was
    // realized), so it runs after GTK's move in the same frame.
    afterPaint = Signals.connect(clock, "after-paint") {
      [weak self] in self?.stopHoldingOffGTKMove()
    }
  }

  func stopHoldingOffGTKMove() {
    guard afterPaint != nil else { return }
    afterPaint = nil
    window.widget.canFocus = true
  }

  /// Whether GTK's delayed move is being held off (until the next frame has painted).
  var isHoldingOffGTKMove: Bool { afterPaint != nil }
}

/// The focus widget of every window, for the "unmap" hook.
@MainActor
enum FocusWidgets {
  struct Entry {
    weak var value: FocusCoordinator?
  }

  static var coordinators: [UnsafeMutablePointer<GtkWidget>: Entry] = [:]
}
