/// A group of rows with an optional header and footer: SwiftUI's `Section`.
///
/// In a ``Form`` (or anywhere but a ``List``) a section is a dimmed heading label, a
/// `GtkListBox` in the `boxed-list` style holding one row per content view, and a dimmed
/// caption label below, as GNOME Settings groups its preferences. In a `List`, its header and
/// footer labels are the GTK row header of the row after them (the keyboard passes over
/// them); a footer after the list's last row is a row that takes no input. In a lazy `List`
/// (each section one `ForEach`), the header and footer are rows of their own that take no
/// focus and are never selected.
///
/// ```swift
/// Form {
///   Section("Account") {
///     TextField("Name", text: $name)
///   }
///   Section {
///     Toggle("Notifications", isOn: $notify)
///   } header: {
///     Text("Alerts")
///   } footer: {
///     Text("Shown in the notification list.")
///   }
/// }
/// ```
/// A view that is a ``Section``, whatever its types: a `List` whose rows are sections lays
/// them out whole (`List.makeNode`).
protocol SectionView {}

public struct Section<Parent: View, Content: View, Footer: View>: View, PrimitiveView, SectionView {
  let header: Parent?
  let content: Content
  let footer: Footer?

  /// - Parameters:
  ///   - content: the rows.
  ///   - header: the view above the rows (its labels are styled as a heading).
  ///   - footer: the view below the rows (its labels are styled as a caption).
  public init(
    @ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent,
    @ViewBuilder footer: () -> Footer
  ) {
    self.header = header()
    self.content = content()
    self.footer = footer()
  }

  /// A section with a header and footer given as views, the older spelling.
  public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
    self.header = header
    self.content = content()
    self.footer = footer
  }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    SectionNode(graph: graph, parent: parent, section: self)
  }
}

extension Section where Footer == EmptyView {
  /// A section with a header: `Section { … } header: { Text("Account") }`.
  public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
    self.header = header()
    self.content = content()
    self.footer = nil
  }

  /// A section with a header view, the older spelling: `Section(header: Text("Account"))`.
  public init(header: Parent, @ViewBuilder content: () -> Content) {
    self.header = header
    self.content = content()
    self.footer = nil
  }
}

extension Section where Parent == EmptyView {
  /// A section with a footer: `Section { … } footer: { Text("Required.") }`.
  public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
    self.header = nil
    self.content = content()
    self.footer = footer()
  }

  /// A section with a footer view, the older spelling.
  public init(footer: Footer, @ViewBuilder content: () -> Content) {
    self.header = nil
    self.content = content()
    self.footer = footer
  }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
  /// A section without header or footer.
  public init(@ViewBuilder content: () -> Content) {
    self.header = nil
    self.content = content()
    self.footer = nil
  }
}

extension Section where Parent == Text, Footer == EmptyView {
  /// A section headed by `title`: `Section("Account") { … }`.
  public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
    self.header = Text(String(title))
    self.content = content()
    self.footer = nil
  }
}
