/// The switch and the start-up self-check of GtkBridge's runtime tricks: the code in this
/// folder that reads what the Swift language does not promise (closure contexts, stored
/// layouts), so that a toolchain which changes it costs speed, never a wrong screen.
///
/// Relies on: nothing itself; it checks what the tricks rely on, once, on the running
/// toolchain, the first time one of them is asked (`areOn`):
/// - `ClosureIdentity` (closure contexts and capture descriptors): closures made here with
///   known captures must compare equal when made from equal values, and different when one
///   captured value, the code or a captured closure differs;
/// - `StoredLayout` (where a struct's, a tuple's and a class's stored properties lie, read by
///   `ModifierNode`, `CustomModifierNode` and `TupleNode`): the offsets it computes for a few
///   types of mixed sizes and alignments must be the ones the compiler uses.
///
/// `MainActorEntry` (how C callbacks enter the main actor) is not self-checked: the standard
/// library makes the same cast; it follows the switch alone.
///
/// If a check fails: every trick takes its safe path (every closure counts as changed, views
/// are read through typed copies), and GtkBridge logs one warning. Correct, and slower.
/// `GTKBRIDGE_RUNTIME_TRICKS=off` in the environment takes the safe paths without checking
/// (CI runs the whole suite so once, to keep them green), and logs nothing.
@MainActor
enum RuntimeTricks {
  /// Whether the tricks may be used: not switched off, and the self-check passed. Decided
  /// on first use, for the life of the process.
  static var areOn: Bool { forcedOff ? false : decided }

  /// Set by tests to take the safe paths for a while (see `RuntimeTricksDisplayFreeTests`).
  static var forcedOff = false

  /// The environment variable that switches the tricks off.
  nonisolated static let switchVariable = "GTKBRIDGE_RUNTIME_TRICKS"

  private static let decided = decide(
    switchValue: ProcessEnvironment.value(switchVariable), selfCheck: { selfCheckFailures() })

  /// Whether the tricks are on, given the switch's value and the self-check: off without
  /// checking when switched off; off with one warning when the check finds a failure.
  static func decide(switchValue: String?, selfCheck: () -> [String]) -> Bool {
    if isSwitchedOff(by: switchValue) { return false }
    let failures = selfCheck()
    guard failures.isEmpty else {
      Log.warning(
        "GtkBridge's runtime tricks are off: this Swift runtime's layout is not the one they "
          + "read (\(failures.joined(separator: "; "))). Every closure counts as changed: "
          + "correct, slower.")
      return false
    }
    return true
  }

  /// Whether a value of `GTKBRIDGE_RUNTIME_TRICKS` switches the tricks off: `off`, `0`,
  /// `no` or `false`, in any case. Anything else (or no value) leaves them on.
  nonisolated static func isSwitchedOff(by value: String?) -> Bool {
    guard let value else { return false }
    return ["off", "0", "no", "false"].contains(value.lowercased())
  }

  /// What the self-check found wrong on this toolchain; empty when every assumption holds.
  static func selfCheckFailures() -> [String] {
    ClosureIdentity.selfCheckFailures() + StoredLayout.selfCheckFailures()
  }
}
