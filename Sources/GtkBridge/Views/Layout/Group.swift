/// Groups views without adding a widget, so modifiers can apply to all of them:
/// SwiftUI's `Group`.
///
/// ```swift
/// Group {
///   TextField("First", text: $first)
///   TextField("Last", text: $last)
/// }
/// .onSubmit { save() }
/// ```
public struct Group<Content: View>: View, PrimitiveView, SwitchContent {
  let body_: Content

  public init(@ViewBuilder content: () -> Content) {
    body_ = content()
  }

  var content: any View { body_ }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    SwitchNode<Self>(graph: graph, parent: parent, content: body_)
  }
}
