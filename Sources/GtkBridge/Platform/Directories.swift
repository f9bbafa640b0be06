import CGtk

/// The folders GLib knows of, and making them.
enum Directories {
  /// The user's home folder. Wraps `g_get_home_dir`.
  static var home: String { String(cString: g_get_home_dir()) }

  /// Makes `path` and every missing folder above it, with `mode`. Returns whether it exists
  /// now. Wraps `g_mkdir_with_parents`.
  static func make(_ path: String, mode: Int32 = 0o700) -> Bool {
    g_mkdir_with_parents(path, mode) == 0
  }
}
