import CGtk

/// Shows a root view in a `GtkWindow` and keeps it up to date as state changes.
///
/// The first update pass runs in the initialiser, so every widget, initial text and initial
/// focus request is in place before the window is first presented: no delay for initial
/// focus. The window owns the view graph: dropping the `HostingWindow` handle does not close
/// the window, and destroying the window dismantles every view and frees its coordinator.
///
/// ```swift
/// try MainLoop.initialize()
/// let host = try HostingWindow(title: "Sign in") { ContentView() }
/// host.present()
/// MainLoop.run { host.isClosed }
/// ```
@MainActor
public final class HostingWindow<Content: View> {
  /// The GTK window.
  public let window: Window
  let graph: ViewGraph
  /// Whether the window has been destroyed (closed by the user or by ``close()``).
  public private(set) var isClosed = false

  /// - Parameters:
  ///   - title: the window title.
  ///   - width: default width in pixels.
  ///   - height: default height in pixels.
  ///   - content: the root view.
  /// - Throws: ``MainLoop/InitializationError`` when GTK cannot open a display.
  public convenience init(
    title: String = "", width: Int = 640, height: Int = 480,
    @ViewBuilder content: @escaping @MainActor () -> Content
  ) throws(MainLoop.InitializationError) {
    try MainLoop.initialize()
    self.init(
      initializedTitle: title, subtitle: nil, headerBar: false, width: width, height: height,
      content: content)
  }

  /// A window with a GNOME header bar showing `title` and `subtitle`.
  public convenience init(
    title: String, subtitle: String?, width: Int = 640, height: Int = 480,
    @ViewBuilder content: @escaping @MainActor () -> Content
  ) throws(MainLoop.InitializationError) {
    try MainLoop.initialize()
    self.init(
      initializedTitle: title, subtitle: subtitle, headerBar: true, width: width,
      height: height, content: content)
  }

  /// For callers that initialised GTK already (``App``).
  init(
    initializedTitle title: String, subtitle: String?, headerBar: Bool, width: Int, height: Int,
    environment: (@MainActor () -> EnvironmentValues)? = nil,
    content: @escaping @MainActor () -> Content
  ) {
    let window = Window(title: title, width: width, height: height)
    if headerBar { window.useHeaderBar(subtitle: subtitle) }
    self.window = window
    let chrome = WindowChrome(window: window)
    let place = WindowContent(chrome: chrome)
    graph = ViewGraph { widgets in place.show(widgets) }
    graph.chrome = chrome
    // NB: before the first pass: an app's windows see its actions (`openSettings`) at once.
    graph.baseEnvironment = environment
    let graph = self.graph
    // The watcher's closure keeps the graph alive until the window closes, whoever holds
    // this HostingWindow.
    ToplevelWatcher.onClose(of: window.rawPointer) { [weak self] in
      self?.isClosed = true
      graph.tearDown()
    }
    // NB: the content closure runs as a view's body, so observable state it reads (a
    // `ForEach(model.rows)` at the root) updates the window like any body would.
    let root = HostedRoot(content: content)
    UpdateScheduler.shared.performUpdate { graph.mount(root) }
  }

  /// Shows the window. Wraps `gtk_window_present`.
  ///
  /// The first time, the window's launch rule applies (see ``LaunchFocus``): if neither
  /// `.defaultFocus` nor a focus write in the first update focused a widget, the first text
  /// field takes focus with its caret at the end and its text unselected; a window with no
  /// text field (only buttons, say) opens with nothing focused, so Return runs the default
  /// action (`.keyboardShortcut(.defaultAction)`) and Space runs nothing.
  public func present() {
    window.present()
  }

  /// Closes the window: its views are dismantled at once. The GtkWindow itself is freed when
  /// GTK and this handle let go of it. Wraps `gtk_window_destroy`.
  public func close() {
    window.destroy()
  }
}

/// The root of a window: runs the content closure as its `body`, with observation tracking.
struct HostedRoot<Content: View>: View {
  let content: @MainActor () -> Content

  var body: Content { content() }
}
