/// The focused values a command reads: a `@FocusedValue` in a ``Commands`` type or a menu's
/// views is in no window, so it reads the focused window's, which the command center sets
/// while it builds the menus and while a command runs.
@MainActor
enum CommandContext {
  static var focusedValues: FocusedValueStore?

  /// Runs `body` with `store` as the focused values commands read.
  static func with<T>(_ store: FocusedValueStore?, _ body: () -> T) -> T {
    let outer = focusedValues
    focusedValues = store
    defer { focusedValues = outer }
    return body()
  }
}
