/// A line of read-only text in a `GtkLabel`: SwiftUI's `Text`.
///
/// ```swift
/// Text("Signed in as \(username)")
/// ```
public struct Text: WidgetRepresentable {
  let content: String

  public init(_ content: String) {
    self.content = content
  }

  /// Shows `content` as it is: SwiftUI's `Text(verbatim:)`.
  public init(verbatim content: String) {
    self.content = content
  }

  /// Shows a value formatted by `format`: `Text(price, format: .number)`.
  public init<Format: FormatStyle>(_ input: Format.FormatInput, format: Format)
  where Format.FormatOutput == String {
    content = format.format(input)
  }

  public func makeWidget(context: Context) -> LabelWidget {
    let label = LabelWidget(content)
    label.xAlign = 0
    label.wraps = true
    return label
  }

  public func updateWidget(_ label: LabelWidget, context: Context) {
    if label.text != content { label.text = content }
  }
}

extension Text: InputComparable {
  func hasSameInputs(as other: Text) -> Bool { content == other.content }
  var readsObservableState: Bool { false }
}
