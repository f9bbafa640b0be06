/// The storage of one `@State`: a value and the readers that depend on it.
///
/// A read registers with the `DependencyReader` running now (a view's `body`, a row's content,
/// a control's update) through `TrackedReads`, so a write re-runs exactly the views that read it.
///
/// NB: not through Observation's registrar. A `@State` is read and written on the main actor
/// only, and only GtkBridge's own trackings read it, so a list of readers does what the
/// registrar's key-path dictionaries and locks do, for a fraction of the instructions (W2: a
/// keystroke's write cost about 20,000 through `withMutation`).
@MainActor
final class StateBox<Value>: StateStorage {
  private var storage: Value

  /// The value the box was made with: a view placed twice, or placed again after it left,
  /// starts from it (see `StorageLink.freshCopy()`).
  let initial: Value

  /// Whether the value is an object: its properties are then changed through the app's
  /// setters, not in the box (see `Binding.modifiesPlainValue`). Found once, not per binding.
  let holdsObject: Bool

  init(_ value: Value) {
    storage = value
    initial = value
    holdsObject = Value.self is AnyObject.Type
  }

  var value: Value {
    get {
      // NB: an element binding reading for a `ForEach` row observes its element instead.
      if TrackedReads.isRecording { TrackedReads.record(self) }
      return storage
    }
    set {
      storage = newValue
      StateStorage.writes &+= 1
      notifyReaders()
    }
    // NB: a change of part of the value (one element of an array) happens in place, without
    // the copy a read and a write back would make; the readers hear of it afterwards. Only
    // bindings change the value this way (`Binding.modifyValue`). What else runs meanwhile never
    // reads this box: the element's own accessors (a computed property, a `didSet`, a
    // computed `id`), and the observers of an object the value holds (`$model.rows[i]` of a
    // `@State` model), which only mark views for update: a path through an object is not
    // `readsAreStable`, so nothing reads it back from its change handler.
    _modify {
      yield &storage
      StateStorage.writes &+= 1
      notifyReaders()
    }
  }
}

/// What every `StateBox` shares, whatever its value type: the trackings that read it.
@MainActor
class StateStorage {
  /// Counts the writes to every state, before their readers hear of them: a value read when
  /// this was `n` is still the state's value while it is `n` (`ElementWrite` and a binding
  /// `ForEach` tell by it whether a write came between).
  @exclusivity(unchecked) static var writes: UInt = 0

  /// The readers whose last run read this value and that have not been cancelled.
  /// NB: not checked for overlapping access at run time: see `UpdateScheduler`'s note.
  @exclusivity(unchecked) private var readers: [DependencyReader.Listener] = []

  /// How many readers listen now (tests check that readers go away).
  var readerCount: Int { readers.count }

  // NB: a reader holds its states unowned: each state it still listens to drops it here.
  isolated deinit {
    for reader in readers { reader.forget(self) }
  }

  /// Counts `addReader` calls, so `notifyReaders` looks for a reader already back in
  /// `readers` only when one subscribed during its loop: a scan for every reader made a
  /// write to a state 3,000 rows read take about 80 times as long.
  @exclusivity(unchecked) private var subscriptions = 0

  func addReader(_ reader: DependencyReader.Listener) {
    readers.append(reader)
    subscriptions &+= 1
  }

  func removeReader(_ reader: DependencyReader.Listener) {
    // NB: from the end: a reader that re-runs is usually among the last added. A loop, not
    // `lastIndex(where:)`: see PointerScopes.swift.
    for index in readers.indices.reversed() where readers[index] === reader {
      readers.remove(at: index)
      return
    }
  }

  /// Calls every reader back; those not cancelled meanwhile listen on.
  final func notifyReaders() {
    guard !readers.isEmpty else { return }
    // NB: taken out, not copied: a reader detaching itself while the list is iterated would
    // otherwise copy the array on every write. The list they go back into is
    // the emptied one of the last write, so a write allocates nothing (a write inside the
    // loop finds `spare` taken and allocates, as before).
    var current = spare
    spare = []
    swap(&current, &readers)
    let subscribed = subscriptions
    for reader in current {
      reader.stateChanged(self)
      if reader.isListening, subscriptions == subscribed || !hasReader(reader) {
        readers.append(reader)
      }
    }
    current.empty()
    spare = current
  }

  /// The emptied list of readers of the last `notifyReaders`, kept for its storage.
  @exclusivity(unchecked) private var spare: [DependencyReader.Listener] = []

  /// NB: a reader that re-ran inside the loop above has subscribed again already.
  private func hasReader(_ reader: DependencyReader.Listener) -> Bool {
    for known in readers where known === reader { return true }
    return false
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
  /// The storage this link reads now: what a binding to it is identified by
  /// (`BindingID.storage`).
  var storageIdentity: ObjectIdentifier { get }
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

  var storageIdentity: ObjectIdentifier { ObjectIdentifier(box) }

  private static func fresh(_ box: Box) -> Box {
    (box as? any FreshStorage)?.freshStorage() as? Box ?? box
  }
}
