import CGtk

/// Work GLib's main loop offers to do each time before it waits for events: a GSource whose
/// `prepare` asks ``LoopCheck/Check/isDue(now:)`` and whose `dispatch` runs the work.
///
/// Why a source and not an idle or a timer: it adds no wakeup of its own (an idle app sleeps),
/// yet runs right after whatever woke the loop (a click, a key, a timer), before the loop
/// sleeps again. What a click's action changed is looked at before the next frame.
///
/// ```swift
/// LoopCheck.add(LoopCheck.Check(isDue: { _ in (store.isBehind, -1) }, run: { store.catchUp() }))
/// ```
@MainActor
enum LoopCheck {
  /// One piece of work.
  struct Check {
    /// Whether the work is due now (`now` in GLib's monotonic microseconds) and, when it is
    /// not, in how many milliseconds the loop should look again (`-1`: only when it next wakes).
    /// Runs once per loop iteration: keep it cheap.
    var isDue: @MainActor (_ now: Int) -> (due: Bool, timeout: Int32)
    /// The work, run when ``isDue`` said it was due.
    var run: @MainActor () -> Void
  }

  // NB: `@exclusivity(unchecked)`: main-actor state touched twice per loop iteration, where
  // each dynamic access check costs about 80 instructions (eight a `prepare`); the main actor
  // already rules out overlapping access.
  @exclusivity(unchecked) private static var checks: [Check] = []
  @exclusivity(unchecked) private static var due: [Bool] = []
  /// When the last `prepare` asked the loop to wake for a check (GLib's monotonic µs); `nil`
  /// when it asked for no time.
  @exclusivity(unchecked) private static var wakeAt: Int?
  @exclusivity(unchecked) private static var installed = false

  /// Adds `check` to the checks the default main context runs before it waits.
  static func add(_ check: Check) {
    checks.append(check)
    due.append(false)
    if !installed {
      installed = true
      let source = g_source_new(sourceFuncs, UInt32(MemoryLayout<GSource>.stride))
      g_source_set_name(source, "GtkBridge loop check")
      g_source_attach(source, nil)
      g_source_unref(source)
    }
  }

  /// Asks every check; returns whether any is due and the shortest timeout of the others.
  fileprivate static func prepare() -> (due: Bool, timeout: Int32) {
    let now = g_get_monotonic_time()
    var anyDue = due.contains(true)
    var timeout: Int32 = -1
    // NB: a check already due stays due until it runs (`check` asks again after the wait).
    for index in checks.indices where !due[index] {
      let answer = checks[index].isDue(now)
      due[index] = answer.due
      anyDue = anyDue || answer.due
      if !answer.due, answer.timeout >= 0 {
        timeout = timeout < 0 ? answer.timeout : min(timeout, answer.timeout)
      }
    }
    wakeAt = timeout >= 0 ? now + Int(timeout) * 1000 : nil
    return (anyDue, timeout)
  }

  /// After the wait: due if `prepare` said so, or if the time a check asked for has come
  /// (then the checks are asked again). Nothing but the wait ran since `prepare`, so a check
  /// that named no time is not asked twice an iteration.
  fileprivate static func check() -> Bool {
    if due.contains(true) { return true }
    guard let wakeAt, g_get_monotonic_time() >= wakeAt else { return false }
    return prepare().due
  }

  fileprivate static func dispatch() {
    for index in checks.indices where due[index] {
      due[index] = false
      checks[index].run()
    }
  }
}

/// The source's functions; GLib keeps the pointer for the source's life (the process's).
private nonisolated(unsafe) let sourceFuncs: UnsafeMutablePointer<GSourceFuncs> = {
  let funcs = UnsafeMutablePointer<GSourceFuncs>.allocate(capacity: 1)
  funcs.initialize(
    to: GSourceFuncs(
      prepare: { _, timeout in
        let answer = assumeMainActor { LoopCheck.prepare() }
        timeout?.pointee = answer.timeout
        return answer.due ? 1 : 0
      },
      check: { _ in assumeMainActor { LoopCheck.check() } ? 1 : 0 },
      dispatch: { _, _, _ in
        assumeMainActor { LoopCheck.dispatch() }
        return 1
      },
      finalize: nil, closure_callback: nil, closure_marshal: nil))
  return funcs
}()
