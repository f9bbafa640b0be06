import CGtk
import Observation

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

/// `withObservationTracking` whose change handler runs on the main actor: synchronously when
/// the change happens on the main thread (the usual case, so no update is lost to an async
/// hop), otherwise enqueued on the main actor.
@MainActor
func withObservationTrackingOnMain<T>(
  _ body: () -> T, onChange: @escaping @MainActor @Sendable () -> Void
) -> T {
  recordMainThread()
  return withObservationTracking(body) {
    if isMainThread() {
      MainActor.assumeIsolated { onChange() }
    } else {
      Task { @MainActor in onChange() }
    }
  }
}
