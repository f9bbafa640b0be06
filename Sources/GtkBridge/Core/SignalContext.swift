import CGtk

/// The Swift side of a signal handler: a retained box that GLib hands back to a C trampoline.
///
/// `Unmanaged.passRetained` gives GLib one reference; the C shim calls `release` from the
/// handler's destroy notifier, exactly once, when the handler is disconnected or the
/// instance finalized.
// NB: @unchecked because GTK emits every signal on the main thread, the only thread that
// ever reads `handler`; the C trampolines assert that with `MainActor.assumeIsolated`
// (through `assumeMainActor`).
final class SignalContext<Handler>: @unchecked Sendable {
  let handler: Handler

  init(_ handler: Handler) {
    self.handler = handler
    LiveObjects.increment(LiveObjects.signalContexts)
  }

  deinit {
    LiveObjects.decrement(LiveObjects.signalContexts)
  }

  /// The opaque pointer to pass as a C `context`; balanced by `releaseContext`.
  var retainedPointer: UnsafeMutableRawPointer {
    Unmanaged.passRetained(self).toOpaque()
  }

  static func from(_ pointer: UnsafeMutableRawPointer?) -> SignalContext<Handler> {
    Unmanaged<SignalContext<Handler>>.fromOpaque(pointer!).takeUnretainedValue()
  }
}

/// `SignalContext` for a `VoidHandler`, the handler of most signals.
///
/// NB: not `SignalContext<VoidHandler>`: a generic class keeps its function in the generic
/// form, and each call through it converted the function back, allocating a context (about
/// 450 instructions a "changed", measured on W2's keystroke, with `assumeMainActor`'s own).
final class VoidSignalContext: @unchecked Sendable {
  let handler: MainActorCall

  init(_ handler: @escaping VoidHandler) {
    self.handler = MainActorCall(handler)
    LiveObjects.increment(LiveObjects.signalContexts)
  }

  deinit {
    LiveObjects.decrement(LiveObjects.signalContexts)
  }

  /// The opaque pointer to pass as a C `context`; balanced by `releaseContext`.
  var retainedPointer: UnsafeMutableRawPointer {
    Unmanaged.passRetained(self).toOpaque()
  }

  static func from(_ pointer: UnsafeMutableRawPointer?) -> VoidSignalContext {
    Unmanaged<VoidSignalContext>.fromOpaque(pointer!).takeUnretainedValue()
  }
}

typealias VoidHandler = @MainActor () -> Void
typealias CSSErrorHandler = @MainActor (CSSError) -> Void

/// Balances `SignalContext.retainedPointer`; GLib calls it from the destroy notifier.
let releaseContext: cgtk_release = { pointer in
  Unmanaged<AnyObject>.fromOpaque(pointer!).release()
}

/// Runs a `VoidHandler`; GTK emits every signal on the main thread.
let callVoidHandler: cgtk_callback = { pointer in
  VoidSignalContext.from(pointer).handler()
}

let callCSSErrorHandler: cgtk_css_error_callback = { pointer, line, column, message in
  let context = SignalContext<CSSErrorHandler>.from(pointer)
  let error = CSSError(
    line: Int(line), column: Int(column), message: message.map { String(cString: $0) } ?? "")
  assumeMainActor { context.handler(error) }
}

@MainActor
enum Signals {
  /// A signal whose handler takes only the instance ("changed", "destroy", "activate",
  /// "clicked", "toggled", …). Wraps `g_signal_connect_data` through `cgtk_connect_void`.
  static func connect(
    _ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: @escaping VoidHandler
  ) -> SignalConnection {
    let id = cgtk_connect_void(
      instance, signal, callVoidHandler, VoidSignalContext(handler).retainedPointer, releaseContext)
    return SignalConnection(instance: instance, id: id)
  }

  /// A signal whose handler takes the instance and one int or enum argument, which is
  /// ignored (GtkEntry::icon-release). Wraps `g_signal_connect_data` through
  /// `cgtk_connect_void_int`.
  static func connectIgnoringIntArgument(
    _ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: @escaping VoidHandler
  ) -> SignalConnection {
    let id = cgtk_connect_void_int(
      instance, signal, callVoidHandler, VoidSignalContext(handler).retainedPointer, releaseContext)
    return SignalConnection(instance: instance, id: id)
  }

  /// A signal of any GObject whose handler returns nothing, its arguments ignored
  /// (GFileMonitor::changed). Wraps `cgtk_connect_any_void`.
  static func connectIgnoringArguments(
    _ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: @escaping VoidHandler
  ) -> SignalConnection {
    let id = cgtk_connect_any_void(
      instance, signal, callVoidHandler, VoidSignalContext(handler).retainedPointer, releaseContext)
    return SignalConnection(instance: instance, id: id)
  }

  /// GObject::notify::`property`.
  static func connectNotify(
    _ object: UnsafeMutableRawPointer, property: String, _ handler: @escaping VoidHandler
  ) -> SignalConnection {
    let id = cgtk_connect_notify(
      object, property, callVoidHandler, VoidSignalContext(handler).retainedPointer, releaseContext)
    return SignalConnection(instance: object, id: id)
  }

  /// GtkWidget::destroy.
  static func connectDestroy(
    _ widget: UnsafeMutableRawPointer, _ handler: @escaping VoidHandler
  ) -> SignalConnection {
    connect(widget, "destroy", handler)
  }

  /// GtkCssProvider::parsing-error.
  static func connectParsingError(
    _ provider: UnsafeMutablePointer<GtkCssProvider>, _ handler: @escaping CSSErrorHandler
  ) -> SignalConnection {
    let id = cgtk_connect_css_parsing_error(
      provider, callCSSErrorHandler, SignalContext(handler).retainedPointer, releaseContext)
    return SignalConnection(instance: UnsafeMutableRawPointer(provider), id: id)
  }
}
