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
  /// What a modifier that changes this value names (see `EnvironmentDependents`).
  let key: EnvironmentDependency.Key
  let link = StorageLink(EnvironmentReader())

  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
    read = { $0[keyPath: keyPath] }
    key = .value(keyPath)
  }

  /// An `@Observable` object an ancestor put in the environment with `.environment(_:)`:
  /// `@Environment(Library.self) var library`. A view without one above it stops with a
  /// message naming the type, as in SwiftUI.
  public init(_ type: Value.Type) where Value: AnyObject & Observable {
    key = .object(of: type)
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
    key = .object(of: type)
    read = { $0.object(of: type) }
  }

  public var wrappedValue: Value {
    let location = link.box
    if TrackedReads.isRecording {
      TrackedReads.record(EnvironmentDependency(key: key, location: location))
    }
    return read(location.environment)
  }

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
    let location = link.box
    if TrackedReads.isRecording {
      TrackedReads.record(
        EnvironmentDependency(key: .object(of: ObjectType.self), location: location))
    }
    guard let object = location.environment.object(of: ObjectType.self) else {
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
/// the graph before each `body` run. A tracked read of the property records this place with
/// its key (`EnvironmentDependency`), so the modifiers that change the key find the readers
/// below them.
@MainActor
final class EnvironmentReader {
  weak var node: ViewNode?

  var environment: EnvironmentValues { node?.environment ?? EnvironmentValues() }

  /// Points the environment properties among `links` at `node`; called before `body`.
  static func attach(_ links: [AnyStorageLink], to node: ViewNode) {
    for link in links {
      guard let reader = (link as? StorageLink<EnvironmentReader>)?.box else { continue }
      reader.node = node
    }
  }
}
