import CGtk
import Dispatch

/// GTK initialisation and GLib's main loop, with Swift's main queue bridged in.
///
/// GtkBridge runs everything on the process main thread. Call ``initialize()`` (or let
/// ``HostingWindow`` do it) before creating widgets; after that, `Task { @MainActor in }` and
/// `DispatchQueue.main.async` run while GLib's loop runs.
///
/// ```swift
/// try MainLoop.initialize()
/// let host = try HostingWindow(title: "Demo") { ContentView() }
/// host.present()
/// MainLoop.run { host.isClosed }
/// ```
@MainActor
public enum MainLoop {
  /// Why ``initialize()`` failed.
  public enum InitializationError: Error, Equatable, CustomStringConvertible {
    /// GTK found no display to open (no `DISPLAY` or `WAYLAND_DISPLAY`, or it is unreachable).
    case noDisplay(String)

    public var description: String {
      switch self {
      case .noDisplay(let display):
        return "GtkBridge: cannot open a display (\(display)). Run under a desktop session, "
          + "or under Xvfb: xvfb-run -a -s \"-screen 0 1280x800x24\" <command>"
      }
    }
  }

  private static var initialized = false

  /// Initialises GTK once and installs the Swift main-queue bridge.
  ///
  /// Unlike `gtk_init`, which exits the process when there is no display, this throws
  /// ``InitializationError/noDisplay(_:)``. Wraps `gtk_init_check`.
  public static func initialize() throws(InitializationError) {
    if initialized { return }
    // NB: gtk_init_check returns TRUE on a second call without a display (and widgets then
    // crash), so a missing display is judged once, from the first call, and cached.
    let display = ProcessEnvironment.value("WAYLAND_DISPLAY") ?? ProcessEnvironment.value("DISPLAY")
    guard display != nil, gtk_init_check() != 0, gdk_display_get_default() != nil else {
      throw .noDisplay(display ?? "DISPLAY is not set")
    }
    cgtk_install_main_queue_bridge()
    cgtk_install_run_loop_bridge()
    recordMainThread()
    initialized = true
    // The settings file's values go into `UserDefaults.standard` before the app reads it.
    DefaultsPersistence.start()
  }

  /// Runs one pending update pass and every GTK event that is ready now, repeatedly, until
  /// nothing is left. Deterministic: it never waits for a timer or the next frame.
  ///
  /// Tests call it after driving a widget; apps rarely need it.
  public static func drain() {
    var rounds = 0
    repeat {
      UpdateScheduler.shared.flush()
      // An update loop that never settles: return rather than spin.
      if UpdateScheduler.shared.hitPassLimit { return }
      while g_main_context_iteration(nil, 0) != 0 {}
      rounds += 1
    } while UpdateScheduler.shared.hasPendingWork && rounds < 1000
  }

  /// Iterates GLib's loop, blocking for events, until `condition` holds or `timeout`
  /// seconds pass. Returns whether the condition held.
  ///
  /// Without a timeout it is an app's loop: from then on `SIGTERM`, `SIGINT` and `SIGHUP`
  /// first write what the app set through `UserDefaults` to its settings file, then end the
  /// process as they would have.
  @discardableResult
  public static func run(
    timeout: Double = .infinity, until condition: @MainActor () -> Bool
  ) -> Bool {
    let deadline = g_get_monotonic_time() + (timeout.isFinite ? Int(timeout * 1e6) : .max / 2)
    // An app's loop: a termination signal first saves what the app has in memory.
    if !timeout.isFinite { TerminationSignals.handle() }
    drain()
    while !condition() {
      if g_get_monotonic_time() >= deadline { return false }
      guard timeout.isFinite else {
        // An app's loop: it sleeps until something happens (an event, a timer, work queued
        // for the main thread); whatever changes `condition` happens in one of those.
        g_main_context_iteration(nil, 1)
        drain()
        continue
      }
      // A short timeout source bounds the blocking iteration so the deadline is honoured
      // (and a test's condition that no event changes is looked at again).
      let wake = g_timeout_add(20, { _ in 0 }, nil)
      g_main_context_iteration(nil, 1)
      if g_main_context_find_source_by_id(nil, wake) != nil { g_source_remove(wake) }
      drain()
    }
    return true
  }

  /// Runs `body` now, or right after the update pass that is running, if one is. What a
  /// widget's signal handler does to state goes through here: a write inside an update
  /// pass (GTK emits "changed" while `updateWidget` sets text) would re-enter the graph.
  /// ``Binding/setFromWidget(_:)`` is the common case.
  public static func performOutsideUpdate(_ body: @escaping @MainActor () -> Void) {
    UpdateScheduler.shared.performOutsideUpdate(body)
  }

  /// Runs `body` once, when GLib's loop is next idle at `priority` (after the event being
  /// handled and everything it set off). Wraps `g_idle_add_full`.
  static func whenIdle(
    priority: Int32 = G_PRIORITY_DEFAULT_IDLE, _ body: @escaping @MainActor () -> Void
  ) {
    let box = Unmanaged.passRetained(IdleAction(body)).toOpaque()
    g_idle_add_full(
      priority,
      { data in
        guard let data else { return 0 }
        let action = Unmanaged<IdleAction>.fromOpaque(data).takeUnretainedValue()
        assumeMainActor { action.run() }
        return 0
      }, box,
      { data in
        guard let data else { return }
        Unmanaged<IdleAction>.fromOpaque(data).release()
      })
  }

  /// Waits (while processing events) for `seconds`; for demos and screenshots, not tests.
  public static func wait(seconds: Double) {
    let end = g_get_monotonic_time() + Int(seconds * 1e6)
    run { g_get_monotonic_time() >= end }
  }
}

/// Process environment, without Foundation.
enum ProcessEnvironment {
  static func value(_ name: String) -> String? {
    guard let raw = getenv(name) else { return nil }
    let value = String(cString: raw)
    return value.isEmpty ? nil : value
  }
}

/// What ``MainLoop/whenIdle(priority:_:)`` runs.
@MainActor
private final class IdleAction {
  let run: @MainActor () -> Void
  init(_ run: @escaping @MainActor () -> Void) { self.run = run }
}
