import CGtk
import Dispatch
import GtkBridgeTesting
import XCTest

@testable import GtkBridge

/// `@State`, `Binding` and the update pass, observed through real widgets.
final class StateTests: GtkTestCase, @unchecked Sendable {
  /// Hands the test what a view holds, the way an app's `onAppear` might.
  @MainActor final class Probe {
    var count: Binding<Int>?
    var bodyRuns = 0
    var entry: Entry?
    var taskRan = false
    var dispatchRan = false
  }

  struct CounterView: View {
    @State var count = 0
    @State var focused = false
    let probe: Probe

    var body: some View {
      probe.bodyRuns += 1
      probe.count = $count
      return LegacyTextField(text: .constant("\(count)"), isFirstResponder: $focused) {
        probe.entry = $0
      }
    }
  }

  func testStateSurvivesParentUpdatesAndWritesAreCoalescedIntoOnePass() {
    MainActor.assumeIsolated {
      let probe = Probe()
      let parent = FieldModel()
      let host = host {
        _ = parent.revision  // the test's root re-renders when this changes
        return CounterView(probe: probe)
      }
      show(host)
      XCTAssertEqual(probe.entry?.text, "0")
      let runs = probe.bodyRuns
      let passes = UpdateScheduler.shared.passCount

      probe.count!.wrappedValue = 1
      probe.count!.wrappedValue = 2
      probe.count!.wrappedValue = 3
      MainLoop.drain()
      XCTAssertEqual(UpdateScheduler.shared.passCount - passes, 1)
      XCTAssertEqual(probe.bodyRuns - runs, 1)
      XCTAssertEqual(probe.entry?.text, "3")

      // The parent re-renders and builds a new CounterView: the state is kept.
      parent.revision += 1
      MainLoop.drain()
      XCTAssertEqual(probe.entry?.text, "3")
      probe.count!.wrappedValue = 4
      MainLoop.drain()
      XCTAssertEqual(probe.entry?.text, "4")
    }
  }

  func testUserEditOfAConstantBindingShowsTheConstant() {
    MainActor.assumeIsolated {
      let probe = Probe()
      let host = host { CounterView(probe: probe) }
      show(host)
      probe.entry!.simulateTyping("x")
      MainLoop.drain()
      // A constant binding ignores the write; the entry shows what the binding holds, as it
      // does for a setter that filters what it is given.
      XCTAssertEqual(probe.entry?.text, "0")
    }
  }

  func testDerivedAndConstantBindings() {
    MainActor.assumeIsolated {
      struct Profile {
        var name = "Ada"
        var age = 36
      }
      var profile = Profile()
      let binding = Binding(get: { profile }, set: { profile = $0 })
      let name = binding.name
      XCTAssertEqual(name.wrappedValue, "Ada")
      name.wrappedValue = "Grace"
      XCTAssertEqual(profile.name, "Grace")
      XCTAssertEqual(profile.age, 36)

      let constant = Binding.constant(7)
      constant.wrappedValue = 8
      XCTAssertEqual(constant.wrappedValue, 7)
    }
  }

  func testSwiftMainQueueWorkRunsWhileGLibsLoopRuns() {
    MainActor.assumeIsolated {
      let probe = Probe()
      let model = FieldModel()
      let host = host {
        LegacyTextField(text: model.textBinding, isFirstResponder: .constant(false)) { _ in
          if !probe.taskRan {
            Task { @MainActor in probe.taskRan = true }
            DispatchQueue.main.async { MainActor.assumeIsolated { probe.dispatchRan = true } }
          }
        }
      }
      show(host)
      XCTAssertTrue(MainLoop.run(timeout: 5) { probe.taskRan && probe.dispatchRan })
    }
  }
}
