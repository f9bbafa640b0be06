import Foundation

extension Text {
  /// How ``Text/init(_:style:)`` shows a date: SwiftUI's `Text.DateStyle`.
  public struct DateStyle: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case date, time, relative, offset, timer }
    let kind: Kind

    /// The date alone, in the user's long format: "June 3, 2026".
    public static let date = DateStyle(kind: .date)
    /// The time alone, in the user's short format: "3:45 PM".
    public static let time = DateStyle(kind: .time)
    /// How far the date is from now, in English words: "in 2 hours", "3 minutes ago".
    public static let relative = DateStyle(kind: .relative)
    /// The signed distance from now, in English: "+2 hours", "-3 minutes".
    public static let offset = DateStyle(kind: .offset)
    /// The distance from now as a clock: "1:02:05", "2:05".
    public static let timer = DateStyle(kind: .timer)
  }

  /// Shows `date` in `style`: SwiftUI's `Text(_:style:)`. The text is what the date reads
  /// when the view is updated; unlike SwiftUI's, `.relative`, `.offset` and `.timer` do not
  /// tick by themselves (update the view from a `Timer` to move them).
  ///
  /// ```swift
  /// Text(expense.date, style: .date)
  /// Text(deadline, style: .relative)
  /// ```
  public init(_ date: Date, style: DateStyle) {
    self.init(verbatim: Text.format(date, style: style, now: Date()))
  }

  /// `seconds` in its largest whole unit, in English: "2 hours", "1 minute".
  // NB: Linux Foundation has neither `RelativeDateTimeFormatter` nor
  // `DateComponentsFormatter`, so these words are not translated.
  static func largestUnit(of seconds: Double) -> String {
    let units: [(String, Double)] = [
      ("year", 365 * 86_400), ("month", 30 * 86_400), ("week", 7 * 86_400), ("day", 86_400),
      ("hour", 3600), ("minute", 60), ("second", 1),
    ]
    for (name, length) in units where seconds >= length || name == "second" {
      let count = Int((seconds / length).rounded(.down))
      return "\(count) \(name)\(count == 1 ? "" : "s")"
    }
    return ""
  }

  /// `date` in `style`, as seen at `now`.
  static func format(_ date: Date, style: DateStyle, now: Date) -> String {
    switch style.kind {
    case .date:
      let formatter = DateFormatter()
      formatter.dateStyle = .long
      formatter.timeStyle = .none
      return formatter.string(from: date)
    case .time:
      let formatter = DateFormatter()
      formatter.dateStyle = .none
      formatter.timeStyle = .short
      return formatter.string(from: date)
    case .relative:
      let seconds = date.timeIntervalSince(now)
      let distance = Text.largestUnit(of: abs(seconds))
      return seconds < 0 ? "\(distance) ago" : "in \(distance)"
    case .offset:
      let seconds = date.timeIntervalSince(now)
      return (seconds < 0 ? "-" : "+") + Text.largestUnit(of: abs(seconds))
    case .timer:
      let seconds = Int(abs(date.timeIntervalSince(now)).rounded(.down))
      let hours = seconds / 3600
      let minutes = seconds / 60 % 60
      let rest = seconds % 60
      func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
      return hours > 0
        ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }
  }
}
