/// What one tracked read depends on: the Observation tracking of what it read directly, the
/// `@State` values it read, and a subscription per collection element it read through an
/// element binding (`ElementReads`). A node's `body` and a `ForEach` row's content are
/// tracked this way.
///
/// One tracking serves all the runs of its reader: a run that reads what the last one read
/// (the usual update) keeps its subscriptions and makes no new object. Only a run whose
/// reads included an `@Observable` model needs a new Observation handle next time.
@MainActor
final class ReaderTracking {
  private let onChange: @MainActor () -> Void
  /// The Observation side of the last run. Observation holds it while it waits for a model
  /// that run read; a run that read none leaves it unused, for the next run.
  private var observation: TrackingHandle
  /// The `@State` values the last run read, listened to (repeating) until a run reads others.
  private let states = TrackingHandle()
  private var elements: [CollectionObserver.Subscription] = []
  private var isCancelled = false

  private init(onChange: @escaping @MainActor () -> Void) {
    self.onChange = onChange
    observation = Self.observationHandle(calling: onChange)
  }

  private static func observationHandle(calling onChange: @escaping @MainActor () -> Void)
    -> TrackingHandle
  {
    let handle = TrackingHandle()
    handle.modelChange = onChange
    return handle
  }

  /// Runs `read`; `onChange` runs (on the main actor) after any value it read changes.
  /// `previous`: the reader's last tracking, which this run reuses (its subscriptions to
  /// what is read again stay); `onChange` is taken only for a reader's first tracking, so
  /// it must be the same handler on every run. `readsModels`: the reader's own, kept across
  /// its runs (see `observeOnMain`).
  static func track<T>(
    _ read: () -> T, replacing previous: ReaderTracking?, readsModels: inout Bool,
    onChange: @autoclosure () -> @MainActor () -> Void
  ) -> (T, ReaderTracking) {
    let tracking: ReaderTracking
    if let previous, !previous.isCancelled {
      tracking = previous
    } else {
      tracking = ReaderTracking(onChange: onChange())
    }
    return (tracking.run(read, readsModels: &readsModels), tracking)
  }

  private func run<T>(_ read: () -> T, readsModels: inout Bool) -> T {
    // NB: a handle Observation still holds waits on a model the last run read: it is
    // cancelled (a marked one drops its registrations now, see `observeOnMain`) and this run
    // gets a new one. A handle that fired is done too.
    if !isKnownUniquelyReferenced(&observation) || observation.isCancelled {
      observation.cancel()
      // NB: a marked tracking's cancel, or its firing, has made Observation let go of the
      // handle: it serves again, registrar and all, instead of a new one per model read.
      if isKnownUniquelyReferenced(&observation) {
        observation.reuse()
      } else {
        observation = Self.observationHandle(calling: onChange)
      }
    }
    let marked = readsModels
    let outer = StateReads.begin()
    states.isMuted = true
    // NB: no local reference to the handle: the uniqueness check below must see only
    // this tracking's and Observation's.
    let (result, sources) = ElementReads.recording {
      observeModels(read, with: observation, marked: marked)
    }
    states.isMuted = false
    if !marked, !isKnownUniquelyReferenced(&observation) { readsModels = true }
    states.listen(to: StateReads.end(outer), onChange: onChange)
    keep(sources)
    return result
  }

  /// Subscribes to the elements `sources` read, keeping the subscriptions of those the last
  /// run read too, so a row that re-runs does not leave and rejoin its collection's observer.
  private func keep(_ sources: [ElementSource]) {
    if sources.count == elements.count {
      var same = true
      // NB: loops, not `contains(where:)`: see PointerScopes.swift.
      for index in elements.indices where !elements[index].isFor(sources[index]) {
        same = false
        break
      }
      if same { return }
    }
    var kept = elements
    elements = []
    sources: for source in sources {
      for subscription in elements where subscription.isFor(source) { continue sources }
      // NB: the same reader, so the kept subscription calls the same handler.
      for (index, subscription) in kept.enumerated() where subscription.isFor(source) {
        elements.append(kept.remove(at: index))
        continue sources
      }
      elements.append(CollectionObserver.subscribe(source, onChange: onChange))
    }
    for subscription in kept { subscription.cancel() }
  }

  func cancel() {
    isCancelled = true
    observation.cancel()
    states.cancel()
    for subscription in elements { subscription.cancel() }
    elements = []
  }
}
