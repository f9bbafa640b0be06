@MainActor
extension Binding where Value: MutableCollection & RandomAccessCollection {
  /// A binding to the element with `id` (as `identifier` reads it), found by id on every read
  /// and write, so it follows the element when the collection is reordered or other elements
  /// are removed.
  ///
  /// Reads of an element that is gone return the last value seen; writes to it are dropped
  /// with a warning (SwiftUI traps with "index out of range" here).
  ///
  /// A write that changes the element's id (typing into `ForEach($names, id: \.self)`'s
  /// field, where the id is the value) moves the binding to the new id: its next read and
  /// write find the element it wrote, and the `ForEach` row it was made in (`ForEachRowID`)
  /// takes the new id, so the row keeps its views, and the field its focus.
  func element<Identifier: ElementIdentifier>(
    withID id: Identifier.ID, identifiedBy identifier: Identifier, at index: Value.Index,
    lastKnown: Value.Element
  ) -> Binding<Value.Element> where Identifier.Element == Value.Element {
    let cache = IdentifiedElementCache(
      lastKnown, index: index, id: id, identifier: identifier, row: ForEachRowID.current)
    let key = ElementSource.Key.id(id)
    // NB: a row whose id repeats (`ForEachRowID.idRepeats`) makes bindings with no identity:
    // its element is not the only one with `id`, so `id` does not say which one it is. Its
    // controls then observe the collection itself, as those of a binding made with
    // `Binding(get:set:)` do. (Two groups with one id shared the observer of
    // `$group.items`, which reads one group: the other's fields showed stale text.)
    let idRepeats = ForEachRowID.current?.idRepeats == true
    let source = idRepeats ? nil : elementSource(key) { .id(identifier.id(of: $0)) }
    let (read, write) = accessors
    let (inPlace, modifyCollection) = (modifiesInPlace, modifyValue)
    let notes = notesWrites
    // NB: read in the run that made it (a `ForEach` row's content, given the element it
    // just read from the data), the binding returns that element without reading the
    // collection again. The run depends on the element (`TrackedReads.read`); reading the
    // collection would also make it depend on the whole collection when that is an
    // `@Observable` model's property (Observation cannot be kept out of a read), and every
    // group of `ForEach($model.groups) { $group in Section { ForEach($group.items) … } }`
    // then ran again on a keystroke into any of them.
    // It relies on `lastKnown` being the element as the data holds it now: a row's closure
    // captures the element its `ForEach` last read, and a `ForEach` is updated (it reads
    // its collection in its parent's run, so its parent re-runs first, outermost first)
    // before its rows re-run in the same pass. A row GTK keeps off screen may re-run with
    // an older element, and is refreshed from the data when it is shown again.
    let madeIn = TrackedReads.currentRun
    let get = { @MainActor () -> Value.Element in
      TrackedReads.read(source) {
        if let madeIn, TrackedReads.currentRun == madeIn { return cache.value }
        let collection = read()
        if cache.locate(in: collection) { cache.store(collection[cache.hint]) }
        return cache.value
      }
    }
    var bindingID: BindingID?
    if !idRepeats, let base = self.sourceID { bindingID = .element(base, key) }
    var binding: Binding<Value.Element>
    if inPlace {
      // NB: the element is found before the collection is changed (a read, which copies
      // nothing), so a write to an element that is gone changes nothing and notifies no one.
      binding = Binding<Value.Element>(
        get: get,
        set: { newValue in
          guard cache.locate(in: read()) else { return warnElementGone(cache.id) }
          modifyCollection { collection in
            guard cache.locate(in: collection) else { return }
            if notes, let source { ElementWrite.note(source, at: cache.hint, of: collection) }
            collection[cache.hint] = newValue
          }
          if notes { ElementWrite.end() }
          cache.wrote(newValue)
        },
        id: bindingID, readsAreStable: readsAreStable, plain: notes,
        inPlace: { change in
          guard cache.locate(in: read()) else { return warnElementGone(cache.id) }
          modifyCollection { collection in
            guard cache.locate(in: collection) else { return }
            if notes, let source { ElementWrite.note(source, at: cache.hint, of: collection) }
            change(&collection[cache.hint])
            cache.wrote(collection[cache.hint])
          }
          if notes { ElementWrite.end() }
        })
    } else {
      binding = Binding<Value.Element>(
        get: get,
        set: { newValue in
          var collection = read()
          guard cache.locate(in: collection) else { return warnElementGone(cache.id) }
          collection[cache.hint] = newValue
          cache.wrote(newValue)
          write(collection)
        },
        id: bindingID, readsAreStable: readsAreStable)
    }
    binding.elementSource = source
    return binding
  }
}

@MainActor
extension Binding where Value: MutableCollection & RandomAccessCollection, Value.Index == Int {
  /// A binding to the element at `position`: `$model.texts[i]`.
  ///
  /// When `position` no longer exists (the row was removed while a write to it was on its
  /// way), reads return the last value seen and writes are dropped with a warning, instead of
  /// trapping with "index out of range".
  ///
  /// NB: beside `Collection`'s subscript (which chooses this one for `$texts[i]`, the more
  /// constrained): a control bound to this binding observes its element alone.
  public subscript(position: Int) -> Binding<Value.Element> {
    // NB: nothing is read until the binding is: a row that makes it depends on nothing yet.
    element(
      at: position, key: .position(position),
      source: elementSource(.position(position), elementID: nil), readNow: false)
  }
}

@MainActor
extension Binding where Value: MutableCollection {
  /// A binding to the element at `position`, identified as `key` when that is known.
  ///
  /// When `position` no longer exists, reads return the last value seen and writes are
  /// dropped with a warning. `readNow`: whether the element is read now, so that even a
  /// binding never read before has a last value (otherwise reading one whose position is gone
  /// traps, as the collection would).
  fileprivate func element(
    at position: Value.Index, key: ElementSource.Key?, source: ElementSource?, readNow: Bool
  ) -> Binding<Value.Element> {
    let cache = ElementCache<Value.Element, Value.Index>(index: position)
    let (read, write) = accessors
    if readNow {
      let collection = read()
      if position >= collection.startIndex, position < collection.endIndex {
        cache.store(collection[position])
      }
    }
    let (inPlace, modifyCollection) = (modifiesInPlace, modifyValue)
    let notes = notesWrites
    let get = { @MainActor () -> Value.Element in
      TrackedReads.read(source) {
        let collection = read()
        if position >= collection.startIndex, position < collection.endIndex {
          cache.store(collection[position])
        }
        guard cache.hasValue else {
          preconditionFailure(
            "Binding: index \(position) is out of range (count \(collection.count)) and was "
              + "never read; SwiftUI traps here too")
        }
        return cache.value
      }
    }
    var bindingID: BindingID?
    if let base = self.sourceID, let key { bindingID = .element(base, key) }
    var binding: Binding<Value.Element>
    if inPlace {
      binding = Binding<Value.Element>(
        get: get,
        set: { newValue in
          guard positionIsValid(position, in: read()) else { return }
          modifyCollection { collection in
            guard position >= collection.startIndex, position < collection.endIndex else { return }
            if notes, let source { ElementWrite.note(source, at: position, of: collection) }
            collection[position] = newValue
          }
          if notes { ElementWrite.end() }
          cache.store(newValue)
        },
        id: bindingID, readsAreStable: readsAreStable && key != nil, plain: notes,
        inPlace: { change in
          guard positionIsValid(position, in: read()) else { return }
          modifyCollection { collection in
            guard position >= collection.startIndex, position < collection.endIndex else { return }
            if notes, let source { ElementWrite.note(source, at: position, of: collection) }
            change(&collection[position])
            cache.store(collection[position])
          }
          if notes { ElementWrite.end() }
        })
    } else {
      binding = Binding<Value.Element>(
        get: get,
        set: { newValue in
          var collection = read()
          guard positionIsValid(position, in: collection) else { return }
          collection[position] = newValue
          cache.store(newValue)
          write(collection)
        },
        id: bindingID, readsAreStable: readsAreStable && key != nil)
    }
    binding.elementSource = source
    return binding
  }
}

// MARK: - A collection binding as a collection of element bindings

/// A binding to a mutable collection is a collection of bindings to its elements, as in
/// SwiftUI: `for $item in $items`, `$items.filter { !$0.wrappedValue.done }`, `$items[i]`.
///
/// Each element binding addresses its element by index: when that index no longer exists
/// (the element was removed), reads return the last value seen and a write is dropped with
/// one logged warning; nothing traps. (Bindings that follow an element by id are what
/// `ForEach($items)` and `ForEach($items, id:)` give their rows.)
///
/// NB: only for random-access collections, where SwiftUI asks only `MutableCollection` (and
/// `BidirectionalCollection` for that conformance): an element binding checks that its index
/// still exists by comparing it with the collection's bounds, and the indices of other
/// collections cannot always be compared once the collection changed (a `Dictionary`'s trap:
/// "Can't compare indices belonging to different collections").
///
/// NB: isolated conformances (`@MainActor`), like the binding's value: the elements are
/// read and written on the main actor.
extension Binding: @MainActor Sequence where Value: MutableCollection & RandomAccessCollection {
  public typealias Element = Binding<Value.Element>
  public typealias Iterator = IndexingIterator<Binding<Value>>
  public typealias SubSequence = Slice<Binding<Value>>
}

extension Binding: @MainActor Collection where Value: MutableCollection & RandomAccessCollection {
  public typealias Index = Value.Index
  public typealias Indices = Value.Indices

  @MainActor public var startIndex: Value.Index { wrappedValue.startIndex }
  @MainActor public var endIndex: Value.Index { wrappedValue.endIndex }
  @MainActor public var indices: Value.Indices { wrappedValue.indices }

  @MainActor public func index(after i: Value.Index) -> Value.Index {
    wrappedValue.index(after: i)
  }

  @MainActor public func formIndex(after i: inout Value.Index) {
    wrappedValue.formIndex(after: &i)
  }

  /// A binding to the element at `position` (see the conformance's note).
  @MainActor public subscript(position: Value.Index) -> Binding<Value.Element> {
    // NB: read now: an element binding made by iterating has a value even if its index is
    // gone by the time it is first read. The iteration read the collection already.
    var key: ElementSource.Key?
    // NB: a metatype comparison, not `as? Int` (a dynamic cast).
    if Value.Index.self == Int.self {
      key = .position(withUnsafeBytes(of: position) { $0.load(as: Int.self) })
    }
    // NB: with a position, the binding observes that position, as `$items[i]` does: a row of
    // `ForEach($items.filter { … })` then runs again only when its own element changes, not
    // on every change to the collection (a keystroke in one row re-ran every row).
    return element(
      at: position, key: key, source: key.flatMap { elementSource($0, elementID: nil) },
      readNow: true)
  }
}

extension Binding: @MainActor BidirectionalCollection
where Value: MutableCollection & RandomAccessCollection {
  @MainActor public func index(before i: Value.Index) -> Value.Index {
    wrappedValue.index(before: i)
  }

  @MainActor public func formIndex(before i: inout Value.Index) {
    wrappedValue.formIndex(before: &i)
  }
}

extension Binding: @MainActor RandomAccessCollection
where Value: MutableCollection & RandomAccessCollection {}

/// A binding to an identifiable value is identified by its value's id, as in SwiftUI:
/// `ForEach($items.filter { … }) { $item in … }`.
extension Binding: @MainActor Identifiable where Value: Identifiable {
  @MainActor public var id: Value.ID { wrappedValue.id }
}

/// NB: functions, not closures made with each binding: a closure that captures costs an
/// allocation per binding, and element bindings are made on every run of a row.
@MainActor
private func warnElementGone(_ id: some Hashable) {
  Log.warning("ForEach: the element with id \(id) is gone; the write to it is dropped")
}

/// Whether `position` is in `collection`; a warning when it is not.
@MainActor
private func positionIsValid<C: Collection>(_ position: C.Index, in collection: C) -> Bool {
  guard position >= collection.startIndex, position < collection.endIndex else {
    Log.warning(
      "Binding: index \(position) is out of range (count \(collection.count)); "
        + "the write to it is dropped")
    return false
  }
  return true
}

@MainActor
extension Binding where Value: MutableCollection {
  /// Whether this collection binding's element writes tell where they change the collection
  /// (`ElementWrite`): one with `Int` indices a state holds plainly. Any other's changes are
  /// found by comparison.
  fileprivate var notesWrites: Bool {
    modifiesPlainValue && Value.Index.self == Int.self
  }
}

@MainActor
extension Binding where Value: RandomAccessCollection {
  /// What an element binding of this collection binding observes: this collection, when
  /// GtkBridge can identify it and every read reads the same storage.
  fileprivate func elementSource(
    _ key: ElementSource.Key, elementID: ((Value.Element) -> ElementSource.Key)?
  ) -> ElementSource? {
    guard let id = sourceID, readsAreStable else { return nil }
    return ElementSource(collection: id, key: key) {
      TypedCollectionObserver(self, elementID: elementID)
    }
  }
}

/// What an element binding remembers: the element's last value, and where it last was.
@MainActor
private class ElementCache<Element, Index> {
  // NB: no `Element?` or `Index?`: this code runs unspecialized, where every use of an
  // optional of a generic type looks its metadata up at run time (W7: about 9,000
  // instructions a keystroke). One slot, initialized once a value is known.
  private let slot = UnsafeMutablePointer<Element>.allocate(capacity: 1)
  private(set) var hasValue = false
  /// Where the element was last found; valid after `locate` answered true.
  private(set) var hint: Index
  private var hintIsValid = true

  init(_ value: Element, index: Index) {
    slot.initialize(to: value)
    hasValue = true
    hint = index
  }

  /// A cache with no value yet (`$texts[i]` reads nothing until the binding is read).
  init(index: Index) {
    hint = index
  }

  isolated deinit {
    if hasValue { slot.deinitialize(count: 1) }
    slot.deallocate()
  }

  /// The last value seen; only once `hasValue`.
  final var value: Element { slot.pointee }

  final func store(_ value: Element) {
    if hasValue {
      slot.pointee = value
    } else {
      slot.initialize(to: value)
      hasValue = true
    }
  }

  /// Whether the element with `id` is in `collection`, leaving its index in `hint`: where it
  /// was last time if it is still there (no search while nothing moved), otherwise found by
  /// id. NB: no `C.Index?` result: an optional of a generic type costs a metadata lookup a
  /// call.
  final func locate<C: RandomAccessCollection, Identifier: ElementIdentifier>(
    in collection: C, id: Identifier.ID, by identifier: Identifier
  ) -> Bool where C.Element == Identifier.Element, C.Index == Index {
    // NB: bounds compared directly: `indices.contains` builds the range through the
    // collection's witnesses, which in this unspecialized code cost more than the rest.
    if hintIsValid, hint >= collection.startIndex, hint < collection.endIndex,
      identifier.id(of: collection[hint]) == id
    {
      return true
    }
    return search(collection, id: id, by: identifier)
  }

  /// `locate`'s search by id. NB: a function of its own: the metadata of `C.Index?` that
  /// `firstIndex` returns is looked up on entry to the function that uses it, and `locate`
  /// runs on every read of the element.
  @inline(never)
  private func search<C: RandomAccessCollection, Identifier: ElementIdentifier>(
    _ collection: C, id: Identifier.ID, by identifier: Identifier
  ) -> Bool where C.Element == Identifier.Element, C.Index == Index {
    guard let found = collection.firstIndex(where: { identifier.id(of: $0) == id }) else {
      hintIsValid = false
      return false
    }
    hint = found
    hintIsValid = true
    return true
  }
}

/// What a binding to an element found by id remembers besides its value: the id it follows,
/// which its own writes may change, and the `ForEach` row it was made for.
@MainActor
private final class IdentifiedElementCache<Element, Index, Identifier: ElementIdentifier>:
  ElementCache<Element, Index>
where Identifier.Element == Element {
  private(set) var id: Identifier.ID
  private let identifier: Identifier
  private let row: ForEachRowID?

  init(
    _ value: Element, index: Index, id: Identifier.ID, identifier: Identifier,
    row: ForEachRowID?
  ) {
    self.id = id
    self.identifier = identifier
    self.row = row
    super.init(value, index: index)
  }

  func locate<C: RandomAccessCollection>(in collection: C) -> Bool
  where C.Element == Element, C.Index == Index {
    locate(in: collection, id: id, by: identifier)
  }

  /// After this binding wrote `value` at `hint`: the binding follows the element it wrote,
  /// under its new id if the write changed it (the id is the value, or a field the user
  /// edits). Without this, the next keystroke would find the old id gone and be dropped.
  func wrote(_ value: Element) {
    store(value)
    let newID = identifier.id(of: value)
    guard newID != id else { return }
    id = newID
    row?.renamed(to: AnyHashable(newID))
  }
}
