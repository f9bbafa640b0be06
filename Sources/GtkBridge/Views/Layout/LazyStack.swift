import CGtk

/// Views stacked top to bottom, made only while they are on screen: SwiftUI's `LazyVStack`.
///
/// Inside a ``ScrollView``, a `ForEach` content becomes the rows of a `GtkListView`: GTK makes
/// widgets for the rows on screen and recycles them as the user scrolls, so 100,000 rows open
/// as fast as 100. Rows keep SwiftUI's identity (by id): a row's `@State` lives while its
/// element is in the data, and rows outside a change keep their widgets, focus and cursor.
///
/// ```swift
/// ScrollView {
///   LazyVStack(alignment: .leading) {
///     ForEach(messages) { message in
///       Text(message.subject)
///     }
///   }
/// }
/// ```
///
/// Other content (a header beside the `ForEach`, several `ForEach`es) is built whole, as a
/// ``VStack``'s is, and shown in the same list. A lazy stack is lazy only as the direct
/// content of a ``ScrollView``: elsewhere GTK lays all its rows out.
public struct LazyVStack<Content: View>: View, PrimitiveView, LazyStackView {
  let alignment: HorizontalAlignment?
  let spacing: Int
  let content: Content

  /// - Parameters:
  ///   - alignment: where rows narrower than the stack sit; `nil` stretches them to its width.
  ///   - spacing: pixels between rows.
  ///   - pinnedViews: accepted for SwiftUI's signature; section headers do not pin.
  ///   - content: the rows, top first.
  public init(
    alignment: HorizontalAlignment? = nil, spacing: Int = 8,
    pinnedViews: PinnedScrollableViews = [], @ViewBuilder content: () -> Content
  ) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  var orientation: GtkOrientation { GTK_ORIENTATION_VERTICAL }
  var rowAlignment: GtkAlign? { alignment?.gtk }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    LazyStackNode(graph: graph, parent: parent, stack: self)
  }
}

/// Views side by side, leading first, made only while they are on screen: SwiftUI's
/// `LazyHStack`. See ``LazyVStack``.
///
/// ```swift
/// ScrollView(.horizontal) {
///   LazyHStack {
///     ForEach(photos) { photo in PhotoView(photo: photo) }
///   }
/// }
/// ```
public struct LazyHStack<Content: View>: View, PrimitiveView, LazyStackView {
  let alignment: VerticalAlignment?
  let spacing: Int
  let content: Content

  public init(
    alignment: VerticalAlignment? = .center, spacing: Int = 8,
    pinnedViews: PinnedScrollableViews = [], @ViewBuilder content: () -> Content
  ) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  var orientation: GtkOrientation { GTK_ORIENTATION_HORIZONTAL }
  var rowAlignment: GtkAlign? { alignment?.gtk }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    LazyStackNode(graph: graph, parent: parent, stack: self)
  }
}

/// What ``LazyVStack`` and ``LazyHStack`` share.
@MainActor
protocol LazyStackView<Content>: View {
  associatedtype Content: View
  var orientation: GtkOrientation { get }
  var rowAlignment: GtkAlign? { get }
  var spacing: Int { get }
  var content: Content { get }
  /// A grid's columns (or rows); nil for a stack.
  var gridItems: [GridItem]? { get }
}

extension LazyStackView {
  var gridItems: [GridItem]? { nil }
}

/// The kinds of views a lazy stack could pin while scrolling: SwiftUI's
/// `PinnedScrollableViews`, accepted so code compiles; nothing is pinned.
public struct PinnedScrollableViews: OptionSet, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
  public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}
