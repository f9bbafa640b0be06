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

// MARK: - Probes: environment reads in every place a SwiftUI app puts them

/// The value each named reader showed in its last run.
@MainActor
private final class SeenValues {
  var values: [String: String] = [:]
  subscript(name: String) -> String? { values[name] }
  func see(_ name: String, _ value: String) { values[name] = value }
}

extension EnvironmentValues {
  /// A convenience derived from another key, as apps write them.
  fileprivate var shoutedAccent: String { accentLabel.uppercased() }
}

private struct SeesAccent: View {
  let name: String
  let seen: SeenValues
  @Environment(\.accentLabel) var accent

  var body: some View {
    let _ = seen.see(name, accent)
    Text("\(name):\(accent)")
  }
}

/// A custom modifier whose `body` reads the environment.
private struct AccentBadge: ViewModifier {
  let seen: SeenValues
  @Environment(\.accentLabel) var accent

  func body(content: Content) -> some View {
    let _ = seen.see("modifier", accent)
    HStack {
      content
      Text("badge:\(accent)")
    }
  }
}

private struct SeesWholeEnvironment: View {
  let seen: SeenValues
  @Environment(\.self) var environment

  var body: some View {
    let _ = seen.see("whole", environment.accentLabel)
    Text("whole:\(environment.accentLabel)")
  }
}

private struct SeesDerivedAccent: View {
  let seen: SeenValues
  @Environment(\.shoutedAccent) var shouted

  var body: some View {
    let _ = seen.see("derived", shouted)
    Text("derived:\(shouted)")
  }
}

private struct SeesLocale: View {
  let seen: SeenValues
  @Environment(\.locale) var locale

  var body: some View {
    let _ = seen.see("locale", locale.identifier)
    Text("locale:\(locale.identifier)")
  }
}

private struct SeesLineLimit: View {
  let seen: SeenValues
  @Environment(\.lineLimit) var lineLimit
  @Environment(\.locale.identifier) var localeIdentifier

  var body: some View {
    let _ = seen.see("lineLimit", lineLimit.map(String.init) ?? "none")
    let _ = seen.see("localeIdentifier", localeIdentifier)
    Text("lineLimit")
  }
}

private struct LineLimitAndLocale: View {
  let seen: SeenValues
  let actions: ViewActions
  @State var lines = 1
  @State var french = false

  var body: some View {
    VStack { SeesLineLimit(seen: seen) }
      .lineLimit(lines)
      .environment(\.locale, Locale(identifier: french ? "fr_FR" : "en_US"))
      .onAppear {
        actions.named["lines"] = { lines = $0 }
        actions.named["french"] = { french = $0 != 0 }
      }
  }
}

private struct SeesColorScheme: View {
  let seen: SeenValues
  @Environment(\.colorScheme) var colorScheme

  var body: some View {
    let _ = seen.see("scheme", colorScheme == .dark ? "dark" : "light")
    Text("scheme")
  }
}

private struct SeesEnabled: View {
  let name: String
  let seen: SeenValues
  @Environment(\.isEnabled) var isEnabled

  var body: some View {
    let _ = seen.see(name, "\(isEnabled)")
    Text("\(name):\(isEnabled)")
  }
}

/// Every place at once, under one `.environment(\.accentLabel, …)`.
private struct AccentEverywhere: View {
  let seen: SeenValues
  let actions: ViewActions
  @State var accent = 0
  @State var nested = 0

  var body: some View {
    VStack {
      SeesAccent(name: "plain", seen: seen)
      ForEach(0..<2, id: \.self) { i in SeesAccent(name: "row\(i)", seen: seen) }
      Text("modified").modifier(AccentBadge(seen: seen))
      ScrollView {
        LazyVStack {
          ForEach(0..<2, id: \.self) { i in SeesAccent(name: "lazy\(i)", seen: seen) }
        }
      }
      .frame(height: 200)
      List(0..<2, id: \.self) { i in SeesAccent(name: "list\(i)", seen: seen) }
        .frame(height: 200)
      SeesAccent(name: "overridden", seen: seen).environment(\.accentLabel, "fixed\(nested)")
    }
    .environment(\.accentLabel, "a\(accent)")
    .onAppear {
      actions.named["accent"] = { accent = $0 }
      actions.named["nested"] = { nested = $0 }
    }
  }
}

private struct AccentUnreadKeys: View {
  let seen: SeenValues
  let actions: ViewActions
  @State var accent = 0

  var body: some View {
    VStack {
      SeesWholeEnvironment(seen: seen)
      SeesDerivedAccent(seen: seen)
    }
    .environment(\.accentLabel, "a\(accent)")
    .onAppear { actions.named["accent"] = { accent = $0 } }
  }
}

private struct LocaleAndScheme: View {
  let seen: SeenValues
  let actions: ViewActions
  @State var french = false
  @State var dark = false
  @State var preferDark = false

  var body: some View {
    VStack {
      SeesLocale(seen: seen)
        .environment(\.locale, Locale(identifier: french ? "fr_FR" : "en_US"))
      SeesColorScheme(seen: seen).environment(\.colorScheme, dark ? .dark : .light)
      SeesColorScheme(seen: seen).preferredColorScheme(preferDark ? .dark : .light)
        .environment(\.accentLabel, "preferred")
    }
    .onAppear {
      actions.named["french"] = { french = $0 != 0 }
      actions.named["dark"] = { dark = $0 != 0 }
      actions.named["preferDark"] = { preferDark = $0 != 0 }
    }
  }
}

private struct PreferredSchemeOnly: View {
  let seen: SeenValues
  let actions: ViewActions
  @State var preferDark = false

  var body: some View {
    VStack { SeesColorScheme(seen: seen) }
      .preferredColorScheme(preferDark ? .dark : .light)
      .onAppear { actions.named["preferDark"] = { preferDark = $0 != 0 } }
  }
}

private struct DisabledRows: View {
  let seen: SeenValues
  let actions: ViewActions
  @State var disabled = false
  @State var innerDisabled = false

  var body: some View {
    VStack {
      List(0..<2, id: \.self) { i in SeesEnabled(name: "list\(i)", seen: seen) }
        .frame(height: 200)
      ForEach(0..<2, id: \.self) { i in SeesEnabled(name: "row\(i)", seen: seen) }
      SeesEnabled(name: "inner", seen: seen).disabled(innerDisabled)
    }
    .disabled(disabled)
    .onAppear {
      actions.named["disabled"] = { disabled = $0 != 0 }
      actions.named["innerDisabled"] = { innerDisabled = $0 != 0 }
    }
  }
}

@Observable
@MainActor
private final class Shelf {
  var name: String
  init(_ name: String) { self.name = name }
}

private final class Theme: ObservableObject {
  @Published var name: String
  init(_ name: String) { self.name = name }
}

private struct SeesShelf: View {
  let seen: SeenValues
  @Environment(Shelf.self) var shelf

  var body: some View {
    let _ = seen.see("shelf", shelf.name)
    Text("shelf:\(shelf.name)")
  }
}

private struct SeesTheme: View {
  let seen: SeenValues
  @EnvironmentObject var theme: Theme

  var body: some View {
    let _ = seen.see("theme", theme.name)
    Text("theme:\(theme.name)")
  }
}

private struct SwappedObjects: View {
  let seen: SeenValues
  let actions: ViewActions
  let shelves: [Shelf]
  let themes: [Theme]
  @State var shelf = 0
  @State var theme = 0

  var body: some View {
    VStack {
      SeesShelf(seen: seen)
      ForEach(0..<1, id: \.self) { _ in SeesTheme(seen: seen) }
    }
    .environment(shelves[shelf])
    .environmentObject(themes[theme])
    .onAppear {
      actions.named["shelf"] = { shelf = $0 }
      actions.named["theme"] = { theme = $0 }
    }
  }
}

private struct AccentInSheet: View {
  let seen: SeenValues
  let actions: ViewActions
  @State var accent = 0
  @State var presented = false

  var body: some View {
    VStack {
      Text("presenter")
        .sheet(isPresented: $presented) { SeesAccent(name: "sheet", seen: seen) }
    }
    .environment(\.accentLabel, "a\(accent)")
    .onAppear {
      actions.named["accent"] = { accent = $0 }
      actions.named["presented"] = { presented = $0 != 0 }
    }
  }
}

extension EnvironmentDependencyTests {
  func testAKeysReadersFollowItInRowsModifiersLazyStacksListsAndBelowAnOverride() {
    MainActor.assumeIsolated {
      let seen = SeenValues()
      let (_, _, actions) = shown { AccentEverywhere(seen: seen, actions: $1) }
      let names = ["plain", "row0", "row1", "modifier", "lazy0", "lazy1", "list0", "list1"]
      for name in names { XCTAssertEqual(seen[name], "a0", name) }
      XCTAssertEqual(seen["overridden"], "fixed0")
      actions("accent", 1)
      MainLoop.drain()
      for name in names { XCTAssertEqual(seen[name], "a1", name) }
      XCTAssertEqual(seen["overridden"], "fixed0", "the nearer modifier's value")
      actions("nested", 2)
      MainLoop.drain()
      XCTAssertEqual(seen["overridden"], "fixed2")
      XCTAssertEqual(seen["plain"], "a1")
    }
  }

  func testReadersOfTheWholeEnvironmentOrADerivedValueFollowTheKeyTheyRead() {
    MainActor.assumeIsolated {
      let seen = SeenValues()
      let (_, _, actions) = shown { AccentUnreadKeys(seen: seen, actions: $1) }
      XCTAssertEqual(seen["whole"], "a0")
      XCTAssertEqual(seen["derived"], "A0")
      actions("accent", 1)
      MainLoop.drain()
      XCTAssertEqual(seen["whole"], "a1", "@Environment(\\.self) reads every key")
      XCTAssertEqual(seen["derived"], "A1", "a value computed from the key that changed")
    }
  }

  func testLocaleAndColorSchemeSetBelowFollowTheirModifiers() {
    MainActor.assumeIsolated {
      let seen = SeenValues()
      let (_, _, actions) = shown { LocaleAndScheme(seen: seen, actions: $1) }
      XCTAssertEqual(seen["locale"], "en_US")
      actions("french", 1)
      MainLoop.drain()
      XCTAssertEqual(seen["locale"], "fr_FR")
      actions("dark", 1)
      MainLoop.drain()
      XCTAssertEqual(seen["scheme"], "dark")
    }
  }

  func testPreferredColorSchemeIsWhatTheViewsBelowRead() {
    MainActor.assumeIsolated {
      let seen = SeenValues()
      let (_, _, actions) = shown { PreferredSchemeOnly(seen: seen, actions: $1) }
      XCTAssertEqual(seen["scheme"], "light")
      actions("preferDark", 1)
      MainLoop.drain()
      XCTAssertEqual(seen["scheme"], "dark")
      actions("preferDark", 0)
      MainLoop.drain()
      XCTAssertEqual(seen["scheme"], "light")
    }
  }

  func testIsEnabledFollowsDisabledInListRowsForEachRowsAndNestedModifiers() {
    MainActor.assumeIsolated {
      let seen = SeenValues()
      let (_, _, actions) = shown { DisabledRows(seen: seen, actions: $1) }
      let names = ["list0", "list1", "row0", "row1", "inner"]
      for name in names { XCTAssertEqual(seen[name], "true", name) }
      actions("disabled", 1)
      MainLoop.drain()
      for name in names { XCTAssertEqual(seen[name], "false", name) }
      actions("disabled", 0)
      actions("innerDisabled", 1)
      MainLoop.drain()
      for name in names.dropLast() { XCTAssertEqual(seen[name], "true", name) }
      XCTAssertEqual(seen["inner"], "false")
    }
  }

  func testSwappedEnvironmentObjectsAreReadAndTheNewOnesChangesFollowed() {
    MainActor.assumeIsolated {
      let seen = SeenValues()
      let shelves = [Shelf("s0"), Shelf("s1")]
      let themes = [Theme("t0"), Theme("t1")]
      let (_, _, actions) = shown {
        SwappedObjects(seen: seen, actions: $1, shelves: shelves, themes: themes)
      }
      XCTAssertEqual(seen["shelf"], "s0")
      XCTAssertEqual(seen["theme"], "t0")
      actions("shelf", 1)
      actions("theme", 1)
      MainLoop.drain()
      XCTAssertEqual(seen["shelf"], "s1")
      XCTAssertEqual(seen["theme"], "t1")
      shelves[1].name = "s1'"
      themes[1].name = "t1'"
      MainLoop.drain()
      XCTAssertEqual(seen["shelf"], "s1'")
      XCTAssertEqual(seen["theme"], "t1'")
      shelves[0].name = "old"
      themes[0].name = "old"
      MainLoop.drain()
      XCTAssertEqual(seen["shelf"], "s1'", "the replaced object is no longer read")
      XCTAssertEqual(seen["theme"], "t1'")
    }
  }

  func testASheetReadsTheEnvironmentOfItsPresenterAsItChanges() {
    MainActor.assumeIsolated {
      let seen = SeenValues()
      let (_, _, actions) = shown { AccentInSheet(seen: seen, actions: $1) }
      actions("presented", 1)
      XCTAssertTrue(MainLoop.run(timeout: 5) { seen["sheet"] != nil })
      XCTAssertEqual(seen["sheet"], "a0")
      actions("accent", 3)
      MainLoop.drain()
      XCTAssertEqual(seen["sheet"], "a3")
      actions("presented", 0)
      MainLoop.drain()
    }
  }

  func testLineLimitAndAPathIntoALocaleFollowTheirModifiers() {
    MainActor.assumeIsolated {
      let seen = SeenValues()
      let (_, _, actions) = shown { LineLimitAndLocale(seen: seen, actions: $1) }
      XCTAssertEqual(seen["lineLimit"], "1")
      XCTAssertEqual(seen["localeIdentifier"], "en_US")
      actions("lines", 3)
      MainLoop.drain()
      XCTAssertEqual(seen["lineLimit"], "3", "`.lineLimit` tells its readers")
      actions("french", 1)
      MainLoop.drain()
      XCTAssertEqual(seen["localeIdentifier"], "fr_FR", "@Environment(\\.locale.identifier)")
    }
  }
}
