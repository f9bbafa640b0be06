import XCTest

@testable import GtkBridge

extension XCTestCase {
  /// Skips a test whose subject is a runtime trick itself (say, a row that does not run
  /// because its closure compared equal), when the tricks are off (`GTKBRIDGE_RUNTIME_TRICKS=off`
  /// or a failed self-check): the safe path then runs that row, correctly. Behaviour tests
  /// never skip so.
  func skipUnlessRuntimeTricksAreOn(_ subject: String) throws {
    let on = MainActor.assumeIsolated { RuntimeTricks.areOn }
    try XCTSkipUnless(
      on,
      "the runtime tricks are off (GTKBRIDGE_RUNTIME_TRICKS=off), and this test's subject is one "
        + "of them: \(subject)")
  }
}
