import XCTest

@testable import GtkBridge

/// An element as wide as 64 `Int`s, so that its first comparison is of 64-element blocks.
private struct Wide: Equatable {
  var words = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  var more = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  var last = 0

  static func == (lhs: Wide, rhs: Wide) -> Bool {
    withUnsafeBytes(of: lhs) { l in withUnsafeBytes(of: rhs) { r in l.elementsEqual(r) } }
  }
}

/// `ElementChanges.changedOffsets` finds exactly the elements that differ, wherever they sit
/// among the blocks it compares (4 KB in a large collection, then eighths down to elements).
final class ElementChangesTests: XCTestCase {
  /// The offsets where `old` and `new` differ, compared one by one.
  private func expected<T: Equatable>(_ old: [T], _ new: [T]) -> [Int] {
    old.indices.filter { old[$0] != new[$0] }
  }

  private func changed<T>(_ old: [T], _ new: [T]) -> [Int]? {
    old.withUnsafeBufferPointer { old in
      new.withUnsafeBufferPointer { new in ElementChanges.changedOffsets(old, new) }
    }
  }

  func testEqualCollectionsInTwoBuffersHaveNoChanges() {
    for count in [0, 1, 63, 64, 65, 2_048, 10_000] {
      let old = Array(0..<count)
      var new = old
      new.append(0)
      new.removeLast()  // its own buffer, the same elements
      XCTAssertEqual(changed(old, new), [], "count \(count)")
    }
  }

  func testOneChangeIsFoundAtEveryBlockEdge() {
    let old = Array(0..<10_000)
    for offset in [0, 1, 7, 8, 63, 64, 65, 511, 512, 513, 2_047, 2_048, 4_095, 9_999] {
      var new = old
      new[offset] = -1
      XCTAssertEqual(changed(old, new), [offset], "offset \(offset)")
    }
  }

  func testChangesInSeveralBlocksAreAllFoundInOrder() {
    var generator = SystemRandomNumberGenerator()
    for count in [100, 2_049, 10_000] {
      let old = Array(0..<count)
      for _ in 0..<20 {
        var new = old
        for _ in 0..<Int.random(in: 1...12, using: &generator) {
          new[Int.random(in: 0..<count, using: &generator)] += 1
        }
        XCTAssertEqual(changed(old, new), expected(old, new), "count \(count)")
      }
      XCTAssertEqual(changed(old, old.map { $0 + 1 }), Array(0..<count), "all of \(count)")
    }
  }

  func testElementsWiderThanAWordAreComparedWhole() {
    var old = (0..<700).map { Wide(last: $0) }
    old.append(Wide())
    var new = old
    new[0].words.0 = 1
    new[350].more.15 = 1
    new[700].last = 1
    XCTAssertEqual(changed(old, new), [0, 350, 700])
    XCTAssertEqual(changed(old, new), expected(old, new))
  }

  func testCollectionsOfDifferentCountsCannotBeCompared() {
    XCTAssertNil(changed([1, 2, 3], [1, 2]))
  }
}
