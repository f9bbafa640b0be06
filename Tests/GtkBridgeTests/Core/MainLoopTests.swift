import CGtk
import Foundation
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

#if canImport(Glibc)
  import Glibc
#endif

/// What Foundation's main run loop shows in a window: counts kept by its timers and blocks.
@MainActor @Observable
private final class RunLoopModel {
  var ticks = 0
  var performed = false
}

private struct TickingView: View {
  let model: RunLoopModel
  var body: some View {
    Text("ticks: \(model.ticks)")
  }
}

/// Process CPU time (user and system), in seconds. Wraps `getrusage(RUSAGE_SELF)`.
private func processCPUSeconds() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
  return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// `MainLoop` and GLib's loop running the work Swift and Foundation put on the main thread:
/// Foundation's `RunLoop.main` (timers in its default and common modes, `perform`), besides
/// the dispatch main queue (`StateTests.testSwiftMainQueueWorkRunsWhileGLibsLoopRuns`).
final class MainLoopTests: GtkTestCase, @unchecked Sendable {
  func testAFoundationTimerFiresWhileGLibsLoopRuns() throws {
    try MainActor.assumeIsolated {
      let model = RunLoopModel()
      var timer: Timer?
      let ui = show {
        TickingView(model: model)
          .onAppear {
            // What apps write: a timer on the main run loop, its block on the main thread.
            timer = Timer.scheduledTimer(withTimeInterval: 0.05, repeats: true) { _ in
              MainActor.assumeIsolated { model.ticks += 1 }
            }
          }
      }
      defer { timer?.invalidate() }
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.ticks >= 3 }, "ticks: \(model.ticks)")
      timer?.invalidate()
      MainLoop.drain()
      XCTAssertEqual(try ui.find(Text.self).text, "ticks: \(model.ticks)")
    }
  }

  func testATimerInTheCommonModesAndABlockPerformedOnTheMainRunLoopRun() {
    MainActor.assumeIsolated {
      let model = RunLoopModel()
      show { TickingView(model: model) }
      let timer = Timer(timeInterval: 0.05, repeats: false) { _ in
        MainActor.assumeIsolated { model.ticks += 1 }
      }
      RunLoop.main.add(timer, forMode: .common)
      RunLoop.main.perform { MainActor.assumeIsolated { model.performed = true } }
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.ticks == 1 && model.performed })
    }
  }

  // A block performed on the run loop wakes nothing by itself: it runs at the run loop's next
  // look, at most 250 ms later. A loop kept busy (here a GLib timeout every 5 ms, as
  // animations and typing keep it) must not put that look off at each wake.
  func testABlockPerformedOnTheMainRunLoopRunsWhileGLibsLoopIsKeptBusy() {
    MainActor.assumeIsolated {
      let model = RunLoopModel()
      show { TickingView(model: model) }
      let busy = g_timeout_add(5, { _ in 1 }, nil)
      defer { g_source_remove(busy) }
      MainLoop.drain()
      RunLoop.main.perform { MainActor.assumeIsolated { model.performed = true } }
      // NB: before, each wake put the look off by 250 ms again, and the block never ran.
      XCTAssertTrue(MainLoop.run(timeout: 3) { model.performed })
    }
  }

  // An app whose only work is a repeating timer sleeps between its ticks: the loop is woken by
  // the timer (and at most four times a second while the run loop holds anything), it does not
  // spin. Measured here: about 0.1 % of one core in a debug build; the bound only catches a
  // loop that polls or spins.
  func testAnIdleWindowWithARepeatingTimerSleepsBetweenTicks() throws {
    guard try runsInChildProcess(in: "MainLoopTests") else { return }
    try MainActor.assumeIsolated {
      let model = RunLoopModel()
      let host = try HostingWindow(title: "Idle", width: 300, height: 200) {
        TickingView(model: model)
      }
      host.present()
      MainLoop.drain()
      let timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in
        MainActor.assumeIsolated { model.ticks += 1 }
      }
      let cpuBefore = processCPUSeconds()
      let wallBefore = Date()
      // The app's own loop: no timeout, so nothing but the timer and the window wake it.
      MainLoop.run { model.ticks >= 5 }
      let wall = Date().timeIntervalSince(wallBefore)
      let cpu = processCPUSeconds() - cpuBefore
      timer.invalidate()
      print("idle window with a 0.5 s timer: \(cpu * 1000) ms CPU in \(wall) s")
      XCTAssertGreaterThanOrEqual(wall, 2.0, "five ticks of 0.5 s")
      XCTAssertLessThan(cpu / wall, 0.05, "the loop sleeps between ticks")
      host.close()
    }
  }
}
