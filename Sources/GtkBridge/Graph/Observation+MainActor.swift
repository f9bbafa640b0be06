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

/// `withObservationTracking` whose change handler runs once, on the main actor, after the
/// change is stored: synchronously when the write happens on the main thread (the usual
/// case, so no update is lost to an async hop), otherwise enqueued on the main actor, where
/// it reads the value the other thread wrote.
@MainActor
func withObservationTrackingOnMain<T>(
  _ body: () -> T, onChange: @escaping @MainActor @Sendable () -> Void
) -> T {
  // NB: no marker (see `observeOnMain(_:repeating:readsModels:onChange:)`): the handle is
  // dropped here, so the tracking is never cancelled, only fired.
  var readsModels = false
  return observeOnMain(body, readsModels: &readsModels, onChange: onChange).0
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
  var readsModels = true
  return observeOnMain(body, repeating: repeating, readsModels: &readsModels, onChange: onChange)
}

/// `observeOnMain` for a reader that runs again and again (a node's `body`, a row's content),
/// which learns whether it reads any `@Observable` model.
///
/// `readsModels`, false at first: the reader is tracked without the handle's marker, and
/// set to true once a run was seen to read a model. Only the marker lets `cancel()` drop
/// Observation's registrations, and it costs a registration of its own plus a `withMutation`
/// per cancel (together about 12,000 instructions): a reader of `@State` values only (their
/// reads are GtkBridge's own, `StateReads`) needs none of that. The run that first reads a
/// model keeps its registrations until that model changes (they then cancel themselves);
/// every later run has the marker.
@MainActor
func observeOnMain<T>(
  _ body: () -> T, repeating: Bool = false, readsModels: inout Bool,
  onChange: @escaping @MainActor @Sendable () -> Void
) -> (T, TrackingHandle) {
  recordMainThread()
  var handle = TrackingHandle()
  let marked = readsModels
  let outer = StateReads.begin()
  var didSet: (@Sendable (ObservationTracking) -> Void)? = { [handle] tracking in
    if repeating {
      guard !handle.isCancelled else { return tracking.cancel() }
    } else {
      // One change is enough: the handler re-tracks what it reads when it runs.
      tracking.cancel()
      guard handle.finish() else { return }
    }
    if isMainThread() {
      assumeMainActor {
        if !repeating { handle.detachStates() }
        onChange()
      }
    } else {
      Task { @MainActor in
        if repeating {
          if !handle.isCancelled { onChange() }
        } else {
          handle.detachStates()
          onChange()
        }
      }
    }
  }
  let result: T
  if marked {
    handle.hasMarker = true
    result = withMarkedObservationTracking(handle, body, didSet: didSet!)
  } else {
    result = withObservationTracking(body, didSet: didSet!)
  }
  // NB: Observation keeps the change handler (and so the handle it captured) only if the
  // run read an observable value: once this function's own reference to the handler is
  // gone, a handle referenced from here alone read none.
  didSet = nil
  if !marked, !isKnownUniquelyReferenced(&handle) { readsModels = true }
  handle.observeStates(StateReads.end(outer), repeating: repeating, onChange: onChange)
  return (result, handle)
}

/// Runs `body` under Observation only, for a reader that records its `@State` reads itself
/// (`ReaderTracking`): the first change of a model it read calls `handle`'s `modelChange`
/// on the main actor. Observation keeps `handle` only if the run read a model, or when
/// `marked` (see `observeOnMain(_:repeating:readsModels:onChange:)`).
///
/// NB: the change handler captures the handle alone, so it needs no context of its own.
@MainActor
func observeModels<T>(_ body: () -> T, with handle: TrackingHandle, marked: Bool) -> T {
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
  _ handle: TrackingHandle, _ body: () -> T,
  didSet: @escaping @Sendable (ObservationTracking) -> Void
) -> T {
  withObservationTracking(
    {
      handle.markRead()
      return body()
    }, didSet: didSet)
}

/// Cancels a tracking made by `observeOnMain`.
///
/// NB: Observation hands out the `ObservationTracking` to cancel only in its change
/// callbacks. So every tracking also reads this handle's marker, and `cancel()` changes the
/// marker: the tracking's callback runs at once, cancels every registration it made, and
/// does not call its handler.
final class TrackingHandle: Observable, @unchecked Sendable {
  private lazy var registrar = ObservationRegistrar()
  /// Whether the tracking read `marker`, so `cancel()` can drop its registrations.
  fileprivate var hasMarker = false
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

  /// What `observeModels` calls after the first change of a model the run read.
  @MainActor var modelChange: (@MainActor () -> Void)?

  /// Makes a finished handle that nothing else holds serve another `observeModels` run.
  @MainActor
  func reuse() {
    pthread_mutex_lock(&lock)
    finished = false
    pthread_mutex_unlock(&lock)
    hasMarker = false
  }

  /// Observation's change callback of an `observeModels` run: one-shot.
  fileprivate nonisolated func modelChanged(_ tracking: ObservationTracking) {
    tracking.cancel()
    guard finish() else { return }
    if isMainThread() {
      assumeMainActor { modelChange?() }
    } else {
      Task { @MainActor in self.modelChange?() }
    }
  }

  /// Drops the tracking's registrations now; its handler will not run again. Does nothing
  /// once a one-shot tracking has fired.
  @MainActor
  func cancel() {
    guard finish() else { return }
    dropObservation()
    detachStates()
  }

  /// Cancels the Observation side of the tracking (`finish()` must have been called).
  private func dropObservation() {
    if hasMarker { registrar.withMutation(of: self, keyPath: \.marker) {} }
  }

  // MARK: - The `@State` values the tracking read (`StateBox`, outside Observation)

  /// NB: unowned: a state holds its readers, and drops itself from them when it goes.
  // NB: not checked for overlapping access at run time: see `UpdateScheduler`'s note.
  @MainActor @exclusivity(unchecked) private var states: [Unmanaged<StateStorage>] = []
  @MainActor @exclusivity(unchecked) private var repeating = false
  @MainActor @exclusivity(unchecked) private var stateChange: (@MainActor () -> Void)?

  /// Makes a change of any of `states` call `onChange`, as a change of what Observation
  /// tracked does.
  @MainActor
  fileprivate func observeStates(
    _ states: [StateStorage], repeating: Bool, onChange: @escaping @MainActor () -> Void
  ) {
    guard !states.isEmpty else { return }
    self.repeating = repeating
    stateChange = onChange
    // NB: a loop, not `map`: see PointerScopes.swift.
    var unowned: [Unmanaged<StateStorage>] = []
    unowned.reserveCapacity(states.count)
    for state in states {
      unowned.append(Unmanaged.passUnretained(state))
      state.addReader(self)
    }
    self.states = unowned
  }

  /// Listens to `newStates` from now on, repeating: the `@State` values a reader's last run
  /// read (`ReaderTracking`). The usual run reads the ones it read before, and changes nothing.
  @MainActor
  func listen(to newStates: [StateStorage], onChange: @escaping @MainActor () -> Void) {
    if newStates.count == states.count {
      var same = true
      // NB: a loop, not `elementsEqual`: see PointerScopes.swift.
      for index in states.indices where states[index].takeUnretainedValue() !== newStates[index] {
        same = false
        break
      }
      if same { return }
    }
    detachStates()
    observeStates(newStates, repeating: true, onChange: onChange)
  }

  /// Stops listening to the `@State` values; a fired one-shot tracking and a cancelled one
  /// do so. `notifying`: the state calling back now, which has taken its list of readers out.
  @MainActor
  fileprivate func detachStates(except notifying: StateStorage? = nil) {
    guard !states.isEmpty else { return }
    for state in states where state.takeUnretainedValue() !== notifying {
      state.takeUnretainedValue().removeReader(self)
    }
    states = []
    stateChange = nil
  }

  /// A state this tracking listens to is going away.
  @MainActor
  func forget(_ state: StateStorage) {
    states.removeAll { $0.takeUnretainedValue() === state }
  }

  /// Set while the reader of a repeating tracking runs (`ReaderTracking`): what its own run
  /// writes is no change for it to hear of, or a body that writes a state it read before
  /// would re-run itself on every pass. (A one-shot tracking is replaced before its run.)
  @MainActor @exclusivity(unchecked) var isMuted = false

  /// Whether the tracking still listens to its states: a repeating one until cancelled.
  @MainActor
  var listensOn: Bool { stateChange != nil }

  /// `state`, a `@State` value the tracking read, changed (always on the main thread).
  @MainActor
  func stateChanged(_ state: StateStorage) {
    guard let stateChange else { return }
    if repeating {
      guard !isCancelled, !isMuted else { return }
    } else {
      guard finish() else { return }
      detachStates(except: state)
      dropObservation()
    }
    stateChange()
  }
}
