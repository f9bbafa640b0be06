/// A label at a row's leading edge and a value or control at its trailing edge: SwiftUI's
/// `LabeledContent`, as GNOME's preference rows show a title and a widget.
///
/// The label fills the row's free width; a value given as a string is a dimmed label
/// (`dim-label`) at the end.
///
/// ```swift
/// Form {
///   LabeledContent("Name") {
///     TextField("Required", text: $name)
///   }
///   LabeledContent("Version", value: "1.2")
/// }
/// ```
public struct LabeledContent<Label: View, Content: View>: View {
  let label: Label
  let content: Content

  /// - Parameters:
  ///   - content: the value or control shown after the label.
  ///   - label: the title at the leading edge.
  public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
    self.label = label()
    self.content = content()
  }

  public var body: some View {
    HStack(spacing: 12) {
      label.frame(maxWidth: .infinity, alignment: .leading)
      content
    }
    .modifier(LabelNamesContent())
  }
}

/// The label of a ``LabeledContent`` names the control after it for screen readers, as a
/// `Form` row's label names its field: `LabeledContent("Name") { TextField("Required", …) }`
/// reads "Name", then the prompt.
struct LabelNamesContent: WidgetModifier {
  static var readsState: Bool { false }

  func update(_ storage: Void, node: ModifierNode<some View, Self>) {
    node.widgets.first?.letLeadingLabelNameControl()
  }
}

extension LabeledContent where Label == Text {
  /// A control or value labelled by `title`: `LabeledContent("Name") { TextField(…) }`.
  public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
    self.init(content: content) { Text(String(title)) }
  }
}

extension LabeledContent where Label == Text, Content == DimmedText {
  /// A read-only value labelled by `title`: `LabeledContent("Version", value: "1.2")`.
  public init<S1: StringProtocol, S2: StringProtocol>(_ title: S1, value: S2) {
    self.init(content: { DimmedText(text: String(value)) }) { Text(String(title)) }
  }

  /// A value shown with `format`: `LabeledContent("Total", value: total, format: .number)`.
  public init<S: StringProtocol, F: FormatStyle>(_ title: S, value: F.FormatInput, format: F)
  where F.FormatOutput == String {
    self.init(title, value: format.format(value))
  }
}

/// The value of a ``LabeledContent``: a label in the theme's dimmed style.
public struct DimmedText: View {
  let text: String

  public var body: some View {
    // NB: one line: a wrapping label in a row's value column is given one word's width.
    Text(text).configure {
      $0.addCSSClass("dim-label")
      ($0 as? LabelWidget)?.wraps = false
    }
  }
}
