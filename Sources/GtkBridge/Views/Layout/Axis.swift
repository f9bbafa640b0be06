/// A direction views are laid out or scrolled in: SwiftUI's `Axis`.
///
/// ```swift
/// ScrollView(.horizontal) { HStack { ForEach(photos) { Thumbnail($0) } } }
/// ```
public enum Axis: Sendable, Hashable {
  case horizontal, vertical

  /// A set of axes: `.vertical`, `.horizontal` or `[.horizontal, .vertical]`.
  public struct Set: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let horizontal = Set(rawValue: 1)
    public static let vertical = Set(rawValue: 2)
  }
}
