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
  /// Its place in the builder (positions, and `if` branches): an item keeps its widgets
  /// while others come and go around it.
  var path: [Int] = []

  init(placement: ToolbarItemPlacement, view: any View) {
    self.placement = placement
    self.view = view
  }

  func under(_ position: Int) -> ToolbarEntry {
    var entry = self
    entry.path.insert(position, at: 0)
    return entry
  }
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
    var position = 0
    for part in repeat each content {
      items += part.toolbarItems.map { $0.under(position) }
      position += 1
    }
    return TupleToolbarContent(toolbarItems: items)
  }

  public static func buildOptional(_ content: TupleToolbarContent?) -> TupleToolbarContent {
    content ?? TupleToolbarContent(toolbarItems: [])
  }

  public static func buildEither(first content: TupleToolbarContent) -> TupleToolbarContent {
    TupleToolbarContent(toolbarItems: content.toolbarItems.map { $0.under(0) })
  }

  public static func buildEither(second content: TupleToolbarContent) -> TupleToolbarContent {
    TupleToolbarContent(toolbarItems: content.toolbarItems.map { $0.under(1) })
  }
}
