/// Delta debugging for the random-operation tests: drops chunks of a failing trace while it
/// still fails (replayed by `failure`, in a fresh window), within a replay budget.
@MainActor
func shrinkTrace<Op>(
  _ ops: [Op], budget: Int, failure: ([Op]) -> String?
) -> (ops: [Op], failure: String) {
  var current = ops
  var lastFailure = failure(current) ?? "(did not reproduce in a fresh window)"
  var chunk = max(current.count / 2, 1)
  var budget = budget
  while chunk >= 1, budget > 0 {
    var start = 0
    var removedAny = false
    while start < current.count, budget > 0 {
      var candidate = current
      candidate.removeSubrange(start..<min(start + chunk, current.count))
      budget -= 1
      if let message = failure(candidate) {
        current = candidate
        lastFailure = message
        removedAny = true
      } else {
        start += chunk
      }
    }
    if !removedAny { chunk /= 2 }
  }
  return (current, lastFailure)
}
