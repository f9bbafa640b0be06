import XCTest

@testable import GtkBridge

/// `RowBytes.differingRange` finds the range outside of which two collections are equal,
/// wherever it sits among the blocks it compares (about 16 KB, then eighths down to elements):
/// what a lazy `ForEach` turns into one `items-changed` of that range.
final class RowSplicingTests: XCTestCase {
  private func range(_ old: [Int], _ new: [Int]) -> RowSplice {
    old.withUnsafeBufferPointer { old in
      new.withUnsafeBufferPointer { new in RowBytes.differingRange(old, new) }
    }
  }

  /// The same range found one element at a time.
  private func expected(_ old: [Int], _ new: [Int]) -> RowSplice {
    let shorter = min(old.count, new.count)
    var start = 0
    while start < shorter, old[start] == new[start] { start += 1 }
    var end = 0
    while end < shorter - start, old[old.count - 1 - end] == new[new.count - 1 - end] {
      end += 1
    }
    return RowSplice(start: start, oldEnd: old.count - end, newEnd: new.count - end)
  }

  func testAnAppendIsTheRangeAtTheEnd() {
    for count in [0, 1, 63, 64, 2_047, 2_048, 2_049, 100_000] {
      let old = Array(0..<count)
      XCTAssertEqual(
        range(old, old + [-1]), RowSplice(start: count, oldEnd: count, newEnd: count + 1),
        "count \(count)")
    }
  }

  func testAChangeInsertionOrRemovalIsFoundAtEveryBlockEdge() {
    let old = Array(0..<10_000)
    for offset in [0, 1, 7, 8, 63, 64, 65, 255, 256, 2_047, 2_048, 2_049, 4_096, 9_998, 9_999] {
      var changed = old
      changed[offset] = -1
      XCTAssertEqual(
        range(old, changed), RowSplice(start: offset, oldEnd: offset + 1, newEnd: offset + 1),
        "change at \(offset)")
      var inserted = old
      inserted.insert(-1, at: offset)
      XCTAssertEqual(range(old, inserted), expected(old, inserted), "insertion at \(offset)")
      var removed = old
      removed.remove(at: offset)
      XCTAssertEqual(range(old, removed), expected(old, removed), "removal at \(offset)")
    }
  }

  func testRandomEditsGiveTheRangeFoundOneByOne() {
    var generator = SystemRandomNumberGenerator()
    for count in [10, 700, 5_000, 30_000] {
      let old = Array(0..<count)
      for _ in 0..<20 {
        var new = old
        let from = Int.random(in: 0..<count, using: &generator)
        let to = Int.random(in: from...count, using: &generator)
        new.replaceSubrange(
          from..<to, with: Array(repeating: -7, count: Int.random(in: 0...50, using: &generator)))
        XCTAssertEqual(range(old, new), expected(old, new), "count \(count), \(from)..<\(to)")
      }
    }
  }

  func testEqualCollectionsHaveAnEmptyRange() {
    let old = Array(0..<5_000)
    XCTAssertEqual(
      range(old, old.map { $0 }), RowSplice(start: 5_000, oldEnd: 5_000, newEnd: 5_000))
  }
}
