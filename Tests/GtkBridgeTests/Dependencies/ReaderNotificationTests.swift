import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

/// One state read by many rows; an action writes it and removes half of the rows.
private struct ManyReaders: View {
  let runs: RunCounts
  let actions: ViewActions
  @State var shared = 0
  @State var ids = Array(0..<10)

  var body: some View {
    VStack {
      ForEach(ids, id: \.self) { i in
        let _ = runs.hit("row\(i)")
        Text("\(i):\(shared)")
      }
    }
    .onAppear {
      actions.named["writeThenHalve"] = { value in
        shared = value
        ids = ids.filter { $0 % 2 == 0 }
      }
      actions.named["halveThenWrite"] = { value in
        ids = ids.filter { $0 % 2 == 0 }
        shared = value
      }
      actions.named["shared"] = { shared = $0 }
      actions.named["all"] = { _ in ids = Array(0..<10) }
    }
  }
}

/// Who heard a state's writes, in order; the readers a probe made, by name.
@MainActor
private final class Heard {
  var calls: [String] = []
  var handles: [String: DependencyReader] = [:]
  var trackings: [String: DependencyReader] = [:]
}

/// Readers that cancel, resubscribe or go while a write calls them back.
final class ReaderNotificationTests: GtkTestCase, @unchecked Sendable {
  /// Readers of one state that, while its write calls them back, cancel a reader before or
  /// after them, or make a reader re-run and subscribe again (reading one more state): each
  /// reader still listening hears the next write once, and a cancelled one never.
  func testReadersThatCancelOrResubscribeDuringAWriteHearTheNextWriteOnce() {
    MainActor.assumeIsolated {
      let box = StateBox(0)
      let other = StateBox(0)
      let heard = Heard()
      @MainActor func watch(_ name: String, _ then: @escaping @MainActor @Sendable () -> Void = {})
      {
        let reader = DependencyReader(.listen) {
          heard.calls.append(name)
          then()
        }
        _ = reader.run { box.value }
        heard.handles[name] = reader
      }
      @MainActor func track(_ name: String, alsoReading: Bool) {
        let reader = heard.trackings[name] ?? DependencyReader { heard.calls.append(name) }
        _ = reader.run { alsoReading ? box.value + other.value : box.value }
        heard.trackings[name] = reader
      }
      watch("cancels-later") { heard.handles["cancelled-later"]?.cancel() }
      watch("reruns-x") { track("x", alsoReading: true) }
      watch("cancelled-later")
      track("x", alsoReading: false)
      watch("cancels-earlier") { heard.handles["cancelled-earlier"]?.cancel() }
      // Subscribed after "cancels-earlier": cancelled when it is called back, after its turn.
      heard.handles["cancelled-earlier"] = heard.handles["cancels-later"]
      box.value = 1
      XCTAssertEqual(heard.calls, ["cancels-later", "reruns-x", "x", "cancels-earlier"])
      heard.calls = []
      box.value = 2
      // "x" subscribed again during the last write's loop, so it now comes first.
      XCTAssertEqual(
        heard.calls, ["x", "reruns-x", "cancels-earlier"], "each listening reader once")
      heard.calls = []
      other.value = 1
      XCTAssertEqual(heard.calls, ["x"], "x listens to what its last run read")
      for tracking in heard.trackings.values { tracking.cancel() }
      for handle in heard.handles.values { handle.cancel() }
      heard.calls = []
      box.value = 3
      XCTAssertEqual(heard.calls, [])
    }
  }

  func testAWriteThatRemovesHalfItsReadersReachesTheRestOnly() {
    MainActor.assumeIsolated {
      let (host, runs, actions) = shown { ManyReaders(runs: $0, actions: $1) }
      for name in ["writeThenHalve", "halveThenWrite"] {
        actions(name, 7)
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["0:7", "2:7", "4:7", "6:7", "8:7"], name)
        let before = (0..<10).map { runs["row\($0)"] }
        actions("shared", 8)
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["0:8", "2:8", "4:8", "6:8", "8:8"], name)
        for i in 0..<10 {
          XCTAssertEqual(runs["row\(i)"] - before[i], i % 2 == 0 ? 1 : 0, "\(name) row \(i)")
        }
        actions("all")
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, (0..<10).map { "\($0):8" }, name)
        actions("shared", 9)
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, (0..<10).map { "\($0):9" }, name)
      }
    }
  }
}
