import CGtk
// NB: the SPI gives the didSet form of tracking. The public `onChange` form fires on
// willSet, before the new value is stored: a write from another thread could then be
// re-rendered (on the main actor) before it lands, and never shown. Not one of the runtime
// tricks of Runtime/: the compiler checks an SPI, so a toolchain that changes it fails the
// build instead of changing behaviour silently (see "Runtime tricks" in Architecture.md).
@_spi(SwiftUI) import Observation

/// The process main thread, recorded on first use from it.
nonisolated(unsafe) private var mainThread: pthread_t? = nil

@MainActor
func recordMainThread() {
  if mainThread == nil { mainThread = pthread_self() }
}

/// Whether this is the thread GTK was initialised on.
func isMainThread() -> Bool {
  guard let mainThread else { return false }
  return pthread_equal(mainThread, pthread_self()) != 0
}

/// Runs `body` under Observation, for a `DependencyReader` (which records every other kind of
/// read itself): a change of a model it read calls `handle`'s `modelChange` on the main
/// actor, after the change is stored: synchronously when the write happens on the main
/// thread (the usual case, so no update is lost to an async hop), otherwise enqueued on the
/// main actor, where it reads the value the other thread wrote. Observation keeps `handle`
/// only if the run read a model, or when `marked`.
///
/// `marked`: the run also reads the handle's marker, so `cancel()` can drop Observation's
/// registrations. The marker costs a registration of its own plus a `withMutation` per cancel
/// (together about 12,000 instructions): a reader learns whether it reads models at all
/// (`DependencyReader`) and marks only the runs of one that does.
///
/// NB: the change handler captures the handle alone, so it needs no context of its own.
@MainActor
func observeModels<T>(_ body: () -> T, with handle: ObservationHandle, marked: Bool) -> T {
  recordMainThread()
  guard marked else {
    return withObservationTracking(body, didSet: { [handle] in handle.modelChanged($0) })
  }
  handle.hasMarker = true
  return withMarkedObservationTracking(handle, body) { [handle] in handle.modelChanged($0) }
}

/// `withObservationTracking(_:didSet:)` of `body`, reading `handle`'s marker first.
///
/// NB: nonisolated, so that the closure made here is too: a main-actor closure handed to
/// Observation checks its isolation on every run (about 280 instructions, see
/// PointerScopes.swift).
private func withMarkedObservationTracking<T>(
  _ handle: ObservationHandle, _ body: () -> T,
  didSet: @escaping @Sendable (ObservationTracking) -> Void
) -> T {
  withObservationTracking(
    {
      handle.markRead()
      return body()
    }, didSet: didSet)
}

/// The Observation side of one run of a `DependencyReader`: what Observation calls back when
/// a model the run read changes.
///
/// One-shot (`repeats` false, a reader that re-runs on change and re-tracks then) or
/// repeating (a reader that follows its reads without re-running: a control whose reads are
/// stable, a collection's observer, a focus binding's watch).
///
/// NB: Observation hands out the `ObservationTracking` to cancel only in its change
/// callbacks. So a marked tracking also reads this handle's marker, and `cancel()` changes
/// the marker: the tracking's callback runs at once, cancels every registration it made, and
/// does not call its handler.
final class ObservationHandle: Observable, @unchecked Sendable {
  private lazy var registrar = ObservationRegistrar()
  /// Whether the tracking read `marker`, so `cancel()` can drop its registrations.
  fileprivate var hasMarker = false
  // NB: not checked for overlapping access at run time: each `&lock` was a checked access
  // (about 80 instructions a lock, one a run of W2's keystroke) that can never overlap (the
  // access lasts the pthread call; the run-time check does not look across threads anyway).
  @exclusivity(unchecked) private var lock = pthread_mutex_t()
  /// Set by `cancel()`, and by a one-shot tracking's first change.
  private var finished = false

  deinit {
    pthread_mutex_destroy(&lock)
    LiveObjects.decrement(LiveObjects.observationHandles)
  }

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

  /// What `observeModels` calls after a change of a model the run read.
  @MainActor var modelChange: (@MainActor () -> Void)?
  /// Whether every change calls `modelChange` (until cancelled), not only the first.
  let repeats: Bool

  init(repeats: Bool) {
    self.repeats = repeats
    pthread_mutex_init(&lock, nil)
    LiveObjects.increment(LiveObjects.observationHandles)
  }

  /// Makes a finished handle that nothing else holds serve another `observeModels` run.
  @MainActor
  func reuse() {
    pthread_mutex_lock(&lock)
    finished = false
    pthread_mutex_unlock(&lock)
    hasMarker = false
  }

  /// Observation's change callback of an `observeModels` run.
  fileprivate nonisolated func modelChanged(_ tracking: ObservationTracking) {
    if repeats {
      guard !isCancelled else { return tracking.cancel() }
    } else {
      // One change is enough: the reader re-tracks what it reads when it runs again.
      tracking.cancel()
      guard finish() else { return }
    }
    if isMainThread() {
      assumeMainActor { modelChange?() }
    } else {
      Task { @MainActor in
        if !self.repeats || !self.isCancelled { self.modelChange?() }
      }
    }
  }

  /// Drops the tracking's registrations now; its handler will not run again. Does nothing
  /// once a one-shot tracking has fired.
  @MainActor
  func cancel() {
    guard finish() else { return }
    if hasMarker { registrar.withMutation(of: self, keyPath: \.marker) {} }
  }
}
