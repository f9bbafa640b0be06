/// A line of read-only text in a `GtkLabel`: SwiftUI's `Text`. A string literal is a
/// ``LocalizedStringKey``, translated through the app's gettext catalog when it binds one; a
/// `String` value and `Text(verbatim:)` show as they are.
///
/// ```swift
/// Text("Signed in as \(username)")
/// ```
public struct Text: WidgetRepresentable {
  let content: String

  /// Shows a string as it is (SwiftUI does not translate a `String` value either).
  // NB: disfavoured, as in SwiftUI, so that a literal is a `LocalizedStringKey`.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ content: S) {
    self.content = String(content)
  }

  /// Shows the translation of `key`: `g_dgettext(tableName, key)`, so `tableName` names a
  /// gettext domain (`nil`: the app's, set with `textdomain`). `bundle` and `comment` are
  /// accepted for SwiftUI's signature.
  public init(
    _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil,
    comment: StaticString? = nil
  ) {
    content = key.resolved(domain: tableName)
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
    label.textSetByView = content
    label.xAlign = 0
    label.wraps = true
    // NB: as SwiftUI, one line when there is room. A horizontal box measures a wrapping
    // label's width for the box's height, and GTK's default natural wrap then asks for a
    // narrow label: beside a `Spacer` a sentence wrapped word by word.
    gtk_label_set_natural_wrap_mode(label.opaquePointer, GTK_NATURAL_WRAP_NONE)
    return label
  }

  public func updateWidget(_ label: LabelWidget, context: Context) {
    // NB: compared with what this view last set, not read back from GTK: the label is
    // this view's own, and a read is a GTK call and a string copy on every update.
    guard label.textSetByView != content else { return }
    label.textSetByView = content
    label.text = content
  }
}

extension Text: InputComparable {
  func hasSameInputs(as other: Text) -> Bool { content == other.content }
  var readsObservableState: Bool { false }
}
