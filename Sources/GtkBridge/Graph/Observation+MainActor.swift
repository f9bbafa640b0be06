import CGtk
// NB: the SPI gives the didSet form of tracking. The public `onChange` form fires on
// willSet, before the new value is stored: a write from another thread could then be
// re-rendered (on the main actor) before it lands, and never shown.
@_spi(SwiftUI) import Observation

/// The process main thread, recorded on first use from it.
nonisolated(unsafe) private var mainThread: pthread_t? = nil

@MainActor
func recordMainThread() {
  if mainThread == nil { mainThread = pthread_self() }
}

private func isMainThread() -> Bool {
  guard let mainThread else { return false }
  return pthread_equal(mainThread, pthread_self()) != 0
}

/// `withObservationTracking` whose change handler runs once, on the main actor, after the
/// change is stored: synchronously when the write happens on the main thread (the usual
/// case, so no update is lost to an async hop), otherwise enqueued on the main actor, where
/// it reads the value the other thread wrote.
@MainActor
func withObservationTrackingOnMain<T>(
  _ body: () -> T, onChange: @escaping @MainActor @Sendable () -> Void
) -> T {
  recordMainThread()
  let fired = FiredFlag()
  return withObservationTracking(
    body,
    didSet: { tracking in
      // One change is enough: the handler re-tracks what it reads when it runs.
      tracking.cancel()
      guard fired.fire() else { return }
      if isMainThread() {
        MainActor.assumeIsolated { onChange() }
      } else {
        Task { @MainActor in onChange() }
      }
    })
}

/// Lets the first of several concurrent change notifications through: a cancelled tracking
/// can still be running its callback for a write on another thread.
private final class FiredFlag: @unchecked Sendable {
  private var lock = pthread_mutex_t()
  private var fired = false

  init() { pthread_mutex_init(&lock, nil) }
  deinit { pthread_mutex_destroy(&lock) }

  func fire() -> Bool {
    pthread_mutex_lock(&lock)
    defer { pthread_mutex_unlock(&lock) }
    if fired { return false }
    fired = true
    return true
  }
}

/// A change handler that stays installed: what a reader whose reads never change (a text
/// field reading its binding) uses, so a change costs one callback instead of a new
/// registration per reader per change. `cancel()` retires it; the registration itself is
/// dropped at the next change it hears.
final class PersistentTracking: @unchecked Sendable {
  private var lock = pthread_mutex_t()
  private var cancelled = false

  init() { pthread_mutex_init(&lock, nil) }
  deinit { pthread_mutex_destroy(&lock) }

  var isCancelled: Bool {
    pthread_mutex_lock(&lock)
    defer { pthread_mutex_unlock(&lock) }
    return cancelled
  }

  func cancel() {
    pthread_mutex_lock(&lock)
    cancelled = true
    pthread_mutex_unlock(&lock)
  }

  /// Runs `body`, and `onChange` on the main actor after every later change of what it read,
  /// until cancelled.
  @MainActor
  static func track<T>(
    _ body: () -> T, onChange: @escaping @MainActor @Sendable () -> Void
  ) -> (T, PersistentTracking) {
    recordMainThread()
    let handle = PersistentTracking()
    let result = withObservationTracking(
      body,
      didSet: { tracking in
        guard !handle.isCancelled else {
          tracking.cancel()
          return
        }
        if isMainThread() {
          MainActor.assumeIsolated { onChange() }
        } else {
          Task { @MainActor in if !handle.isCancelled { onChange() } }
        }
      })
    return (result, handle)
  }
}
