extension View {
  /// Puts toolbar items in the window's chrome, each where its placement says (see
  /// ``ToolbarItemPlacement``): the header bar, the bar under the content, or the keyboard
  /// bar shown while a text field has focus.
  ///
  /// Items are views like any other: they update with state, keep their widgets across
  /// updates, and follow `.disabled`. Items of a view under a pushed ``NavigationStack``
  /// page are hidden until that page is shown again.
  ///
  /// ```swift
  /// TextField("Amount", text: $amount)
  ///   .focused($amountFocused)
  ///   .toolbar {
  ///     ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
  ///     ToolbarItem(placement: .confirmationAction) { Button("Add") { add() } }
  ///     ToolbarItemGroup(placement: .keyboard) {
  ///       Spacer()
  ///       Button("Done") { amountFocused = false }
  ///     }
  ///   }
  /// ```
  public func toolbar<Content: ToolbarContent>(
    @ToolbarContentBuilder content: () -> Content
  ) -> some View {
    ToolbarView(content: self, items: content().toolbarItems)
  }

  /// Puts views in the header bar's end (`.automatic`), as SwiftUI's `toolbar` with views
  /// does.
  ///
  /// ```swift
  /// List { … }.toolbar { Button("Add") { add() } }
  /// ```
  public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
    ToolbarView(content: self, items: [ToolbarEntry(placement: .automatic, view: content())])
  }
}

/// A view with toolbar items: the view's widgets stay where it is, the items' go to the
/// window's chrome.
@usableFromInline
struct ToolbarView<Content: View>: View, PrimitiveView {
  @usableFromInline var body: Never { unbuiltBody() }
  let content: Content
  let items: [ToolbarEntry]

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    ToolbarNode(graph: graph, parent: parent, view: self)
  }
}
