import Foundation
import Observation
import XCTest

@testable import GtkBridge

/// Not main-actor bound: one test writes it from another thread, as a network callback would.
@Observable
private final class Banner: @unchecked Sendable {
  var title = "t0"
}

/// How many times a `body` or a row's content ran.
@MainActor
private final class Runs {
  var count = 0
}

/// What a view's actions do to its `@State`, reached from the test as a button would.
@MainActor
private final class Switches {
  var showBanner: (Bool) -> Void = { _ in }
  var useB: (Bool) -> Void = { _ in }
  var setA: (String) -> Void = { _ in }
  var setB: (String) -> Void = { _ in }
}

/// A body that reads a model only while a `@State` says so.
private struct LateBanner: View {
  let banner: Banner
  let runs: Runs
  let switches: Switches
  @State var showsBanner = false

  var body: some View {
    let _ = runs.count += 1
    VStack {
      Text(showsBanner ? banner.title : "none")
    }
    .onAppear { switches.showBanner = { showsBanner = $0 } }
  }
}

/// A body that reads one of two `@State` values, as a `@State` flag picks.
private struct EitherState: View {
  let runs: Runs
  let switches: Switches
  @State var useB = false
  @State var a = "a0"
  @State var b = "b0"

  var body: some View {
    let _ = runs.count += 1
    VStack {
      Text(useB ? b : a)
    }
    .onAppear {
      switches.useB = { useB = $0 }
      switches.setA = { a = $0 }
      switches.setB = { b = $0 }
    }
  }
}

/// Rows whose content reads a model only while the `@State` they read says so.
private struct LateBannerRows: View {
  let banner: Banner
  let runs: Runs
  let switches: Switches
  @State var showsBanner = false

  var body: some View {
    VStack {
      ForEach(0..<2, id: \.self) { i in
        let _ = runs.count += 1
        Text(showsBanner ? "\(i) \(banner.title)" : "\(i)")
      }
    }
    .onAppear { switches.showBanner = { showsBanner = $0 } }
  }
}

/// A reader's tracking serves all its runs (`ReaderTracking`): a run that reads what the
/// last one read keeps its subscriptions, a run that reads something new follows it, and
/// what a run no longer reads re-runs nothing.
final class TrackingReuseTests: GtkTestCase, @unchecked Sendable {
  func testABodyThatStartsReadingAModelFollowsItAndStopsWhenItNoLongerReadsIt() {
    MainActor.assumeIsolated {
      let banner = Banner()
      let runs = Runs()
      let switches = Switches()
      let host = host { LateBanner(banner: banner, runs: runs, switches: switches) }
      show(host)
      XCTAssertEqual(host.labelTexts, ["none"])
      let before = runs.count
      banner.title = "t1"
      MainLoop.drain()
      XCTAssertEqual(runs.count, before, "a model the body never read re-runs nothing")
      switches.showBanner(true)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["t1"])
      // The run that first reads a model is seen to read it, and every later one too.
      for title in ["t2", "t3", "t4"] {
        banner.title = title
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, [title], "the label follows the model it now reads")
      }
      switches.showBanner(false)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["none"])
      // A change of what the last run did not read may re-run the body once (the run that
      // dropped the read was tracked before it); never twice.
      banner.title = "t5"
      MainLoop.drain()
      let settled = runs.count
      banner.title = "t6"
      MainLoop.drain()
      banner.title = "t7"
      MainLoop.drain()
      XCTAssertEqual(runs.count, settled, "the body no longer follows the model")
      XCTAssertEqual(host.labelTexts, ["none"])
    }
  }

  func testABodyFollowsTheStateItReadsNowAndNotTheOneItReadBefore() {
    MainActor.assumeIsolated {
      let runs = Runs()
      let switches = Switches()
      let host = host { EitherState(runs: runs, switches: switches) }
      show(host)
      XCTAssertEqual(host.labelTexts, ["a0"])
      switches.setA("a1")
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["a1"])
      let reading = runs.count
      switches.setB("b1")
      MainLoop.drain()
      XCTAssertEqual(runs.count, reading, "b is not read yet")
      switches.useB(true)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["b1"])
      let switched = runs.count
      switches.setA("a2")
      MainLoop.drain()
      XCTAssertEqual(runs.count, switched, "a is no longer read")
      switches.setB("b2")
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["b2"], "b, read now, re-runs the body")
      XCTAssertEqual(runs.count, switched + 1)
      switches.useB(false)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["a2"])
      switches.setA("a3")
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["a3"])
    }
  }

  func testARowThatStartsReadingAModelFollowsIt() {
    MainActor.assumeIsolated {
      let banner = Banner()
      let runs = Runs()
      let switches = Switches()
      let host = host { LateBannerRows(banner: banner, runs: runs, switches: switches) }
      show(host)
      XCTAssertEqual(host.labelTexts, ["0", "1"])
      let before = runs.count
      banner.title = "t1"
      MainLoop.drain()
      XCTAssertEqual(runs.count, before, "no row read the model yet")
      switches.showBanner(true)
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
      let banner = Banner()
      let runs = Runs()
      let switches = Switches()
      let host = host { LateBanner(banner: banner, runs: runs, switches: switches) }
      show(host)
      switches.showBanner(true)
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
