import CGtk

/// Coalesces state changes into one update pass per main-loop turn.
///
/// A state write marks the views that read it dirty and asks for a pass; the pass runs from
/// a high-priority source, before GTK lays out and draws the next frame, so a change
/// and its consequences reach the screen together. Work that must not run inside a pass —
/// binding writes caused by widget signals during an update — waits in `afterPass` and runs
/// synchronously when the pass ends: no async hop that could race the user's typing.
@MainActor
final class UpdateScheduler {
  static let shared = UpdateScheduler()

  // NB: `@exclusivity(unchecked)` on the properties an update touches on every pass: each
  // access was checked for overlapping access at run time (`swift_beginAccess`, about 80
  // instructions; W2 made 57 a keystroke). Each is main-actor only and every access is
  // instantaneous (no `inout` held across a call), so no overlap can happen to be caught.
  /// NB: a list with a flag on each graph, not a dictionary: usually one graph, and hashing
  /// it on every state write cost more than the rest of scheduling.
  @exclusivity(unchecked) private var dirtyGraphs: [ViewGraph] = []
  /// The list a pass runs from, kept to reuse its storage.
  @exclusivity(unchecked) private var running: [ViewGraph] = []
  @exclusivity(unchecked) private var afterPass: [@MainActor () -> Void] = []
  @exclusivity(unchecked) private var focusGrabs: [@MainActor () -> Void] = []
  @exclusivity(unchecked) private var focusResigns: [@MainActor () -> Void] = []
  @exclusivity(unchecked) private(set) var isUpdating = false
  /// Whether the last flush stopped at its pass limit with work left.
  private(set) var hitPassLimit = false
  private var warnedPassLimit = false

  /// Number of update passes run; benchmarks and tests read it.
  @exclusivity(unchecked) private(set) var passCount = 0
  /// Number of flushes run to the end: what the app does in answer to one event (its
  /// writes, the passes and actions they cause) runs within the next flush, so a write made
  /// in answer to an event and a later one tell apart by this count (see `awaitSettling`).
  @exclusivity(unchecked) private(set) var settledFlushes = 0

  var hasPendingWork: Bool {
    !dirtyGraphs.isEmpty || !afterPass.isEmpty || !focusGrabs.isEmpty || !focusResigns.isEmpty
  }

  func schedule(_ graph: ViewGraph) {
    if !graph.isScheduled {
      graph.isScheduled = true
      dirtyGraphs.append(graph)
    }
    requestPass()
  }

  /// Asks for a flush even if the event being handled changes nothing, so that
  /// `settledFlushes` moves on once the app has answered it.
  func awaitSettling() {
    requestPass()
  }

  /// Runs `body` now, or right after the current update pass if one is running.
  func performOutsideUpdate(_ body: @escaping @MainActor () -> Void) {
    if isUpdating {
      afterPass.append(body)
    } else {
      body()
    }
  }

  /// Runs `body` after the next update pass, which is requested now; it runs from the same
  /// high-priority source, before GTK draws the next frame.
  func enqueueAfterPass(_ body: @escaping @MainActor () -> Void) {
    afterPass.append(body)
    requestPass()
  }

  /// Queues a focus change for the end of the pass, when every widget made in it sits in
  /// its window. Grabs run before resignations, so "A resigns, B takes focus" in one pass
  /// is a single move A -> B, never A -> nothing -> B.
  func enqueueFocusChange(resign: Bool, _ body: @escaping @MainActor () -> Void) {
    if resign {
      focusResigns.append(body)
    } else {
      focusGrabs.append(body)
    }
    requestPass()
  }

  /// NB: one source that stays, ready only when asked (`cgtk_update_source_request`): an
  /// idle source added and removed per pass cost about 2,600 instructions a keystroke.
  private func requestPass() {
    cgtk_update_source_request(G_PRIORITY_HIGH_IDLE) { _ in
      assumeMainActor { UpdateScheduler.shared.flush() }
    }
  }

  /// Runs `body` as (part of) an update pass, then everything it left pending.
  func performUpdate(_ body: () -> Void) {
    if isUpdating { return body() }
    isUpdating = true
    body()
    isUpdating = false
    flush()
  }

  /// Runs update passes until no graph is dirty. Re-entrant calls are ignored.
  func flush() {
    guard !isUpdating else { return }
    var rounds = 0
    hitPassLimit = false
    while hasPendingWork {
      rounds += 1
      if rounds > 100 {
        // NB: what is left waits for the next main-loop turn (the source asked for here), so a
        // view that keeps writing state it reads slows the app down instead of hanging it.
        hitPassLimit = true
        if !warnedPassLimit {
          warnedPassLimit = true
          Log.warning(
            "state keeps changing during updates (100 passes in one turn); "
              + "a view probably writes state it reads in updateWidget")
        }
        requestPass()
        return
      }
      // NB: swapped with the list of the last pass, keeping both storages, so a pass per
      // keystroke does not reallocate them.
      swap(&running, &dirtyGraphs)
      isUpdating = true
      passCount += 1
      for graph in running {
        graph.isScheduled = false
        graph.update()
      }
      running.empty()
      isUpdating = false
      if !focusGrabs.isEmpty || !focusResigns.isEmpty || !afterPass.isEmpty {
        let deferred = focusGrabs + focusResigns + afterPass
        focusGrabs.removeAll(keepingCapacity: true)
        focusResigns.removeAll(keepingCapacity: true)
        afterPass.removeAll(keepingCapacity: true)
        for body in deferred { body() }
      }
    }
    settledFlushes &+= 1
    cgtk_update_source_withdraw()
  }
}
