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
  observeOnMain(body, onChange: onChange).0
}

/// `withObservationTrackingOnMain` that also returns a handle to cancel the tracking before
/// it fires: a reader that runs again while what it read is unchanged (a row re-evaluated
/// because its parent updated) cancels the old tracking, or its registrations would stay
/// in the models' registrars, one more per run, until those values change.
@MainActor
func observeOnMain<T>(
  _ body: () -> T, onChange: @escaping @MainActor @Sendable () -> Void
) -> (T, TrackingHandle) {
  recordMainThread()
  let handle = TrackingHandle()
  let result = withObservationTracking(
    {
      handle.markRead()
      return body()
    },
    didSet: { tracking in
      // One change is enough: the handler re-tracks what it reads when it runs.
      tracking.cancel()
      guard handle.fired.fire() else { return }
      if isMainThread() {
        MainActor.assumeIsolated { onChange() }
      } else {
        Task { @MainActor in onChange() }
      }
    })
  return (result, handle)
}

/// Cancels one tracking made by `observeOnMain` before it fires.
///
/// NB: Observation hands out the `ObservationTracking` to cancel only in its change
/// callbacks. So every tracking also reads this handle's marker, and `cancel()` changes the
/// marker: the tracking's callback runs at once, cancels every registration it made, and
/// does not call its handler.
final class TrackingHandle: Observable, @unchecked Sendable {
  private let registrar = ObservationRegistrar()
  fileprivate let fired = FiredFlag()

  fileprivate var marker: Int {
    registrar.access(self, keyPath: \.marker)
    return 0
  }

  fileprivate func markRead() { _ = marker }

  /// Drops the tracking's registrations now; its handler will not run. Does nothing once it
  /// has fired.
  func cancel() {
    guard fired.fire() else { return }
    registrar.withMutation(of: self, keyPath: \.marker) {}
  }
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
/// registration per reader per change. `cancel()` retires it and drops its registrations.
final class PersistentTracking: Observable, @unchecked Sendable {
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
    let wasCancelled = cancelled
    cancelled = true
    pthread_mutex_unlock(&lock)
    // NB: the change of the marker runs the tracking's callback, which cancels every
    // registration it made (see `TrackingHandle`).
    if !wasCancelled { registrar.withMutation(of: self, keyPath: \.marker) {} }
  }

  private let registrar = ObservationRegistrar()

  fileprivate var marker: Int {
    registrar.access(self, keyPath: \.marker)
    return 0
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
      {
        _ = handle.marker
        return body()
      },
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
