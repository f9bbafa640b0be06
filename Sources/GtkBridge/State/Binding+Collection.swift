@MainActor
extension Binding where Value: MutableCollection & RandomAccessCollection {
  /// A binding to the element with `id`, found by id on every read and write, so it follows
  /// the element when the collection is reordered or other elements are removed.
  ///
  /// Reads of an element that is gone return the last value seen; writes to it are dropped
  /// with a warning (SwiftUI traps with "index out of range" here).
  func element(withID id: Value.Element.ID, at index: Value.Index, lastKnown: Value.Element)
    -> Binding<Value.Element>
  where Value.Element: Identifiable {
    let cache = ElementCache(lastKnown, index: index)
    let key = ElementSource.Key.id(id)
    let source = elementSource(key) { .id($0.id) }
    let (read, write) = accessors
    let (inPlace, modifyCollection) = (modifiesInPlace, modifyValue)
    let get = { @MainActor () -> Value.Element in
      ElementReads.read(source) {
        let collection = read()
        if cache.locate(in: collection, id: id) { cache.store(collection[cache.hint]) }
        return cache.value
      }
    }
    var bindingID: BindingID?
    if let base = self.id { bindingID = .element(base, key) }
    var binding: Binding<Value.Element>
    if inPlace {
      // NB: the element is found before the collection is changed (a read, which copies
      // nothing), so a write to an element that is gone changes nothing and notifies no one.
      binding = Binding<Value.Element>(
        get: get,
        set: { newValue in
          guard cache.locate(in: read(), id: id) else { return warnElementGone(id) }
          modifyCollection { collection in
            guard cache.locate(in: collection, id: id) else { return }
            collection[cache.hint] = newValue
          }
          cache.store(newValue)
        },
        id: bindingID, readsAreStable: readsAreStable,
        inPlace: { change in
          guard cache.locate(in: read(), id: id) else { return warnElementGone(id) }
          modifyCollection { collection in
            guard cache.locate(in: collection, id: id) else { return }
            change(&collection[cache.hint])
            cache.store(collection[cache.hint])
          }
        })
    } else {
      binding = Binding<Value.Element>(
        get: get,
        set: { newValue in
          var collection = read()
          guard cache.locate(in: collection, id: id) else { return warnElementGone(id) }
          collection[cache.hint] = newValue
          cache.store(newValue)
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
  public subscript(position: Int) -> Binding<Value.Element> {
    // NB: nothing is read until the binding is: a row that makes it depends on nothing yet.
    let cache = ElementCache<Value.Element, Int>(index: position)
    let source = elementSource(.position(position), elementID: nil)
    let (read, write) = accessors
    let (inPlace, modifyCollection) = (modifiesInPlace, modifyValue)
    let get = { @MainActor () -> Value.Element in
      ElementReads.read(source) {
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
    if let base = self.id { bindingID = .element(base, .position(position)) }
    var binding: Binding<Value.Element>
    if inPlace {
      binding = Binding<Value.Element>(
        get: get,
        set: { newValue in
          guard positionIsValid(position, in: read()) else { return }
          modifyCollection { collection in
            guard position >= collection.startIndex, position < collection.endIndex else { return }
            collection[position] = newValue
          }
          cache.store(newValue)
        },
        id: bindingID, readsAreStable: readsAreStable,
        inPlace: { change in
          guard positionIsValid(position, in: read()) else { return }
          modifyCollection { collection in
            guard position >= collection.startIndex, position < collection.endIndex else { return }
            change(&collection[position])
            cache.store(collection[position])
          }
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
        id: bindingID, readsAreStable: readsAreStable)
    }
    binding.elementSource = source
    return binding
  }
}

/// NB: functions, not closures made with each binding: a closure that captures costs an
/// allocation per binding, and element bindings are made on every run of a row.
@MainActor
private func warnElementGone(_ id: some Hashable) {
  Log.warning("ForEach: the element with id \(id) is gone; the write to it is dropped")
}

/// Whether `position` is in `collection`; a warning when it is not.
@MainActor
private func positionIsValid<C: Collection>(_ position: Int, in collection: C) -> Bool
where C.Index == Int {
  guard position >= collection.startIndex, position < collection.endIndex else {
    Log.warning(
      "Binding: index \(position) is out of range (count \(collection.count)); "
        + "the write to it is dropped")
    return false
  }
  return true
}

@MainActor
extension Binding where Value: RandomAccessCollection {
  /// What an element binding of this collection binding observes: this collection, when
  /// GtkBridge can identify it and every read reads the same storage.
  fileprivate func elementSource(
    _ key: ElementSource.Key, elementID: ((Value.Element) -> ElementSource.Key)?
  ) -> ElementSource? {
    guard let id, readsAreStable else { return nil }
    return ElementSource(collection: id, key: key) {
      TypedCollectionObserver(self, elementID: elementID)
    }
  }
}

/// What an element binding remembers: the element's last value, and where it last was.
@MainActor
private final class ElementCache<Element, Index> {
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
  var value: Element { slot.pointee }

  func store(_ value: Element) {
    if hasValue {
      slot.pointee = value
    } else {
      slot.initialize(to: value)
      hasValue = true
    }
  }

  /// Whether the element is in `collection`, leaving its index in `hint`: where it was last
  /// time if it is still there (no search while nothing moved), otherwise found by id.
  /// NB: no `C.Index?` result: an optional of a generic type costs a metadata lookup a call.
  func locate<C: RandomAccessCollection>(in collection: C, id: C.Element.ID) -> Bool
  where C.Element: Identifiable, C.Index == Index {
    // NB: bounds compared directly: `indices.contains` builds the range through the
    // collection's witnesses, which in this unspecialized code cost more than the rest.
    if hintIsValid, hint >= collection.startIndex, hint < collection.endIndex,
      collection[hint].id == id
    {
      return true
    }
    return search(collection, id: id)
  }

  /// `locate`'s search by id. NB: a function of its own: the metadata of `C.Index?` that
  /// `firstIndex` returns is looked up on entry to the function that uses it, and `locate`
  /// runs on every read of the element.
  @inline(never)
  private func search<C: RandomAccessCollection>(_ collection: C, id: C.Element.ID) -> Bool
  where C.Element: Identifiable, C.Index == Index {
    guard let found = collection.firstIndex(where: { $0.id == id }) else {
      hintIsValid = false
      return false
    }
    hint = found
    hintIsValid = true
    return true
  }
}
