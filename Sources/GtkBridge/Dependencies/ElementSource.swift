/// Where an element binding's value lives: one element (by position or by id) of an
/// identified collection binding, such as `$model.texts[i]` or a binding `ForEach`'s `$item`.
///
/// A control bound to an element depends on that element, not on the whole collection: it
/// subscribes to the collection's `CollectionObserver` for its element instead of observing
/// the collection itself, so a keystroke into one row of N does not call back N fields.
///
/// A class: every binding carries one (or nil), and a reference keeps `Binding` small to copy.
final class ElementSource {
  /// How the element is found in the collection.
  enum Key: Hashable {
    case position(Int)
    /// An id that is an `Int` (the usual `Identifiable` id): compared and hashed without
    /// `AnyHashable`, whose `==` casts dynamically.
    case intID(Int)
    case id(AnyHashable)

    /// The key of the element with `id`.
    static func id<ID: Hashable>(_ id: ID) -> Key {
      // NB: a metatype comparison, not `as? Int` (a dynamic cast).
      if ID.self == Int.self { return .intID(withBytes(of: id) { $0.load(as: Int.self) }) }
      return .id(AnyHashable(id))
    }
  }

  /// Whether the element is found by id (a binding `ForEach`'s `$item`), not by position.
  var followsID: Bool {
    if case .position = key { return false }
    return true
  }

  /// The identity of the collection binding (its `Binding.id`).
  let collection: BindingID
  let key: Key
  /// Makes the observer of the collection when no control observes it yet.
  let makeObserver: @MainActor () -> CollectionObserver

  init(
    collection: BindingID, key: Key,
    makeObserver: @escaping @MainActor () -> CollectionObserver
  ) {
    self.collection = collection
    self.key = key
    self.makeObserver = makeObserver
  }
}
