import CGtk

/// An ``App``'s scenes opened on a registered `GtkApplication`, without running GTK's main
/// loop: for a test or a scripted tour that drives the app's windows itself (with
/// ``MainLoop/run(timeout:until:)``), menus and commands included.
///
/// ```swift
/// let app = NotesApp()
/// let host = try AppHost(app)
/// MainLoop.run(timeout: 5) { host.windows.first?.isActive ?? false }
/// // … drive the window …
/// host.close()
/// ```
@MainActor
public final class AppHost {
  private let application: UnsafeMutablePointer<GtkApplication>
  private let runner: SceneRunner

  /// Opens `app`'s windows on a `GtkApplication` with the app's id.
  /// - Parameters:
  ///   - app: the app.
  ///   - presenting: `false` makes the windows (their first update pass has run, initial
  ///     focus is decided) without showing them, until ``present()``.
  /// - Throws: ``MainLoop/InitializationError`` when GTK cannot open a display.
  public init<Content: App>(_ app: Content, presenting: Bool = true)
    throws(MainLoop.InitializationError)
  {
    AppStorageStore.appID = Content.applicationID
    try MainLoop.initialize()
    application = gtk_application_new(
      Content.applicationID, GApplicationFlags(G_APPLICATION_NON_UNIQUE.rawValue))
    g_application_register(
      UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self), nil, nil)
    runner = SceneRunner(
      scene: app.body, application: application, appName: Content.displayName)
    runner.openWindows(presenting: presenting)
  }

  /// Shows the windows. Wraps `gtk_window_present`.
  public func present() {
    for window in runner.windows { window.present() }
  }

  isolated deinit {
    g_object_unref(UnsafeMutableRawPointer(application))
  }

  /// The app's open windows, in the order they opened.
  public var windows: [Window] { runner.windows.map(\.window) }

  /// Closes every window.
  public func close() {
    for window in runner.windows { window.window.destroy() }
  }
}
