/// Reads a value from the environment of the view: SwiftUI's `@Environment`.
///
/// ```swift
/// struct Badge: View {
///   @Environment(\.accent) var accent
///   var body: some View { Text(accent) }
/// }
/// ```
///
/// The value is read where the view is in the tree, in `body` and in actions alike. When a
/// modifier above changes it, the views below that read the environment are re-evaluated.
@MainActor
@propertyWrapper
public struct Environment<Value>: StatefulProperty {
  let read: @MainActor (EnvironmentValues) -> Value
  let link = StorageLink(EnvironmentReader())

  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
    read = { $0[keyPath: keyPath] }
  }

  /// An `@Observable` object an ancestor put in the environment with `.environment(_:)`:
  /// `@Environment(Library.self) var library`. A view without one above it stops with a
  /// message naming the type, as in SwiftUI.
  public init(_ type: Value.Type) where Value: AnyObject & Observable {
    read = { environment in
      guard let object = environment.object(of: type) else {
        fatalError(
          "No Observable object of type \(Value.self) found: a view above this one must set "
            + "it with .environment(_:)")
      }
      return object
    }
  }

  /// The same for an optional object: `nil` when no view above set one.
  public init<Object: AnyObject & Observable>(_ type: Object.Type) where Value == Object? {
    read = { $0.object(of: type) }
  }

  public var wrappedValue: Value { read(link.box.environment) }

  var storageLink: AnyStorageLink { link }
}

/// An `ObservableObject` that an ancestor put in the environment with
/// `.environmentObject(_:)`: SwiftUI's `@EnvironmentObject`. The view follows the object
/// as `@ObservedObject` would.
///
/// ```swift
/// struct ScoreView: View {
///   @EnvironmentObject var settings: GameSettings
///   var body: some View { Text("Score: \(settings.score)") }
/// }
/// ```
@MainActor
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: StatefulProperty {
  let link = StorageLink(EnvironmentReader())

  public init() {}

  /// The object; a view without one above it stops with a message naming the type, as in
  /// SwiftUI.
  public var wrappedValue: ObjectType {
    guard let object = link.box.environment.object(of: ObjectType.self) else {
      fatalError(
        "No ObservableObject of type \(ObjectType.self) found: a view above this one must "
          + "set it with .environmentObject(_:)")
    }
    object.observationSource.track()
    return object
  }

  /// Bindings to the object's properties: `$settings.score`.
  public var projectedValue: ObservedObject<ObjectType>.Wrapper {
    ObservedObject<ObjectType>.Wrapper(object: wrappedValue)
  }

  var storageLink: AnyStorageLink { link }
}

/// An `@EnvironmentObject` property, which only a view in the graph can read (a ``Picker``
/// reading its choices' bodies skips views that declare one).
protocol EnvironmentObjectProperty {}

extension EnvironmentObject: EnvironmentObjectProperty {}

/// Where an `@Environment` property reads: the node of the view that declares it, given by
/// the graph before each `body` run.
@MainActor
final class EnvironmentReader {
  weak var node: ViewNode?

  var environment: EnvironmentValues { node?.environment ?? EnvironmentValues() }

  /// Readers alive, to find those below a modifier whose value changed.
  private static var all: [Weak] = []
  private static var sweepAt = 64

  private struct Weak {
    weak var reader: EnvironmentReader?
  }

  /// Points the environment properties among `links` at `node`; called before `body`.
  static func attach(_ links: [AnyStorageLink], to node: ViewNode) {
    for link in links {
      guard let reader = (link as? StorageLink<EnvironmentReader>)?.box else { continue }
      if reader.node == nil {
        // NB: readers die with their views; the dead are swept as the list doubles.
        if all.count >= sweepAt {
          all.removeAll { $0.reader == nil }
          sweepAt = max(64, all.count * 2)
        }
        all.append(Weak(reader: reader))
      }
      reader.node = node
    }
  }

  /// Invalidates the views below `ancestor` that read the environment.
  static func invalidateReaders(below ancestor: ViewNode) {
    all.removeAll { $0.reader?.node == nil }
    for case let node? in all.map({ $0.reader?.node }) where node.isDescendant(of: ancestor) {
      node.invalidate()
    }
  }
}

extension ViewNode {
  fileprivate func isDescendant(of ancestor: ViewNode) -> Bool {
    var node = parent
    while let current = node {
      if current === ancestor { return true }
      node = current.parent
    }
    return false
  }
}
