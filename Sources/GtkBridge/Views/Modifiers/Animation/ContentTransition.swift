/// How a view's content changes: SwiftUI's `ContentTransition`. Accepted: GTK shows a
/// label's new text, a new image or colour at once.
public struct ContentTransition: Hashable, Sendable {
  let name: String

  /// The default: the old content cross-fades into the new.
  public static let interpolate = ContentTransition(name: "interpolate")
  /// A cross-fade.
  public static let opacity = ContentTransition(name: "opacity")
  /// No transition.
  public static let identity = ContentTransition(name: "identity")
  /// The system's choice for symbols.
  public static let symbolEffect = ContentTransition(name: "symbolEffect")

  /// Digits that roll to their new values.
  public static func numericText(countsDown: Bool = false) -> ContentTransition {
    ContentTransition(name: "numericText")
  }

  /// Digits that roll towards `value`.
  public static func numericText(value: Double) -> ContentTransition {
    ContentTransition(name: "numericText")
  }
}

extension View {
  /// How the view's content changes: SwiftUI's `contentTransition(_:)`. Accepted, no
  /// effect: the new content shows at once.
  ///
  /// ```swift
  /// Text("\(count)").contentTransition(.numericText())
  /// ```
  public func contentTransition(_ transition: ContentTransition) -> some View {
    self
  }
}
