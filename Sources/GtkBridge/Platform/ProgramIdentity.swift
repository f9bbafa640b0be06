import CGtk

/// The names GLib knows the running program by.
enum ProgramIdentity {
  /// The id of the process's default `GApplication` (the one GTK's application registered),
  /// if there is one and it has an id. Wraps `g_application_get_default` and
  /// `g_application_get_application_id`.
  @MainActor
  static var defaultApplicationID: String? {
    guard let application = g_application_get_default(),
      let id = g_application_get_application_id(application)
    else { return nil }
    return String(cString: id)
  }

  /// GLib's program name (by default the executable's). Wraps `g_get_prgname`.
  static var programName: String? {
    g_get_prgname().map { String(cString: $0) }
  }
}
