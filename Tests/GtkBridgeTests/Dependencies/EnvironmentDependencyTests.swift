import XCTest

@testable import GtkBridge

private struct AccentLabelKey: EnvironmentKey {
  static let defaultValue = ""
}

private struct RegionLabelKey: EnvironmentKey {
  static let defaultValue = ""
}

extension EnvironmentValues {
  fileprivate var accentLabel: String {
    get { self[AccentLabelKey.self] }
    set { self[AccentLabelKey.self] = newValue }
  }

  fileprivate var regionLabel: String {
    get { self[RegionLabelKey.self] }
    set { self[RegionLabelKey.self] = newValue }
  }
}

private struct ReadsAccent: View {
  let runs: RunCounts
  @Environment(\.accentLabel) var accent

  var body: some View {
    let _ = runs.hit("accent")
    Text("accent:\(accent)")
  }
}

private struct ReadsRegion: View {
  let runs: RunCounts
  @Environment(\.regionLabel) var region

  var body: some View {
    let _ = runs.hit("region")
    Text("region:\(region)")
  }
}

/// Two readers of two keys, each key set by its own modifier above them.
private struct TwoKeys: View {
  let runs: RunCounts
  let actions: ViewActions
  @State var accent = 0
  @State var region = 0

  var body: some View {
    VStack {
      ReadsAccent(runs: runs)
      ReadsRegion(runs: runs)
    }
    .environment(\.accentLabel, "a\(accent)")
    .environment(\.regionLabel, "r\(region)")
    .onAppear {
      actions.named["accent"] = { accent = $0 }
      actions.named["region"] = { region = $0 }
    }
  }
}

/// A view whose `body` does not read the environment but whose rows do.
private struct RowsReadAccent: View {
  let runs: RunCounts
  @Environment(\.accentLabel) var accent

  var body: some View {
    let _ = runs.hit("body")
    VStack {
      ForEach(0..<3, id: \.self) { i in
        let _ = runs.hit("row\(i)")
        Text("\(i):\(accent)")
      }
    }
  }
}

private struct AccentAboveRows: View {
  let runs: RunCounts
  let actions: ViewActions
  @State var accent = 0
  @State var shown = true

  var body: some View {
    VStack {
      if shown { RowsReadAccent(runs: runs) }
    }
    .environment(\.accentLabel, "a\(accent)")
    .onAppear {
      actions.named["accent"] = { accent = $0 }
      actions.named["shown"] = { shown = $0 != 0 }
    }
  }
}

/// An `@Environment` read is a dependency on its key (`EnvironmentDependency`): a modifier
/// that changes a key re-runs the readers of that key below it, and no other view.
final class EnvironmentDependencyTests: GtkTestCase, @unchecked Sendable {
  func testAModifierReRunsTheReadersOfItsKeyOnly() {
    MainActor.assumeIsolated {
      let (host, runs, actions) = shown { TwoKeys(runs: $0, actions: $1) }
      XCTAssertEqual(host.labelTexts, ["accent:a0", "region:r0"])
      let (accentRuns, regionRuns) = (runs["accent"], runs["region"])
      actions("accent", 1)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["accent:a1", "region:r0"])
      XCTAssertEqual(runs["accent"], accentRuns + 1, "the reader of the key that changed")
      XCTAssertEqual(runs["region"], regionRuns, "a reader of another key does not re-run")
      actions("region", 2)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["accent:a1", "region:r2"])
      XCTAssertEqual(runs["accent"], accentRuns + 1)
      XCTAssertEqual(runs["region"], regionRuns + 1)
    }
  }

  func testRowsThatReadTheEnvironmentFollowItWithoutTheirParentsBody() {
    MainActor.assumeIsolated {
      let (host, runs, actions) = shown { AccentAboveRows(runs: $0, actions: $1) }
      XCTAssertEqual(host.labelTexts, ["0:a0", "1:a0", "2:a0"])
      let bodyRuns = runs["body"]
      let rowRuns = (0..<3).map { runs["row\($0)"] }
      actions("accent", 5)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["0:a5", "1:a5", "2:a5"])
      XCTAssertEqual(runs["body"], bodyRuns, "the body read no environment value")
      for i in 0..<3 { XCTAssertEqual(runs["row\(i)"], rowRuns[i] + 1, "row \(i)") }
    }
  }

  func testReadersThatLeaveStopListening() {
    MainActor.assumeIsolated {
      let before = EnvironmentDependents.activeCount
      let (host, _, actions) = shown { AccentAboveRows(runs: $0, actions: $1) }
      XCTAssertEqual(EnvironmentDependents.activeCount, before + 3, "one per row")
      actions("shown", 0)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, [])
      XCTAssertEqual(EnvironmentDependents.activeCount, before)
      actions("accent", 1)
      actions("shown", 1)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["0:a1", "1:a1", "2:a1"])
    }
  }
}
