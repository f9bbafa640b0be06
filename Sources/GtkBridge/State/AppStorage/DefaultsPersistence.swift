#if canImport(Glibc)
  import Glibc
#endif

/// When what the app writes through `UserDefaults.standard` reaches the settings file, and
/// when views reading `@AppStorage` learn of it.
///
/// Linux Foundation tells no one of a `UserDefaults` write (no notification, no KVO) and keeps
/// it in memory until `synchronize()`. So, with no cost while the app is idle:
/// - **Readers**: before GLib's loop waits (``LoopCheck``), the keys some view reads are
///   compared with what the views last read; a write shows in the same loop iteration as the
///   click or key that made it. About 2 µs a key. A key holding more than 4 KiB of `Data` (or
///   a property list) is compared only at the sweeps below: Linux Foundation copies `Data`
///   byte by byte on each read (about 60 ms a MiB).
/// - **The file** (``AppStorageStore/sweep()``): when a window closes, when the app quits
///   (`exit`, the end of `App.main()`), on `SIGTERM`, `SIGINT` and `SIGHUP`, when another
///   process writes the file, and while the app is busy at most every 5 s (or 100 times the
///   last sweep's duration, if longer). An idle app sweeps once more, 5 s after it last woke.
///   Only a crash or `SIGKILL` within those 5 s loses a direct write (an `@AppStorage` write
///   is in the file at once).
@MainActor
enum DefaultsPersistence {
  private static var started = false
  private static var nextSweep: Int = 0
  /// Whether the loop woke for something other than a sweep since the last sweep.
  private static var busySinceSweep = false
  private static var sweepJustRan = false
  static let sweepInterval: Int = 5_000_000

  /// Loads the store (the file's values go into `UserDefaults.standard`) and arranges the
  /// sweeps. ``MainLoop/initialize()`` calls it, after `App.main()` has set the app id.
  static func start() {
    guard !started else { return }
    started = true
    _ = AppStorageStore.shared
    LoopCheck.add(LoopCheck.Check(isDue: readersDue, run: notifyReaders))
    LoopCheck.add(LoopCheck.Check(isDue: sweepDue, run: sweepNow))
    ToplevelWatcher.onAnyClose { AppStorageStore.current?.sweep() }
    TerminationSignals.beforeExit { AppStorageStore.current?.sweep() }
    atexit {
      // NB: `exit` runs this on the thread that called it; the store is the main thread's.
      guard isMainThread() else { return }
      assumeMainActor { _ = AppStorageStore.current?.sweep() }
    }
  }

  private static func readersDue(now: Int) -> (due: Bool, timeout: Int32) {
    guard AppStorageStore.currentHasEntries, let store = AppStorageStore.current else {
      return (false, -1)
    }
    return (store.readersAreBehind(includingLarge: false), -1)
  }

  private static func notifyReaders() {
    AppStorageStore.current?.notifyReadersBehind()
  }

  private static func sweepDue(now: Int) -> (due: Bool, timeout: Int32) {
    if sweepJustRan {
      sweepJustRan = false
    } else {
      busySinceSweep = true
    }
    guard busySinceSweep, AppStorageStore.current != nil else { return (false, -1) }
    if now >= nextSweep { return (true, -1) }
    return (false, Int32(clamping: (nextSweep - now + 999) / 1000))
  }

  private static func sweepNow() {
    let start = MonotonicClock.now
    AppStorageStore.current?.sweep()
    let end = MonotonicClock.now
    nextSweep = end + max(sweepInterval, 100 * (end - start))
    busySinceSweep = false
    sweepJustRan = true
  }
}
