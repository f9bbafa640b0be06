import CGtk

/// Part of an app's user interface, such as a ``WindowGroup``: SwiftUI's `Scene`.
@MainActor
public protocol Scene {}

/// Builds an app's scenes.
@resultBuilder
@MainActor
public enum SceneBuilder {
  public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }

  public static func buildBlock<each Content: Scene>(_ content: repeat each Content) -> SceneList {
    var scenes: [any Scene] = []
    for scene in repeat each content { scenes.append(scene) }
    return SceneList(scenes: scenes)
  }
}

/// Several scenes from one `SceneBuilder` block.
public struct SceneList: Scene {
  let scenes: [any Scene]
}

/// A window showing a view: SwiftUI's `WindowGroup`. GtkBridge opens one window per group
/// when the application activates, with a GNOME header bar showing the title (and subtitle).
///
/// ```swift
/// WindowGroup("Sign in", subtitle: "Example Corp", width: 480, height: 360) { SignInView() }
/// ```
public struct WindowGroup<Content: View>: Scene, WindowScene {
  let title: String
  let subtitle: String?
  let headerBar: Bool
  let width: Int
  let height: Int
  let content: @MainActor () -> Content

  /// - Parameters:
  ///   - title: the window title, shown in the header bar.
  ///   - subtitle: a second line under the title in the header bar.
  ///   - headerBar: `false` leaves decorations to the window manager.
  ///   - width: default width in pixels.
  ///   - height: default height in pixels.
  ///   - content: the window's root view.
  public init(
    _ title: String, subtitle: String? = nil, headerBar: Bool = true, width: Int = 640,
    height: Int = 480, @ViewBuilder content: @escaping @MainActor () -> Content
  ) {
    self.title = title
    self.subtitle = subtitle
    self.headerBar = headerBar
    self.width = width
    self.height = height
    self.content = content
  }

  /// A window titled with the program's name, as SwiftUI titles it with the app's:
  /// `WindowGroup { ContentView() }`.
  public init(@ViewBuilder content: @escaping @MainActor () -> Content) {
    self.init(ProcessInfo.processInfo.processName, content: content)
  }

  func open(
    in application: UnsafeMutablePointer<GtkApplication>,
    environment: @escaping @MainActor () -> EnvironmentValues
  ) -> OpenWindow {
    let host = HostingWindow(
      initializedTitle: title, subtitle: subtitle, headerBar: headerBar, width: width,
      height: height, environment: environment, content: content)
    gtk_window_set_application(host.window.window, application)
    return OpenWindow(handle: host, window: host.window, graph: host.graph, present: host.present)
  }
}

@MainActor
protocol WindowScene {
  func open(
    in application: UnsafeMutablePointer<GtkApplication>,
    environment: @escaping @MainActor () -> EnvironmentValues
  ) -> OpenWindow
}

/// A window an ``App`` opened: the handle that keeps it, the window and its view graph.
struct OpenWindow {
  let handle: AnyObject
  let window: Window
  let graph: ViewGraph
  let present: @MainActor () -> Void
}
