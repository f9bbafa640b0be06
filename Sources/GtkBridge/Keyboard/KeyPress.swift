import Foundation

/// A key the user pressed, as `.onKeyPress` hands it to its action: SwiftUI's `KeyPress`.
///
/// ```swift
/// .onKeyPress(phases: .down) { press in
///   press.modifiers.contains(.command) && press.key == "k" ? .handled : .ignored
/// }
/// ```
public struct KeyPress: Sendable {
  /// Down, repeat (the key held) or up.
  public let phase: Phases
  /// The key: a character (with Shift applied, as GTK reports it) or a named key.
  public let key: KeyEquivalent
  /// The text the key types ("" for keys that type none, such as arrows).
  public let characters: String
  /// The modifier keys held; Ctrl reports as both `.command` and `.control`.
  public let modifiers: EventModifiers

  public init(phase: Phases, key: KeyEquivalent, characters: String, modifiers: EventModifiers) {
    self.phase = phase
    self.key = key
    self.characters = characters
    self.modifiers = modifiers
  }

  /// Which moments of a key press an action wants.
  public struct Phases: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) {
      self.rawValue = rawValue
    }

    /// The key went down.
    public static let down = Phases(rawValue: 1 << 0)
    /// The key is held and the keyboard repeats it.
    public static let `repeat` = Phases(rawValue: 1 << 1)
    /// The key was released.
    public static let up = Phases(rawValue: 1 << 2)
    public static let all: Phases = [.down, .repeat, .up]
  }

  /// What an action did with a key: `.handled` stops it; `.ignored` lets it go on to the
  /// views around and then to the window (its shortcuts, Tab).
  public enum Result: Sendable, Hashable {
    case handled
    case ignored
  }
}
