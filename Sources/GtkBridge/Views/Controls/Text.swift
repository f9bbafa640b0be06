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

  public func makeWidget(context: Context) -> Label {
    let label = Label(content)
    label.xAlign = 0
    label.wraps = true
    return label
  }

  public func updateWidget(_ label: Label, context: Context) {
    if label.text != content { label.text = content }
  }
}

extension Text: InputComparable {
  func hasSameInputs(as other: Text) -> Bool { content == other.content }
}
