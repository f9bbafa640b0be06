import CGtk

/// The display-wide GTK settings GtkBridge reads and writes: `gtk_settings_get_default()`.
@MainActor
enum DisplaySettings {
  /// GTK's dark-theme preference: "gtk-application-prefer-dark-theme". Wraps
  /// `g_object_get_property` / `g_object_set_property`.
  static var prefersDarkTheme: Bool {
    get {
      guard let settings = gtk_settings_get_default() else { return false }
      var value = GValue()
      g_value_init(&value, gboolean_type)
      defer { g_value_unset(&value) }
      g_object_get_property(
        UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self),
        "gtk-application-prefer-dark-theme", &value)
      return g_value_get_boolean(&value) != 0
    }
    set {
      guard let settings = gtk_settings_get_default(), newValue != prefersDarkTheme else { return }
      var value = GValue()
      g_value_init(&value, gboolean_type)
      defer { g_value_unset(&value) }
      g_value_set_boolean(&value, newValue ? 1 : 0)
      g_object_set_property(
        UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self),
        "gtk-application-prefer-dark-theme", &value)
    }
  }

  /// The theme's name: "gtk-theme-name" ("Adwaita", "Adwaita-dark", …).
  static var themeName: String {
    guard let settings = gtk_settings_get_default() else { return "" }
    var value = GValue()
    g_value_init(&value, string_type)
    defer { g_value_unset(&value) }
    g_object_get_property(
      UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), "gtk-theme-name",
      &value)
    return g_value_get_string(&value).map { String(cString: $0) } ?? ""
  }

  /// GTK's scheme from these settings: dark when the app prefers the dark theme or the
  /// theme's name ends in "-dark".
  static var colorScheme: ColorScheme {
    prefersDarkTheme || themeName.lowercased().hasSuffix("-dark") ? .dark : .light
  }

  /// Runs `handler` whenever `setting` ("gtk-application-prefer-dark-theme",
  /// "gtk-theme-name") changes; `nil` without a display. Wraps "notify::`setting`" of
  /// `gtk_settings_get_default()`.
  static func connectChanged(_ setting: String, _ handler: @escaping @MainActor () -> Void)
    -> SignalConnection?
  {
    guard let settings = gtk_settings_get_default() else { return nil }
    return SignalConnection.connect(UnsafeMutableRawPointer(settings), notify: setting, handler)
  }

  /// `G_TYPE_BOOLEAN` and `G_TYPE_STRING`, which Swift cannot import as macros.
  private static let gboolean_type = g_type_from_name("gboolean")
  private static let string_type = g_type_from_name("gchararray")
}
