import CGtk
import Observation
import XCTest

@testable import GtkBridge

/// What the dependency tracker holds, counted after a cycle of a probe: the readers of the
/// probed root `@State`s, the collections observed and their element subscriptions, the
/// environment subscriptions, and the readers and nodes alive.
private struct TrackerCounts: Equatable, CustomStringConvertible {
  var stateReaders: [Int]
  var observers: Int
  var elementSubscriptions: Int
  var environment: Int
  var readers = LiveObjects.dependencyReaders.load(ordering: .relaxed)
  var nodes = LiveObjects.viewNodes.load(ordering: .relaxed)
  var participants = LiveObjects.focusParticipants.load(ordering: .relaxed)
  var handles = LiveObjects.observationHandles.load(ordering: .relaxed)

  @MainActor
  init(_ states: [StateStorage]) {
    stateReaders = states.map(\.readerCount)
    observers = CollectionObserver.activeCount
    elementSubscriptions = CollectionObserver.subscriptionCount
    environment = EnvironmentDependents.activeCount
  }

  var description: String {
    "state readers \(stateReaders), observers \(observers), element subscriptions "
      + "\(elementSubscriptions), environment \(environment), readers \(readers), "
      + "nodes \(nodes), focus participants \(participants), observation handles \(handles)"
  }
}

private struct LifetimeItem: Identifiable, Hashable {
  let id: Int
  var name: String
}

@MainActor
@Observable
private final class LifetimeModel {
  var title = "t0"
  var rows = (0..<3).map { LifetimeItem(id: $0, name: "row \($0)") }
}

private struct LifetimeLabelKey: EnvironmentKey {
  static let defaultValue = ""
}

extension EnvironmentValues {
  fileprivate var lifetimeLabel: String {
    get { self[LifetimeLabelKey.self] }
    set { self[LifetimeLabelKey.self] = newValue }
  }
}

/// What a probe's root view hands the test: its `@State` boxes, to count their readers, and
/// bindings to them, to write as the app's actions would.
@MainActor
private final class TrackerProbe {
  var boxes: [String: StateStorage] = [:]
  var items: Binding<[LifetimeItem]>!
  var text: Binding<String>!
  var flag: Binding<Bool>!
  var other: Binding<Bool>!
  var number: Binding<Int>!
  var path: Binding<[Int]>!
  var focus: FocusState<Int?>.Binding!
  var groups: Binding<[LifetimeGroup]>!
  var model: Binding<LifetimeModel>!

  func keep(_ name: String, _ box: StateStorage) {
    boxes[name] = box
  }

  /// Changes the text, keeping it short: a label that grew with the cycles would outgrow
  /// the window (GTK 4.18 warns when it measures it).
  func touchText(_ suffix: String) {
    text.wrappedValue = text.wrappedValue.count > 6 ? suffix : text.wrappedValue + suffix
  }

  var states: [StateStorage] { boxes.keys.sorted().map { boxes[$0]! } }
}

/// What the subtrees that come and go read: the root's `@State` through a binding and in a
/// `Text`, an `@Observable` model (a property, and its rows through element bindings), an
/// `@Environment` key, and a `@State` of their own.
private struct ReadingEverything: View {
  @Binding var text: String
  @Bindable var model: LifetimeModel
  @Environment(\.lifetimeLabel) var label
  @State var local = 0

  var body: some View {
    VStack {
      Text("\(label) \(text) \(model.title) \(local)")
      TextField("Text", text: $text)
      ForEach($model.rows) { $row in TextField("Row", text: $row.name) }
    }
  }
}

private struct LifetimeGroup: Identifiable, Hashable {
  let id: Int
  var name: String
  var items: [LifetimeItem]
}

private struct NestedGroups: View {
  let probe: TrackerProbe
  @State var groups = (0..<3).map { group in
    LifetimeGroup(
      id: group, name: "group \(group)",
      items: (0..<2).map { LifetimeItem(id: $0, name: "item \(group).\($0)") })
  }

  var body: some View {
    let _ = probe.keep("groups", _groups.link.box)
    let _ = probe.groups = $groups
    VStack {
      ForEach($groups) { $group in
        TextField("Group", text: $group.name)
        ForEach($group.items) { $item in TextField("Item", text: $item.name) }
      }
    }
  }
}

/// A model in `@State` that the app replaces: the old one's collection is observed no more.
private struct ReplacedModel: View {
  let probe: TrackerProbe
  @State var model = LifetimeModel()

  var body: some View {
    let _ = probe.keep("model", _model.link.box)
    let _ = probe.model = $model
    VStack {
      ModelRows(model: model)
    }
  }
}

private struct ModelRows: View {
  @Bindable var model: LifetimeModel

  var body: some View {
    Text(model.title)
    ForEach($model.rows) { $row in TextField("Row", text: $row.name) }
  }
}

/// Views made anew by an `.id` that changes, by `AnyView`s of changing types, and by a
/// disclosure group that expands and collapses.
private struct Remade: View {
  let probe: TrackerProbe
  let model: LifetimeModel
  @State var number = 0
  @State var expanded = true
  @State var text = "a"

  var body: some View {
    let _ = probe.keep("text", _text.link.box)
    let _ = (probe.number = $number, probe.flag = $expanded, probe.text = $text)
    VStack {
      ReadingEverything(text: $text, model: model).id(number)
      number.isMultiple(of: 2)
        ? AnyView(Text("even \(text)")) : AnyView(TextField("Odd", text: $text))
      DisclosureGroup(isExpanded: $expanded) {
        ReadingEverything(text: $text, model: model)
      } label: {
        Text("More")
      }
    }
    .environment(\.lifetimeLabel, "L")
  }
}

/// An alert with a field bound to the root's state, and a branch reading a model from the
/// environment (`.environment(model)`).
private struct AlertAndEnvironmentModel: View {
  let probe: TrackerProbe
  let model: LifetimeModel
  @State var alert = false
  @State var shown = true
  @State var text = "a"

  var body: some View {
    let _ = probe.keep("text", _text.link.box)
    let _ = (probe.flag = $alert, probe.other = $shown, probe.text = $text)
    VStack {
      if shown { ReadsEnvironmentModel() }
      Button("Ask") {}
        .alert("Name", isPresented: $alert) {
          TextField("Name", text: $text)
          Button("OK") {}
        }
    }
    .environment(model)
  }
}

private struct ReadsEnvironmentModel: View {
  @Environment(LifetimeModel.self) var model

  var body: some View {
    Text(model.title)
  }
}

/// Rows each with a focus state of their own, and a view with one that an `.id` remakes.
private struct RowsWithFocusStates: View {
  let probe: TrackerProbe
  @State var items = (0..<3).map { LifetimeItem(id: $0, name: "item \($0)") }
  @State var number = 0

  var body: some View {
    let _ = probe.keep("items", _items.link.box)
    let _ = (probe.items = $items, probe.number = $number)
    VStack {
      ForEach($items) { $item in RowWithFocusState(item: $item) }
      RowWithFocusState(item: $items[0]).id(number)
    }
  }
}

private struct RowWithFocusState: View {
  @Binding var item: LifetimeItem
  @FocusState var focused: Bool

  var body: some View {
    TextField("Name", text: $item.name).focused($focused)
  }
}

// MARK: - The probes' root views

private struct EditableRows: View {
  let probe: TrackerProbe
  @State var items = (0..<4).map { LifetimeItem(id: $0, name: "item \($0)") }

  var body: some View {
    let _ = probe.keep("items", _items.link.box)
    let _ = probe.items = $items
    VStack {
      ForEach($items) { $item in TextField("Name", text: $item.name) }
    }
  }
}

private struct ToggledBranch: View {
  let probe: TrackerProbe
  let model: LifetimeModel
  @State var shown = true
  @State var text = "a"

  var body: some View {
    let _ = probe.keep("shown", _shown.link.box)
    let _ = probe.keep("text", _text.link.box)
    let _ = (probe.flag = $shown, probe.text = $text)
    VStack {
      if shown {
        ReadingEverything(text: $text, model: model)
        Text(text)
      }
    }
    .environment(\.lifetimeLabel, "L")
  }
}

private struct Presenting: View {
  let probe: TrackerProbe
  let model: LifetimeModel
  @State var sheet = false
  @State var popover = false
  @State var text = "a"

  var body: some View {
    let _ = probe.keep("text", _text.link.box)
    let _ = (probe.flag = $sheet, probe.other = $popover, probe.text = $text)
    VStack {
      Button("Sheet") {}
        .sheet(isPresented: $sheet) { ReadingEverything(text: $text, model: model) }
      Button("Popover") {}
        .popover(isPresented: $popover) { ReadingEverything(text: $text, model: model) }
    }
    .environment(\.lifetimeLabel, "L")
  }
}

private struct Navigating: View {
  let probe: TrackerProbe
  let model: LifetimeModel
  @State var path: [Int] = []
  @State var text = "a"

  var body: some View {
    let _ = probe.keep("text", _text.link.box)
    let _ = (probe.path = $path, probe.text = $text)
    NavigationStack(path: $path) {
      VStack { Text(text) }
        .navigationDestination(for: Int.self) { page in
          VStack {
            Text("page \(page)")
            ReadingEverything(text: $text, model: model)
          }
        }
    }
    .environment(\.lifetimeLabel, "L")
  }
}

/// Rows that also read a model nobody writes: each row scrolled away must take its
/// registration in the model with it.
private struct LongBoundList: View {
  let probe: TrackerProbe
  let model: LifetimeModel
  @State var items = (0..<2_000).map { LifetimeItem(id: $0, name: "item \($0)") }

  var body: some View {
    let _ = probe.keep("items", _items.link.box)
    let _ = probe.items = $items
    List {
      ForEach(items.indices, id: \.self) { index in
        HStack {
          Text(model.title)
          TextField("Name", text: $items[index].name)
        }
      }
    }
  }
}

private struct Tabs: View {
  let probe: TrackerProbe
  let model: LifetimeModel
  @State var tab = 0
  @State var text = "a"

  var body: some View {
    let _ = probe.keep("text", _text.link.box)
    let _ = (probe.number = $tab, probe.text = $text)
    TabView(selection: $tab) {
      ReadingEverything(text: $text, model: model).tabItem { Text("One") }.tag(0)
      VStack { Text("two \(text)") }.tabItem { Text("Two") }.tag(1)
      ReadingEverything(text: $text, model: model).tabItem { Text("Three") }.tag(2)
    }
    .environment(\.lifetimeLabel, "L")
  }
}

private struct FocusedRows: View {
  let probe: TrackerProbe
  @State var items = (0..<3).map { LifetimeItem(id: $0, name: "item \($0)") }
  @FocusState var focus: Int?

  var body: some View {
    let _ = probe.keep("items", _items.link.box)
    let _ = probe.keep("focus", _focus.link.box)
    let _ = (probe.items = $items, probe.focus = $focus)
    VStack {
      ForEach($items) { $item in
        TextField("Name", text: $item.name).focused($focus, equals: item.id)
      }
    }
  }
}

/// Shapes apps repeat for as long as they run (rows edited, a branch toggled, a sheet opened,
/// a page pushed, a list scrolled, a window opened, tabs switched, focused rows removed): what
/// the dependency tracker holds must not grow with the cycles.
final class ReaderLifetimeTests: GtkTestCase, @unchecked Sendable {
  private var cycles: Int {
    Int(ProcessEnvironment.value("GTKBRIDGE_LIFETIME_CYCLES") ?? "") ?? 30
  }

  /// Runs `cycle` `cycles` times; the counts after the last cycle are those after the
  /// second (the first two may make what lasts: a collection's observer, a cache).
  @MainActor
  private func assertNothingGrows(
    _ label: String, _ probe: TrackerProbe, cycles: Int? = nil, _ cycle: (Int) -> Void,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let cycles = max(cycles ?? self.cycles, 4)
    cycle(0)
    cycle(1)
    MainLoop.drain()
    let first = TrackerCounts(probe.states)
    for index in 2..<cycles { cycle(index) }
    MainLoop.drain()
    let last = TrackerCounts(probe.states)
    print("reader lifetimes, \(label): after cycle 2: \(first); after cycle \(cycles): \(last)")
    XCTAssertEqual(
      last, first, "\(label): the tracker holds more with every cycle", file: file, line: line)
  }

  func testRowsAppendedRemovedAndReorderedLeaveNoReaders() {
    MainActor.assumeIsolated {
      let probe = TrackerProbe()
      let host = host { EditableRows(probe: probe) }
      show(host)
      var next = 100
      assertNothingGrows("ForEach($items) rows", probe) { _ in
        probe.items.wrappedValue.append(LifetimeItem(id: next, name: "item \(next)"))
        next += 1
        MainLoop.drain()
        host.textFieldEntries.last!.simulateTyping("x")
        MainLoop.drain()
        probe.items.wrappedValue.reverse()
        MainLoop.drain()
        probe.items.wrappedValue.swapAt(0, 1)
        MainLoop.drain()
        probe.items.wrappedValue.removeFirst()
        MainLoop.drain()
      }
      XCTAssertEqual(host.textFieldEntries.count, 4)
    }
  }

  func testABranchToggledLeavesNoReaders() {
    MainActor.assumeIsolated {
      let probe = TrackerProbe()
      let model = LifetimeModel()
      let host = host { ToggledBranch(probe: probe, model: model) }
      show(host)
      assertNothingGrows("if branch", probe) { cycle in
        probe.flag.wrappedValue = false
        MainLoop.drain()
        probe.touchText("b")
        model.title = "t\(cycle)"
        model.rows[0].name = "row \(cycle)"
        MainLoop.drain()
        probe.flag.wrappedValue = true
        MainLoop.drain()
        host.textFieldEntries[0].simulateTyping("d")
        MainLoop.drain()
      }
    }
  }

  /// The model the branch reads is not written meanwhile: each reader that read it once
  /// and left must not leave its registration in the model.
  func testABranchReadingAModelNobodyWritesToggledLeavesNoReaders() {
    MainActor.assumeIsolated {
      let probe = TrackerProbe()
      let model = LifetimeModel()
      let host = host { ToggledBranch(probe: probe, model: model) }
      show(host)
      assertNothingGrows("if branch, model unwritten", probe) { _ in
        probe.flag.wrappedValue = false
        MainLoop.drain()
        probe.flag.wrappedValue = true
        MainLoop.drain()
      }
    }
  }

  func testSheetsAndPopoversOpenedAndClosedLeaveNoReaders() {
    MainActor.assumeIsolated {
      let probe = TrackerProbe()
      let model = LifetimeModel()
      let host = host { Presenting(probe: probe, model: model) }
      show(host)
      assertNothingGrows("sheet and popover", probe) { cycle in
        probe.flag.wrappedValue = true
        XCTAssertTrue(MainLoop.run(timeout: 5) { presentedWindows(over: host.window).count == 1 })
        probe.touchText("b")
        model.title = "t\(cycle)"
        MainLoop.drain()
        probe.flag.wrappedValue = false
        XCTAssertTrue(MainLoop.run(timeout: 5) { presentedWindows(over: host.window).isEmpty })
        probe.other.wrappedValue = true
        MainLoop.drain()
        probe.touchText("c")
        MainLoop.drain()
        probe.other.wrappedValue = false
        MainLoop.drain()
      }
    }
  }

  func testPagesPushedAndPoppedLeaveNoReaders() {
    MainActor.assumeIsolated {
      let probe = TrackerProbe()
      let model = LifetimeModel()
      let host = host { Navigating(probe: probe, model: model) }
      show(host)
      assertNothingGrows("NavigationStack pages", probe) { cycle in
        probe.path.wrappedValue.append(cycle)
        MainLoop.drain()
        probe.path.wrappedValue.append(cycle + 1)
        MainLoop.drain()
        probe.touchText("b")
        model.title = "t\(cycle)"
        MainLoop.drain()
        probe.path.wrappedValue.removeLast()
        MainLoop.drain()
        XCTAssertTrue(host.graph.chrome!.goBack())
        MainLoop.drain()
      }
    }
  }

  func testAScrolledListOfBoundRowsLeavesNoReaders() {
    MainActor.assumeIsolated {
      let probe = TrackerProbe()
      let model = LifetimeModel()
      let host = host { LongBoundList(probe: probe, model: model) }
      show(host)
      let list = listWidget(in: host.window.pointer)!
      assertNothingGrows("lazy List of $items[i]", probe, cycles: max(cycles / 3, 10)) { cycle in
        scrollList(list, to: 1e9)
        probe.items.wrappedValue[1_999].name += "x"
        MainLoop.drain()
        scrollList(list, to: Double(cycle % 5) * 3_000)
        scrollList(list, to: 0)
      }
    }
  }

  func testASecondWindowOpenedAndClosedLeavesNoReaders() {
    MainActor.assumeIsolated {
      let probe = TrackerProbe()
      let host = host { EditableRows(probe: probe) }
      show(host)
      assertNothingGrows("a second window", probe) { cycle in
        let items = probe.items!
        let second = try! HostingWindow(title: "second \(cycle)") {
          VStack {
            Text(items.wrappedValue.first?.name ?? "")
            ForEach(items) { $item in TextField("Name", text: $item.name) }
          }
        }
        second.present()
        MainLoop.drain()
        second.textFieldEntries[0].simulateTyping("y")
        MainLoop.drain()
        items.wrappedValue[0].name = "item"
        MainLoop.drain()
        second.close()
        MainLoop.drain()
      }
    }
  }

  func testTabsSwitchedLeaveNoReaders() {
    MainActor.assumeIsolated {
      let probe = TrackerProbe()
      let model = LifetimeModel()
      let host = host { Tabs(probe: probe, model: model) }
      show(host)
      assertNothingGrows("TabView tabs", probe) { cycle in
        for tab in [1, 2, 0] {
          probe.number.wrappedValue = tab
          MainLoop.drain()
          probe.touchText("b")
          model.title = "t\(cycle)"
          MainLoop.drain()
        }
      }
    }
  }

  func testFocusedRowsRemovedLeaveNoReaders() {
    MainActor.assumeIsolated {
      let probe = TrackerProbe()
      let host = host { FocusedRows(probe: probe) }
      show(host)
      var next = 100
      assertNothingGrows("focused rows removed", probe) { _ in
        probe.items.wrappedValue.append(LifetimeItem(id: next, name: "item \(next)"))
        MainLoop.drain()
        probe.focus.wrappedValue = next
        MainLoop.drain()
        host.textFieldEntries.last!.simulateTyping("z")
        MainLoop.drain()
        probe.items.wrappedValue.removeLast()
        MainLoop.drain()
        probe.focus.wrappedValue = 0
        MainLoop.drain()
        next += 1
      }
    }
  }

  func testNestedRowsOfGroupsAddedAndRemovedLeaveNoReaders() {
    MainActor.assumeIsolated {
      let probe = TrackerProbe()
      let host = host { NestedGroups(probe: probe) }
      show(host)
      var next = 100
      assertNothingGrows("ForEach($group.items) in ForEach($groups)", probe) { _ in
        probe.groups.wrappedValue.append(
          LifetimeGroup(
            id: next, name: "group \(next)",
            items: [LifetimeItem(id: 0, name: "a"), LifetimeItem(id: 1, name: "b")]))
        next += 1
        MainLoop.drain()
        host.textFieldEntries.last!.simulateTyping("x")
        MainLoop.drain()
        probe.groups.wrappedValue[0].items.reverse()
        MainLoop.drain()
        probe.groups.wrappedValue.removeFirst()
        MainLoop.drain()
      }
    }
  }

  func testAModelReplacedInStateLeavesNoReaders() {
    MainActor.assumeIsolated {
      let probe = TrackerProbe()
      let host = host { ReplacedModel(probe: probe) }
      show(host)
      assertNothingGrows("@State model replaced", probe) { cycle in
        probe.model.wrappedValue = LifetimeModel()
        MainLoop.drain()
        host.textFieldEntries[0].simulateTyping("x")
        MainLoop.drain()
      }
    }
  }

  func testViewsRemadeByIDAnyViewAndDisclosureLeaveNoReaders() {
    MainActor.assumeIsolated {
      let probe = TrackerProbe()
      let model = LifetimeModel()
      let host = host { Remade(probe: probe, model: model) }
      show(host)
      assertNothingGrows(".id, AnyView, DisclosureGroup", probe) { _ in
        probe.number.wrappedValue += 1
        MainLoop.drain()
        probe.flag.wrappedValue.toggle()
        MainLoop.drain()
        probe.touchText("b")
        MainLoop.drain()
      }
    }
  }

  func testAlertsAndEnvironmentModelsLeaveNoReaders() {
    MainActor.assumeIsolated {
      let probe = TrackerProbe()
      let model = LifetimeModel()
      let host = host { AlertAndEnvironmentModel(probe: probe, model: model) }
      show(host)
      assertNothingGrows("alert with a field, @Environment(Model.self)", probe) { _ in
        probe.flag.wrappedValue = true
        XCTAssertTrue(MainLoop.run(timeout: 5) { presentedWindows(over: host.window).count == 1 })
        probe.touchText("b")
        MainLoop.drain()
        probe.flag.wrappedValue = false
        XCTAssertTrue(MainLoop.run(timeout: 5) { presentedWindows(over: host.window).isEmpty })
        probe.other.wrappedValue.toggle()
        MainLoop.drain()
      }
    }
  }

  /// Each view with a focus state of its own has a focus group in the window, watching the
  /// state: it goes with the view, not with the window.
  func testRowsAndViewsWithTheirOwnFocusStateLeaveNoReaders() {
    MainActor.assumeIsolated {
      let probe = TrackerProbe()
      let host = host { RowsWithFocusStates(probe: probe) }
      show(host)
      var next = 100
      let groups = host.graph.focusGroups.count
      let watchers = FocusCoordinator.coordinator(of: host.textFieldEntries[0])!.onActivate.count
      assertNothingGrows("rows with their own @FocusState, .id", probe) { _ in
        probe.items.wrappedValue.append(LifetimeItem(id: next, name: "item \(next)"))
        next += 1
        MainLoop.drain()
        host.textFieldEntries[3].grabFocus()
        MainLoop.drain()
        probe.items.wrappedValue.remove(at: 3)
        probe.number.wrappedValue += 1
        MainLoop.drain()
        host.textFieldEntries.last!.grabFocus()
        MainLoop.drain()
      }
      XCTAssertEqual(
        host.graph.focusGroups.count, groups, "the window keeps the groups of views gone")
      let coordinator = FocusCoordinator.coordinator(of: host.textFieldEntries[0])!
      XCTAssertLessThanOrEqual(coordinator.onActivate.count, watchers + 1)
    }
  }

  /// An app that keeps the handle of a window it closed (`MainLoop.run { host.isClosed }`)
  /// keeps no reader of the window's states: the focus state's group and its watch went with
  /// the window.
  func testAClosedWindowWhoseHandleIsKeptHoldsNoReaders() {
    MainActor.assumeIsolated {
      let readers = LiveObjects.dependencyReaders.load(ordering: .relaxed)
      let probe = TrackerProbe()
      let host = host { FocusedRows(probe: probe) }
      show(host)
      probe.focus.wrappedValue = 1
      MainLoop.drain()
      XCTAssertGreaterThan(probe.boxes["focus"]!.readerCount, 0, "the focus group watches it")
      host.close()
      MainLoop.drain()
      XCTAssertEqual(probe.boxes["focus"]!.readerCount, 0, "a reader of the closed window's state")
      XCTAssertEqual(probe.boxes["items"]!.readerCount, 0)
      XCTAssertEqual(LiveObjects.dependencyReaders.load(ordering: .relaxed), readers)
    }
  }
}

/// The windows presented over `window` (sheets) that are shown.
@MainActor
private func presentedWindows(over window: Window) -> [UnsafeMutablePointer<GtkWindow>] {
  let list = gtk_window_get_toplevels()
  var found: [UnsafeMutablePointer<GtkWindow>] = []
  for index in 0..<g_list_model_get_n_items(list) {
    guard let item = g_list_model_get_item(list, index) else { continue }
    g_object_unref(item)
    let candidate = item.assumingMemoryBound(to: GtkWindow.self)
    if gtk_window_get_transient_for(candidate) == window.window,
      gtk_widget_get_visible(
        UnsafeMutableRawPointer(candidate).assumingMemoryBound(to: GtkWidget.self))
        != 0
    {
      found.append(candidate)
    }
  }
  return found
}

/// Scrolls the scrolled window around `list` to `value` and lets GTK lay the rows out.
@MainActor
private func scrollList(_ list: UnsafeMutablePointer<GtkWidget>, to value: Double) {
  let window = gtk_widget_get_ancestor(list, gtk_scrolled_window_get_type())!
  let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(window))!
  gtk_adjustment_set_value(adjustment, min(value, gtk_adjustment_get_upper(adjustment)))
  MainLoop.run(timeout: 0.2) { false }
}
