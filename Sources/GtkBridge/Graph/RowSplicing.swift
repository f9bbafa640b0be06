import Foundation

/// What differs between two values of a lazy `ForEach`'s data, found by comparing their
/// elements' bytes from both ends, and how a kept copy is brought up to date in place.
///
/// A lazy container keeps its own copy of the data (``ElementChanges/detached(_:as:)``: the
/// app's array stays the only owner of its storage, so the app's next write changes one
/// element instead of copying all of them). An update then finds the range that differs
/// with one `memcmp` pass (equal bytes are the same values: the same strings' storage, the
/// same objects), reads ids only inside that range, and replaces just that range of the copy.
/// An append costs what was appended plus the pass; a rename, the pass and one row.
///
/// Only for collections with value semantics whose elements sit in one buffer (an `Array`,
/// and a binding `ForEach`'s view of one); padding bytes that differ only make a range
/// larger, never wrong.
@MainActor
protocol SplicableRows {
  /// The offsets where the collections at `old` and `new` (of this type) start and stop
  /// differing: `old[start..<oldEnd]` became `new[start..<newEnd]`; everything before and
  /// after is the same bytes.
  static func differingRange(at new: UnsafeRawPointer, since old: UnsafeRawPointer) -> RowSplice

  /// Replaces `kept[splice.start..<splice.oldEnd]` with `new[splice.start..<splice.newEnd]`,
  /// in place (`kept` is held by nothing else).
  static func splice(
    _ kept: UnsafeMutableRawPointer, from new: UnsafeRawPointer, _ splice: RowSplice)
}

/// A range that changed between two values of a collection: `start..<oldEnd` of the old one
/// became `start..<newEnd` of the new one.
struct RowSplice: Equatable {
  var start: Int
  var oldEnd: Int
  var newEnd: Int

  var removed: Int { oldEnd - start }
  var added: Int { newEnd - start }
}

enum RowBytes {
  /// The range of `old` and `new` outside of which their elements are equal byte for byte.
  nonisolated static func differingRange<Element>(
    _ old: UnsafeBufferPointer<Element>, _ new: UnsafeBufferPointer<Element>
  ) -> RowSplice {
    let stride = MemoryLayout<Element>.stride
    let shorter = Swift.min(old.count, new.count)
    guard stride > 0, let oldBase = old.baseAddress, let newBase = new.baseAddress else {
      return RowSplice(start: 0, oldEnd: old.count, newEnd: new.count)
    }
    let oldBytes = UnsafeRawPointer(oldBase)
    let newBytes = UnsafeRawPointer(newBase)
    // From the front, blocks of about 16 KB while they are equal, then eighths of the block
    // that differs, down to elements: an append to 100,000 rows is about 200 `memcmp` calls
    // (blocks of 64 elements made it 1,563, about 40 instructions a call besides the bytes).
    let largest = Swift.max(64, 16_384 / stride)
    var start = 0
    var block = largest
    while true {
      while start + block <= shorter,
        memcmp(oldBytes + start * stride, newBytes + start * stride, block * stride) == 0
      {
        start += block
      }
      if block == 1 { break }
      block = Swift.max(1, block / 8)
    }
    // From the back the same, within what the front left.
    var end = 0
    let room = shorter - start
    block = largest
    while true {
      while end + block <= room,
        memcmp(
          oldBytes + (old.count - end - block) * stride,
          newBytes + (new.count - end - block) * stride, block * stride) == 0
      {
        end += block
      }
      if block == 1 { break }
      block = Swift.max(1, block / 8)
    }
    return RowSplice(start: start, oldEnd: old.count - end, newEnd: new.count - end)
  }
}

extension Array: SplicableRows {
  static func differingRange(at new: UnsafeRawPointer, since old: UnsafeRawPointer) -> RowSplice {
    let old = old.assumingMemoryBound(to: Self.self)
    let new = new.assumingMemoryBound(to: Self.self)
    return old.pointee.withUnsafeBufferPointer { old in
      new.pointee.withUnsafeBufferPointer { new in RowBytes.differingRange(old, new) }
    }
  }

  static func splice(
    _ kept: UnsafeMutableRawPointer, from new: UnsafeRawPointer, _ splice: RowSplice
  ) {
    let kept = kept.assumingMemoryBound(to: Self.self)
    let new = new.assumingMemoryBound(to: Self.self)
    kept.pointee.replaceSubrange(
      splice.start..<splice.oldEnd, with: new.pointee[splice.start..<splice.newEnd])
  }
}

extension BoundElements: SplicableRows where C: SplicableRows {
  static func differingRange(at new: UnsafeRawPointer, since old: UnsafeRawPointer) -> RowSplice {
    let old = old.assumingMemoryBound(to: Self.self)
    let new = new.assumingMemoryBound(to: Self.self)
    return withPointer(to: old.pointee.base) { oldBase in
      withPointer(to: new.pointee.base) { newBase in C.differingRange(at: newBase, since: oldBase) }
    }
  }

  static func splice(
    _ kept: UnsafeMutableRawPointer, from new: UnsafeRawPointer, _ splice: RowSplice
  ) {
    let kept = kept.assumingMemoryBound(to: Self.self)
    let new = new.assumingMemoryBound(to: Self.self)
    withPointer(to: new.pointee.base) { newBase in
      withMutablePointer(to: &kept.pointee.base) { keptBase in
        C.splice(keptBase, from: newBase, splice)
      }
    }
  }
}
