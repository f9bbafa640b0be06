/// Where an app's commands are shown.
///
/// ```swift
/// WindowGroup("Recipes") { ContentView() }
///   .commands { RecipeCommands() }
///   .commandsPresentation(.menuBar)
/// ```
public struct CommandsPresentation: Hashable, Sendable {
  let isMenuBar: Bool

  /// The header bar's primary menu (the button with three lines at its end; F10 opens it):
  /// GNOME's convention, and the default. A window without a header bar shows a menu bar.
  public static let primaryMenu = Self(isMenuBar: false)
  /// A menu bar under the title bar, as on macOS and in older desktop apps: "File", "Edit",
  /// "View", the app's menus, "Window", "Help".
  public static let menuBar = Self(isMenuBar: true)
}
