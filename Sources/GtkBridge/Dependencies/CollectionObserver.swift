/// One observation of a collection shared by every control bound to one of its elements,
/// telling each only when its own element changed.
///
/// Observation tracks properties, not elements: `model.texts` is one property, so N fields
/// bound to `$model.texts[i]` observing it directly are N callbacks (and N checks) on every
/// keystroke. Here the collection is observed once; on a change it is compared with the
/// last value seen, element by element (`ElementChanges`: bytes, block by block), and only
/// the subscribers of the elements that changed are called. A change of count or order
/// calls every subscriber (each then checks what it shows).
@MainActor
class CollectionObserver {
  /// A control's interest in one element, until cancelled (the observer holds it: dropped, it
  /// would go on; its `DependencyReader` cancels it, when cancelled or dropped itself).
  @MainActor
  final class Subscription {
    fileprivate weak var observer: CollectionObserver?
    let collection: BindingID
    let key: ElementSource.Key
    fileprivate let onChange: @MainActor () -> Void

    fileprivate init(
      observer: CollectionObserver, source: ElementSource,
      onChange: @escaping @MainActor () -> Void
    ) {
      self.observer = observer
      self.collection = source.collection
      self.key = source.key
      self.onChange = onChange
    }

    func isFor(_ source: ElementSource) -> Bool {
      key == source.key && collection == source.collection
    }

    func cancel() {
      observer?.remove(self)
      observer = nil
    }
  }

  /// The observers in use, by collection binding identity.
  private static var observers: [BindingID: CollectionObserver] = [:]

  /// How many collections are observed now (tests check that observers go away).
  static var activeCount: Int { observers.count }

  /// How many element subscriptions there are now, over every collection (tests check that
  /// they go away).
  static var subscriptionCount: Int { observers.values.reduce(0) { $0 + $1.count } }

  /// Calls `onChange` after every change of `source`'s element (and after any change that
  /// moves elements), on the main actor, until the subscription is cancelled.
  static func subscribe(_ source: ElementSource, onChange: @escaping @MainActor () -> Void)
    -> Subscription
  {
    var observer: CollectionObserver! = observers[source.collection]
    // An observer made for a position (`$items[i]`, `$items.filter { … }`) knows no ids: it
    // would never call the subscribers that follow an element by id (a `ForEach($items)` row's
    // field showed stale text). One that knows them takes its subscribers over.
    if observer == nil || source.followsID && !observer.followsIDs {
      let made = source.makeObserver()
      made.collection = source.collection
      observer?.handOver(to: made)
      observers[source.collection] = made
      observer = made
    }
    let subscription = Subscription(observer: observer, source: source, onChange: onChange)
    observer.subscribers[source.key, default: []].append(subscription)
    observer.count += 1
    if case .position = source.key { observer.positionCount += 1 }
    return subscription
  }

  /// The collection binding's identity, set when the observer is made.
  fileprivate(set) var collection: BindingID?
  private var subscribers: [ElementSource.Key: [Subscription]] = [:]
  private var count = 0
  /// How many subscribers follow a position (the rest follow ids): a change looks up only
  /// the kinds of keys that have subscribers (a lookup hashes an `AnyHashable`).
  private var positionCount = 0

  private func remove(_ subscription: Subscription) {
    guard var list = subscribers[subscription.key],
      let index = list.firstIndex(where: { $0 === subscription })
    else { return }
    list.remove(at: index)
    subscribers[subscription.key] = list.isEmpty ? nil : list
    count -= 1
    if case .position = subscription.key { positionCount -= 1 }
    if count == 0 {
      stop()
      if let collection, CollectionObserver.observers[collection] === self {
        CollectionObserver.observers[collection] = nil
      }
    }
  }

  /// Calls the subscribers of the elements at `changed` (offsets, with their ids from
  /// `idAt`), or every subscriber when `changed` is nil.
  final func notify(changed: [Int]?, idAt: (Int) -> ElementSource.Key?) {
    var called: [Subscription] = []
    if let changed {
      let followsIDs = count > positionCount
      for offset in changed {
        if positionCount > 0 { called += subscribers[.position(offset)] ?? [] }
        if followsIDs, let key = idAt(offset) { called += subscribers[key] ?? [] }
      }
    } else {
      called = subscribers.values.flatMap { $0 }
    }
    // NB: a subscriber's update may subscribe or cancel others: call from a copy.
    for subscription in called where subscription.observer === self {
      subscription.onChange()
    }
  }

  /// Stops observing the collection: the last subscriber left.
  func stop() {}

  /// Whether the observer tells the subscribers that follow an element by id of its changes.
  var followsIDs: Bool { true }

  /// Gives every subscriber to `other`, a new observer of the same collection, and stops.
  fileprivate final func handOver(to other: CollectionObserver) {
    for (key, list) in subscribers {
      for subscription in list { subscription.observer = other }
      other.subscribers[key, default: []] += list
    }
    other.count += count
    other.positionCount += positionCount
    subscribers = [:]
    count = 0
    positionCount = 0
    stop()
  }

  // MARK: - The changes, for a binding `ForEach` over the same collection

  /// The observer of the collection identified as `id`, if its changes can be asked
  /// (`changes(since:)`): a binding `ForEach`'s rows read their elements through it.
  static func journal(of id: BindingID) -> CollectionObserver? {
    guard let observer = observers[id], observer.keepsJournal else { return nil }
    return observer
  }

  // NB: the journal's properties are not checked for overlapping access at run time (each
  // check cost about 80 instructions): main-actor state whose every access is instantaneous.
  /// Counts the changes every observer heard of: a generation names one moment of all.
  @exclusivity(unchecked) private static var generations: UInt64 = 0

  /// The generation of the last change this observer heard of (or of its making).
  @exclusivity(unchecked) private(set) var generation: UInt64
  /// Whether every change of the collection reaches the observer as it is made, with the
  /// offsets it changed: a collection a `@State` holds plainly (`Binding.modifiesPlainValue`),
  /// written on the main actor only, each write telling its readers at once. (A model's
  /// collection may change on another thread, heard of later: it keeps no journal.)
  @exclusivity(unchecked) final var keepsJournal = false
  /// The offsets of the last changes, with their generations, oldest first.
  @exclusivity(unchecked) private var journal: [(generation: UInt64, offset: Int)] = []
  /// The changes up to this generation may be missing from `journal`.
  @exclusivity(unchecked) private var journalStart: UInt64

  init() {
    CollectionObserver.generations &+= 1
    generation = CollectionObserver.generations
    journalStart = generation
  }

  /// Notes a change the observer heard of: the offsets it changed, or `nil` when that is not
  /// known (a change of count or order).
  final func record(_ changed: [Int]?) {
    CollectionObserver.generations &+= 1
    generation = CollectionObserver.generations
    guard keepsJournal else { return }
    // NB: bounded: a `ForEach` that has not updated for this many changes compares instead.
    guard let changed, changed.count <= 64 else {
      journal.removeAll(keepingCapacity: true)
      journalStart = generation
      return
    }
    if journal.count + changed.count > 256 {
      let dropped = min(128, journal.count)
      journalStart = journal[dropped - 1].generation
      journal.removeFirst(dropped)
    }
    for offset in changed { journal.append((generation, offset)) }
  }

  /// The offsets (ascending, each once) of the elements changed since `generation` (one this
  /// observer named), or `nil` when the observer cannot tell.
  final func changes(since generation: UInt64) -> [Int]? {
    guard keepsJournal, generation >= journalStart, generation <= self.generation else {
      return nil
    }
    var offsets: [Int] = []
    var index = journal.count
    while index > 0, journal[index - 1].generation > generation {
      index -= 1
      offsets.append(journal[index].offset)
    }
    if offsets.count > 1 {
      offsets.sort()
      var unique = 0
      for offset in offsets where unique == 0 || offsets[unique - 1] != offset {
        offsets[unique] = offset
        unique += 1
      }
      offsets.removeLast(offsets.count - unique)
    }
    return offsets
  }
}

/// The observer of a collection of type `C`, reading it through the collection binding.
@MainActor
final class TypedCollectionObserver<C: RandomAccessCollection>: CollectionObserver {
  /// Reads the collection: the binding's own getter, which needs no run-time metadata of
  /// `Binding<C>` (`wrappedValue` looked it up on every change).
  private let read: @MainActor () -> C
  private let elementID: ((C.Element) -> ElementSource.Key)?
  /// The collection as last seen, in storage of its own (`ElementComparableCollection.detach`);
  /// the changes are the differences from it. `nil` when `C` cannot be compared.
  private var snapshot: C?
  private var reader: DependencyReader?
  /// How `C` is compared, found once (a conformance check).
  private let comparison: (any ElementComparableCollection.Type)?

  /// `elementID`: the id of an element, for subscribers that follow elements by id.
  init(_ base: Binding<C>, elementID: ((C.Element) -> ElementSource.Key)?) {
    read = base.accessors.get
    self.elementID = elementID
    comparison = ElementChanges.comparable(C.self)
    super.init()
    keepsJournal = base.modifiesPlainValue && comparison != nil
    let reader = DependencyReader(.listen, expectsModels: true) { [weak self] in
      self?.collectionChanged()
    }
    self.reader = reader
    let read = read
    keep(reader.run { read() })
  }

  /// Makes `new` the snapshot, in storage of its own.
  private func keep(_ new: C) {
    guard let comparison else { return }
    snapshot = ElementChanges.detached(new, as: comparison)
  }

  private func collectionChanged() {
    let new = read()
    var changed: [Int]?
    if var old = snapshot, let comparison {
      // NB: taken out, so `old` holds the only reference and is refreshed in place.
      snapshot = nil
      // An element binding's write says which element it changed: only that one is compared.
      if let collection, let offset = ElementWrite.offset(changing: collection) {
        changed = ElementChanges.changedOffsets(old, new, among: [offset], as: comparison)
      } else {
        changed = ElementChanges.changedOffsets(old, new, as: comparison)
      }
      if let changed {
        ElementChanges.refresh(&old, at: changed, from: new, as: comparison)
        snapshot = old
      } else {
        keep(new)
      }
    }
    record(changed)
    notify(changed: changed) { offset in
      guard let elementID else { return nil }
      return elementID(new[new.index(new.startIndex, offsetBy: offset)])
    }
  }

  override func stop() {
    reader?.cancel()
    reader = nil
  }

  override var followsIDs: Bool { elementID != nil }
}
