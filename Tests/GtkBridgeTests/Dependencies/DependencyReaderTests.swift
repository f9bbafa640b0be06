import Foundation
import Observation
import XCTest

@testable import GtkBridge

/// A "how often did body run" counter kept in `@State`, as debugging tutorials show: the body
/// writes a state it reads.
private struct RenderCounter: View {
  let actions: ViewActions
  @State var tick = 0
  @State var renders = 0

  var body: some View {
    let _ = renders += 1
    VStack {
      Text("tick \(tick)")
    }
    .onAppear { actions.named["tick"] = { tick = $0 } }
  }
}

/// `RenderCounter` whose count a child shows: the body's own write is muted for the body
/// only.
private struct RenderCounterShown: View {
  let actions: ViewActions
  @State var tick = 0
  @State var renders = 0

  var body: some View {
    let _ = renders += 1
    VStack {
      Text("tick \(tick)")
      RendersLabel(renders: $renders)
    }
    .onAppear { actions.named["tick"] = { tick = $0 } }
  }
}

private struct RendersLabel: View {
  @Binding var renders: Int

  var body: some View {
    Text("renders \(renders)")
  }
}

/// A body that clamps the state it reads, written by an action, back into range.
private struct Clamped: View {
  let actions: ViewActions
  @State var value = 0

  var body: some View {
    let _ = value = min(value, 10)
    VStack {
      Text("value \(value)")
    }
    .onAppear { actions.named["value"] = { value = $0 } }
  }
}

/// A body that reads one of three states, as a `switch` picks.
private struct ThreeWay: View {
  let runs: RunCounts
  let actions: ViewActions
  @State var pick = 0
  @State var a = 0
  @State var b = 0
  @State var c = 0

  var body: some View {
    let _ = runs.hit("body")
    VStack {
      switch pick {
      case 0: Text("a\(a)")
      case 1: Text("b\(b)")
      default: Text(c > 5 ? "big c" : "c\(c)")
      }
    }
    .onAppear {
      actions.named["pick"] = { pick = $0 }
      actions.named["a"] = { a = $0 }
      actions.named["b"] = { b = $0 }
      actions.named["c"] = { c = $0 }
    }
  }
}

/// Rows of which only the picked one reads `detail`.
private struct PickedRows: View {
  let runs: RunCounts
  let actions: ViewActions
  @State var picked = 0
  @State var detail = 0

  var body: some View {
    VStack {
      ForEach(0..<3, id: \.self) { i in
        let _ = runs.hit("row\(i)")
        Text(i == picked ? "\(i):\(detail)" : "\(i)")
      }
    }
    .onAppear {
      actions.named["picked"] = { picked = $0 }
      actions.named["detail"] = { detail = $0 }
    }
  }
}

/// A parent passing its state down to a child that has state of its own.
private struct Outer: View {
  let runs: RunCounts
  let actions: ViewActions
  @State var title = 0

  var body: some View {
    let _ = runs.hit("outer")
    VStack {
      Inner(title: title, runs: runs, actions: actions)
    }
    .onAppear { actions.named["title"] = { title = $0 } }
  }
}

private struct Inner: View {
  let title: Int
  let runs: RunCounts
  let actions: ViewActions
  @State var count = 0

  var body: some View {
    let _ = runs.hit("inner")
    Text("t\(title) c\(count)")
      .onAppear { actions.named["count"] = { count = $0 } }
  }
}

/// `.onChange` and `.onAppear` write state the body reads only on some runs.
private struct Derived: View {
  let runs: RunCounts
  let actions: ViewActions
  @State var loaded = false
  @State var a = 0
  @State var b = 0

  var body: some View {
    let _ = runs.hit("body")
    VStack {
      Text(loaded ? "ready" : "loading")
      Text(a > 0 ? "b\(b)" : "none")
    }
    .onAppear {
      loaded = true
      actions.named["a"] = { a = $0 }
      actions.named["b"] = { b = $0 }
    }
    .onChange(of: a) { b = a * 10 }
  }
}

/// A body that reads its `@FocusState` only while a flag says so.
private struct FocusShown: View {
  let runs: RunCounts
  let actions: ViewActions
  @State var shows = false
  @State var text = ""
  @FocusState var isFocused: Bool

  var body: some View {
    let _ = runs.hit("body")
    VStack {
      TextField("name", text: $text).focused($isFocused)
      Text(shows ? (isFocused ? "in" : "out") : "hidden")
    }
    .onAppear {
      actions.named["shows"] = { shows = $0 != 0 }
      actions.named["focus"] = { isFocused = $0 != 0 }
    }
  }
}

/// A body that first reads a model on its third run.
private struct ThirdRun: View {
  let feed: TrackedFeed
  let runs: RunCounts
  let actions: ViewActions
  @State var step = 0

  var body: some View {
    let _ = runs.hit("body")
    VStack {
      Text(step >= 2 ? "\(step) \(feed.title)" : "step \(step)")
    }
    .onAppear { actions.named["step"] = { step = $0 } }
  }
}

/// A text field whose binding a flag switches between a hand-made binding to `a` (tracked
/// as it updates) and `$b` (a state binding, whose tracking stays installed).
private struct SwitchedBinding: View {
  let actions: ViewActions
  @State var useB = false
  @State var a = "a0"
  @State var b = "b0"

  var body: some View {
    VStack {
      TextField("x", text: useB ? $b : Binding(get: { a }, set: { a = $0 }))
    }
    .onAppear {
      actions.named["useB"] = { useB = $0 != 0 }
      actions.named["a"] = { a = "a\($0)" }
    }
  }
}

/// A parent that shows a child reading the parent's state through a binding, and a model.
private struct Removable: View {
  let feed: TrackedFeed
  let runs: RunCounts
  let actions: ViewActions
  @State var shown = true
  @State var shared = 0

  var body: some View {
    VStack {
      if shown {
        Reader(value: $shared, feed: feed, runs: runs)
      }
      ForEach(shown ? [0, 1] : [0], id: \.self) { i in
        let _ = runs.hit("row\(i)")
        Text("row \(i) \(shared) \(feed.title)")
      }
    }
    .onAppear {
      actions.named["shown"] = { shown = $0 != 0 }
      actions.named["shared"] = { shared = $0 }
    }
  }
}

private struct Reader: View {
  @Binding var value: Int
  let feed: TrackedFeed
  let runs: RunCounts

  var body: some View {
    let _ = runs.hit("reader")
    Text("reader \(value) \(feed.title)")
  }
}

/// A parent and its child both read one flag; the parent removes the child when it flips.
private struct FlagParent: View {
  let runs: RunCounts
  let actions: ViewActions
  @State var flag = true

  var body: some View {
    let _ = runs.hit("parent")
    VStack {
      if flag {
        FlagChild(flag: $flag, runs: runs)
      } else {
        Text("off")
      }
    }
    .onAppear { actions.named["flag"] = { flag = $0 != 0 } }
  }
}

private struct FlagChild: View {
  @Binding var flag: Bool
  let runs: RunCounts

  var body: some View {
    let _ = runs.hit("child")
    Text(flag ? "on" : "child saw off")
  }
}

/// A row that counts its runs in a `@State` its content reads. (With two such rows each
/// row's write re-runs the other, endlessly: so it was before the reuse too.)
private struct CountingRows: View {
  let actions: ViewActions
  @State var tick = 0
  @State var rowRuns = 0

  var body: some View {
    VStack {
      ForEach(0..<1, id: \.self) { i in
        let _ = rowRuns += 1
        Text("\(i) \(tick)")
      }
    }
    .onAppear { actions.named["tick"] = { tick = $0 } }
  }
}

private struct Named: Identifiable {
  let id: Int
  var name: String
}

/// Rows that read an element of a collection only while a flag says so.
private struct BoundRows: View {
  let actions: ViewActions
  @State var items = [Named(id: 0, name: "n0"), Named(id: 1, name: "n1")]
  @State var showsNames = false

  var body: some View {
    VStack {
      ForEach($items) { $item in
        Text(showsNames ? item.name : "row")
      }
      // Rows of a range that read an element through `$items[i]`: only their subscription
      // to that element re-runs them.
      ForEach(0..<2, id: \.self) { i in
        Text(showsNames ? "\(i) " + $items[i].wrappedValue.name : "\(i)")
      }
    }
    .onAppear {
      actions.named["showsNames"] = { showsNames = $0 != 0 }
      actions.named["rename0"] = { items[0].name = "r\($0)" }
      actions.named["rename1"] = { items[1].name = "r\($0)" }
      actions.named["swap"] = { _ in items.swapAt(0, 1) }
    }
  }
}

private struct NamedGroup: Identifiable {
  let id: Int
  var items: [Named]
}

/// Rows of groups' rows, bound through two element bindings (`$item` of `$group.items`).
private struct GroupedBoundRows: View {
  let runs: RunCounts
  let actions: ViewActions
  @State var groups = [
    NamedGroup(id: 0, items: [Named(id: 0, name: "a0"), Named(id: 1, name: "a1")]),
    NamedGroup(id: 1, items: [Named(id: 2, name: "b0")]),
  ]

  var body: some View {
    VStack {
      ForEach($groups) { $group in
        ForEach($group.items) { $item in
          let _ = runs.hit("item\(item.id)")
          Text(item.name)
        }
      }
    }
    .onAppear {
      actions.named["rename1"] = { value in
        guard let i = groups[0].items.firstIndex(where: { $0.id == 1 }) else { return }
        groups[0].items[i].name = "r\(value)"
      }
      actions.named["insert"] = { groups[0].items.insert(Named(id: $0, name: "new"), at: 0) }
    }
  }
}

/// Rows of groups' rows, the first of each group showing its whole group.
private struct GroupReadingRows: View {
  let runs: RunCounts
  let actions: ViewActions
  @State var groups = [
    NamedGroup(id: 0, items: [Named(id: 0, name: "a0"), Named(id: 1, name: "a1")]),
    NamedGroup(id: 1, items: [Named(id: 2, name: "b0")]),
  ]

  var body: some View {
    VStack {
      ForEach($groups) { $group in
        ForEach($group.items) { $item in
          let _ = runs.hit("item\(item.id)")
          if item.id == 0 {
            Text(group.items.map(\.name).joined(separator: "+"))
          } else {
            Text(item.name)
          }
        }
      }
    }
    .onAppear {
      actions.named["rename"] = { id in
        for g in groups.indices {
          if let i = groups[g].items.firstIndex(where: { $0.id == id }) {
            groups[g].items[i].name += "!"
          }
        }
      }
    }
  }
}

/// One view value shown in two windows: each place has state of its own.
private struct TwoPlaces: View {
  let actions: ViewActions
  @State var count = 0

  var body: some View {
    Text("count \(count)")
      .onAppear { actions.appeared.append { count = $0 } }
  }
}

/// Containers whose selection or expansion binding a flag takes away (`nil`): the same
/// container node, no longer reading the state.
private struct UnboundContainers: View {
  let which: String
  let actions: ViewActions
  @State var bound = true
  @State var value = 0

  var body: some View {
    VStack {
      switch which {
      case "disclosure":
        DisclosureGroup(
          isExpanded: bound ? Binding(get: { value > 0 }, set: { value = $0 ? 1 : 0 }) : nil,
          content: { Text("inside") }, label: { Text("More") })
      case "tabs":
        TabView(selection: bound ? $value : nil) {
          Text("zero").tag(0)
          Text("one").tag(1)
        }
      default:
        List(selection: bound ? Binding(get: { value }, set: { value = $0 ?? 0 }) : nil) {
          Text("zero").tag(0)
          Text("one").tag(1)
        }
      }
    }
    .onAppear {
      actions.named["bound"] = { bound = $0 != 0 }
      actions.named["value"] = { value = $0 }
    }
  }
}

/// A model held in `@State`, replaced by another one.
private struct HeldModel: View {
  let first: TrackedFeed
  let runs: RunCounts
  let actions: ViewActions
  @State var feed: TrackedFeed? = nil

  var body: some View {
    let _ = runs.hit("body")
    VStack {
      Text((feed ?? first).title)
    }
    .onAppear {
      actions.named["replace"] = {
        let replacement = TrackedFeed()
        replacement.title = "new\($0)"
        feed = replacement
      }
    }
  }
}

/// One model read by two windows.
private struct ModelReader: View {
  let feed: TrackedFeed
  let runs: RunCounts
  let name: String

  var body: some View {
    let _ = runs.hit(name)
    Text("\(name) \(feed.title)")
  }
}

/// Tries to break `ReaderTracking`'s reuse across runs (c9c628c) as an app would: reads that
/// change from run to run, writes during updates, views that leave, writes that re-enter.
final class DependencyReaderTests: GtkTestCase, @unchecked Sendable {
  // MARK: - Extra or endless updates

  /// Before the reuse, a run's old tracking was cancelled before the body ran, so a write
  /// the body made to a state it read never re-ran it; a tracking kept across runs must not
  /// hear its own body's writes either, or the view never settles.
  func testABodyThatCountsItsRunsInAStateItReadsSettles() {
    MainActor.assumeIsolated {
      let actions = ViewActions()
      let host = host { RenderCounter(actions: actions) }
      show(host)
      XCTAssertEqual(host.labelTexts, ["tick 0"])
      for tick in 1...3 {
        let passes = UpdateScheduler.shared.passCount
        actions("tick", tick)
        MainLoop.drain()
        XCTAssertFalse(UpdateScheduler.shared.hitPassLimit, "the update never settles")
        XCTAssertEqual(host.labelTexts, ["tick \(tick)"])
        XCTAssertEqual(UpdateScheduler.shared.passCount - passes, 1, "one write, one pass")
      }
    }
  }

  func testAnotherViewSeesTheStateABodyWritesToItself() {
    MainActor.assumeIsolated {
      let actions = ViewActions()
      let host = host { RenderCounterShown(actions: actions) }
      show(host)
      XCTAssertEqual(host.labelTexts, ["tick 0", "renders 1"])
      for tick in 1...3 {
        actions("tick", tick)
        MainLoop.drain()
        XCTAssertFalse(UpdateScheduler.shared.hitPassLimit, "the update never settles")
        XCTAssertEqual(host.labelTexts, ["tick \(tick)", "renders \(tick + 1)"])
      }
    }
  }

  func testABodyThatClampsTheStateItReadsSettles() {
    MainActor.assumeIsolated {
      let actions = ViewActions()
      let host = host { Clamped(actions: actions) }
      show(host)
      actions("value", 5)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["value 5"])
      actions("value", 50)
      MainLoop.drain()
      XCTAssertFalse(UpdateScheduler.shared.hitPassLimit)
      XCTAssertEqual(host.labelTexts, ["value 10"])
      actions("value", 3)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["value 3"])
    }
  }

  /// A control whose binding changes from one the graph re-tracks on every update (a
  /// hand-made `Binding(get:set:)`) to a `@State` binding (tracked once, and kept) must stop
  /// following what the old binding read.
  func testAFieldWhoseBindingNoLongerReadsAStateStopsUpdatingForIt() {
    MainActor.assumeIsolated {
      let actions = ViewActions()
      let host = host { SwitchedBinding(actions: actions) }
      show(host)
      XCTAssertEqual(host.textFieldEntries[0].text, "a0")
      actions("a", 1)
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries[0].text, "a1")
      actions("useB", 1)
      MainLoop.drain()
      XCTAssertEqual(host.textFieldEntries[0].text, "b0")
      // The first write may still reach the field's last tracked update; never a later one.
      actions("a", 2)
      MainLoop.drain()
      let passes = UpdateScheduler.shared.passCount
      for value in 3...5 {
        actions("a", value)
        MainLoop.drain()
      }
      XCTAssertEqual(
        UpdateScheduler.shared.passCount, passes, "nothing shows `a`: its writes update nothing")
      XCTAssertEqual(host.textFieldEntries[0].text, "b0")
    }
  }

  func testARowThatCountsItsRunsInAStateItReadsSettles() {
    MainActor.assumeIsolated {
      let actions = ViewActions()
      let host = host { CountingRows(actions: actions) }
      show(host)
      for tick in 1...3 {
        actions("tick", tick)
        MainLoop.drain()
        XCTAssertFalse(UpdateScheduler.shared.hitPassLimit, "the update never settles")
        XCTAssertEqual(host.labelTexts, ["0 \(tick)"])
      }
    }
  }

  /// A container that read its binding on every update until the binding was taken away
  /// must stop following the state behind it.
  @MainActor
  private func checkUnbound(_ which: String) {
    let actions = ViewActions()
    let host = host { UnboundContainers(which: which, actions: actions) }
    show(host)
    for value in [1, 0, 1] {
      let passes = UpdateScheduler.shared.passCount
      actions("value", value)
      MainLoop.drain()
      XCTAssertEqual(UpdateScheduler.shared.passCount - passes, 1, "\(which) follows its binding")
    }
    actions("bound", 0)
    MainLoop.drain()
    // The first write may still reach the last tracked read; never a later one.
    actions("value", 0)
    MainLoop.drain()
    let passes = UpdateScheduler.shared.passCount
    for value in [1, 0, 1] {
      actions("value", value)
      MainLoop.drain()
    }
    XCTAssertEqual(UpdateScheduler.shared.passCount, passes, "\(which) no longer reads the state")
  }

  func testADisclosureGroupWhoseBindingIsTakenAwayStopsFollowingIt() {
    MainActor.assumeIsolated { checkUnbound("disclosure") }
  }

  func testATabViewWhoseSelectionIsTakenAwayStopsFollowingIt() {
    MainActor.assumeIsolated { checkUnbound("tabs") }
  }

  func testAListWhoseSelectionIsTakenAwayStopsFollowingIt() {
    MainActor.assumeIsolated { checkUnbound("list") }
  }

  // MARK: - Missed updates

  func testABodyFollowsWhicheverStateItsSwitchReads() {
    MainActor.assumeIsolated {
      let (host, runs, actions) = shown { ThreeWay(runs: $0, actions: $1) }
      XCTAssertEqual(host.labelTexts, ["a0"])
      for round in 1...2 {
        actions("pick", 1)
        MainLoop.drain()
        var settled = runs["body"]
        actions("a", 10 * round)
        actions("c", 10 * round)
        MainLoop.drain()
        XCTAssertEqual(runs["body"], settled, "neither a nor c is read while b is shown")
        actions("b", round)
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["b\(round)"])
        actions("pick", 2)
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["big c"])
        actions("c", round)
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["c\(round)"])
        settled = runs["body"]
        actions("b", 99)
        MainLoop.drain()
        XCTAssertEqual(runs["body"], settled, "b is no longer read")
        actions("pick", 0)
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["a\(10 * round)"])
        actions("a", round)
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["a\(round)"])
      }
    }
  }

  func testOnlyTheRowThatReadsAStateFollowsIt() {
    MainActor.assumeIsolated {
      let (host, runs, actions) = shown { PickedRows(runs: $0, actions: $1) }
      XCTAssertEqual(host.labelTexts, ["0:0", "1", "2"])
      actions("detail", 1)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["0:1", "1", "2"])
      actions("picked", 2)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["0", "1", "2:1"])
      let row0 = runs["row0"]
      let row1 = runs["row1"]
      actions("detail", 2)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["0", "1", "2:2"])
      actions("detail", 3)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["0", "1", "2:3"])
      XCTAssertEqual(runs["row0"], row0, "row 0 no longer reads detail")
      XCTAssertEqual(runs["row1"], row1, "row 1 never read detail")
      actions("picked", 0)
      actions("detail", 4)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["0:4", "1", "2"])
    }
  }

  func testAChildFollowsItsOwnStateAndItsParentsInputInTheSameTurn() {
    MainActor.assumeIsolated {
      let (host, runs, actions) = shown { Outer(runs: $0, actions: $1) }
      XCTAssertEqual(host.labelTexts, ["t0 c0"])
      actions("title", 1)
      actions("count", 1)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["t1 c1"])
      actions("count", 2)
      actions("title", 2)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["t2 c2"])
      let outer = runs["outer"]
      actions("count", 3)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["t2 c3"])
      XCTAssertEqual(runs["outer"], outer, "the parent never read the child's state")
      actions("title", 3)
      MainLoop.drain()
      actions("count", 4)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["t3 c4"])
    }
  }

  func testAStateWrittenTwiceInOneTurnShowsTheLastValueInOnePass() {
    MainActor.assumeIsolated {
      let (host, runs, actions) = shown { ThreeWay(runs: $0, actions: $1) }
      let passes = UpdateScheduler.shared.passCount
      let before = runs["body"]
      actions("a", 1)
      actions("a", 2)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["a2"])
      XCTAssertEqual(UpdateScheduler.shared.passCount - passes, 1)
      XCTAssertEqual(runs["body"] - before, 1)
      // A switch and a write to the newly read state in one turn.
      actions("pick", 1)
      actions("b", 7)
      actions("pick", 2)
      actions("pick", 1)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["b7"])
      actions("b", 8)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["b8"])
    }
  }

  func testStateWrittenByOnAppearAndOnChangeIsShown() {
    MainActor.assumeIsolated {
      let (host, runs, actions) = shown { Derived(runs: $0, actions: $1) }
      XCTAssertEqual(host.labelTexts, ["ready", "none"])
      actions("a", 1)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["ready", "b10"], "the body reads b once a > 0")
      actions("a", 0)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["ready", "none"])
      let settled = runs["body"]
      actions("b", 99)
      MainLoop.drain()
      XCTAssertEqual(runs["body"], settled, "b is not read while a is 0")
      actions("a", 2)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["ready", "b20"])
      actions("b", 5)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["ready", "b5"])
    }
  }

  func testABodyReadingItsFocusStateOnlySometimesFollowsIt() {
    MainActor.assumeIsolated {
      let (host, runs, actions) = shown { FocusShown(runs: $0, actions: $1) }
      let entry = host.textFieldEntries[0]
      XCTAssertEqual(host.labelTexts, ["hidden"])
      actions("focus", 1)
      MainLoop.drain()
      XCTAssertTrue(holdsFocus(entry))
      XCTAssertEqual(host.labelTexts, ["hidden"])
      actions("shows", 1)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["in"])
      actions("focus", 0)
      MainLoop.drain()
      XCTAssertFalse(holdsFocus(entry))
      XCTAssertEqual(host.labelTexts, ["out"])
      // Focus moved by GTK (the user), not by the app.
      entry.grabFocus()
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["in"])
      actions("shows", 0)
      MainLoop.drain()
      let settled = runs["body"]
      actions("focus", 0)
      MainLoop.drain()
      entry.grabFocus()
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["hidden"])
      XCTAssertLessThanOrEqual(runs["body"] - settled, 1, "the focus state is no longer read")
    }
  }

  func testAModelFirstReadOnTheThirdRunIsFollowedUntilTheBodyStopsReadingIt() {
    MainActor.assumeIsolated {
      let feed = TrackedFeed()
      let runs = RunCounts()
      let actions = ViewActions()
      let host = host { ThirdRun(feed: feed, runs: runs, actions: actions) }
      show(host)
      actions("step", 1)
      MainLoop.drain()
      feed.title = "f1"
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["step 1"])
      actions("step", 2)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["2 f1"])
      for round in 2...4 {
        feed.title = "f\(round)"
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["2 f\(round)"])
      }
      actions("step", 3)
      MainLoop.drain()
      feed.title = "f5"
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["3 f5"])
      actions("step", 0)
      MainLoop.drain()
      feed.title = "f6"
      MainLoop.drain()
      let settled = runs["body"]
      feed.title = "f7"
      MainLoop.drain()
      XCTAssertEqual(runs["body"], settled)
      actions("step", 2)
      MainLoop.drain()
      feed.title = "f8"
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["2 f8"])
    }
  }

  func testABodyThatAlternatesReadingAModelWrittenFromAnotherThreadShowsEveryWrite() {
    MainActor.assumeIsolated {
      let feed = TrackedFeed()
      let runs = RunCounts()
      let actions = ViewActions()
      let host = host { ThirdRun(feed: feed, runs: runs, actions: actions) }
      show(host)
      for round in 1...8 {
        let reads = round % 2 == 0
        actions("step", reads ? 2 : 1)
        MainLoop.drain()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
          feed.title = "bg\(round)"
          done.signal()
        }
        done.wait()
        MainLoop.drain()
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, [reads ? "2 bg\(round)" : "step 1"], "round \(round)")
      }
      // Written from another thread while the view shows it, then read on the main thread.
      actions("step", 2)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["2 bg8"])
    }
  }

  func testRowsThatReadAnElementOnlySometimesFollowIt() {
    MainActor.assumeIsolated {
      let actions = ViewActions()
      let host = host { BoundRows(actions: actions) }
      show(host)
      XCTAssertEqual(host.labelTexts, ["row", "row", "0", "1"])
      actions("showsNames", 1)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["n0", "n1", "0 n0", "1 n1"])
      actions("rename0", 1)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["r1", "n1", "0 r1", "1 n1"])
      actions("showsNames", 0)
      MainLoop.drain()
      actions("rename0", 2)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["row", "row", "0", "1"])
      actions("showsNames", 1)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["r2", "n1", "0 r2", "1 n1"])
      actions("rename1", 3)
      MainLoop.drain()
      actions("rename0", 4)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["r4", "r3", "0 r4", "1 r3"])
      // Reordered: each row now reads the element at its new place.
      actions("swap")
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["r3", "r4", "0 r3", "1 r4"])
      actions("rename0", 5)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["r5", "r4", "0 r5", "1 r4"])
      actions("rename1", 6)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["r5", "r6", "0 r5", "1 r6"])
    }
  }

  /// A row bound through an element of an element (`$item` of `$group.items`) depends on its
  /// own element, not on its group: renaming one row re-runs that row alone, though the
  /// group (an element too) changed.
  func testARowOfAnElementsElementsFollowsItsOwnElementNotItsGroup() {
    MainActor.assumeIsolated {
      let (host, runs, actions) = shown { GroupedBoundRows(runs: $0, actions: $1) }
      XCTAssertEqual(host.labelTexts, ["a0", "a1", "b0"])
      let (item0, item1, item2) = (runs["item0"], runs["item1"], runs["item2"])
      actions("rename1", 1)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["a0", "r1", "b0"])
      // NB: with the runtime tricks off every row closure counts as changed, and every row
      // runs whenever the parent's body does (correct, slower): the counts hold with them on.
      if RuntimeTricks.areOn {
        XCTAssertEqual(runs["item1"], item1 + 1)
        XCTAssertEqual(runs["item0"], item0, "the row beside the renamed one in its group")
        XCTAssertEqual(runs["item2"], item2, "a row of another group")
      }
      // The group's rows still follow their elements through an insertion above them.
      actions("insert", 9)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["new", "a0", "r1", "b0"])
      actions("rename1", 2)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["new", "a0", "r2", "b0"])
    }
  }

  /// A row of `$group.items` that reads its group (all its items' names) through `$group`
  /// runs again when another row of the group changes; a row that reads only its own element
  /// does not, nor does a row of another group.
  func testANestedRowThatReadsItsGroupRunsAgainWhenTheGroupChanges() {
    MainActor.assumeIsolated {
      let (host, runs, actions) = shown { GroupReadingRows(runs: $0, actions: $1) }
      XCTAssertEqual(host.labelTexts, ["a0+a1", "a1", "b0"])
      let (item0, item1, item2) = (runs["item0"], runs["item1"], runs["item2"])
      actions("rename", 1)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["a0+a1!", "a1!", "b0"])
      // NB: with the runtime tricks off every row closure counts as changed and runs with its
      // parent (correct, slower): the counts hold with them on; the labels either way.
      let countsHold = RuntimeTricks.areOn
      if countsHold {
        XCTAssertEqual(runs["item0"], item0 + 1, "the row that reads its group")
        XCTAssertEqual(runs["item1"], item1 + 1, "the row renamed")
        XCTAssertEqual(runs["item2"], item2, "a row of another group")
      }
      actions("rename", 2)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["a0+a1!", "a1!", "b0!"])
      if countsHold {
        XCTAssertEqual(runs["item0"], item0 + 1)
        XCTAssertEqual(runs["item1"], item1 + 1)
      }
    }
  }

  func testOneViewValueInTwoWindowsFollowsEachWindowsOwnState() {
    MainActor.assumeIsolated {
      let actions = ViewActions()
      let view = TwoPlaces(actions: actions)
      let first = host { view }
      show(first)
      let second = host { view }
      show(second)
      XCTAssertEqual(actions.appeared.count, 2)
      XCTAssertEqual(first.labelTexts + second.labelTexts, ["count 0", "count 0"])
      actions.appeared[1](1)
      MainLoop.drain()
      XCTAssertEqual(first.labelTexts + second.labelTexts, ["count 0", "count 1"])
      actions.appeared[0](2)
      MainLoop.drain()
      XCTAssertEqual(first.labelTexts + second.labelTexts, ["count 2", "count 1"])
      first.close()
      MainLoop.drain()
      actions.appeared[0](3)
      actions.appeared[1](4)
      MainLoop.drain()
      XCTAssertEqual(second.labelTexts, ["count 4"])
    }
  }

  func testAModelInStateThatIsReplacedIsFollowedAndTheOldOneIsNot() {
    MainActor.assumeIsolated {
      let first = TrackedFeed()
      let runs = RunCounts()
      let actions = ViewActions()
      let host = host { HeldModel(first: first, runs: runs, actions: actions) }
      show(host)
      first.title = "f1"
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["f1"])
      actions("replace", 1)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["new1"])
      let settled = runs["body"]
      first.title = "f2"
      MainLoop.drain()
      first.title = "f3"
      MainLoop.drain()
      XCTAssertLessThanOrEqual(runs["body"] - settled, 1, "the replaced model is not read")
      XCTAssertEqual(host.labelTexts, ["new1"])
    }
  }

  func testTwoWindowsReadingOneModelFollowItAndTheClosedOneStops() {
    MainActor.assumeIsolated {
      let feed = TrackedFeed()
      let runs = RunCounts()
      let first = host { ModelReader(feed: feed, runs: runs, name: "one") }
      show(first)
      let second = host { ModelReader(feed: feed, runs: runs, name: "two") }
      show(second)
      for round in 1...3 {
        feed.title = "f\(round)"
        MainLoop.drain()
        XCTAssertEqual(first.labelTexts + second.labelTexts, ["one f\(round)", "two f\(round)"])
      }
      first.close()
      MainLoop.drain()
      let closed = runs["one"]
      for round in 4...6 {
        feed.title = "f\(round)"
        MainLoop.drain()
        XCTAssertEqual(second.labelTexts, ["two f\(round)"])
      }
      XCTAssertEqual(runs["one"], closed)
    }
  }

  // MARK: - Lifetime

  func testAViewOrRowThatLeftIsNeverRunAgainAndIsFreed() {
    MainActor.assumeIsolated {
      let runs = RunCounts()
      let actions = ViewActions()
      let nodesBefore = LiveObjects.snapshot["view nodes"]!
      weak var weakFeed: TrackedFeed?
      do {
        let feed = TrackedFeed()
        weakFeed = feed
        let host = host { Removable(feed: feed, runs: runs, actions: actions) }
        show(host)
        XCTAssertEqual(host.labelTexts, ["reader 0 f0", "row 0 0 f0", "row 1 0 f0"])
        actions("shared", 1)
        feed.title = "f1"
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["reader 1 f1", "row 0 1 f1", "row 1 1 f1"])
        actions("shown", 0)
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["row 0 1 f1"])
        let reader = runs["reader"]
        let row1 = runs["row1"]
        for round in 2...4 {
          actions("shared", round)
          feed.title = "f\(round)"
          MainLoop.drain()
        }
        XCTAssertEqual(host.labelTexts, ["row 0 4 f4"])
        XCTAssertEqual(runs["reader"], reader, "the removed view ran again")
        XCTAssertEqual(runs["row1"], row1, "the removed row ran again")
        actions("shown", 1)
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["reader 4 f4", "row 0 4 f4", "row 1 4 f4"])
        host.close()
        MainLoop.drain()
        let closed = runs["reader"]
        // Writes after the window closed reach nothing.
        actions("shared", 9)
        feed.title = "f9"
        MainLoop.drain()
        XCTAssertEqual(runs["reader"], closed)
        hosts.removeAll()
        // NB: the actions capture the view value, and so the model.
        actions.named.removeAll()
      }
      MainLoop.drain()
      XCTAssertNil(weakFeed, "the model outlived its window")
      XCTAssertEqual(LiveObjects.snapshot["view nodes"]!, nodesBefore, "nodes outlived the window")
    }
  }

  /// The safety net: a reader its owner drops without `cancel()` ends its subscriptions
  /// itself. Its state no longer holds it (nor calls it on every write), the collection it
  /// read an element of is no longer observed (the observer kept a copy of it), and the
  /// model it read keeps no registration.
  func testAReaderDroppedWithoutCancelEndsItsSubscriptions() {
    MainActor.assumeIsolated {
      let count = State(wrappedValue: 0)
      let texts = State(wrappedValue: ["a", "b"])
      let feed = TrackedFeed()
      let observers = CollectionObserver.activeCount
      let handles = LiveObjects.observationHandles.load(ordering: .relaxed)
      var calls = 0
      for _ in 0..<2 {
        // NB: a reader that expects models marks its first run, whose registrations in the
        // model `cancel()` can then drop (an unmarked one's stay until the model changes).
        let reader = DependencyReader(expectsModels: true) { calls += 1 }
        let element = texts.projectedValue[1]
        _ = reader.run { "\(count.wrappedValue) \(element.wrappedValue) \(feed.title)" }
        XCTAssertEqual(count.link.box.readerCount, 1)
        XCTAssertEqual(CollectionObserver.activeCount, observers + 1)
      }
      XCTAssertEqual(count.link.box.readerCount, 0, "the state holds a reader nobody owns")
      XCTAssertEqual(CollectionObserver.activeCount, observers, "the collection is still observed")
      XCTAssertEqual(LiveObjects.observationHandles.load(ordering: .relaxed), handles)
      count.wrappedValue = 1
      texts.wrappedValue[1] = "c"
      feed.title = "f1"
      XCTAssertEqual(calls, 0, "a dropped reader was called")
    }
  }

  func testViewsAndRowsMadeDirtyAndRemovedInOneTurnAreNotRun() {
    MainActor.assumeIsolated {
      let feed = TrackedFeed()
      let runs = RunCounts()
      let actions = ViewActions()
      let host = host { Removable(feed: feed, runs: runs, actions: actions) }
      show(host)
      for round in 1...3 {
        let reader = runs["reader"]
        let row1 = runs["row1"]
        actions("shared", 10 * round)
        feed.title = "g\(round)"
        actions("shown", 0)
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["row 0 \(10 * round) g\(round)"])
        XCTAssertEqual(runs["reader"], reader, "the removed view ran")
        XCTAssertEqual(runs["row1"], row1, "the removed row ran")
        actions("shown", 1)
        MainLoop.drain()
        XCTAssertEqual(
          host.labelTexts,
          [
            "reader \(10 * round) g\(round)", "row 0 \(10 * round) g\(round)",
            "row 1 \(10 * round) g\(round)",
          ])
      }
    }
  }

  func testAWindowClosedWhileAnotherThreadsWriteIsOnItsWayIsNotUpdated() {
    MainActor.assumeIsolated {
      let feed = TrackedFeed()
      let runs = RunCounts()
      let actions = ViewActions()
      let host = host { ThirdRun(feed: feed, runs: runs, actions: actions) }
      show(host)
      actions("step", 2)
      MainLoop.drain()
      let done = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        feed.title = "late"
        done.signal()
      }
      done.wait()
      // The change handler's hop to the main actor is queued; the window goes first.
      host.close()
      let closed = runs["body"]
      MainLoop.drain()
      MainLoop.drain()
      XCTAssertEqual(runs["body"], closed, "a dismantled view ran")
    }
  }

  // MARK: - Reentrancy

  func testAChildThatReadsTheFlagItsParentRemovesItForIsNotRunOnceRemoved() {
    MainActor.assumeIsolated {
      let (host, runs, actions) = shown { FlagParent(runs: $0, actions: $1) }
      XCTAssertEqual(host.labelTexts, ["on"])
      for _ in 1...3 {
        let child = runs["child"]
        actions("flag", 0)
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["off"])
        XCTAssertEqual(runs["child"], child, "the child ran after its parent removed it")
        actions("flag", 1)
        MainLoop.drain()
        XCTAssertEqual(host.labelTexts, ["on"])
      }
    }
  }

  /// An action that drains the main loop between its writes (as code waiting for a widget
  /// would), while the body's reads change with each pass.
  func testWritesAroundADrainInsideOneActionAreAllShown() {
    MainActor.assumeIsolated {
      let (host, _, actions) = shown { ThreeWay(runs: $0, actions: $1) }
      let action = {
        actions("a", 1)
        MainLoop.drain()
        actions("pick", 1)
        actions("b", 2)
        MainLoop.drain()
        actions("a", 3)
        actions("b", 4)
        actions("pick", 0)
        MainLoop.drain()
        actions("a", 5)
      }
      action()
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["a5"])
      actions("pick", 1)
      MainLoop.drain()
      XCTAssertEqual(host.labelTexts, ["b4"])
    }
  }
}
