import Observation

/// The storage of one `@State`: a value plus Observation bookkeeping.
///
/// Reads register with whatever `withObservationTracking` is running (a view's `body` or a
/// representable's `updateWidget`), so a write re-runs exactly the views that read it.
@MainActor
final class StateBox<Value>: Observable {
  private let registrar = ObservationRegistrar()
  private var storage: Value
  /// `\.value`, made on first use and kept: the key path of a generic class is instantiated
  /// at run time on every evaluation of the literal, which costs more than the rest of a
  /// read. Lazy, so a box made only to be replaced by the kept one never pays for it.
  private lazy var valueKeyPath: KeyPath<StateBox<Value>, Value> = \.value

  /// The value the box was made with: a view placed twice, or placed again after it left,
  /// starts from it (see `StorageLink.freshCopy()`).
  let initial: Value

  init(_ value: Value) {
    storage = value
    initial = value
  }

  var value: Value {
    get {
      // NB: an element binding reading for a `ForEach` row observes its element instead.
      if ElementReads.untracked == 0 { registrar.access(self, keyPath: valueKeyPath) }
      return storage
    }
    set {
      registrar.withMutation(of: self, keyPath: valueKeyPath) { storage = newValue }
    }
  }
}

/// A `@State` (or `@FocusState`) property of a view struct, as the view graph sees it.
///
/// View structs are rebuilt whenever their parent's `body` runs; the graph keeps the storage
/// of the first instance and hands it to each new instance before its `body` runs.
@MainActor
protocol StatefulProperty {
  var storageLink: AnyStorageLink { get }
}

/// A reference a state property reads its box through; re-pointed by the graph.
@MainActor
protocol AnyStorageLink: AnyObject {
  /// Makes this link use the storage `other` uses (they are the same property).
  func adopt(_ other: AnyStorageLink)
  /// The node whose storage this link reads, once a node took it (`nil` again once it is
  /// freed: see `wasOwned`).
  var owner: ViewNode? { get set }
  /// Whether a node ever took this link.
  var wasOwned: Bool { get }
  /// A new link to new storage as the property's view declared it (its initial value).
  func freshCopy() -> AnyStorageLink
  /// Points this link at new storage as the property's view declared it.
  func renew()
}

@MainActor
final class StorageLink<Box: AnyObject>: AnyStorageLink {
  var box: Box
  weak var owner: ViewNode? {
    didSet { if owner != nil { wasOwned = true } }
  }
  private(set) var wasOwned = false

  init(_ box: Box) {
    self.box = box
  }

  func adopt(_ other: AnyStorageLink) {
    if let other = other as? StorageLink<Box> { box = other.box }
  }

  func freshCopy() -> AnyStorageLink {
    StorageLink(Self.fresh(box))
  }

  func renew() {
    box = Self.fresh(box)
  }

  private static func fresh(_ box: Box) -> Box {
    (box as? any FreshStorage)?.freshStorage() as? Box ?? box
  }
}
