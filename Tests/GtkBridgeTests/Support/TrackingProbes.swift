import Observation

@testable import GtkBridge

/// What the tracking probes (`TrackingReuseTests`, `ReaderTrackingTests`) share: a model, run
/// counts, and the actions a view hands the test.

/// Not main-actor bound: some probes write it from another thread, as a network callback would.
@Observable
final class TrackedFeed: @unchecked Sendable {
  var title: String

  init(title: String = "f0") {
    self.title = title
  }
}

/// How many times each named `body` or row content ran.
@MainActor
final class RunCounts {
  private var counts: [String: Int] = [:]
  func hit(_ name: String) { counts[name, default: 0] += 1 }
  subscript(name: String) -> Int { counts[name] ?? 0 }
}

/// What a view's actions do to its `@State`, reached from the test as a button would.
@MainActor
final class ViewActions {
  var named: [String: (Int) -> Void] = [:]
  var appeared: [(Int) -> Void] = []
  func callAsFunction(_ name: String, _ value: Int = 0) { named[name]!(value) }
}

extension GtkTestCase {
  /// A shown window of the view `make` builds with the run counts and actions it reports to.
  @MainActor
  func shown<V: View>(_ make: @escaping @MainActor (RunCounts, ViewActions) -> V)
    -> (HostingWindow<AnyTestView>, RunCounts, ViewActions)
  {
    let runs = RunCounts()
    let actions = ViewActions()
    let host = host { make(runs, actions) }
    show(host)
    return (host, runs, actions)
  }
}
