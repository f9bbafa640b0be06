import CGtk

/// GLib's monotonic clock, the one its main loop times sources by.
enum MonotonicClock {
  /// Microseconds since an arbitrary start; never goes back. Wraps `g_get_monotonic_time`.
  static var now: Int { g_get_monotonic_time() }
}
