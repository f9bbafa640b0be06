import Foundation

/// Which elements of a `ForEach`'s data changed between two updates, compared by their
/// bytes, when the ids stayed the same in the same order.
///
/// Only for collections with value semantics (`ElementComparableCollection`): the node keeps
/// the previous data, so copy on write gives any write a new buffer and the old elements
/// stay as they were; equal bytes are then the same values and objects. A collection that
/// is (or wraps) a class could change in place under the same bytes, so it is never compared.
@MainActor
enum ElementChanges {
  /// How many elements were compared so far (tests check that a keystroke into one row of
  /// many compares that row's element, not all of them: `ElementWrite`).
  nonisolated(unsafe) static var comparedElements = 0

  /// The offsets whose element changed; `nil` when the count, an id, or the kind of
  /// collection does not allow the comparison (the caller matches rows by id instead).
  /// `comparable`: what `comparable(Data.self)` answered (the caller keeps it).
  ///
  /// `among`: the only offsets whose elements may have changed, when that is known (the
  /// collection's observer heard of every change since: `CollectionObserver.changes(since:)`):
  /// only those are compared.
  static func between<Data: RandomAccessCollection, ID: Hashable>(
    _ old: Data, _ new: Data, id: KeyPath<Data.Element, ID>, among: [Int]? = nil,
    as comparable: (any ElementComparableCollection.Type)?
  ) -> [Int]? {
    guard let comparable else { return nil }
    var old = old
    var new = new
    let offsets = withPointer(to: &old) { old in
      withPointer(to: &new) { new in
        if let among { return comparable.changedOffsets(at: new, since: old, among: among) }
        return comparable.changedOffsets(at: new, since: old)
      }
    }
    guard let changed = offsets else { return nil }
    if changed.isEmpty || comparable.comparesIDs(id) { return changed }
    for offset in changed {
      let oldElement = old[old.index(old.startIndex, offsetBy: offset)]
      let newElement = new[new.index(new.startIndex, offsetBy: offset)]
      guard oldElement[keyPath: id] == newElement[keyPath: id] else { return nil }
    }
    return changed
  }

  /// The offsets whose element's bytes changed; `nil` when the counts differ or the
  /// collection cannot be compared by bytes.
  static func changedOffsets<C: RandomAccessCollection>(
    _ old: C, _ new: C,
    as comparable: (any ElementComparableCollection.Type)? = nil
  ) -> [Int]? {
    guard let comparable = comparable ?? self.comparable(C.self) else { return nil }
    // NB: through the metatype: `new as? any ElementComparableCollection` boxed the
    // collection (an allocation and a copy) on every update.
    return withPointer(to: old) { old in
      withPointer(to: new) { new in comparable.changedOffsets(at: new, since: old) }
    }
  }

  /// Of `offsets` (ascending), those whose element's bytes changed, when they are known to
  /// be the only offsets that may have (`ElementWrite`); `nil` when the counts differ or the
  /// collection cannot be compared so.
  static func changedOffsets<C: RandomAccessCollection>(
    _ old: C, _ new: C, among offsets: [Int], as comparable: any ElementComparableCollection.Type
  ) -> [Int]? {
    withPointer(to: old) { old in
      withPointer(to: new) { new in comparable.changedOffsets(at: new, since: old, among: offsets) }
    }
  }

  /// `value` in storage of its own (`ElementComparableCollection.detach`): what a node or
  /// observer keeps to compare with.
  static func detached<C>(_ value: C, as comparable: any ElementComparableCollection.Type) -> C {
    var value = value
    withMutablePointer(to: &value) { comparable.detach($0) }
    return value
  }

  /// Brings `kept` (from `detached`, and held by nothing else, so it changes in place) up to
  /// `new` at `offsets`, the only offsets where they differ.
  static func refresh<C>(
    _ kept: inout C, at offsets: [Int], from new: C,
    as comparable: any ElementComparableCollection.Type
  ) {
    withMutablePointer(to: &kept) { kept in
      withPointer(to: new) { comparable.refresh(kept, at: offsets, from: $0) }
    }
  }

  /// What each collection type is compared as, found once per type: `as?` to a protocol
  /// costs a conformance lookup on every update (about 2,000 instructions, and a scan of
  /// every conformance record, over 100,000, the first time).
  private static var comparables: [ObjectIdentifier: (any ElementComparableCollection.Type)?] =
    [:]

  /// How `C` is compared; `nil` when it cannot be. Nodes and observers keep the answer.
  static func comparable<C>(_ type: C.Type) -> (any ElementComparableCollection.Type)? {
    let key = ObjectIdentifier(type)
    if let known = comparables[key] { return known }
    let found = type as? any ElementComparableCollection.Type
    comparables[key] = .some(found)
    return found
  }

  /// Compared a block of elements at a time, so a change to one of N costs about N × size
  /// bytes of `memcmp`, not N element comparisons. `nil` when the counts differ.
  nonisolated static func changedOffsets<Element>(
    _ old: UnsafeBufferPointer<Element>, _ new: UnsafeBufferPointer<Element>
  ) -> [Int]? {
    changedOffsets(old, new, among: nil)
  }

  /// `changedOffsets(_:_:)`; with `among` (ascending), the only offsets whose elements may have
  /// changed, when that is known (`ElementWrite`): each of those is compared alone, no other.
  nonisolated static func changedOffsets<Element>(
    _ old: UnsafeBufferPointer<Element>, _ new: UnsafeBufferPointer<Element>,
    among offsets: [Int]?
  ) -> [Int]? {
    guard old.count == new.count else { return nil }
    let size = MemoryLayout<Element>.size
    let stride = MemoryLayout<Element>.stride
    guard size > 0, let oldBase = old.baseAddress, let newBase = new.baseAddress,
      oldBase != newBase
    else { return [] }
    var changed: [Int] = []
    if let offsets {
      comparedElements &+= offsets.count
      let (oldBytes, newBytes) = (UnsafeRawPointer(oldBase), UnsafeRawPointer(newBase))
      for offset in offsets {
        guard offset >= 0, offset < old.count else { return nil }
        if memcmp(oldBytes + offset * stride, newBytes + offset * stride, size) != 0 {
          changed.append(offset)
        }
      }
      return changed
    }
    comparedElements &+= old.count
    // Blocks of 4 KB first where the collection is larger: one `memcmp` call per 4 KB where
    // nothing changed (a parent's body that ran again for something else); a call per 64
    // elements cost about 30 instructions each, 4,700 an update at 10,000 rows. A changed
    // element costs its 4 KB block compared again in eighths; a small collection starts at
    // blocks of 64, where that costs more than it saves.
    let large = max(64, 4_096 / stride)
    collectChanges(
      UnsafeRawPointer(oldBase), UnsafeRawPointer(newBase), from: 0, to: old.count,
      block: old.count > large ? large : 64, stride: stride, size: size, into: &changed)
    return changed
  }

  /// Appends to `changed` the offsets in `start..<end` whose elements differ, comparing
  /// blocks of `block` elements, then eighths of a block that differs, down to elements: one
  /// change costs a few more comparisons, not one per element.
  ///
  /// NB: blocks compare the padding between elements too: a difference there only sends the
  /// block to the finer pass, where elements compare their `size` bytes.
  private nonisolated static func collectChanges(
    _ old: UnsafeRawPointer, _ new: UnsafeRawPointer, from start: Int, to end: Int,
    block: Int, stride: Int, size: Int, into changed: inout [Int]
  ) {
    var part = start
    while part < end {
      let partEnd = min(part + block, end)
      if block == 1 {
        if memcmp(old + part * stride, new + part * stride, size) != 0 { changed.append(part) }
      } else if memcmp(old + part * stride, new + part * stride, (partEnd - part) * stride) != 0 {
        collectChanges(
          old, new, from: part, to: partEnd, block: max(1, block / 8),
          stride: stride, size: size, into: &changed)
      }
      part = partEnd
    }
  }
}

/// A collection whose changed elements `ElementChanges` can tell: a standard library
/// collection with value semantics and copy on write (compared by bytes), or a view of one
/// (a binding `ForEach`'s elements, compared through it).
///
/// NB: each conformance compares through its own concrete type: the same comparison written
/// once for any `RandomAccessCollection` ran unspecialized, through the protocol witnesses
/// (`withContiguousStorageIfAvailable` alone cost about 2,700 instructions a call).
protocol ElementComparableCollection {
  /// The offsets of the elements of the collection at `new` that changed since the one (of
  /// the same type) at `old`; nil when that cannot be told.
  @MainActor static func changedOffsets(at new: UnsafeRawPointer, since old: UnsafeRawPointer)
    -> [Int]?

  /// Of `offsets` (ascending), the offsets of the elements that changed, when no other
  /// element can have; nil when that cannot be told (the caller then compares them all).
  @MainActor static func changedOffsets(
    at new: UnsafeRawPointer, since old: UnsafeRawPointer, among offsets: [Int]
  ) -> [Int]?

  /// Whether `changedOffsets` answers nil when the value at `id` of an element it would
  /// report changed (a collection that knows its elements' ids checks them itself, cheaper
  /// than `ElementChanges` through the key path and the collection's witnesses).
  @MainActor static func comparesIDs(_ id: AnyKeyPath) -> Bool

  /// Replaces the collection at `value` with an equal one that shares no storage with it.
  ///
  /// What a node or observer keeps to compare with must not share the app's storage: copy
  /// on write would then copy the whole collection on the app's next write to one element
  /// (W7: about 40 instructions an element). Holding its own copy keeps every element it
  /// holds alive, so equal bytes still mean the same values and objects.
  @MainActor static func detach(_ value: UnsafeMutableRawPointer)

  /// Copies the elements at `offsets` of the collection at `new` into the detached one at
  /// `value` (of the same count), in place.
  @MainActor static func refresh(
    _ value: UnsafeMutableRawPointer, at offsets: [Int], from new: UnsafeRawPointer)
}

extension ElementComparableCollection {
  static func comparesIDs(_ id: AnyKeyPath) -> Bool { false }

  /// A collection without storage of its own to share (a range): kept as it is.
  static func detach(_ value: UnsafeMutableRawPointer) {}
  static func refresh(
    _ value: UnsafeMutableRawPointer, at offsets: [Int], from new: UnsafeRawPointer
  ) {
    let value = value.assumingMemoryBound(to: Self.self)
    value.pointee = new.assumingMemoryBound(to: Self.self).pointee
  }
}

/// Compared by bytes, a block of elements at a time (see `ElementChanges.changedOffsets`).
extension ContiguousElements {
  static func changedOffsets(at new: UnsafeRawPointer, since old: UnsafeRawPointer) -> [Int]? {
    let old = old.assumingMemoryBound(to: Self.self)
    let new = new.assumingMemoryBound(to: Self.self)
    return old.pointee.withBuffer { old in
      new.pointee.withBuffer { new in ElementChanges.changedOffsets(old, new) }
    }
  }

  static func changedOffsets(
    at new: UnsafeRawPointer, since old: UnsafeRawPointer, among offsets: [Int]
  ) -> [Int]? {
    let old = old.assumingMemoryBound(to: Self.self)
    let new = new.assumingMemoryBound(to: Self.self)
    return old.pointee.withBuffer { old in
      new.pointee.withBuffer { new in ElementChanges.changedOffsets(old, new, among: offsets) }
    }
  }
}

/// `detach` and `refresh` for the standard library's arrays.
protocol DetachableArray: ElementComparableCollection, ContiguousElements, MutableCollection {
  init(
    unsafeUninitializedCapacity: Int,
    initializingWith initializer: (inout UnsafeMutableBufferPointer<Element>, inout Int) throws
      -> Void
  ) rethrows
  mutating func withUnsafeMutableBufferPointer<R>(
    _ body: (inout UnsafeMutableBufferPointer<Element>) throws -> R
  ) rethrows -> R
}

extension DetachableArray {
  static func detach(_ value: UnsafeMutableRawPointer) {
    let value = value.assumingMemoryBound(to: Self.self)
    value.pointee = value.pointee.withBuffer { elements in
      Self(unsafeUninitializedCapacity: elements.count) { buffer, count in
        _ = buffer.initialize(fromContentsOf: elements)
        count = elements.count
        if let copies = buffer.baseAddress, let originals = elements.baseAddress {
          matchBytes(of: copies, to: originals, count: count)
        }
      }
    }
  }

  static func refresh(
    _ value: UnsafeMutableRawPointer, at offsets: [Int], from new: UnsafeRawPointer
  ) {
    let value = value.assumingMemoryBound(to: Self.self)
    let new = new.assumingMemoryBound(to: Self.self)
    // NB: the kept array is the only owner of its storage here, so this writes in place.
    value.pointee.withUnsafeMutableBufferPointer { kept in
      new.pointee.withBuffer { new in
        guard let copies = kept.baseAddress, let originals = new.baseAddress else { return }
        for offset in offsets {
          kept[offset] = new[offset]
          matchBytes(of: copies + offset, to: originals + offset, count: 1)
        }
      }
    }
  }

  /// Makes `count` copies at `copies` equal to their originals byte for byte.
  ///
  /// A copy is made field by field: the padding between fields (`Bool` before a `String`)
  /// keeps whatever the new memory held, so equal elements would compare as changed on every
  /// update, each re-running its row. The bytes that are not padding are the same already
  /// (a copy of a reference is the same pointer, retained), so copying every byte keeps the
  /// copies' ownership as it is. NB: only for bitwise-takable types: a C++ type with a copy
  /// constructor of its own (the one kind whose copy may hold other bytes) is not one.
  private static func matchBytes(
    of copies: UnsafeMutablePointer<Element>, to originals: UnsafePointer<Element>, count: Int
  ) {
    guard _isBitwiseTakable(Element.self) else { return }
    UnsafeMutableRawPointer(copies).copyMemory(
      from: originals, byteCount: count * MemoryLayout<Element>.stride)
  }
}

extension Array: DetachableArray {}
extension ContiguousArray: DetachableArray {}
extension ArraySlice: ElementComparableCollection {}

/// A range's elements are its bounds: the same range has the same elements, another range
/// of the same count has others everywhere.
extension Range: ElementComparableCollection {
  static func changedOffsets(at new: UnsafeRawPointer, since old: UnsafeRawPointer) -> [Int]? {
    old.assumingMemoryBound(to: Self.self).pointee == new.assumingMemoryBound(to: Self.self).pointee
      ? [] : nil
  }

  static func changedOffsets(
    at new: UnsafeRawPointer, since old: UnsafeRawPointer, among offsets: [Int]
  ) -> [Int]? {
    changedOffsets(at: new, since: old)
  }
}

extension ClosedRange: ElementComparableCollection {
  static func changedOffsets(at new: UnsafeRawPointer, since old: UnsafeRawPointer) -> [Int]? {
    old.assumingMemoryBound(to: Self.self).pointee == new.assumingMemoryBound(to: Self.self).pointee
      ? [] : nil
  }

  static func changedOffsets(
    at new: UnsafeRawPointer, since old: UnsafeRawPointer, among offsets: [Int]
  ) -> [Int]? {
    changedOffsets(at: new, since: old)
  }
}
