/// A modifier you write once and apply to any view: SwiftUI's `ViewModifier`.
///
/// `body(content:)` is a view built around `content`, the view the modifier is applied to.
/// A modifier can hold state as a view does: `@State`, `@Environment`, `@FocusState` and
/// `@Binding` properties work in it, its state lives as long as the modified view does (a
/// parent's `body` running again keeps it), and a change of its inputs runs `body(content:)`
/// again.
///
/// ```swift
/// struct Title: ViewModifier {
///   func body(content: Content) -> some View {
///     content.font(.headline).padding()
///   }
/// }
///
/// extension View {
///   func title() -> some View { modifier(Title()) }
/// }
///
/// Text("Expenses").title()
/// ```
@MainActor
public protocol ViewModifier {
  /// The view `body(content:)` makes.
  associatedtype Body: View

  /// The view the modifier is applied to, as `body(content:)` sees it.
  typealias Content = _ViewModifier_Content<Self>

  /// The modified view: `content` with whatever the modifier adds around it.
  @ViewBuilder func body(content: Content) -> Body
}

/// Where the modified view goes in a ``ViewModifier``'s `body(content:)`: SwiftUI's
/// `_ViewModifier_Content`, which modifiers name as `Content`.
///
/// It stands for the view `.modifier(_:)` was called on; placing it more than once shows
/// that view in each place.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View, PrimitiveView {
  let slot: ModifierContentSlot

  init(slot: ModifierContentSlot) {
    self.slot = slot
  }

  func makeNode(in graph: ViewGraph, parent: ViewNode?) -> ViewNode {
    ModifierContentNode(graph: graph, parent: parent, slot: slot)
  }
}

extension ViewModifier where Body == Never {
  /// A primitive modifier's body, as in SwiftUI: GtkBridge applies such a modifier itself
  /// (its built-in modifiers are these), so this is never called.
  public func body(content: Content) -> Never {
    fatalError("\(Self.self) is applied by GtkBridge, not through body(content:)")
  }
}

extension View {
  /// Applies `modifier` to this view: SwiftUI's `modifier(_:)`.
  ///
  /// ```swift
  /// Text("Total").modifier(Title())
  /// ```
  ///
  /// - Parameter modifier: The modifier to apply.
  /// - Returns: This view with `modifier` applied.
  @inlinable
  public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
    ModifiedContent(content: self, modifier: modifier)
  }
}

extension ViewModifier {
  /// A modifier that applies this modifier and then `modifier`: SwiftUI's `concat(_:)`.
  ///
  /// ```swift
  /// let card = Title().concat(Border())
  /// Text("Groceries").modifier(card)
  /// ```
  ///
  /// - Parameter modifier: The modifier to apply after this one.
  /// - Returns: Both modifiers, in order.
  @inlinable
  public func concat<T>(_ modifier: T) -> ModifiedContent<Self, T> {
    ModifiedContent(content: self, modifier: modifier)
  }
}

/// A modifier that changes nothing: SwiftUI's `EmptyModifier`, the starting point of a
/// chain of `concat(_:)` or a generic parameter's "no modifier".
///
/// ```swift
/// Text("Rent").modifier(EmptyModifier.identity)   // shows as Text("Rent") does
/// ```
public struct EmptyModifier: ViewModifier, WidgetModifier, Sendable {
  /// The empty modifier.
  nonisolated public static let identity = EmptyModifier()

  nonisolated public init() {}

  static var readsState: Bool { false }
}
