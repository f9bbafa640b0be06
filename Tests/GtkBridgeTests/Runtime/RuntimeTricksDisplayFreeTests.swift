import XCTest

@testable import GtkBridge

/// Runtime/: the runtime tricks' start-up self-check, and their safe path. No display needed.
final class RuntimeTricksDisplayFreeTests: DisplayFreeTestCase, @unchecked Sendable {
  /// What a `ForEach` holds: its row closure, at offset 0.
  private struct Row {
    let content: (Int) -> String
  }

  @inline(never)
  private static func row(_ count: Int, _ label: String) -> Row {
    Row { index in "\(label) \(count + index)" }
  }

  func testTheSelfCheckPassesOnThisToolchain() {
    MainActor.assumeIsolated {
      XCTAssertEqual(RuntimeTricks.selfCheckFailures(), [])
    }
  }

  func testEqualClosuresCompareTheSameWithTheTricksOnAndChangedWithThemOff() throws {
    try MainActor.assumeIsolated {
      let a = Self.row(1, "row")
      let b = Self.row(1, "row")
      // What the trick itself answers, switched on or not.
      XCTAssertTrue(ClosureIdentity.compare(storedAt: 0, in: a, b))
      XCTAssertFalse(ClosureIdentity.compare(storedAt: 0, in: a, Self.row(2, "row")))

      RuntimeTricks.forcedOff = true
      defer { RuntimeTricks.forcedOff = false }
      XCTAssertFalse(RuntimeTricks.areOn)
      XCTAssertFalse(
        ClosureIdentity.isSame(storedAt: 0, in: a, b),
        "with the tricks off, every closure counts as changed")
      XCTAssertFalse(ClosureIdentity.isSame(storedAt: 0, in: a, a))
      RuntimeTricks.forcedOff = false

      if RuntimeTricks.isSwitchedOff(by: ProcessEnvironment.value(RuntimeTricks.switchVariable)) {
        XCTAssertFalse(RuntimeTricks.areOn)
        XCTAssertFalse(ClosureIdentity.isSame(storedAt: 0, in: a, b))
        throw XCTSkip("GTKBRIDGE_RUNTIME_TRICKS=off: the tricks' own answer is not used")
      }
      XCTAssertTrue(RuntimeTricks.areOn, "the self-check passed, so the tricks are on")
      XCTAssertTrue(ClosureIdentity.isSame(storedAt: 0, in: a, b))
    }
  }

  func testTheSwitchIsOffForOffAndItsSpellingsAndOnOtherwise() {
    for value in ["off", "OFF", "Off", "0", "no", "false"] {
      XCTAssertTrue(RuntimeTricks.isSwitchedOff(by: value), value)
    }
    for value in [nil, "on", "1", "yes", "offf"] {
      XCTAssertFalse(RuntimeTricks.isSwitchedOff(by: value), value ?? "nil")
    }
  }

  func testAFailedSelfCheckSwitchesTheTricksOffWithOneWarningAndTheSwitchSkipsTheCheck() {
    MainActor.assumeIsolated {
      var warnings: [String] = []
      let observer = Log.observer
      Log.observer = { warnings.append($0) }
      defer { Log.observer = observer }

      XCTAssertFalse(
        RuntimeTricks.decide(switchValue: nil, selfCheck: { ["a layout", "another"] }))
      XCTAssertEqual(warnings.count, 1, "one line for the whole failed check")
      XCTAssertTrue(warnings.first?.contains("a layout; another") ?? false, "\(warnings)")

      warnings = []
      var checked = false
      XCTAssertFalse(
        RuntimeTricks.decide(switchValue: "off") {
          checked = true
          return []
        })
      XCTAssertFalse(checked, "switched off: no check")
      XCTAssertTrue(RuntimeTricks.decide(switchValue: nil, selfCheck: { [] }))
      XCTAssertEqual(warnings, [])
    }
  }
}
