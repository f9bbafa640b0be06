/// Builds views from the statements of a closure: SwiftUI's `ViewBuilder`.
@resultBuilder
@MainActor
public enum ViewBuilder {
  public static func buildBlock() -> EmptyView { EmptyView() }

  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

  @inlinable
  public static func buildBlock<each Content: View>(_ content: repeat consuming each Content)
    -> TupleView<repeat each Content>
  {
    TupleView(storage: TupleStorage((repeat each content)))
  }
}

extension ViewBuilder {
  public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }

  public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
    -> ConditionalContent<TrueContent, FalseContent>
  {
    .trueContent(first)
  }

  public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
    -> ConditionalContent<TrueContent, FalseContent>
  {
    .falseContent(second)
  }
}
