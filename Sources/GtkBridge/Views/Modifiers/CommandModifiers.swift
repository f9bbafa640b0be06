extension View {
  /// Runs `action` when the user presses Escape while this view or a view inside it has focus
  /// (macOS's Cancel command). Built on `.onKeyPress(.escape)`: it takes the key, so an
  /// enclosing `.keyboardShortcut(.cancelAction)` does not also run.
  ///
  /// ```swift
  /// SearchField(text: $query).onExitCommand { query = "" }
  /// ```
  public func onExitCommand(perform action: (@MainActor () -> Void)?) -> some View {
    onKeyPress(keys: [.escape], phases: [.down]) { _ in
      guard let action else { return .ignored }
      action()
      return .handled
    }
  }

  /// Runs `action` with the direction of an arrow key pressed while this view or a view
  /// inside it has focus (macOS's move commands). A focused text field keeps Left and Right
  /// for its cursor.
  ///
  /// ```swift
  /// Text(board.description).focusable().onMoveCommand { direction in move(direction) }
  /// ```
  public func onMoveCommand(perform action: (@MainActor (MoveCommandDirection) -> Void)?)
    -> some View
  {
    onKeyPress(keys: [.upArrow, .downArrow, .leftArrow, .rightArrow]) { press in
      guard let action, let direction = MoveCommandDirection(press.key) else { return .ignored }
      action(direction)
      return .handled
    }
  }

  /// Runs `action` when the user presses Delete or Backspace while this view or a view inside
  /// it has focus (macOS's Delete command). A focused text field keeps both keys.
  ///
  /// ```swift
  /// Text(card.title).focusable().onDeleteCommand { remove(card) }
  /// ```
  public func onDeleteCommand(perform action: (() -> Void)?) -> some View {
    onKeyPress(keys: [.delete, .deleteForward], phases: [.down]) { _ in
      guard let action else { return .ignored }
      action()
      return .handled
    }
  }

  /// Accepted so macOS code compiles: GTK moves focus with the arrow keys between widgets in
  /// their geometric order within a container already, so a focus section changes nothing.
  public func focusSection() -> some View {
    self
  }
}

/// The direction of a move command: SwiftUI's `MoveCommandDirection`.
public enum MoveCommandDirection: Sendable, Hashable {
  case up, down, left, right

  init?(_ key: KeyEquivalent) {
    switch key {
    case .upArrow: self = .up
    case .downArrow: self = .down
    case .leftArrow: self = .left
    case .rightArrow: self = .right
    default: return nil
    }
  }
}

/// Which interactions make a view focusable: SwiftUI's (macOS 14) `FocusInteractions`.
/// Accepted; GtkBridge makes the view one Tab stop whatever they are.
public struct FocusInteractions: OptionSet, Sendable {
  public let rawValue: Int

  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  public static let activate = FocusInteractions(rawValue: 1 << 0)
  public static let edit = FocusInteractions(rawValue: 1 << 1)
  public static let automatic: FocusInteractions = [.activate, .edit]
}

extension View {
  /// `.focusable(_:)`; `interactions` is accepted and changes nothing.
  public func focusable(_ isFocusable: Bool = true, interactions: FocusInteractions)
    -> some View
  {
    focusable(isFocusable)
  }
}
