import GtkBridgeTesting
import XCTest

@testable import GtkBridge

// A `TupleView`'s node reads each view where the tuple holds it, at an offset worked out from
// the views' sizes and alignments (`TupleStorage.layout`). These views give the tuple every
// alignment and a zero-sized element between, so a wrong offset shows the wrong text.

/// One byte: alignment 1.
private struct ByteView: View {
  let byte: UInt8

  var body: some View { Text("byte \(byte)") }
}

/// Two bytes: alignment 2.
private struct ShortView: View {
  let short: Int16

  var body: some View { Text("short \(short)") }
}

/// Four bytes after a byte: alignment 4, padding inside.
private struct WordView: View {
  let flag: Bool
  let word: Int32

  var body: some View { Text("word \(flag) \(word)") }
}

/// Sixteen bytes aligned to 16.
private struct VectorView: View {
  let vector: SIMD4<Float>

  var body: some View { Text("vector \(Int(vector.x)) \(Int(vector.w))") }
}

private struct MixedTuple: View {
  let actions: ViewActions
  @State var n = 1
  @State var text = "first"

  var body: some View {
    VStack {
      ByteView(byte: UInt8(n))
      EmptyView()
      ShortView(short: Int16(-n))
      TextField("field \(n)", text: $text)
      WordView(flag: n % 2 == 0, word: Int32(n * 1000))
      VectorView(vector: SIMD4(Float(n), 0, 0, Float(n + 1)))
      ByteView(byte: UInt8(n + 100))
      Text(text)
    }
    .onAppear { actions.named["n"] = { n = $0 } }
  }
}

/// The same statements in another order: an element of alignment 16 first.
private struct VectorFirst: View {
  let actions: ViewActions
  @State var n = 3

  var body: some View {
    HStack {
      VectorView(vector: SIMD4(Float(n), 1, 2, Float(-n)))
      ByteView(byte: UInt8(n))
    }
    .onAppear { actions.named["n"] = { n = $0 } }
  }
}

final class TupleLayoutTests: GtkTestCase, @unchecked Sendable {
  func testEveryViewOfAMixedTupleShowsItsOwnValuesThroughUpdates() throws {
    try MainActor.assumeIsolated {
      let actions = ViewActions()
      let ui = show { MixedTuple(actions: actions) }
      @MainActor func labels() -> [String] { ui.findAll(Text.self).compactMap(\.text) }
      XCTAssertEqual(
        labels(),
        ["byte 1", "short -1", "word false 1000", "vector 1 2", "byte 101", "first"])
      for n in [2, 7, 2] {
        actions("n", n)
        MainLoop.drain()
        XCTAssertEqual(
          labels(),
          [
            "byte \(n)", "short -\(n)", "word \(n % 2 == 0) \(n * 1000)", "vector \(n) \(n + 1)",
            "byte \(n + 100)", "first",
          ])
        XCTAssertNoThrow(try ui.find(TextField.self, title: "field \(n)"))
      }
      let field = try ui.find(TextField.self, title: "field 2")
      field.tap()
      field.type("!")
      XCTAssertEqual(
        labels().last, "first!", "the field in the middle of the tuple writes its state")
    }
  }

  func testATupleStartingWithAVectorReadsBothViews() {
    MainActor.assumeIsolated {
      let actions = ViewActions()
      let ui = show { VectorFirst(actions: actions) }
      @MainActor func labels() -> [String] { ui.findAll(Text.self).compactMap(\.text) }
      XCTAssertEqual(labels(), ["vector 3 -3", "byte 3"])
      actions("n", 9)
      MainLoop.drain()
      XCTAssertEqual(labels(), ["vector 9 -9", "byte 9"])
    }
  }
}
