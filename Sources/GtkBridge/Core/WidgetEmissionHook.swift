import CGtk

/// Runs code for every widget of the process that emits a signal ("map", "unmap"), after the
/// widget's own class handler: for what GtkBridge must see wherever GTK makes or moves a
/// widget itself (a menu's popover, a focus widget leaving). Installed for the process's life.
@MainActor
enum WidgetEmissionHook {
  private static var installed: Set<String> = []

  /// Adds `body` as the hook of `signal`, once per signal: a second call for the same signal
  /// does nothing. Wraps `g_signal_add_emission_hook`.
  static func install(
    _ signal: String, _ body: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>) -> Void
  ) {
    guard installed.insert(signal).inserted else { return }
    let hook = Unmanaged.passRetained(Hook(body)).toOpaque()
    _ = g_signal_add_emission_hook(
      g_signal_lookup(signal, gtk_widget_get_type()), 0,
      { _, count, values, data in
        guard count > 0, let values, let data, let object = g_value_get_object(values) else {
          return 1
        }
        // NB: addresses, not pointers, cross into the main actor (pointers are not Sendable).
        let address = UInt(bitPattern: object)
        let hookAddress = UInt(bitPattern: data)
        assumeMainActor {
          guard let widget = UnsafeMutablePointer<GtkWidget>(bitPattern: address),
            let data = UnsafeMutableRawPointer(bitPattern: hookAddress)
          else { return }
          Unmanaged<Hook>.fromOpaque(data).takeUnretainedValue().body(widget)
        }
        return 1
      }, hook, nil)
  }

  private final class Hook {
    let body: @MainActor (UnsafeMutablePointer<GtkWidget>) -> Void
    init(_ body: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>) -> Void) {
      self.body = body
    }
  }
}
