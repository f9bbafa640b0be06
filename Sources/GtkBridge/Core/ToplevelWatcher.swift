import CGtk

/// Tells when a window is closed.
///
/// NB: in GTK 4, `gtk_window_destroy` (what the close button ends in) only drops GTK's own
/// reference and removes the window from `gtk_window_get_toplevels()`; "destroy" fires only
/// when the last reference goes, and a Swift handle holds one. Leaving the toplevel list is
/// the moment a window is closed, so that is what this watches (`notify::n-items`).
@MainActor
enum ToplevelWatcher {
  private static var actions: [UnsafeMutableRawPointer: [@MainActor () -> Void]] = [:]
  private static var connection: SignalConnection?
  private static var anyCloseActions: [@MainActor () -> Void] = []
  private static var openCount = 0

  /// Runs `action` once, when `window` leaves GTK's list of toplevels.
  static func onClose(of window: UnsafeMutableRawPointer, _ action: @escaping @MainActor () -> Void)
  {
    if connection == nil {
      connection = Signals.connectNotify(toplevels, property: "n-items") { check() }
    }
    actions[window, default: []].append(action)
  }

  /// Runs `action` each time a window leaves GTK's list of toplevels, whichever window.
  static func onAnyClose(_ action: @escaping @MainActor () -> Void) {
    if connection == nil {
      connection = Signals.connectNotify(toplevels, property: "n-items") { check() }
    }
    openCount = Int(g_list_model_get_n_items(OpaquePointer(toplevels)))
    anyCloseActions.append(action)
  }

  private static var toplevels: UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(gtk_window_get_toplevels())
  }

  private static func check() {
    let list = OpaquePointer(toplevels)
    var open: Set<UnsafeMutableRawPointer> = []
    for index in 0..<g_list_model_get_n_items(list) {
      guard let item = g_list_model_get_item(list, index) else { continue }
      open.insert(item)
      g_object_unref(item)
    }
    for window in actions.keys where !open.contains(window) {
      let pending = actions.removeValue(forKey: window) ?? []
      for action in pending { action() }
    }
    let closed = open.count < openCount
    openCount = open.count
    if closed {
      for action in anyCloseActions { action() }
    }
  }
}
