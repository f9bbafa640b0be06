/// The one dependency tracker: what one reader (a node's `body`, a `ForEach` row's content, a
/// control's update, a collection's observer, a focus binding's watch, the menus' commands)
/// read in its last run, and a call back when any of it changes.
///
/// Every source reports its reads to `TrackedReads` during a run; the reader then holds one
/// typed subscription per dependency:
/// - a `@State` value (`StateBox`), listened to directly;
/// - a collection element read through an element binding (`$item`, `$model.rows[i]`),
///   through the collection's `CollectionObserver`;
/// - an environment key read by an `@Environment` property (`EnvironmentDependents`);
/// - an `@Observable` model, `ObservableObject` or `@AppStorage` value, through Observation
///   (`ObservationHandle`).
///
/// They start in `run(_:)` and end in `cancel()`, in one place. A run that reads what the
/// last one read (the usual update) keeps its subscriptions and makes no new object.
///
/// ```swift
/// let reader = DependencyReader { [weak node] in node?.invalidate() }
/// let body = reader.run { view.body }   // later changes of what body read call back
/// reader.cancel()                       // when the node goes
/// ```
///
/// A reader dropped without `cancel()` cancels itself: its sources hold its `Listener`, not
/// the reader (a state holds its listeners strongly, and would otherwise keep a dropped
/// reader, and call it, for as long as the state lives).
@MainActor
final class DependencyReader {
  /// What a change does to a reader.
  enum Renewal {
    /// The reader runs again on change (a `body`, a row), and its run tracks anew: a
    /// model's registration serves one change.
    case rerun
    /// The reader follows its reads until cancelled without running again (a control that
    /// compares what it shows, a collection's observer): every change calls back.
    case listen
  }

  /// The subscriptions, and what the sources call back.
  let listener: Listener

  /// `onChange` runs on the main actor after a value a run read changed.
  ///
  /// `expectsModels`: the first run is marked too (see `Listener.readsModels`), for a reader
  /// that likely reads a model and is cancelled before it changes (a focus binding's watch):
  /// its registrations then go at once instead of at the model's next change.
  ///
  /// `kind`: what made the reader (a node's type): once a reader of that kind has read a
  /// model, the next ones expect models (see `Listener.modelReadingKinds`).
  init(
    _ renewal: Renewal = .rerun, expectsModels: Bool = false, kind: ObjectIdentifier? = nil,
    onChange: @escaping @MainActor () -> Void
  ) {
    listener = Listener(renewal, expectsModels: expectsModels, kind: kind, onChange: onChange)
    LiveObjects.increment(LiveObjects.dependencyReaders)
  }

  // NB: isolated, so the subscriptions end on the main thread. Its owner usually cancelled
  // it already (a node's `dismantle()`); this is for one that did not.
  isolated deinit {
    if !listener.isCancelled { listener.cancel() }
    LiveObjects.decrement(LiveObjects.dependencyReaders)
  }

  /// Runs `read`, tracking what it reads; `onChange` runs after any of it changes.
  ///
  /// `observingModels` false: the run's only observable reads are element bindings, which
  /// the reader follows element by element; Observation is not asked (it would call back on
  /// any change of a model's array).
  @inline(__always)
  func run<T>(_ read: () -> T, observingModels: Bool = true) -> T {
    listener.run(read, observingModels: observingModels)
  }

  /// Whether the reader still follows what its last run read: until cancelled.
  var isListening: Bool { !listener.isCancelled }

  var isCancelled: Bool { listener.isCancelled }

  /// Ends every subscription of the last run; a later run subscribes again.
  func cancel() {
    listener.cancel()
  }
}

extension DependencyReader {
  /// The part of a `DependencyReader` its sources hold: what its last run read, and the call
  /// back.
  @MainActor
  final class Listener {
    // NB: `@exclusivity(unchecked)` on the properties every run touches (each dynamic check
    // cost about 80 instructions, four a run of W2's keystroke): main-actor state whose every
    // access is instantaneous (see `UpdateScheduler`'s note); the one held across a call,
    // `forget(_:)`'s `removeAll`, runs a comparison that reads no reader.
    private let onChange: @MainActor () -> Void
    private let renewal: Renewal
    /// The Observation side of the last run. Observation holds it while it waits for a model
    /// that run read; a run that read none leaves it unused, for the next run.
    @exclusivity(unchecked) private var observation: ObservationHandle
    /// Whether a run read an `@Observable` model: only then does a run carry the marker that
    /// lets `cancel()` drop Observation's registrations (see `observeModels`).
    @exclusivity(unchecked) private var readsModels: Bool
    /// NB: unowned: a state holds its readers, and drops itself from them when it goes.
    @exclusivity(unchecked) private var states: [Unmanaged<StateStorage>] = []
    @exclusivity(unchecked) private var elements: [CollectionObserver.Subscription] = []
    @exclusivity(unchecked) private var environment: [EnvironmentDependents.Subscription] = []
    @exclusivity(unchecked) private(set) var isCancelled = false
    /// Set while the reader runs: what its own run writes is no change for it to hear of, or a
    /// body that writes a state it read before would re-run itself on every pass.
    @exclusivity(unchecked) private var isRunning = false

    /// The kind of reader this is, if its maker names one (see `modelReadingKinds`).
    private let kind: ObjectIdentifier?

    /// The kinds of readers (a view type's `body`, a `ForEach`'s rows, a control type's update)
    /// of which one has read an `@Observable` model: the readers of those kinds made since mark
    /// their first run too.
    ///
    /// NB: an unmarked run's registrations stay in the models it read until one of them changes
    /// (Observation hands out no tracking to cancel before that). A reader that ran once and
    /// was cancelled (a branch toggled off, a row scrolled away, a sheet closed) left one each
    /// time: with a model nobody wrote meanwhile, every toggle kept another handle and its
    /// change handler in the model. Now only the first reader of each kind can leave one.
    private static var modelReadingKinds: Set<ObjectIdentifier> = []

    /// See `DependencyReader.init`.
    fileprivate init(
      _ renewal: Renewal, expectsModels: Bool, kind: ObjectIdentifier?,
      onChange: @escaping @MainActor () -> Void
    ) {
      self.onChange = onChange
      self.renewal = renewal
      self.kind = kind
      readsModels =
        expectsModels
        || (kind != nil && !Self.modelReadingKinds.isEmpty
          && Self.modelReadingKinds.contains(kind!))
      observation = Self.observationHandle(renewal, calling: onChange)
    }

    private static func observationHandle(
      _ renewal: Renewal, calling onChange: @escaping @MainActor () -> Void
    ) -> ObservationHandle {
      let handle = ObservationHandle(repeats: renewal == .listen)
      handle.modelChange = onChange
      return handle
    }

    /// See `DependencyReader.run(_:observingModels:)`.
    func run<T>(_ read: () -> T, observingModels: Bool) -> T {
      // NB: no `recordMainThread()` here: `observeModels` records it, the one place that needs it.
      isCancelled = false
      renewObservation()
      let marked = readsModels
      let outer = TrackedReads.begin()
      isRunning = true
      // NB: no local reference to the handle: the uniqueness check below must see only
      // this reader's and Observation's.
      let result = observingModels ? observeModels(read, with: observation, marked: marked) : read()
      isRunning = false
      var reads = TrackedReads.end(outer)
      if !marked, !isKnownUniquelyReferenced(&observation) { learnReadsModels() }
      listen(to: reads.states)
      keep(reads.elements)
      keep(reads.environment)
      TrackedReads.recycle(&reads.states)
      return result
    }

    /// A run read a model: the later runs, and the first runs of the next readers of this
    /// kind, are marked.
    private func learnReadsModels() {
      readsModels = true
      if let kind { Self.modelReadingKinds.insert(kind) }
    }

    /// Gives the run a handle Observation does not hold: a handle still held waits on a model
    /// the last run read, and is cancelled (a marked one drops its registrations now).
    private func renewObservation() {
      guard !isKnownUniquelyReferenced(&observation) || observation.isCancelled else { return }
      observation.cancel()
      // NB: a marked tracking's cancel, or its firing, has made Observation let go of the
      // handle: it serves again, registrar and all, instead of a new one per model read.
      if isKnownUniquelyReferenced(&observation) {
        observation.reuse()
      } else {
        observation = Self.observationHandle(renewal, calling: onChange)
      }
    }

    /// Whether the reader still follows what its last run read: until cancelled.
    var isListening: Bool { !isCancelled }

    func cancel() {
      isCancelled = true
      observation.cancel()
      detachStates()
      for subscription in elements { subscription.cancel() }
      elements = []
      for subscription in environment { subscription.cancel() }
      environment = []
    }

    // MARK: - `@State` values

    /// Listens to `newStates` from now on. The usual run reads the ones it read before, and
    /// changes nothing.
    private func listen(to newStates: [StateStorage]) {
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
      guard !newStates.isEmpty else { return }
      // NB: a loop, not `map`: see PointerScopes.swift.
      var unowned: [Unmanaged<StateStorage>] = []
      unowned.reserveCapacity(newStates.count)
      for state in newStates {
        unowned.append(Unmanaged.passUnretained(state))
        state.addReader(self)
      }
      states = unowned
    }

    private func detachStates() {
      guard !states.isEmpty else { return }
      for state in states { state.takeUnretainedValue().removeReader(self) }
      states = []
    }

    /// A state this reader listens to is going away.
    func forget(_ state: StateStorage) {
      states.removeAll { $0.takeUnretainedValue() === state }
    }

    /// `state`, a `@State` value the last run read, changed (always on the main thread).
    func stateChanged(_ state: StateStorage) {
      guard !isCancelled, !isRunning else { return }
      onChange()
    }

    // MARK: - Collection elements

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
        for (index, subscription) in kept.enumerated() where subscription.isFor(source) {
          elements.append(kept.remove(at: index))
          continue sources
        }
        elements.append(CollectionObserver.subscribe(source, onChange: onChange))
      }
      for subscription in kept { subscription.cancel() }
    }

    // MARK: - Environment keys

    /// Subscribes to the environment keys the run read, keeping those the last run read.
    private func keep(_ dependencies: [EnvironmentDependency]) {
      if dependencies.count == environment.count {
        var same = true
        for index in environment.indices where environment[index].dependency != dependencies[index]
        {
          same = false
          break
        }
        if same { return }
      }
      var kept = environment
      environment = []
      dependencies: for dependency in dependencies {
        for (index, subscription) in kept.enumerated() where subscription.dependency == dependency {
          environment.append(kept.remove(at: index))
          continue dependencies
        }
        environment.append(EnvironmentDependents.subscribe(dependency, onChange: onChange))
      }
      for subscription in kept { subscription.cancel() }
    }
  }
}
