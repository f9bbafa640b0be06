import CGtk

/// One connected GLib signal handler.
///
/// Like gtk-rs's `SignalHandlerId`, a connection can block and unblock its handler and be
/// disconnected at most once: the type is `~Copyable` and `disconnect()` consumes it.
/// Dropping a connection disconnects it too, so a coordinator that dies takes its handlers
/// with it. The connection holds only a weak reference to the instance: if the GObject is
/// finalized first, disconnecting is a no-op, never a use after free.
///
/// GLib, not Swift, owns the handler's context; it frees it in the destroy notifier.
///
/// Keep it where the widget's other state lives, usually the coordinator, and block it
/// around writes the app makes, so they do not echo back into state:
///
/// ```swift
/// final class Coordinator {
///   var valueChanged: SignalConnection?
/// }
/// // makeWidget:
/// coordinator.valueChanged = spin.connect("value-changed") { [weak spin] in … }
/// // updateWidget:
/// coordinator.valueChanged?.blocked { spin.value = value }
/// ```
public struct SignalConnection: ~Copyable {
  // NB: only trivial stored properties, so `discard self` is allowed in `disconnect()`.
  private let instance: UnsafeMutablePointer<GWeakRef>
  /// GLib's handler id; 0 for a connection that connected nothing.
  public let id: gulong

  init(instance: UnsafeMutableRawPointer, id: gulong) {
    self.instance = .allocate(capacity: 1)
    self.instance.initialize(to: GWeakRef())
    g_weak_ref_init(self.instance, instance)
    self.id = id
  }

  /// Runs `body` with the handler blocked: the echo suppression Relm4 does in its machinery.
  /// Wraps `g_signal_handler_block` / `g_signal_handler_unblock`.
  public func blocked<R>(_ body: () throws -> R) rethrows -> R {
    guard let object = g_weak_ref_get(instance) else { return try body() }
    g_signal_handler_block(object, id)
    defer {
      g_signal_handler_unblock(object, id)
      g_object_unref(object)
    }
    return try body()
  }

  /// Blocks the handler (`true`) or unblocks it. Each call with `true` needs one with `false`
  /// to undo it. Wraps `g_signal_handler_block` and `g_signal_handler_unblock`.
  func setBlocked(_ blocked: Bool) {
    guard let object = g_weak_ref_get(instance) else { return }
    if blocked {
      g_signal_handler_block(object, id)
    } else {
      g_signal_handler_unblock(object, id)
    }
    g_object_unref(object)
  }

  /// Disconnects the handler; GLib then releases its Swift context.
  /// Wraps `g_signal_handler_disconnect`.
  public consuming func disconnect() {
    Self.tearDown(instance, id)
    discard self
  }

  deinit {
    Self.tearDown(instance, id)
  }

  private static func tearDown(_ instance: UnsafeMutablePointer<GWeakRef>, _ id: gulong) {
    if let object = g_weak_ref_get(instance) {
      if g_signal_handler_is_connected(object, id) != 0 {
        g_signal_handler_disconnect(object, id)
      }
      g_object_unref(object)
    }
    g_weak_ref_clear(instance)
    instance.deallocate()
  }
}
