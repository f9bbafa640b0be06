import CGtk
import Foundation

/// Views in columns, top to bottom, made only while they are on screen: SwiftUI's
/// `LazyVGrid`, on a `GtkGridView` (see ``LazyVStack`` for identity, state and laziness).
///
/// The columns are ``GridItem``s: `.fixed` and `.flexible` items make that many columns (a
/// fixed one's cells that wide); an `.adaptive(minimum:)` item fits as many columns of at
/// least `minimum` points as the width allows.
///
/// ```swift
/// ScrollView {
///   LazyVGrid(columns: [GridItem(.adaptive(minimum: 120))]) {
///     ForEach(photos) { photo in PhotoCell(photo: photo) }
///   }
/// }
/// ```
public struct LazyVGrid<Content: View>: View, PrimitiveView, LazyStackView {
  let columns: [GridItem]
  let alignment: HorizontalAlignment?
  let spacing: Int
  let content: Content

  /// - Parameters:
  ///   - columns: the grid's columns.
  ///   - alignment: where cells narrower than their column sit; `nil` stretches them.
  ///   - spacing: pixels between rows.
  ///   - pinnedViews: accepted for SwiftUI's signature; nothing is pinned.
  ///   - content: the cells, in order.
  public init(
    columns: [GridItem], alignment: HorizontalAlignment? = nil, spacing: CGFloat? = nil,
    pinnedViews: PinnedScrollableViews = [], @ViewBuilder content: () -> Content
  ) {
    self.columns = columns
    self.alignment = alignment
    self.spacing = GridItem.pixels(spacing) ?? 8
    self.content = content()
  }

  var orientation: GtkOrientation { GTK_ORIENTATION_VERTICAL }
  var rowAlignment: GtkAlign? { alignment?.gtk }
  var gridItems: [GridItem]? { columns }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    LazyStackNode(graph: graph, parent: parent, stack: self)
  }
}

/// Views in rows, leading to trailing, made only while they are on screen: SwiftUI's
/// `LazyHGrid`. See ``LazyVGrid``.
///
/// ```swift
/// ScrollView(.horizontal) {
///   LazyHGrid(rows: [GridItem(.fixed(80)), GridItem(.fixed(80))]) {
///     ForEach(tags) { tag in TagChip(tag: tag) }
///   }
/// }
/// ```
public struct LazyHGrid<Content: View>: View, PrimitiveView, LazyStackView {
  let rows: [GridItem]
  let alignment: VerticalAlignment?
  let spacing: Int
  let content: Content

  public init(
    rows: [GridItem], alignment: VerticalAlignment? = .center, spacing: CGFloat? = nil,
    pinnedViews: PinnedScrollableViews = [], @ViewBuilder content: () -> Content
  ) {
    self.rows = rows
    self.alignment = alignment
    self.spacing = GridItem.pixels(spacing) ?? 8
    self.content = content()
  }

  var orientation: GtkOrientation { GTK_ORIENTATION_HORIZONTAL }
  var rowAlignment: GtkAlign? { alignment?.gtk }
  var gridItems: [GridItem]? { rows }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    LazyStackNode(graph: graph, parent: parent, stack: self)
  }
}

/// One column of a ``LazyVGrid`` (or row of a ``LazyHGrid``): SwiftUI's `GridItem`.
public struct GridItem: Sendable, Hashable {
  /// How wide the column is.
  public enum Size: Sendable, Hashable {
    /// Exactly this wide.
    case fixed(CGFloat)
    /// A share of the width, within the bounds.
    case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
    /// As many columns of at least `minimum` as fit.
    case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
  }

  public var size: Size
  public var spacing: CGFloat?
  public var alignment: Alignment?

  public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
    self.size = size
    self.spacing = spacing
    self.alignment = alignment
  }

  /// How many columns `items` make (GTK's min-columns...max-columns), and the least width of
  /// a cell, if any.
  static func layout(of items: [GridItem]) -> (columns: ClosedRange<Int>, cellWidth: Int?) {
    var fixed = 0
    var cellWidth: Int?
    var adaptive = false
    for item in items {
      switch item.size {
      case .fixed(let width):
        fixed += 1
        cellWidth = max(cellWidth ?? 0, pixels(width) ?? 0)
      case .flexible(let minimum, _):
        fixed += 1
        cellWidth = max(cellWidth ?? 0, pixels(minimum) ?? 0)
      case .adaptive(let minimum, _):
        adaptive = true
        cellWidth = max(cellWidth ?? 0, pixels(minimum) ?? 0)
      }
    }
    let count = max(fixed, 1)
    // An adaptive column is "as many as fit": GTK's grid view picks the count (here up to
    // 32) from the cells' widths, which are at least the minimum.
    return (adaptive ? max(fixed, 1)...32 : count...count, cellWidth)
  }

  static func pixels(_ value: CGFloat?) -> Int? {
    guard let value, value.isFinite else { return nil }
    return Int(min(max(Double(value).rounded(), 0), 10_000))
  }
}
