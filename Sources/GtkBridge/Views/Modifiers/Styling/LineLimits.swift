/// How many lines a vertical text field shows: at least `lowerBound`, at most `upperBound`
/// (`nil`: as many as its text has). What the `.lineLimit` modifiers set.
///
/// Counts below 1 are 1, and counts above 10,000 are 10,000; an upper bound below the lower
/// one is the lower one.
///
/// ```swift
/// TextField("Notes", text: $notes, axis: .vertical).lineLimit(2...5)
/// ```
public struct LineLimits: Hashable, Sendable {
  public let lowerBound: Int
  public let upperBound: Int?

  public init(lower: Int = 1, upper: Int? = nil) {
    let lower = Self.clamped(lower)
    lowerBound = lower
    upperBound = upper.map { max(lower, Self.clamped($0)) }
  }

  private static func clamped(_ lines: Int) -> Int { min(max(lines, 1), 10_000) }
}

extension EnvironmentValues {
  /// The most lines a vertical text field here shows before it scrolls: SwiftUI's
  /// `lineLimit`. `nil`: no limit.
  public var lineLimit: Int? {
    get { lineLimits.upperBound }
    set { lineLimits = LineLimits(upper: newValue) }
  }

  /// The line limits the nearest `.lineLimit` set.
  public var lineLimits: LineLimits {
    get { controlStyle.lineLimits }
    set {
      ControlStyle.inUse = true
      controlStyle.lineLimits = newValue
    }
  }
}

extension View {
  /// Lets the vertical text fields in this view grow up to `number` lines, then scroll:
  /// SwiftUI's `lineLimit(_:)`. `nil` lifts the limit.
  ///
  /// ```swift
  /// TextField("Message", text: $message, axis: .vertical).lineLimit(5)
  /// ```
  ///
  /// A `Text` shows at most `number` lines, the last one ending in an ellipsis when its text
  /// needs more (SwiftUI's truncation).
  ///
  /// ```swift
  /// Text(note.body).lineLimit(1)
  /// ```
  public func lineLimit(_ number: Int?) -> some View {
    modifier(ControlStyleModifier(.lineLimits(LineLimits(upper: number))))
  }

  /// Keeps the vertical text fields in this view between `limit`'s lines: at least the lower
  /// bound tall, growing with their text up to the upper one, then scrolling.
  ///
  /// ```swift
  /// TextField("Bio", text: $bio, axis: .vertical).lineLimit(3...6)
  /// ```
  public func lineLimit(_ limit: ClosedRange<Int>) -> some View {
    modifier(
      ControlStyleModifier(
        .lineLimits(LineLimits(lower: limit.lowerBound, upper: limit.upperBound))))
  }

  /// Keeps the vertical text fields in this view at least `limit`'s lower bound of lines
  /// tall, growing with their text without limit.
  ///
  /// ```swift
  /// TextField("Description", text: $text, axis: .vertical).lineLimit(2...)
  /// ```
  public func lineLimit(_ limit: PartialRangeFrom<Int>) -> some View {
    modifier(ControlStyleModifier(.lineLimits(LineLimits(lower: limit.lowerBound))))
  }

  /// Limits the vertical text fields in this view to `limit` lines; with `reservesSpace`
  /// they are that tall even when their text is shorter.
  ///
  /// ```swift
  /// TextField("Address", text: $address, axis: .vertical).lineLimit(3, reservesSpace: true)
  /// ```
  public func lineLimit(_ limit: Int, reservesSpace: Bool) -> some View {
    modifier(
      ControlStyleModifier(.lineLimits(LineLimits(lower: reservesSpace ? limit : 1, upper: limit))))
  }
}
