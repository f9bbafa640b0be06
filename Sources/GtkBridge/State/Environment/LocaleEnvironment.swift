import Foundation

private struct LocaleKey: EnvironmentKey {
  static var defaultValue: Locale { .current }
}

private struct CalendarKey: EnvironmentKey {
  static var defaultValue: Calendar { .current }
}

private struct TimeZoneKey: EnvironmentKey {
  static var defaultValue: TimeZone { .current }
}

extension EnvironmentValues {
  /// The locale of the views here: SwiftUI's `locale`, Foundation's `Locale.current` (from
  /// `LANG` and `LC_*`) unless a view above set one.
  ///
  /// ```swift
  /// @Environment(\.locale) private var locale
  /// Text(amount, format: .currency(code: locale.currency?.identifier ?? "USD"))
  /// ```
  public var locale: Locale {
    get { self[LocaleKey.self] }
    set { self[LocaleKey.self] = newValue }
  }

  /// The calendar of the views here: SwiftUI's `calendar`, `Calendar.current` by default.
  public var calendar: Calendar {
    get { self[CalendarKey.self] }
    set { self[CalendarKey.self] = newValue }
  }

  /// The time zone of the views here: SwiftUI's `timeZone`, `TimeZone.current` by default.
  public var timeZone: TimeZone {
    get { self[TimeZoneKey.self] }
    set { self[TimeZoneKey.self] = newValue }
  }
}
