import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

/// A counter whose `.onChange` writes the value it watches until it reaches `target`: one
/// step per pass, so 250 steps run into the pass limit.
private struct Runaway: View {
  let actions: ViewActions
  @State var count = 0
  @State var target = 0

  var body: some View {
    Text("count \(count)")
      .onChange(of: count) { _, new in if new < target { count = new + 1 } }
      .onAppear {
        actions.named["target"] = {
          target = $0
          count = 1
        }
      }
  }
}

/// Writes state inside `.onChange`, then iterates GLib's loop itself (a modal wait) until the
/// write is on screen, as code waiting for a widget would.
private struct NestedLoop: View {
  let actions: ViewActions
  let seen: NestedSeen
  @State var trigger = 0
  @State var answer = "none"

  var body: some View {
    VStack {
      Text("answer \(answer)")
    }
    .onChange(of: trigger) { _, new in
      answer = "a\(new)"
      var turns = 0
      while seen.label() != "answer a\(new)", turns < 200 {
        g_main_context_iteration(nil, 0)
        turns += 1
      }
      seen.shownInside.append(seen.label() == "answer a\(new)")
      answer = "b\(new)"
      seen.shownInside.append(MainLoop.run(timeout: 2) { seen.label() == "answer b\(new)" })
    }
    .onAppear { actions.named["trigger"] = { trigger = $0 } }
  }
}

@MainActor
private final class NestedSeen {
  var label: () -> String = { "" }
  var shownInside: [Bool] = []
}

private struct FeedText: View {
  let feed: TrackedFeed

  var body: some View {
    Text("feed \(feed.title)")
  }
}

private struct Plain: View {
  let actions: ViewActions
  @State var value = 0

  var body: some View {
    Text("value \(value)")
      .onAppear { actions.named["value"] = { value = $0 } }
  }
}

/// A child whose `.onAppear` writes its parent's state, shown by a flag.
private struct AppearingWriter: View {
  let actions: ViewActions
  @State var shows = false
  @State var note = "none"

  var body: some View {
    VStack {
      Text("note \(note)")
      if shows {
        Text("child").onAppear { note = "appeared" }
      }
    }
    .onAppear { actions.named["shows"] = { shows = $0 == 1 } }
  }
}

/// Iterates GLib's default context without `MainLoop.drain` (which runs a pass itself), so a
/// pass runs only from the update source, until `done` or `turns` blocking iterations.
@MainActor
private func iterateLoop(turns: Int = 200, until done: () -> Bool) -> Bool {
  for _ in 0..<turns {
    if done() { return true }
    let wake = g_timeout_add(10, { _ in 0 }, nil)
    g_main_context_iteration(nil, 1)
    if g_main_context_find_source_by_id(nil, wake) != nil { g_source_remove(wake) }
  }
  return done()
}

/// A model written from another thread; its storage is locked so the test has no data race.
private final class Ticker: Observable, @unchecked Sendable {
  private let registrar = ObservationRegistrar()
  private let lock = NSLock()
  private var storage = (0..<5).map { "v\($0)" }

  func value(_ index: Int) -> String {
    registrar.access(self, keyPath: \.all)
    return lock.withLock { storage[index] }
  }

  func set(_ index: Int, _ value: String) {
    registrar.withMutation(of: self, keyPath: \.all) { lock.withLock { storage[index] = value } }
  }

  var all: [String] { lock.withLock { storage } }
}

/// The update source: a write is shown by the main loop alone, from any thread, and an idle
/// window does not spin.
final class UpdateSourceTests: GtkTestCase, @unchecked Sendable {
  /// An idle app must not spin: with nothing asked, the source is never ready, so a blocking
  /// iteration waits for the next timer.
  func testAnIdleWindowDoesNotSpinTheLoop() {
    MainActor.assumeIsolated {
      let (host, _, actions) = shown { Plain(actions: $1) }
      actions("value", 1)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["value 1"])
      // 0.5 s of blocking iterations, woken by a 50 ms timer: about 10 when idle, thousands
      // when a source is always ready.
      let end = g_get_monotonic_time() + 500_000
      var iterations = 0
      while g_get_monotonic_time() < end {
        let wake = g_timeout_add(50, { _ in 0 }, nil)
        g_main_context_iteration(nil, 1)
        if g_main_context_find_source_by_id(nil, wake) != nil { g_source_remove(wake) }
        iterations += 1
      }
      XCTAssertLessThan(iterations, 100, "the loop spun while idle")
      XCTAssertEqual(g_main_context_pending(nil), 0, "a source is ready with nothing to do")
    }
  }

  /// A write from an action is shown by the loop alone (no `drain`): the source is asked.
  func testAWriteIsShownByTheLoopItselfAndAgainAfterAllWindowsClosed() {
    MainActor.assumeIsolated {
      do {
        let (host, _, actions) = shown { Plain(actions: $1) }
        actions("value", 1)
        XCTAssertTrue(iterateLoop { host.labelTexts == ["value 1"] })
        host.close()
        MainLoop.drain()
      }
      // Every window closed; a new one must still be updated from the source.
      let (host, _, actions) = shown { Plain(actions: $1) }
      for value in 2...4 {
        actions("value", value)
        XCTAssertTrue(iterateLoop { host.labelTexts == ["value \(value)"] }, "value \(value)")
      }
    }
  }

  /// A model written on another thread: the change hops to the main actor, which asks for a
  /// pass the loop then runs.
  func testAWriteFromAnotherThreadIsShownByTheLoop() {
    MainActor.assumeIsolated {
      let feed = TrackedFeed()
      let host = host { FeedText(feed: feed) }
      show(host)
      XCTAssertEqual(host.labelTexts, ["feed f0"])
      for round in 1...3 {
        Thread.detachNewThread { feed.title = "bg\(round)" }
        XCTAssertTrue(iterateLoop { host.labelTexts == ["feed bg\(round)"] }, "round \(round)")
      }
      let task = Task { @MainActor in feed.title = "task" }
      XCTAssertTrue(iterateLoop { host.labelTexts == ["feed task"] })
      _ = task
    }
  }

  /// A view that keeps writing what it reads stops at the pass limit, and the loop carries
  /// the rest on in later turns instead of dropping it.
  func testAPassLimitLeavesTheRestToTheNextTurnsOfTheLoop() {
    MainActor.assumeIsolated {
      let (host, _, actions) = shown { Runaway(actions: $1) }
      actions("target", 250)
      MainLoop.drain()
      XCTAssertTrue(UpdateScheduler.shared.hitPassLimit)
      XCTAssertTrue(
        iterateLoop { host.labelTexts == ["count 250"] },
        "stopped at \(host.labelTexts) instead of carrying on")
      XCTAssertFalse(UpdateScheduler.shared.hasPendingWork)
    }
  }

  /// `.onChange` runs inside the pass the source dispatches; code there that iterates GLib's
  /// loop itself (a modal wait) must still see its write shown, as with an idle per pass.
  func testALoopIteratedInsideOnChangeStillRunsUpdatePasses() {
    MainActor.assumeIsolated {
      let seen = NestedSeen()
      let (host, _, actions) = shown { NestedLoop(actions: $1, seen: seen) }
      seen.label = { host.labelTexts.first ?? "" }
      for value in 1...2 {
        actions("trigger", value)
        // The pass that runs `.onChange` comes from the source, not from `drain`.
        XCTAssertTrue(iterateLoop { seen.shownInside.count == 2 * value })
        XCTAssertEqual(host.labelTexts, ["answer b\(value)"])
      }
      // Each turn: GLib's loop iterated by hand, then `MainLoop.run`.
      XCTAssertEqual(
        seen.shownInside, [true, true, true, true], "a write waited for the modal wait to end")
    }
  }

  /// A write in `.onAppear` of a view a pass made is shown by the loop alone.
  func testAWriteInOnAppearDuringAPassIsShownByTheLoop() {
    MainActor.assumeIsolated {
      let (host, _, actions) = shown { AppearingWriter(actions: $1) }
      actions("shows", 1)
      XCTAssertTrue(iterateLoop { host.labelTexts == ["note appeared", "child"] })
      actions("shows", 0)
      XCTAssertTrue(iterateLoop { host.labelTexts == ["note appeared"] })
    }
  }

  // SwiftUI: a model written from another thread and read by rows is shown.
  func testBackgroundWritesToAModelReadByRowsAreShown() {
    MainActor.assumeIsolated {
      let model = Ticker()
      let host = host {
        VStack { ForEach(0..<5, id: \.self) { i in Text(model.value(i)) } }
      }
      show(host)
      Thread.detachNewThread {
        for k in 0..<50 { model.set(k % 5, "w\(k)") }
      }
      let shown = MainLoop.run(timeout: 5) { host.labelTexts.last == "w49" }
      XCTAssertTrue(shown, "labels: \(host.labelTexts)")
      XCTAssertEqual(host.labelTexts, ["w45", "w46", "w47", "w48", "w49"])
    }
  }
}
