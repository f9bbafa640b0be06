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
    guard Data.self is any ValueSemanticCollection.Type, old.count == new.count else { return nil }
    if bytesEqual(old, new) { return [] }  // the same storage, or the same range
    let changes = old.withContiguousStorageIfAvailable { oldElements in
      new.withContiguousStorageIfAvailable { newElements in
        between(oldElements, newElements, id: id)
      }
    }
    // Outer: `old` had no contiguous storage; middle: `new` had none; inner: an id changed.
    guard let changes, let changes, let changes else { return nil }
    return changes
  }

  private static func between<Element, ID: Hashable>(
    _ old: UnsafeBufferPointer<Element>, _ new: UnsafeBufferPointer<Element>,
    id: KeyPath<Element, ID>
  ) -> [Int]? {
    let size = MemoryLayout<Element>.size
    let stride = MemoryLayout<Element>.stride
    guard size > 0, let oldBase = old.baseAddress, let newBase = new.baseAddress else { return [] }
    let oldBytes = UnsafeRawPointer(oldBase)
    let newBytes = UnsafeRawPointer(newBase)
    var changed: [Int] = []
    for index in 0..<old.count
    where memcmp(oldBytes + index * stride, newBytes + index * stride, size) != 0 {
      guard old[index][keyPath: id] == new[index][keyPath: id] else { return nil }
      changed.append(index)
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
