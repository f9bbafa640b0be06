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
///
/// `repeating`: the handler runs after every change until the handle is cancelled, so a
/// reader whose reads never change (a text field reading its binding) costs one callback
/// per change instead of a new registration per change.
@MainActor
func observeOnMain<T>(
  _ body: () -> T, repeating: Bool = false,
  onChange: @escaping @MainActor @Sendable () -> Void
) -> (T, TrackingHandle) {
  recordMainThread()
  let handle = TrackingHandle()
  let result = withObservationTracking(
    {
      handle.markRead()
      return body()
    },
    didSet: { tracking in
      if repeating {
        guard !handle.isCancelled else { return tracking.cancel() }
      } else {
        // One change is enough: the handler re-tracks what it reads when it runs.
        tracking.cancel()
        guard handle.finish() else { return }
      }
      if isMainThread() {
        MainActor.assumeIsolated { onChange() }
      } else {
        Task { @MainActor in if repeating, handle.isCancelled { return } else { onChange() } }
      }
    })
  return (result, handle)
}

/// Cancels a tracking made by `observeOnMain`.
///
/// NB: Observation hands out the `ObservationTracking` to cancel only in its change
/// callbacks. So every tracking also reads this handle's marker, and `cancel()` changes the
/// marker: the tracking's callback runs at once, cancels every registration it made, and
/// does not call its handler.
final class TrackingHandle: Observable, @unchecked Sendable {
  private let registrar = ObservationRegistrar()
  private var lock = pthread_mutex_t()
  /// Set by `cancel()`, and by a one-shot tracking's first change.
  private var finished = false

  init() { pthread_mutex_init(&lock, nil) }
  deinit { pthread_mutex_destroy(&lock) }

  fileprivate var marker: Int {
    registrar.access(self, keyPath: \.marker)
    return 0
  }

  fileprivate func markRead() { _ = marker }

  var isCancelled: Bool {
    pthread_mutex_lock(&lock)
    defer { pthread_mutex_unlock(&lock) }
    return finished
  }

  /// Marks the tracking finished; whether it was not already (several changes on several
  /// threads can race to be the one that fires).
  fileprivate func finish() -> Bool {
    pthread_mutex_lock(&lock)
    defer { pthread_mutex_unlock(&lock) }
    if finished { return false }
    finished = true
    return true
  }

  /// Drops the tracking's registrations now; its handler will not run again. Does nothing
  /// once a one-shot tracking has fired.
  func cancel() {
    guard finish() else { return }
    registrar.withMutation(of: self, keyPath: \.marker) {}
  }
}
