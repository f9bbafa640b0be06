#if canImport(Glibc)
  import Glibc
#endif

/// How C callbacks (signals, GLib sources) enter the main actor: `MainActor.assumeIsolated`,
/// with the thread checked by comparing thread ids instead of asking the concurrency runtime.
///
/// Relies on: a synchronous `@MainActor` function value having the representation of a
/// nonisolated one, so that after the check it can be called as one. The standard library's
/// own `MainActor.assumeIsolated` makes exactly this cast after its check; the language does
/// not promise it to other code.
///
/// Why: GTK calls back on the thread it runs on. The runtime's check (`swift_task_isCurrentExecutor`
/// and the main executor's lookup) costs about 280 instructions a callback, several times per
/// keystroke; comparing with the main thread `recordMainThread()` noted costs about 20.
///
/// If it changes, or with `GTKBRIDGE_RUNTIME_TRICKS=off`: `MainActor.assumeIsolated` itself
/// runs. Off the main thread, or before GtkBridge has run on it, the runtime's check runs and
/// traps as it always did.
///
/// ```swift
/// let callVoidHandler: cgtk_callback = { pointer in
///   assumeMainActor { SignalContext<VoidHandler>.from(pointer).handler() }
/// }
/// ```
@inline(__always)
func assumeMainActor<T: Sendable>(_ operation: @MainActor () -> T) -> T {
  guard mainActorCastIsOn, isMainThread() else { return MainActor.assumeIsolated(operation) }
  return withoutActuallyEscaping(operation) { operation in
    unsafeBitCast(operation, to: (() -> T).self)()
  }
}

/// A stored main-actor function that a C callback calls: `assumeMainActor`'s check, then the
/// function, converted once when it was stored.
///
/// NB: converted once, not per call: a function value converted (or wrapped in a closure for
/// `assumeMainActor`) at each call allocated a context each time (about 450 instructions a
/// signal, measured on W2's "changed").
///
/// ```swift
/// let call = MainActorCall { model.refresh() }   // when connecting
/// call()                                        // from the C callback
/// ```
struct MainActorCall: @unchecked Sendable {
  let handler: @MainActor () -> Void
  /// `handler` as a nonisolated function, as `assumeMainActor` calls its operation.
  private let unchecked: () -> Void

  init(_ handler: @escaping @MainActor () -> Void) {
    self.handler = handler
    unchecked = unsafeBitCast(handler, to: (() -> Void).self)
  }

  @inline(__always)
  func callAsFunction() {
    guard mainActorCastIsOn, isMainThread() else {
      return MainActor.assumeIsolated { handler() }
    }
    unchecked()
  }
}

/// Whether `assumeMainActor` may skip the runtime's check: not switched off by
/// `GTKBRIDGE_RUNTIME_TRICKS` (read once).
private let mainActorCastIsOn: Bool = {
  let value = getenv(RuntimeTricks.switchVariable).map { String(cString: $0) }
  return !RuntimeTricks.isSwitchedOff(by: value)
}()
