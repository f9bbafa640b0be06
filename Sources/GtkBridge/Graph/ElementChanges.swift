import Foundation

/// Which elements of a `ForEach`'s data changed between two updates, compared by their
/// bytes, when the ids stayed the same in the same order.
///
/// Only for collections with value semantics (`ValueSemanticCollection`): the node keeps
/// the previous data, so copy on write gives any write a new buffer and the old elements
/// stay as they were; equal bytes are then the same values and objects. A collection that
/// is (or wraps) a class could change in place under the same bytes, so it is never compared.
enum ElementChanges {
  /// The offsets whose element changed; `nil` when the count, an id, or the kind of
  /// collection does not allow the comparison (the caller matches rows by id instead).
  static func between<Data: RandomAccessCollection, ID: Hashable>(
    _ old: Data, _ new: Data, id: KeyPath<Data.Element, ID>
  ) -> [Int]? {
    // NB: through the metatype: `new as? any ElementComparableCollection` boxed the
    // collection (an allocation and a copy) on every update of the `ForEach`.
    var old = old
    var new = new
    let offsets =
      if let comparable = Data.self as? any ElementComparableCollection.Type {
        withUnsafePointer(to: &old) { old in
          withUnsafePointer(to: &new) { new in comparable.changedOffsets(at: new, since: old) }
        }
      } else {
        changedOffsets(old, new)
      }
    guard let changed = offsets else { return nil }
    for offset in changed {
      let oldElement = old[old.index(old.startIndex, offsetBy: offset)]
      let newElement = new[new.index(new.startIndex, offsetBy: offset)]
      guard oldElement[keyPath: id] == newElement[keyPath: id] else { return nil }
    }
    return changed
  }

  /// The offsets whose element's bytes changed; `nil` when the counts differ or the
  /// collection cannot be compared by bytes.
  static func changedOffsets<C: RandomAccessCollection>(_ old: C, _ new: C) -> [Int]? {
    guard C.self is any ValueSemanticCollection.Type, old.count == new.count else { return nil }
    if bytesEqual(old, new) { return [] }  // the same storage, or the same range
    let changes = old.withContiguousStorageIfAvailable { oldElements in
      new.withContiguousStorageIfAvailable { newElements in
        changedOffsets(oldElements, newElements)
      }
    }
    // Outer: `old` had no contiguous storage; inner: `new` had none.
    guard let changes, let changes else { return nil }
    return changes
  }

  /// Compared a block of elements at a time, so a change to one of N costs about N × size
  /// bytes of `memcmp`, not N element comparisons.
  private static func changedOffsets<Element>(
    _ old: UnsafeBufferPointer<Element>, _ new: UnsafeBufferPointer<Element>
  ) -> [Int] {
    let size = MemoryLayout<Element>.size
    let stride = MemoryLayout<Element>.stride
    guard size > 0, let oldBase = old.baseAddress, let newBase = new.baseAddress,
      oldBase != newBase
    else { return [] }
    let oldBytes = UnsafeRawPointer(oldBase)
    let newBytes = UnsafeRawPointer(newBase)
    var changed: [Int] = []
    let block = 64
    var start = 0
    while start < old.count {
      let end = min(start + block, old.count)
      // NB: whole blocks compare the padding between elements too: a difference there only
      // sends the block to the element-by-element pass.
      if memcmp(oldBytes + start * stride, newBytes + start * stride, (end - start) * stride) != 0 {
        for index in start..<end
        where memcmp(oldBytes + index * stride, newBytes + index * stride, size) != 0 {
          changed.append(index)
        }
      }
      start = end
    }
    return changed
  }

  private static func bytesEqual<T>(_ a: T, _ b: T) -> Bool {
    withUnsafeBytes(of: a) { bytesA in
      withUnsafeBytes(of: b) { bytesB in
        bytesA.count == 0 || memcmp(bytesA.baseAddress!, bytesB.baseAddress!, bytesA.count) == 0
      }
    }
  }
}

/// A standard library collection with value semantics and copy on write, whose elements
/// `ElementChanges` may compare by bytes.
protocol ValueSemanticCollection {}

extension Array: ValueSemanticCollection {}
extension ContiguousArray: ValueSemanticCollection {}
extension ArraySlice: ValueSemanticCollection {}
extension Range: ValueSemanticCollection {}
extension ClosedRange: ValueSemanticCollection {}

/// A collection that is a view of another (a binding `ForEach`'s elements) and compares
/// through it.
protocol ElementComparableCollection {
  /// The offsets of the elements that changed since `old`; nil when that cannot be told.
  func changedOffsets(since old: Self) -> [Int]?
}

extension ElementComparableCollection {
  /// `changedOffsets(since:)` of the collection at `new` since the one at `old`.
  static func changedOffsets(at new: UnsafeRawPointer, since old: UnsafeRawPointer) -> [Int]? {
    new.assumingMemoryBound(to: Self.self).pointee.changedOffsets(
      since: old.assumingMemoryBound(to: Self.self).pointee)
  }
}
