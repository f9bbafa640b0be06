import Foundation
import Observation
import XCTest

@testable import GtkBridge

/// A body that reads a model only while a `@State` says so.
private struct LateBanner: View {
  let banner: TrackedFeed
  let runs: RunCounts
  let actions: ViewActions
  @State var showsBanner = false

  var body: some View {
    let _ = runs.hit("body")
    VStack {
      Text(showsBanner ? banner.title : "none")
    }
    .onAppear { actions.named["banner"] = { showsBanner = $0 != 0 } }
  }
}

/// A body that reads one of two `@State` values, as a `@State` flag picks.
private struct EitherState: View {
  let runs: RunCounts
  let actions: ViewActions
  @State var useB = false
  @State var a = "a0"
  @State var b = "b0"

  var body: some View {
    let _ = runs.hit("body")
    VStack {
      Text(useB ? b : a)
    }
    .onAppear {
      actions.named["useB"] = { useB = $0 != 0 }
      actions.named["a"] = { a = "a\($0)" }
      actions.named["b"] = { b = "b\($0)" }
    }
  }
}

/// Rows whose content reads a model only while the `@State` they read says so.
private struct LateBannerRows: View {
  let banner: TrackedFeed
  let runs: RunCounts
  let actions: ViewActions
  @State var showsBanner = false

  var body: some View {
    VStack {
      ForEach(0..<2, id: \.self) { i in
        let _ = runs.hit("row")
        Text(showsBanner ? "\(i) \(banner.title)" : "\(i)")
      }
    }
    .onAppear { actions.named["banner"] = { showsBanner = $0 != 0 } }
  }
}

/// A reader's tracking serves all its runs (`ReaderTracking`): a run that reads what the
/// last one read keeps its subscriptions, a run that reads something new follows it, and
/// what a run no longer reads re-runs nothing.
final class TrackingReuseTests: GtkTestCase, @unchecked Sendable {
  func testABodyThatStartsReadingAModelFollowsItAndStopsWhenItNoLongerReadsIt() {
    MainActor.assumeIsolated {
      let banner = TrackedFeed(title: "t0")
      let (host, runs, actions) = shown { LateBanner(banner: banner, runs: $0, actions: $1) }
      XCTAssertEqual(host.labelTexts, ["none"])
      let before = runs["body"]
      banner.title = "t1"
      MainLoop.drain()
      XCTAssertEqual(runs["body"], before, "a model the body never read re-runs nothing")
      actions("banner", 1)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["t1"])
      // The run that first reads a model is seen to read it, and every later one too.
      for title in ["t2", "t3", "t4"] {
        banner.title = title
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, [title], "the label follows the model it now reads")
      }
      actions("banner", 0)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["none"])
      // A change of what the last run did not read may re-run the body once (the run that
      // dropped the read was tracked before it); never twice.
      banner.title = "t5"
      MainLoop.drain()
      let settled = runs["body"]
      banner.title = "t6"
      MainLoop.drain()
      banner.title = "t7"
      MainLoop.drain()
      XCTAssertEqual(runs["body"], settled, "the body no longer follows the model")
      XCTAssertEqual(host.labelTexts, ["none"])
    }
  }

  func testABodyFollowsTheStateItReadsNowAndNotTheOneItReadBefore() {
    MainActor.assumeIsolated {
      let (host, runs, actions) = shown { EitherState(runs: $0, actions: $1) }
      XCTAssertEqual(host.labelTexts, ["a0"])
      actions("a", 1)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["a1"])
      let reading = runs["body"]
      actions("b", 1)
      MainLoop.drain()
      XCTAssertEqual(runs["body"], reading, "b is not read yet")
      actions("useB", 1)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["b1"])
      let switched = runs["body"]
      actions("a", 2)
      MainLoop.drain()
      XCTAssertEqual(runs["body"], switched, "a is no longer read")
      actions("b", 2)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["b2"], "b, read now, re-runs the body")
      XCTAssertEqual(runs["body"], switched + 1)
      actions("useB", 0)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["a2"])
      actions("a", 3)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["a3"])
    }
  }

  func testARowThatStartsReadingAModelFollowsIt() {
    MainActor.assumeIsolated {
      let banner = TrackedFeed(title: "t0")
      let (host, runs, actions) = shown { LateBannerRows(banner: banner, runs: $0, actions: $1) }
      XCTAssertEqual(host.labelTexts, ["0", "1"])
      let before = runs["row"]
      banner.title = "t1"
      MainLoop.drain()
      XCTAssertEqual(runs["row"], before, "no row read the model yet")
      actions("banner", 1)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["0 t1", "1 t1"])
      for title in ["t2", "t3"] {
        banner.title = title
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["0 \(title)", "1 \(title)"])
      }
    }
  }

  func testAModelFirstReadLateFollowsAWriteFromAnotherThread() {
    MainActor.assumeIsolated {
      let banner = TrackedFeed(title: "t0")
      let (host, _, actions) = shown { LateBanner(banner: banner, runs: $0, actions: $1) }
      actions("banner", 1)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["t0"])
      for round in 1...3 {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
          banner.title = "bg\(round)"
          done.signal()
        }
        done.wait()
        // The change handler hops to the main actor: one turn of the loop delivers it.
        MainLoop.drain()
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["bg\(round)"])
      }
    }
  }
}
