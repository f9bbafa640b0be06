/// `ClosureIdentity`'s part of the runtime tricks' start-up self-check: closures made here
/// from known values, compared as a `ForEach` compares its row closure.
///
/// Relies on: what `ClosureIdentity` relies on (see there); nothing more. If the runtime's
/// layout changed, these comparisons answer wrong, and `RuntimeTricks` switches the tricks off.
extension ClosureIdentity {
  /// What went wrong comparing closures of known captures; empty when every answer is right.
  ///
  /// Covers each kind of capture `ClosureIdentity` reads: bytes of several sizes and
  /// alignments (`Bool`, `Int`, `String`, an object reference), a captured closure (as a
  /// reabstraction thunk holds the user's closure), a captured `var` (a box), and a closure
  /// that captures nothing.
  static func selfCheckFailures() -> [String] {
    let object = SelfCheckObject()
    let other = SelfCheckObject()
    // NB: one long string, captured twice: the same buffer, so the same bytes. (Two equal
    // long strings in two buffers compare as changed: a re-run, never a wrong row.)
    let text = String(repeating: "row ", count: 10)
    var failures: [String] = []
    func expect(_ same: Bool, _ a: SelfCheckRow, _ b: SelfCheckRow, _ what: String) {
      guard compare(storedAt: 0, in: a, b) != same else { return }
      failures.append("\(what) compared \(same ? "different" : "the same")")
    }
    let row = SelfCheckRow.capturing(7, true, text, object)
    expect(true, row, SelfCheckRow.capturing(7, true, text, object), "equal captures")
    expect(false, row, SelfCheckRow.capturing(8, true, text, object), "another Int")
    expect(false, row, SelfCheckRow.capturing(7, false, text, object), "another Bool")
    expect(false, row, SelfCheckRow.capturing(7, true, "row", object), "another String")
    expect(false, row, SelfCheckRow.capturing(7, true, text, other), "another object")
    expect(false, row, SelfCheckRow.capturingOtherCode(7, true, text, object), "other code")
    expect(
      true, SelfCheckRow.wrapping(row), SelfCheckRow.wrapping(row), "equal captured closures")
    expect(
      false, SelfCheckRow.wrapping(row),
      SelfCheckRow.wrapping(SelfCheckRow.capturing(8, true, text, object)),
      "other captured closures")
    expect(true, SelfCheckRow.boxing(3), SelfCheckRow.boxing(3), "equal boxed vars")
    expect(false, SelfCheckRow.boxing(3), SelfCheckRow.boxing(4), "other boxed vars")
    expect(true, SelfCheckRow.capturingNothing(), SelfCheckRow.capturingNothing(), "no captures")
    return failures.map { "ClosureIdentity: \($0)" }
  }
}

/// A captured object, compared by identity.
private final class SelfCheckObject {}

/// A row's content closure, stored as `ForEach` stores one (at offset 0).
///
/// NB: the closures are made in non-generic functions that are not inlined, as an app's
/// `body` makes them: a closure made in generic code, or whose captures the optimiser
/// folded into constants, would not test the layout read.
private struct SelfCheckRow {
  let content: (Int) -> String

  @inline(never)
  static func capturing(_ count: Int, _ flag: Bool, _ text: String, _ object: SelfCheckObject)
    -> SelfCheckRow
  {
    SelfCheckRow { index in "\(index) \(count) \(flag) \(text) \(ObjectIdentifier(object))" }
  }

  @inline(never)
  static func capturingOtherCode(
    _ count: Int, _ flag: Bool, _ text: String, _ object: SelfCheckObject
  ) -> SelfCheckRow {
    SelfCheckRow { index in "\(count) \(flag) \(text) \(ObjectIdentifier(object)) \(index)" }
  }

  @inline(never)
  static func wrapping(_ row: SelfCheckRow) -> SelfCheckRow {
    let content = row.content
    return SelfCheckRow { index in "[" + content(index) + "]" }
  }

  @inline(never)
  static func boxing(_ start: Int) -> SelfCheckRow {
    var count = start
    let row = SelfCheckRow { index in
      count += index
      return "\(count)"
    }
    return row
  }

  @inline(never)
  static func capturingNothing() -> SelfCheckRow {
    SelfCheckRow { index in "\(index)" }
  }
}
