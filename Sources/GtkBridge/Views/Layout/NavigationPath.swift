/// A list of values pushed on a ``NavigationStack``, of any `Hashable` types: SwiftUI's
/// `NavigationPath`.
///
/// ```swift
/// @State private var path = NavigationPath()
///
/// NavigationStack(path: $path) {
///   Button("Show 42") { path.append(42) }
///     .navigationDestination(for: Int.self) { Text("Number \($0)") }
/// }
/// ```
public struct NavigationPath: Equatable {
  var elements: [AnyHashable]

  /// An empty path: the stack shows its root view.
  public init() {
    elements = []
  }

  /// A path of `elements`, the first pushed first.
  public init<S: Sequence>(_ elements: S) where S.Element: Hashable {
    var values: [AnyHashable] = []
    for element in elements { values.append(AnyHashable(element)) }
    self.elements = values
  }

  /// The number of values pushed.
  public var count: Int { elements.count }

  /// Whether the stack shows its root view.
  public var isEmpty: Bool { elements.isEmpty }

  /// Pushes `value`.
  public mutating func append<V: Hashable>(_ value: V) {
    elements.append(AnyHashable(value))
  }

  /// Pops the last `k` values (all of them when `k` is larger than ``count``).
  public mutating func removeLast(_ k: Int = 1) {
    elements.removeLast(Swift.min(Swift.max(k, 0), elements.count))
  }
}
