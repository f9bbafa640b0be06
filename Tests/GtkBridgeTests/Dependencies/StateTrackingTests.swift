import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class Heading {
  var title = "a"
}

/// A label made of a `@State` (typed into a field) and a model's title.
private struct MixedReads: View {
  let heading: Heading
  @State var text = ""

  var body: some View {
    VStack {
      TextField("", text: $text)
      Text("\(heading.title): \(text)")
    }
  }
}

/// Rows whose content reads a `@State` directly (not through an element binding).
private struct PrefixedRows: View {
  @State var prefix = ""

  var body: some View {
    VStack {
      TextField("", text: $prefix)
      ForEach(0..<3, id: \.self) { i in
        Text("\(prefix)\(i)")
      }
    }
  }
}

/// `@State` is tracked by GtkBridge itself (`StateBox`, `StateReads`), and a tracking learns
/// whether it also reads an `@Observable` model (`observeOnMain`): a reader of both follows
/// both, however many times one of them re-ran it.
final class StateTrackingTests: GtkTestCase, @unchecked Sendable {
  func testABodyReadingAStateAndAModelFollowsBothAcrossReRuns() {
    MainActor.assumeIsolated {
      let heading = Heading()
      let host = host { MixedReads(heading: heading) }
      show(host)
      let entry = host.textFieldEntries[0]
      entry.grabFocus()
      entry.cursorPosition = -1
      for character in ["x", "y", "z"] {
        entry.simulateTyping(character)
        MainLoop.drain()
      }
      XCTAssertEqual(host.labelTexts, ["a: xyz"])
      heading.title = "b"
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["b: xyz"], "the model's change re-runs the body")
      entry.simulateTyping("w")
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["b: xyzw"])
      heading.title = "c"
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["c: xyzw"])
    }
  }

  func testEveryRowReadingAStateFollowsIt() {
    MainActor.assumeIsolated {
      let host = host { PrefixedRows() }
      show(host)
      XCTAssertEqual(host.labelTexts, ["0", "1", "2"])
      let entry = host.textFieldEntries[0]
      entry.grabFocus()
      entry.cursorPosition = -1
      entry.simulateTyping("p")
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["p0", "p1", "p2"])
      entry.simulateTyping("q")
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["pq0", "pq1", "pq2"], "each row follows every change")
    }
  }
}
