import CGtk

/// GtkBridge's diagnostics go to GLib's log under the "GtkBridge" domain, so
/// `G_MESSAGES_DEBUG` and GLib's log writers handle them like GTK's own.
@MainActor
enum Log {
  /// Every message GtkBridge logs passes here first; tests count warnings with it.
  static var observer: ((String) -> Void)?

  static func warning(_ message: String) {
    observer?(message)
    write(G_LOG_LEVEL_WARNING, message)
  }

  private static func write(_ level: GLogLevelFlags, _ message: String) {
    // NB: g_log is variadic; passing the text as a "%s" argument keeps '%' in it literal.
    message.withCString { text in
      withVaList([text]) { args in g_logv("GtkBridge", level, "%s", args) }
    }
  }
}
