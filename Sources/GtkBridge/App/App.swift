import CGtk

#if canImport(Glibc)
  import Glibc
#endif

/// A GTK application described by its scenes: SwiftUI's `App`, on `GtkApplication`.
///
/// ```swift
/// @main
/// struct NotesApp: App {
///   var body: some Scene {
///     WindowGroup("Notes") { ContentView() }
///   }
/// }
/// ```
///
/// `main()` opens the display (exiting with status 1 and a clear message when there is
/// none), runs the application, and returns when the last window closes.
@MainActor
public protocol App {
  associatedtype Body: Scene
  init()
  @SceneBuilder var body: Body { get }
  /// The GApplication id, such as "org.example.Notes": reverse-DNS, and the name of the
  /// app's desktop file, icon and AppStream metainfo (see `Examples/starter-app`); windows
  /// take the icon of that name. By default "io.github.gtkbridge." followed by the type name.
  static var applicationID: String { get }
}

extension App {
  public static var applicationID: String { "io.github.gtkbridge.\(Self.self)" }

  /// Runs the app. `@main` calls it.
  public static func main() {
    // NB: before `MainLoop.initialize()`, which loads the settings file into
    // `UserDefaults.standard`, and before `Self()`, so an `@AppStorage` or `UserDefaults` read
    // in the app's `init` finds its values.
    AppStorageStore.appID = applicationID
    do {
      try MainLoop.initialize()
    } catch {
      let message = "\(error)\n"
      _ = message.withCString { write(2, $0, strlen($0)) }
      exit(1)
    }
    // GTKBRIDGE_PREVIEW=<name> opens one of the app's `#Preview`s instead of its scenes.
    if let status = Previews.runRequested() { exit(status) }
    let application = Application(Self())
    TerminationSignals.handle()
    let status = application.run()
    // What the app wrote through `UserDefaults` since the last window closed.
    AppStorageStore.current?.sweep()
    withExtendedLifetime(application) { exit(status) }
  }
}

/// Runs an ``App`` on a `GtkApplication`.
@MainActor
final class Application<Content: App> {
  private let app: Content
  private let gtkApplication: UnsafeMutablePointer<GtkApplication>
  private var activate: SignalConnection?
  private var runner: SceneRunner?

  init(_ app: Content) {
    self.app = app
    // NB: NON_UNIQUE needs no D-Bus session, which test machines and containers lack.
    gtkApplication = gtk_application_new(
      Content.applicationID, GApplicationFlags(G_APPLICATION_NON_UNIQUE.rawValue))
    // The icon installed as <app id>.svg (data/ and `cmake --install`) names every window,
    // as the desktop file's Icon= does for launchers.
    gtk_window_set_default_icon_name(Content.applicationID)
  }

  isolated deinit {
    g_object_unref(gtkApplication)
  }

  /// Wraps `g_application_run`; returns its exit status.
  func run() -> Int32 {
    activate = Signals.connect(UnsafeMutableRawPointer(gtkApplication), "activate") {
      [weak self] in
      guard let self, runner == nil else { return }
      let runner = SceneRunner(
        scene: app.body, application: gtkApplication, appName: Content.displayName)
      self.runner = runner
      runner.openWindows()
    }
    let application = UnsafeMutableRawPointer(gtkApplication)
      .assumingMemoryBound(to: GApplication.self)
    return g_application_run(application, 0, nil)
  }
}

extension App {
  /// The app's name in its menus ("About Recipes"): by default the type's name without a
  /// trailing "App" (`RecipesApp` is "Recipes").
  public static var displayName: String {
    let name = String(describing: Self.self)
    return name.hasSuffix("App") && name.count > 3 ? String(name.dropLast(3)) : name
  }
}

/// Opens an app's scenes on a `GtkApplication` and gives them the app's commands.
@MainActor
final class SceneRunner {
  let application: UnsafeMutablePointer<GtkApplication>
  let commands: CommandCenter
  private let windowScenes: [any WindowScene]
  private(set) var windows: [OpenWindow] = []

  init(scene: any Scene, application: UnsafeMutablePointer<GtkApplication>, appName: String) {
    self.application = application
    var configuration = SceneConfiguration()
    let all = scenes(of: scene, configuring: &configuration)
    windowScenes = all.compactMap { $0 as? any WindowScene }
    commands = CommandCenter(
      application: application, appName: appName, commands: configuration.commands,
      presentation: configuration.presentation)
    if let first = windowScenes.first {
      commands.openWindow = { [weak self] in self?.open(first) }
    }
    if let settings = all.lazy.compactMap({ $0 as? any SettingsScene }).first {
      commands.openSettings = { [weak self] parent in self?.openSettings(settings, over: parent) }
    }
  }

  /// What the app's windows see above their root: the app's own actions.
  private func environment() -> EnvironmentValues {
    var values = EnvironmentValues()
    if commands.openSettings != nil {
      values.openSettings = OpenSettingsAction { [weak self] in self?.openSettingsFromView() }
    }
    return values
  }

  /// `openSettings()` from a view: over the focused window.
  private func openSettingsFromView() {
    let active = gtk_application_get_active_window(application).map(UnsafeMutableRawPointer.init)
    commands.openSettings?(active)
  }

  /// The settings window while it is open.
  private var settingsWindow: OpenWindow?

  /// Opens the app's settings window over `parent`, or brings back the one that is open.
  private func openSettings(_ settings: any SettingsScene, over parent: UnsafeMutableRawPointer?) {
    if let settingsWindow, !settingsWindow.window.isDestroyed {
      return settingsWindow.present()
    }
    let window = settings.open(
      over: parent?.assumingMemoryBound(to: GtkWindow.self),
      environment: { [weak self] in self?.environment() ?? EnvironmentValues() })
    settingsWindow = window
    commands.attach(presented: window.window.rawPointer)
    window.present()
    ToplevelWatcher.onClose(of: window.window.rawPointer) { [weak self] in
      self?.settingsWindow = nil
    }
  }

  /// Opens one window per window scene, as the application activates.
  func openWindows(presenting: Bool = true) {
    for scene in windowScenes { open(scene, presenting: presenting) }
  }

  @discardableResult
  func open(_ scene: any WindowScene, presenting: Bool = true) -> OpenWindow {
    let window = scene.open(
      in: application, environment: { [weak self] in self?.environment() ?? EnvironmentValues() })
    windows.append(window)
    commands.attach(window: window.window, graph: window.graph)
    if presenting { window.present() }
    // Let go of a closed window's handle, so GTK can free it.
    let handle = window.handle
    ToplevelWatcher.onClose(of: window.window.rawPointer) { [weak self] in
      self?.windows.removeAll { $0.handle === handle }
    }
    return window
  }
}

/// Flattens what a `SceneBuilder` produced, applying scene modifiers to `configuration`.
@MainActor
func scenes(of scene: any Scene, configuring configuration: inout SceneConfiguration)
  -> [any Scene]
{
  if let list = scene as? SceneList {
    return list.scenes.flatMap { scenes(of: $0, configuring: &configuration) }
  }
  if let configured = scene as? any ConfiguringScene {
    configured.configure(&configuration)
    return scenes(of: configured.baseScene, configuring: &configuration)
  }
  return [scene]
}
