/// A view of any type, behind one type: SwiftUI's `AnyView`.
///
/// Use it where a function or a property must hold views of different types; inside
/// `body`, `if`/`else` and `@ViewBuilder` keep more identity and cost less.
///
/// ```swift
/// func editor(for field: FormField, text: Binding<String>) -> AnyView {
///   if field.isSecret {
///     return AnyView(SecureField(field.title, text: text))
///   }
///   return AnyView(TextField(field.title, text: text))
/// }
/// ```
///
/// As in SwiftUI, the type of the view inside is part of its identity: while it stays the
/// same, the view is updated in place (its `@State`, widgets and focus kept); when it changes,
/// the old view is dismantled and the new one built fresh.
public struct AnyView: View, PrimitiveView, SwitchContent {
  let content: any View

  /// Erases `view`'s type.
  public init<V: View>(_ view: V) {
    content = view
  }

  /// Erases `view`'s type.
  public init<V: View>(erasing view: V) {
    content = view
  }

  /// The type inside: a new type is a new view.
  var branch: AnyHashable { ObjectIdentifier(type(of: content)) }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    SwitchNode<Self>(graph: graph, parent: parent, content: content, branch: branch)
  }
}
