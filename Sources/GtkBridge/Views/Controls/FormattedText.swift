/// Where a ``TextField`` gets its text: a string binding, or a value with a format.
enum TextSource {
  case text(Binding<String>)
  case formatted(FormattedText)

  /// The string binding the field syncs with; a formatted value keeps its draft in the
  /// field's coordinator.
  @MainActor
  func binding(_ coordinator: EditableFieldCoordinator) -> Binding<String> {
    switch self {
    case .text(let binding): binding
    case .formatted(let formatted): formatted.binding(draft: coordinator.draft)
    }
  }
}

/// A value shown as text: how to format the current value and how to parse typed text.
@MainActor
struct FormattedText {
  /// The current value, formatted.
  let formatted: @MainActor () -> String
  /// Parses `text` and writes the value; `false` if it does not parse.
  let commit: @MainActor (String) -> Bool

  init<Format: ParseableFormatStyle>(value: Binding<Format.FormatInput>, format: Format)
  where Format.FormatOutput == String, Format.FormatInput: Equatable {
    formatted = { format.format(value.wrappedValue) }
    commit = { text in
      guard let parsed = try? format.parseStrategy.parse(text) else { return false }
      if parsed != value.wrappedValue { value.wrappedValue = parsed }
      return true
    }
  }

  /// Formats with any `Formatter`; parses with a `NumberFormatter` into `Int`, `Double` or
  /// `Float` values (Linux Foundation keeps `getObjectValue` internal).
  init<Value>(value: Binding<Value>, formatter: Formatter) {
    formatted = { formatter.string(for: value.wrappedValue) ?? "" }
    commit = { text in
      guard let number = (formatter as? NumberFormatter)?.number(from: text) else { return false }
      let parsed: Any? =
        switch value.wrappedValue {
        case is Int: number.intValue
        case is Double: number.doubleValue
        case is Float: number.floatValue
        default: nil
        }
      guard let parsed = parsed as? Value else { return false }
      value.wrappedValue = parsed
      return true
    }
  }

  /// A string binding that shows the draft while the value is the one it was typed for.
  @MainActor
  func binding(draft: FormattedTextDraft) -> Binding<String> {
    let formatted = formatted
    let commit = commit
    return Binding(
      get: {
        let current = formatted()
        if let text = draft.text, draft.valueText == current { return text }
        draft.text = nil
        return current
      },
      set: { text in
        _ = commit(text)
        draft.text = text
        draft.valueText = formatted()
      })
  }
}

/// What the user typed into a formatted field, and the value (formatted) it went with: the
/// field shows the typed text until the value changes from elsewhere.
@MainActor
final class FormattedTextDraft {
  var text: String?
  var valueText: String?
}
