extension View {
  /// Gives the view an explicit identity: SwiftUI's `id(_:)`. When `id` changes, the view
  /// is a new view: its `@State` starts again, its widgets are made anew (the old ones
  /// dismantled), and focus inside it is dropped, so a focus state bound there reads `nil`.
  ///
  /// ```swift
  /// ContactForm(contact: draft)
  ///   .id(draft.id)   // "New" gives a fresh form: every field and its state reset
  /// ```
  public func id<ID: Hashable>(_ id: ID) -> some View {
    IdentifiedView(content: self, id: id)
  }
}

/// A view keyed by an explicit id; see ``View/id(_:)``.
@usableFromInline
struct IdentifiedView<Content: View, ID: Hashable>: View, PrimitiveView, SwitchContent {
  @usableFromInline var body: Never { unbuiltBody() }
  let content_: Content
  let id: ID

  init(content: Content, id: ID) {
    content_ = content
    self.id = id
  }

  var content: any View { content_ }
  var branch: AnyHashable { id }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    SwitchNode<Self>(graph: graph, parent: parent, content: content_, branch: id)
  }
}
