extension Scene {
  /// Adds commands to the app's menus: SwiftUI's `commands(content:)`. Commands are the
  /// app's, whichever scene declares them; they act on the focused window.
  ///
  /// ```swift
  /// WindowGroup("Recipes") { ContentView() }
  ///   .commands {
  ///     SidebarCommands()
  ///     RecipeCommands()
  ///   }
  /// ```
  public func commands<Content: Commands>(@CommandsBuilder content: () -> Content) -> some Scene {
    let commands = content()
    return ConfiguredScene(base: self) { $0.commands.append(commands) }
  }

  /// Shows the app's commands in the header bar's primary menu (the default) or in a menu
  /// bar (see ``CommandsPresentation``).
  public func commandsPresentation(_ presentation: CommandsPresentation) -> some Scene {
    ConfiguredScene(base: self) { $0.presentation = presentation }
  }
}

/// What an app's scenes say about the app as a whole.
@MainActor
struct SceneConfiguration {
  var commands: [any Commands] = []
  var presentation: CommandsPresentation = .primaryMenu
}

/// A scene with a scene modifier applied: `.commands`, `.commandsPresentation`.
struct ConfiguredScene<Base: Scene>: Scene {
  let base: Base
  let configure: @MainActor (inout SceneConfiguration) -> Void
}

@MainActor
protocol ConfiguringScene {
  var baseScene: any Scene { get }
  func configure(_ configuration: inout SceneConfiguration)
}

extension ConfiguredScene: ConfiguringScene {
  var baseScene: any Scene { base }
  func configure(_ configuration: inout SceneConfiguration) { configure(&configuration) }
}
