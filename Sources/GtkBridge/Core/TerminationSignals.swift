import CGtk

#if canImport(Glibc)
  import Glibc
#endif

/// What runs when the app is asked to end by a signal (`SIGTERM` from a session manager or
/// `kill`, `SIGINT` from Ctrl+C, `SIGHUP` from a closed terminal), before the process ends
/// of that signal as it would have without GtkBridge.
///
/// Why: those signals end a process at once by default, and what it kept only in memory is
/// lost (Linux Foundation's `UserDefaults` writes only on `synchronize()`).
/// `g_unix_signal_add` delivers the signal on the main loop, where the actions run; the
/// signal's default is then restored and the signal raised again, so the exit status still
/// says which signal ended the process.
///
/// NB: the actions run when the main loop next runs. An app whose main thread is busy
/// outside the loop ends when it is back; a process that is not running the loop at all (a
/// test runner between tests) would not end, so only an app's loop installs this:
/// `App.main()` and ``MainLoop/run(timeout:until:)`` without a timeout.
@MainActor
enum TerminationSignals {
  private static var actions: [@MainActor () -> Void] = []
  private static var installed = false

  /// Runs `action` when `SIGTERM`, `SIGINT` or `SIGHUP` arrives (once signals are handled).
  static func beforeExit(_ action: @escaping @MainActor () -> Void) {
    actions.append(action)
  }

  /// Handles the three signals from now on. Wraps `g_unix_signal_add`.
  static func handle() {
    guard !installed else { return }
    installed = true
    for signal in [SIGTERM, SIGINT, SIGHUP] {
      g_unix_signal_add_full(
        G_PRIORITY_HIGH, signal,
        { data in
          let signal = Int32(Int(bitPattern: data))
          assumeMainActor { TerminationSignals.end(by: signal) }
          return 0
        }, UnsafeMutableRawPointer(bitPattern: Int(signal)), nil)
    }
  }

  private static func end(by signal: Int32) {
    for action in actions { action() }
    Glibc.signal(signal, SIG_DFL)
    raise(signal)
  }
}
