import CGtk
import Foundation

/// A handle on a GLib key file (`GKeyFile`): the `[group]` / `key=value` text format of the
/// GNOME desktop (desktop files, GSettings' keyfile backend). It keeps the comments and the
/// groups of a file it rewrites; ``save(to:)`` replaces the file atomically.
///
/// Values are read and written as GLib does: ``string(forKey:in:)`` unescapes (`\n`, `\s`,
/// …); ``copyValue(forKey:in:from:)`` copies the escaped text as it stands.
final class KeyFile {
  private let file: OpaquePointer

  /// An empty key file. Wraps `g_key_file_new`.
  init() {
    file = g_key_file_new()
  }

  deinit {
    g_key_file_unref(file)
  }

  /// Why a file could not be loaded.
  enum LoadError: Error {
    /// There is no file at the path.
    case missing
    /// The file cannot be read or parsed; GLib's message (with the line number).
    case unreadable(String)
  }

  /// Loads the file at `path`, keeping its comments. Wraps `g_key_file_load_from_file`.
  func load(from path: String) throws(LoadError) {
    var error: UnsafeMutablePointer<GError>?
    let flags = GKeyFileFlags(G_KEY_FILE_KEEP_COMMENTS.rawValue)
    guard g_key_file_load_from_file(file, path, flags, &error) == 0 else { return }
    guard let error else { throw .unreadable("") }
    defer { g_error_free(error) }
    let missing =
      error.pointee.domain == g_file_error_quark()
      && error.pointee.code == G_FILE_ERROR_NOENT.rawValue
    throw missing ? .missing : .unreadable(String(cString: error.pointee.message))
  }

  /// The keys of `group`, in file order; none when the group is absent.
  /// Wraps `g_key_file_get_keys`.
  func keys(in group: String) -> [String] {
    var count = 0
    guard let keys = g_key_file_get_keys(file, group, &count, nil) else { return [] }
    defer { g_strfreev(keys) }
    return (0..<count).compactMap { index in keys[index].map { String(cString: $0) } }
  }

  /// The string value of `key` in `group`, unescaped; `nil` when absent.
  /// Wraps `g_key_file_get_string`.
  ///
  /// NB: a value with an unknown escape (`\q`) depends on GLib's version (measured): 2.74
  /// (Debian 12) returns it with the escape as written, 2.84 (Debian 13) returns nothing, so
  /// the key reads as absent. `KeyFileDisplayFreeTests` pins both.
  func string(forKey key: String, in group: String) -> String? {
    guard let value = g_key_file_get_string(file, group, key, nil) else { return nil }
    defer { g_free(value) }
    return String(cString: value)
  }

  /// Stores `value` for `key` in `group`, escaped as the format needs.
  /// Wraps `g_key_file_set_string`.
  func setString(_ value: String, forKey key: String, in group: String) {
    g_key_file_set_string(file, group, key, value)
  }

  /// Removes `key` from `group`; nothing when it is absent. Wraps `g_key_file_remove_key`.
  func removeKey(_ key: String, in group: String) {
    g_key_file_remove_key(file, group, key, nil)
  }

  /// Gives `key` in `group` the value it has in `other`, byte for byte (escapes and all), or
  /// removes it when `other` has none. Wraps `g_key_file_get_value` / `g_key_file_set_value`.
  func copyValue(forKey key: String, in group: String, from other: KeyFile) {
    if let value = g_key_file_get_value(other.file, group, key, nil) {
      g_key_file_set_value(file, group, key, value)
      g_free(value)
    } else {
      g_key_file_remove_key(file, group, key, nil)
    }
  }

  /// Why a file could not be saved.
  enum SaveError: Error {
    /// GLib gave no text for the key file; nothing was written.
    case noText
    /// The folder or the file could not be written: why.
    case failed(String)
  }

  /// Writes the key file's text to `path` (mode 0600), making its folder (mode 0700) if
  /// needed. Wraps `g_key_file_to_data` and `g_file_set_contents_full`.
  ///
  /// NB: CONSISTENT writes a temporary file, fsyncs it and renames it over the old one, so a
  /// crash leaves either the old file or the new one; DURABLE also syncs the rename.
  func save(to path: String) throws(SaveError) {
    var length = 0
    guard let data = g_key_file_to_data(file, &length, nil) else { throw .noText }
    defer { g_free(data) }
    var error: UnsafeMutablePointer<GError>?
    let directory = (path as NSString).deletingLastPathComponent
    let flags = GFileSetContentsFlags(
      G_FILE_SET_CONTENTS_CONSISTENT.rawValue | G_FILE_SET_CONTENTS_DURABLE.rawValue)
    let written =
      Directories.make(directory)
      && g_file_set_contents_full(path, data, length, flags, 0o600, &error) != 0
    if written { return }
    let reason = error.map { String(cString: $0.pointee.message) } ?? "cannot create \(directory)"
    if let error { g_error_free(error) }
    throw .failed(reason)
  }
}
