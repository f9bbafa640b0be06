/// Items of a `toolbar(content:)`: SwiftUI's `ToolbarContent`.
/// Build it from ``ToolbarItem``s and ``ToolbarItemGroup``s.
@MainActor
public protocol ToolbarContent {
  /// The items, flattened, in declaration order.
  var toolbarItems: [ToolbarEntry] { get }
}

/// One item of a toolbar as GtkBridge places it: where, and the view it shows.
public struct ToolbarEntry {
  let placement: ToolbarItemPlacement
  let view: any View
}

/// One item of a toolbar at a placement: SwiftUI's `ToolbarItem`.
///
/// ```swift
/// .toolbar {
///   ToolbarItem(placement: .confirmationAction) {
///     Button("Save") { save() }.disabled(name.isEmpty)
///   }
/// }
/// ```
public struct ToolbarItem<ID, Content: View>: ToolbarContent {
  let placement: ToolbarItemPlacement
  let content: Content

  public var toolbarItems: [ToolbarEntry] { [ToolbarEntry(placement: placement, view: content)] }
}

extension ToolbarItem where ID == Void {
  /// An item showing `content` at `placement` (`.automatic`: the header bar's end).
  public init(
    placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content
  ) {
    self.placement = placement
    self.content = content()
  }
}

extension ToolbarItem where ID == String {
  /// The same, with an identifier (SwiftUI uses it for customizable toolbars; GtkBridge keeps
  /// items by position).
  public init(
    id: String, placement: ToolbarItemPlacement = .automatic,
    @ViewBuilder content: () -> Content
  ) {
    self.placement = placement
    self.content = content()
  }
}

/// Several views at one placement: SwiftUI's `ToolbarItemGroup`.
///
/// ```swift
/// .toolbar {
///   ToolbarItemGroup(placement: .keyboard) {
///     Spacer()
///     Button("Done") { focusedField = nil }
///   }
/// }
/// ```
public struct ToolbarItemGroup<Content: View>: ToolbarContent {
  let placement: ToolbarItemPlacement
  let content: Content

  public init(
    placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content
  ) {
    self.placement = placement
    self.content = content()
  }

  public var toolbarItems: [ToolbarEntry] { [ToolbarEntry(placement: placement, view: content)] }
}

/// Several toolbar contents from one ``ToolbarContentBuilder`` block.
public struct TupleToolbarContent: ToolbarContent {
  public let toolbarItems: [ToolbarEntry]
}

/// Builds toolbar content from items, groups, `if` and `if`/`else`: SwiftUI's
/// `ToolbarContentBuilder`.
@resultBuilder
@MainActor
public enum ToolbarContentBuilder {
  public static func buildBlock() -> TupleToolbarContent { TupleToolbarContent(toolbarItems: []) }

  public static func buildBlock<each Content: ToolbarContent>(_ content: repeat each Content)
    -> TupleToolbarContent
  {
    var items: [ToolbarEntry] = []
    for part in repeat each content { items += part.toolbarItems }
    return TupleToolbarContent(toolbarItems: items)
  }

  public static func buildOptional(_ content: (some ToolbarContent)?) -> TupleToolbarContent {
    TupleToolbarContent(toolbarItems: content?.toolbarItems ?? [])
  }

  public static func buildEither(first content: some ToolbarContent) -> TupleToolbarContent {
    TupleToolbarContent(toolbarItems: content.toolbarItems)
  }

  public static func buildEither(second content: some ToolbarContent) -> TupleToolbarContent {
    TupleToolbarContent(toolbarItems: content.toolbarItems)
  }
}
