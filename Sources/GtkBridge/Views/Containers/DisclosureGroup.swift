/// Content shown or hidden under a label with a disclosure arrow: SwiftUI's
/// `DisclosureGroup`, as a `GtkExpander`.
///
/// Collapsed unless told; with an `isExpanded` binding, the user's click writes it and the
/// app's write opens or closes the group. The content is a box below the expander, hidden
/// while collapsed: focus inside leaves as for any hidden view, and a focus request for a
/// field inside is refused (the state reads the truth).
///
/// ```swift
/// DisclosureGroup("Advanced", isExpanded: $showsAdvanced) {
///   Toggle("Debug logging", isOn: $debug)
/// }
/// ```
public struct DisclosureGroup<Label: View, Content: View>: View, PrimitiveView {
  let title: String
  let isExpanded: Binding<Bool>?
  let content: Content

  /// - Parameters:
  ///   - isExpanded: whether the content shows; the expander keeps its own state without one.
  ///   - content: the views shown when expanded.
  ///   - label: the label beside the arrow (its text, when it is a ``Text``).
  public init(
    isExpanded: Binding<Bool>? = nil, @ViewBuilder content: () -> Content,
    @ViewBuilder label: () -> Label
  ) {
    title = label().plainText
    self.isExpanded = isExpanded
    self.content = content()
  }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    DisclosureNode(graph: graph, parent: parent, group: self)
  }
}

extension DisclosureGroup where Label == Text {
  /// A group titled `title`: `DisclosureGroup("Advanced") { … }`.
  public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
    self.init(isExpanded: nil, content: content) { Text(String(title)) }
  }

  /// A group titled `title` whose expansion is bound to `isExpanded`.
  public init<S: StringProtocol>(
    _ title: S, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content
  ) {
    self.init(isExpanded: isExpanded, content: content) { Text(String(title)) }
  }
}
