import CGtk

/// A handle on a GIO file monitor (`GFileMonitor`) watching one path: `onChange` runs on the
/// main loop when the file there is created, changed, replaced (a rename over it) or deleted,
/// at most every `rateLimit` milliseconds. Monitoring stops when the handle goes.
@MainActor
final class FileMonitor {
  private let monitor: UnsafeMutablePointer<GFileMonitor>
  private var changed: SignalConnection?

  /// Watches `path`; `nil` when GIO cannot. Wraps `g_file_monitor_file` and
  /// `g_file_monitor_set_rate_limit`.
  init?(path: String, rateLimit: Int32, onChange: @escaping @MainActor () -> Void) {
    let file = g_file_new_for_path(path)
    defer { g_object_unref(UnsafeMutableRawPointer(file)) }
    guard let monitor = g_file_monitor_file(file, G_FILE_MONITOR_NONE, nil, nil) else {
      return nil
    }
    g_file_monitor_set_rate_limit(monitor, rateLimit)
    self.monitor = monitor
    changed = Signals.connectIgnoringArguments(UnsafeMutableRawPointer(monitor), "changed") {
      onChange()
    }
  }

  // NB: isolated, so the signal connection is dropped on the main thread.
  isolated deinit {
    changed = nil
    g_file_monitor_cancel(monitor)
    g_object_unref(UnsafeMutableRawPointer(monitor))
  }
}
