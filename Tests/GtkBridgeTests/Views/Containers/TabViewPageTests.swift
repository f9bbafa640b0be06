import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

@MainActor
@Observable
private final class ReviewModel {
  var tabs = ["One", "Two"]
  var tab = "One"
  var texts: [String: String] = [:]
}

private struct Page: View {
  let name: String
  @State var count = 0
  @State var text = ""
  @FocusState var focused: Bool

  var body: some View {
    VStack {
      TextField(name, text: $text).focused($focused)
      Text("\(name) \(focused ? "in" : "out")")
      Button("\(name) \(count)") { count += 1 }
    }
  }
}

private struct GrowingTabs: View {
  @Bindable var model: ReviewModel

  var body: some View {
    TabView(selection: $model.tab) {
      ForEach(model.tabs, id: \.self) { name in
        Page(name: name).tabItem { Text(name) }.tag(name)
      }
    }
  }
}

private struct SharedField: View {
  @FocusState var focused: Bool
  @State var text = ""

  var body: some View {
    HStack {
      TextField("Shared", text: $text).focused($focused)
      Text(focused ? "in" : "out")
    }
  }
}

private struct TwoShared: View {
  let field = SharedField()
  var body: some View {
    VStack {
      field
      field
    }
  }
}

/// `TabView` pages added, inserted, removed, refused, disabled and nested; state and focus
/// per page.
final class TabViewPageTests: GtkTestCase, @unchecked Sendable {
  @MainActor private func stack(in window: Window) throws -> UnsafeMutablePointer<GtkWidget> {
    try XCTUnwrap(
      descendants(window.pointer).first { isA(UnsafeMutableRawPointer($0), gtk_stack_get_type()) }
    )
  }

  @MainActor private func tabButtons(_ window: Window) -> [UnsafeMutablePointer<GtkWidget>] {
    descendants(window.pointer).filter {
      isA(UnsafeMutableRawPointer($0), gtk_toggle_button_get_type())
        && gtk_widget_get_ancestor($0, gtk_stack_switcher_get_type()) != nil
    }
  }

  @MainActor private func shownTitle(_ stack: UnsafeMutablePointer<GtkWidget>) -> String? {
    gtk_stack_get_visible_child(OpaquePointer(stack)).flatMap {
      gtk_stack_page_get_title(gtk_stack_get_page(OpaquePointer(stack), $0))
    }.map { String(cString: $0) }
  }

  func testAddingATabKeepsFocusInTheShownTabsField() throws {
    try MainActor.assumeIsolated {
      let model = ReviewModel()
      let ui = show(host { GrowingTabs(model: model) })
      let one = try ui.find(TextField.self, title: "One")
      XCTAssertTrue(one.isFocused, "launch focus")
      one.type("abc")
      model.tabs.append("Three")
      MainLoop.drain()
      let stack = try stack(in: ui.window)
      XCTAssertEqual(tabButtons(ui.window).count, 3)
      XCTAssertEqual(shownTitle(stack), "One")
      XCTAssertTrue(try ui.find(TextField.self, title: "One").isFocused, "focus stays")
      XCTAssertEqual(try ui.find(TextField.self, title: "One").text, "abc")
    }
  }

  func testInsertingATabBeforeTheShownOneKeepsItsFocusAndFocusState() throws {
    try MainActor.assumeIsolated {
      let model = ReviewModel()
      model.tab = "Two"
      let ui = show(host { GrowingTabs(model: model) })
      let two = try ui.find(TextField.self, title: "Two")
      XCTAssertTrue(two.isFocused, "launch focus")
      XCTAssertNoThrow(try ui.find(Text.self, title: "Two in"))
      model.tabs.insert("Zero", at: 0)
      MainLoop.drain()
      let stack = try stack(in: ui.window)
      XCTAssertEqual(shownTitle(stack), "Two")
      XCTAssertTrue(try ui.find(TextField.self, title: "Two").isFocused, "focus stays")
      XCTAssertNoThrow(try ui.find(Text.self, title: "Two in"))
      var start: Int32 = 0
      var end: Int32 = 0
      _ = gtk_editable_get_selection_bounds(OpaquePointer(two.widget.pointer), &start, &end)
      XCTAssertEqual(start, end, "nothing selected")
    }
  }

  func testEachPageOfOneViewTypeKeepsItsStateAcrossSwitches() throws {
    try MainActor.assumeIsolated {
      let model = ReviewModel()
      let ui = show(host { GrowingTabs(model: model) })
      try ui.find(Button<Text>.self, title: "One 0").tap()
      try ui.find(Button<Text>.self, title: "One 1").tap()
      model.tab = "Two"
      MainLoop.drain()
      try ui.find(Button<Text>.self, title: "Two 0").tap()
      cgtk_emit(tabButtons(ui.window)[0], "clicked")
      MainLoop.drain()
      XCTAssertEqual(model.tab, "One")
      XCTAssertNoThrow(try ui.find(Button<Text>.self, title: "One 2"))
      XCTAssertNoThrow(try ui.find(Button<Text>.self, title: "Two 1"))
    }
  }

  func testRemovingTheShownTabAndASelectionNoPageHas() throws {
    try MainActor.assumeIsolated {
      let model = ReviewModel()
      model.tabs = ["One", "Two", "Three"]
      model.tab = "Two"
      let ui = show(host { GrowingTabs(model: model) })
      let stack = try stack(in: ui.window)
      XCTAssertEqual(shownTitle(stack), "Two")
      XCTAssertTrue(try ui.find(TextField.self, title: "Two").isFocused, "launch focus")
      model.tabs.remove(at: 1)
      MainLoop.drain()
      XCTAssertEqual(tabButtons(ui.window).count, 2)
      XCTAssertEqual(shownTitle(stack), "Three", "GTK shows the next page")
      XCTAssertEqual(model.tab, "Two", "the binding is left as the app wrote it")
      XCTAssertFalse(
        ui.findAll(TextField.self).contains { $0.isFocused },
        "focus in the page that went goes nowhere, as for any view that leaves")
      XCTAssertNoThrow(try ui.find(Text.self, title: "Three out"))
      model.tab = "Nope"
      MainLoop.drain()
      XCTAssertEqual(shownTitle(stack), "Three", "a value no page has keeps the page shown")
      model.tabs = []
      MainLoop.drain()
      XCTAssertNil(shownTitle(stack))
      XCTAssertEqual(tabButtons(ui.window).count, 0)
      model.tabs = ["A"]
      MainLoop.drain()
      XCTAssertEqual(shownTitle(stack), "A")
      model.tab = "A"
      model.tabs = ["B", "A"]
      MainLoop.drain()
      XCTAssertEqual(shownTitle(stack), "A", "the tagged page stays shown when one comes before")
    }
  }

  func testASelectionSetterThatRefusesKeepsThePageShown() throws {
    try MainActor.assumeIsolated {
      let ui = show(
        host {
          TabView(selection: Binding(get: { 1 }, set: { _ in })) {
            Text("One").tabItem { Text("First") }.tag(1)
            Text("Two").tabItem { Text("Second") }.tag(2)
          }
        })
      let stack = try stack(in: ui.window)
      cgtk_emit(tabButtons(ui.window)[1], "clicked")
      MainLoop.drain()
      XCTAssertEqual(shownTitle(stack), "First")
      XCTAssertEqual(
        gtk_toggle_button_get_active(
          UnsafeMutableRawPointer(tabButtons(ui.window)[0]).assumingMemoryBound(
            to: GtkToggleButton.self)), 1, "its tab button shows it")
      XCTAssertEqual(
        gtk_toggle_button_get_active(
          UnsafeMutableRawPointer(tabButtons(ui.window)[1]).assumingMemoryBound(
            to: GtkToggleButton.self)), 0)
    }
  }

  func testADisabledTabViewDisablesItsTabsAndPages() throws {
    try MainActor.assumeIsolated {
      let ui = show(
        host {
          TabView {
            TextField("F", text: .constant("")).tabItem { Text("First") }
            Text("Two").tabItem { Text("Second") }
          }
          .disabled(true)
        })
      XCTAssertFalse(try ui.find(TextField.self, title: "F").isEnabled)
      for button in tabButtons(ui.window) {
        XCTAssertEqual(gtk_widget_is_sensitive(button), 0)
      }
    }
  }

  func testNestedTabViewsTitleTheirOwnPages() throws {
    MainActor.assumeIsolated {
      let ui = show(
        host {
          TabView {
            TabView {
              Text("a").tabItem { Text("Inner A") }
              Text("b").tabItem { Text("Inner B") }
            }
            .tabItem { Text("Outer 1") }
            Text("c").tabItem { Text("Outer 2") }
          }
        })
      let titles = descendants(ui.window.pointer).filter {
        isA(UnsafeMutableRawPointer($0), gtk_toggle_button_get_type())
      }.compactMap { button -> String? in
        descendants(button).first { isA(UnsafeMutableRawPointer($0), gtk_label_get_type()) }
          .flatMap { gtk_label_get_text(OpaquePointer($0)) }.map { String(cString: $0) }
      }
      XCTAssertEqual(titles, ["Outer 1", "Outer 2", "Inner A", "Inner B"])
    }
  }

  func testAFocusStateInAViewShownTwiceIsEachPlacesOwn() throws {
    MainActor.assumeIsolated {
      let ui = show(host { TwoShared() })
      let fields = ui.findAll(TextField.self)
      XCTAssertEqual(fields.count, 2)
      XCTAssertEqual(ui.findAll(Text.self).compactMap(\.title), ["in", "out"], "launch focus")
      gtk_widget_grab_focus(fields[1].widget.pointer)
      MainLoop.drain()
      XCTAssertTrue(fields[1].isFocused)
      XCTAssertEqual(ui.findAll(Text.self).compactMap(\.title), ["out", "in"])
      gtk_widget_grab_focus(fields[0].widget.pointer)
      MainLoop.drain()
      XCTAssertEqual(ui.findAll(Text.self).compactMap(\.title), ["in", "out"])
    }
  }
}

@MainActor
@Observable
private final class MenuReviewModel {
  var items = ["A", "B"]
  var ran: [String] = []
  var sheet = false
  var tab = 1
}

private enum TabField: Hashable { case one, two }

private struct FocusTabs: View {
  @Bindable var model: MenuReviewModel
  @FocusState var focus: TabField?
  @State var one = "one"
  @State var two = "two"

  var body: some View {
    VStack {
      Text("focus \(focus.map { "\($0)" } ?? "nil")")
      Button("Focus two") { focus = .two }
      TabView(selection: $model.tab) {
        TextField("One", text: $one).focused($focus, equals: .one).tabItem { Text("1") }.tag(1)
        TextField("Two", text: $two).focused($focus, equals: .two).tabItem { Text("2") }.tag(2)
      }
    }
  }
}

extension TabViewPageTests {
  @MainActor private func menuButton(_ window: Window) throws -> UnsafeMutablePointer<GtkWidget> {
    try XCTUnwrap(
      descendants(window.pointer).first {
        isA(UnsafeMutableRawPointer($0), gtk_menu_button_get_type())
      })
  }

  func testAMenuWhoseItemsChangeWhileItIsOpen() throws {
    try MainActor.assumeIsolated {
      let model = MenuReviewModel()
      let ui = show(
        host {
          Menu("Items") {
            ForEach(model.items, id: \.self) { item in
              Button(item) { model.ran.append(item) }
            }
          }
        })
      let button = try menuButton(ui.window)
      let menu = try XCTUnwrap(gtk_menu_button_get_menu_model(OpaquePointer(button)))
      gtk_menu_button_popup(OpaquePointer(button))
      MainLoop.drain()
      model.items = ["C", "A", "B"]
      MainLoop.drain()
      let now = try XCTUnwrap(gtk_menu_button_get_menu_model(OpaquePointer(button)))
      XCTAssertEqual(now, menu, "the open menu's model is updated in place")
      XCTAssertEqual(menuItems(now).map(\.label), ["C", "A", "B"])
      let first = try XCTUnwrap(menuItems(now).first?.action)
      gtk_widget_activate_action_variant(button, first, nil)
      MainLoop.drain()
      XCTAssertEqual(model.ran, ["C"])
      model.items = []
      MainLoop.drain()
      XCTAssertEqual(menuItems(now).count, 0)
      gtk_menu_button_popdown(OpaquePointer(button))
      MainLoop.drain()
    }
  }

  func testAMenuInAToolbarItemAndInAListRow() throws {
    try MainActor.assumeIsolated {
      let model = MenuReviewModel()
      let ui = show(
        host {
          NavigationStack {
            List {
              ForEach(model.items, id: \.self) { item in
                HStack {
                  Text(item)
                  Menu("Row \(item)") { Button("Delete \(item)") { model.ran.append(item) } }
                }
              }
            }
            .toolbar {
              ToolbarItem {
                Menu("Tools") { Button("Tool") { model.ran.append("tool") } }
              }
            }
          }
        })
      let buttons = descendants(ui.window.pointer).filter {
        isA(UnsafeMutableRawPointer($0), gtk_menu_button_get_type())
      }
      let labels = buttons.map {
        gtk_menu_button_get_label(OpaquePointer($0)).map { String(cString: $0) } ?? ""
      }
      XCTAssertEqual(Set(labels), ["Tools", "Row A", "Row B"])
      for button in buttons {
        let model0 = try XCTUnwrap(gtk_menu_button_get_menu_model(OpaquePointer(button)))
        let action = try XCTUnwrap(menuItems(model0).first?.action)
        gtk_widget_activate_action_variant(button, action, nil)
      }
      MainLoop.drain()
      XCTAssertEqual(Set(model.ran), ["A", "B", "tool"])
      model.items.removeFirst()
      MainLoop.drain()
      let rowB = try XCTUnwrap(
        descendants(ui.window.pointer).first {
          isA(UnsafeMutableRawPointer($0), gtk_menu_button_get_type())
            && gtk_menu_button_get_label(OpaquePointer($0)).map { String(cString: $0) } == "Row B"
        })
      let model1 = try XCTUnwrap(gtk_menu_button_get_menu_model(OpaquePointer(rowB)))
      XCTAssertEqual(menuItems(model1).map(\.label), ["Delete B"])
      model.ran = []
      gtk_widget_activate_action_variant(rowB, try XCTUnwrap(menuItems(model1).first?.action), nil)
      MainLoop.drain()
      XCTAssertEqual(model.ran, ["B"])
    }
  }

  func testAFocusStateWrittenToAFieldOnAHiddenTab() throws {
    try MainActor.assumeIsolated {
      let model = MenuReviewModel()
      let ui = show(host { FocusTabs(model: model) })
      XCTAssertTrue(try ui.find(TextField.self, title: "One").isFocused)
      try ui.find(Button<Text>.self, title: "Focus two").tap()
      MainLoop.drain()
      XCTAssertEqual(
        ui.findAll(Text.self).compactMap(\.title), ["focus one"],
        "a field on a hidden tab takes no focus: the state reads back the truth")
      XCTAssertTrue(try ui.find(TextField.self, title: "One").isFocused)
      // Tab key from the field: where does focus go?
      model.tab = 2
      MainLoop.drain()
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { (try? ui.find(TextField.self, title: "Two").isFocused) == true })
      XCTAssertEqual(ui.findAll(Text.self).compactMap(\.title), ["focus two"])
      ui.window.simulateMoveFocus(.tabForward)
      MainLoop.drain()
      XCTAssertEqual(focusWidget(ui.window).map(typeName(of:)), "GtkButton", "Tab leaves the field")
      XCTAssertEqual(ui.findAll(Text.self).compactMap(\.title), ["focus nil"])
    }
  }

  func testATabViewInASheetAndInANavigationPage() throws {
    try MainActor.assumeIsolated {
      let model = MenuReviewModel()
      let ui = show(
        host {
          NavigationStack {
            VStack {
              Button("Open") { model.sheet = true }
              NavigationLink("Push") {
                TabView {
                  TextField("Pushed", text: .constant("p")).tabItem { Text("P1") }
                  Text("p2").tabItem { Text("P2") }
                }
              }
            }
            .sheet(isPresented: Bindable(model).sheet) {
              TabView {
                TextField("Sheet field", text: .constant("s")).tabItem { Text("S1") }
                Text("s2").tabItem { Text("S2") }
              }
            }
          }
        })
      try ui.find(Button<Text>.self, title: "Open").tap()
      MainLoop.drain()
      XCTAssertTrue(model.sheet)
      model.sheet = false
      MainLoop.drain()
      try ui.find(title: "Push").tap()
      MainLoop.drain()
      let pushed = try ui.find(TextField.self, title: "Pushed")
      XCTAssertTrue(pushed.isFocused, "the pushed page's first field takes focus")
      XCTAssertEqual(tabButtons(ui.window).count, 2)
    }
  }
}

private final class Tally: ObservableObject {
  @Published var count = 0
}

private struct SharedParts: View {
  @StateObject var tally = Tally()
  @Environment(\.isEnabled) var isEnabled
  @FocusState var wanted: Bool
  let name: String

  var body: some View {
    HStack {
      Button("\(name) \(tally.count) \(isEnabled ? "on" : "off")") { tally.count += 1 }
      Button("\(name) wants \(wanted)") { wanted = true }
    }
  }
}

@MainActor
@Observable
private final class ViewHolder {
  var ids = [1, 2, 3]
  var part = SharedParts(name: "held")
}

private struct PartsTwice: View {
  let part = SharedParts(name: "P")
  var body: some View {
    VStack {
      part
      part.disabled(true)
    }
  }
}

private struct MovingRows: View {
  let model: ViewHolder
  let counter = SharedParts(name: "M")
  var body: some View {
    VStack {
      ForEach(model.ids, id: \.self) { id in
        HStack {
          Text("row \(id)")
          counter
        }
      }
    }
  }
}

extension TabViewPageTests {
  @MainActor private func buttonTitles(_ ui: ViewInspection<AnyTestView>) -> [String] {
    ui.findAll(Button<Text>.self).compactMap(\.title)
  }

  func testAStateObjectEnvironmentAndFocusStateInAViewShownTwice() throws {
    MainActor.assumeIsolated {
      let ui = show(host { PartsTwice() })
      XCTAssertEqual(buttonTitles(ui), ["P 0 on", "P wants false", "P 0 off", "P wants false"])
      ui.findAll(Button<Text>.self)[0].tap()
      MainLoop.drain()
      XCTAssertEqual(buttonTitles(ui)[0], "P 1 on")
      XCTAssertEqual(buttonTitles(ui)[2], "P 0 off", "each place has its own object")
      // A focus state no view can take reads back false, in both places.
      let second = ui.findAll(Button<Text>.self)[1]
      second.tap()
      MainLoop.drain()
      XCTAssertEqual(buttonTitles(ui)[1], "P wants false", "first place reads back the truth")
    }
  }

  func testAFocusStateInTheSecondPlaceReadsBackTheTruth() throws {
    MainActor.assumeIsolated {
      let ui = show(host { VStack { PartsTwiceEnabled() } })
      let fourth = ui.findAll(Button<Text>.self)[3]
      fourth.tap()
      MainLoop.drain()
      XCTAssertEqual(buttonTitles(ui)[3], "Q wants false", "second place reads back the truth")
    }
  }

  func testASharedValueInsideForEachWithIdsThatMove() throws {
    MainActor.assumeIsolated {
      let model = ViewHolder()
      let ui = show(host { MovingRows(model: model) })
      let counts = { self.buttonTitles(ui).filter { $0.hasSuffix(" on") } }
      XCTAssertEqual(counts(), ["M 0 on", "M 0 on", "M 0 on"])
      ui.findAll(Button<Text>.self)[2].tap()  // row 2
      ui.findAll(Button<Text>.self)[2].tap()
      ui.findAll(Button<Text>.self)[4].tap()  // row 3
      MainLoop.drain()
      XCTAssertEqual(counts(), ["M 0 on", "M 2 on", "M 1 on"])
      model.ids = [3, 1, 2]
      MainLoop.drain()
      XCTAssertEqual(ui.findAll(Text.self).compactMap(\.title), ["row 3", "row 1", "row 2"])
      XCTAssertEqual(counts(), ["M 1 on", "M 0 on", "M 2 on"], "each row keeps its state")
      model.ids = [2]
      MainLoop.drain()
      XCTAssertEqual(counts(), ["M 2 on"])
      model.ids = [2, 1]
      MainLoop.drain()
      XCTAssertEqual(counts(), ["M 2 on", "M 0 on"], "a row shown again starts afresh")
    }
  }

  func testAViewValueHeldByAModelShownInTwoWindows() throws {
    MainActor.assumeIsolated {
      let model = ViewHolder()
      let firstHost = host { model.part }
      let first = show(firstHost)
      let second = show(host { model.part })
      first.findAll(Button<Text>.self)[0].tap()
      MainLoop.drain()
      XCTAssertEqual(first.findAll(Button<Text>.self)[0].title, "held 1 on")
      XCTAssertEqual(second.findAll(Button<Text>.self)[0].title, "held 0 on")
      second.findAll(Button<Text>.self)[0].tap()
      second.findAll(Button<Text>.self)[0].tap()
      MainLoop.drain()
      XCTAssertEqual(first.findAll(Button<Text>.self)[0].title, "held 1 on")
      XCTAssertEqual(second.findAll(Button<Text>.self)[0].title, "held 2 on")
      firstHost.close()
      MainLoop.drain()
      let third = show(host { model.part })
      XCTAssertEqual(third.findAll(Button<Text>.self)[0].title, "held 0 on")
      XCTAssertEqual(second.findAll(Button<Text>.self)[0].title, "held 2 on")
    }
  }
}

private struct PartsTwiceEnabled: View {
  let part = SharedParts(name: "Q")
  var body: some View {
    VStack {
      part
      part
    }
  }
}

private let longText = String(
  repeating: "A long sentence that a settings page might show to explain an option. ", count: 8)

@MainActor
@Observable
private final class TitleModel {
  var title = longText
}

extension TabViewPageTests {
  /// Shows `content` and checks its window fits a 1280-pixel screen: the window is as wide as
  /// its content's minimum, and a title that cannot wrap makes that the title's whole length.
  @MainActor private func assertFits<V: View>(
    _ name: String, _ content: @escaping @MainActor () -> V
  ) {
    let ui = show(host(content))
    MainLoop.drain()
    let window = ui.window.pointer
    var minimum: Int32 = 0
    gtk_widget_measure(window, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
    XCTAssertLessThan(minimum, 640, "\(name): the content can be narrow")
    XCTAssertLessThanOrEqual(gtk_widget_get_width(window), 1280, "\(name): the window fits")
  }

  func testALongTitleInAFormRowListRowOrStackWrapsAndTheWindowFitsTheScreen() throws {
    MainActor.assumeIsolated {
      assertFits("form toggle") { Form { Toggle(longText, isOn: .constant(true)) } }
      assertFits("form text") { Form { Text(longText) } }
      assertFits("form field") { Form { TextField(longText, text: .constant("")) } }
      assertFits("form picker") {
        Form { Picker(longText, selection: .constant(1)) { Text("a").tag(1) } }
      }
      assertFits("switch") {
        Form { Toggle(longText, isOn: .constant(true)).toggleStyle(.switch) }
      }
      assertFits("stack toggle") { VStack { Toggle(longText, isOn: .constant(true)) } }
      assertFits("list toggle") { List { Toggle(longText, isOn: .constant(true)) } }
      assertFits("labeled") { Form { LabeledContent("Name") { Text(longText) } } }
      assertFits("list") {
        List {
          Text(longText);
          HStack {
            Text(longText); Spacer()
          }
        }
      }
      assertFits("stack") { VStack { Text(longText) } }
    }
  }

  func testAToggleWhoseTitleChangesStillWraps() throws {
    MainActor.assumeIsolated {
      let model = TitleModel()
      model.title = "Short"
      let ui = show(host { Form { Toggle(model.title, isOn: .constant(true)) } })
      model.title = longText
      MainLoop.drain()
      var minimum: Int32 = 0
      gtk_widget_measure(
        ui.window.pointer, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
      XCTAssertLessThan(minimum, 640)
    }
  }
}

@MainActor
@Observable
private final class OptionalTab {
  var tab: Int? = 2
}

extension TabViewPageTests {
  func testAnOptionalSelectionMatchesPlainTags() throws {
    try MainActor.assumeIsolated {
      let model = OptionalTab()
      let ui = show(
        host {
          TabView(selection: Bindable(model).tab) {
            Text("One").tabItem { Text("First") }.tag(1)
            Text("Two").tabItem { Text("Second") }.tag(2)
          }
        })
      let stack = try stack(in: ui.window)
      XCTAssertEqual(shownTitle(stack), "Second")
      cgtk_emit(tabButtons(ui.window)[0], "clicked")
      MainLoop.drain()
      XCTAssertEqual(model.tab, 1)
      model.tab = nil
      MainLoop.drain()
      XCTAssertEqual(shownTitle(stack), "First", "nil is no page's tag: the page stays")
    }
  }

  func testATabWhoseTagIsNoValueOfTheSelectionIsPutBack() throws {
    try MainActor.assumeIsolated {
      let model = OptionalTab()
      let ui = show(
        host {
          TabView(selection: Bindable(model).tab) {
            Text("One").tabItem { Text("First") }.tag(1)
            Text("Two").tabItem { Text("Second") }.tag(2)
            Text("Three").tabItem { Text("Wrong type") }.tag("three")
            Text("Four").tabItem { Text("Untagged") }
          }
        })
      let stack = try stack(in: ui.window)
      XCTAssertEqual(shownTitle(stack), "Second")
      for index in [2, 3] {
        cgtk_emit(tabButtons(ui.window)[index], "clicked")
        MainLoop.drain()
        XCTAssertEqual(model.tab, 2)
        XCTAssertEqual(shownTitle(stack), "Second", "as a refused selection, the page is put back")
      }
    }
  }
}

/// Apple's `Settings` sample: a `TabView` of settings pages.
private struct GeneralSettingsView: View {
  @AppStorage("tabreview.showPreview") private var showPreview = true
  @State private var name = "Ada"

  var body: some View {
    Form {
      TextField("Name", text: $name)
      Toggle(longText, isOn: $showPreview)
    }
  }
}

private struct AdvancedSettingsView: View {
  @State private var depth = 2.0
  var body: some View {
    Form { Slider(value: $depth, in: 1...5) { Text("Depth") } }
  }
}

private struct SettingsTabs: View {
  private enum Tabs: Hashable { case general, advanced }
  var body: some View {
    TabView {
      GeneralSettingsView()
        .tabItem { Label("General", systemImage: "gear") }
        .tag(Tabs.general)
      AdvancedSettingsView()
        .tabItem { Label("Advanced", systemImage: "star") }
        .tag(Tabs.advanced)
    }
    .padding(20)
    .frame(width: 375, height: 150)
  }
}

extension TabViewPageTests {

  func testASettingsSceneOfTabsOpensWithItsFirstFieldFocusedAndOutlivesTheAppWindow() throws {
    try MainActor.assumeIsolated {
      let app = TestApplication(
        SceneList(scenes: [
          WindowGroup("Main") { TextField("Main field", text: .constant("")) },
          Settings { SettingsTabs() },
        ]))
      defer { app.close() }
      let window = try XCTUnwrap(app.windows.first)
      let ui = ViewInspection(window.handle as! HostingWindow<TextField<Text>>)
      XCTAssertTrue(ui.press(KeyboardShortcut(",")))
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { shownWindows(titled: "Preferences").count == 1 })
      let settings = try XCTUnwrap(shownWindows(titled: "Preferences").first)
      let widget = UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GtkWidget.self)
      XCTAssertTrue(MainLoop.run(timeout: 5) { gtk_widget_get_mapped(widget) != 0 })
      let switcherButtons = descendants(widget).filter {
        isA(UnsafeMutableRawPointer($0), gtk_toggle_button_get_type())
          && gtk_widget_get_ancestor($0, gtk_stack_switcher_get_type()) != nil
      }
      XCTAssertEqual(switcherButtons.count, 2)
      XCTAssertLessThanOrEqual(gtk_widget_get_width(widget), 1280, "the window fits")
      let focus = try XCTUnwrap(gtk_root_get_focus(OpaquePointer(settings)))
      XCTAssertNotNil(
        gtk_widget_get_ancestor(focus, gtk_entry_get_type())
          ?? gtk_widget_get_ancestor(
            focus, gtk_text_get_type()), "the first page's field has launch focus")
      window.window.destroy()
      MainLoop.drain()
      cgtk_emit(switcherButtons[1], "clicked")
      MainLoop.drain()
      XCTAssertEqual(shownWindows(titled: "Preferences").count, 1)
      for settings in shownWindows(titled: "Preferences") { gtk_window_destroy(settings) }
      MainLoop.drain()
    }
  }
}

extension TabViewPageTests {
  func testTabKeysMoveBetweenTheTabsAndTheShownPageOnly() throws {
    try MainActor.assumeIsolated {
      let model = MenuReviewModel()
      let ui = show(
        host {
          TabView(selection: Bindable(model).tab) {
            TextField("First", text: .constant("1")).tabItem { Text("A") }.tag(1)
            TextField("Second", text: .constant("2")).tabItem { Text("B") }.tag(2)
          }
        })
      let first = try ui.find(TextField.self, title: "First")
      let second = try ui.find(TextField.self, title: "Second")
      XCTAssertTrue(first.isFocused)
      ui.window.simulateMoveFocus(.tabBackward)
      MainLoop.drain()
      let buttons = tabButtons(ui.window)
      XCTAssertTrue(
        focusWidget(ui.window).map(buttons.contains) == true, "Shift+Tab: onto the tabs")
      gtk_widget_grab_focus(buttons[1])
      MainLoop.drain()
      // NB: a button's "activate" (Space, Return) clicks once its pressed look has shown.
      gtk_widget_activate(buttons[1])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.tab == 2 })
      XCTAssertEqual(focusWidget(ui.window), buttons[1], "focus on the tabs stays there")
      ui.window.simulateMoveFocus(.tabForward)
      MainLoop.drain()
      XCTAssertTrue(second.isFocused, "Tab goes into the shown page")
      XCTAssertFalse(first.isFocused)
      ui.window.simulateMoveFocus(.tabForward)
      MainLoop.drain()
      XCTAssertFalse(first.isFocused, "never into the hidden page")
    }
  }
}

@MainActor
@Observable
private final class FlagModel {
  var editing = false
}

extension TabViewPageTests {
  func testAPageWhoseViewChangesStaysShown() throws {
    try MainActor.assumeIsolated {
      let model = FlagModel()
      let ui = show(
        host {
          TabView {
            Text("a").tabItem { Text("A") }
            if model.editing {
              TextField("Editing", text: .constant("e")).tabItem { Text("C") }
            } else {
              Text("Idle").tabItem { Text("C") }
            }
            VStack {
              if model.editing {
                TextField("Edit", text: .constant("x"))
              } else {
                Text("View")
              }
            }
            .tabItem { Text("B") }
          }
        })
      let stack = try stack(in: ui.window)
      cgtk_emit(tabButtons(ui.window)[1], "clicked")
      MainLoop.drain()
      XCTAssertEqual(shownTitle(stack), "C")
      model.editing = true
      MainLoop.drain()
      XCTAssertEqual(shownTitle(stack), "C", "the page the user chose stays shown")
      XCTAssertEqual(
        gtk_stack_get_visible_child(OpaquePointer(stack)),
        try ui.find(TextField.self, title: "Editing").widget.pointer, "its new view")
      XCTAssertEqual(tabButtons(ui.window).count, 3)
      cgtk_emit(tabButtons(ui.window)[2], "clicked")
      MainLoop.drain()
      model.editing = false
      MainLoop.drain()
      XCTAssertEqual(shownTitle(stack), "B")
    }
  }
}

private struct OnePageTwice: View {
  let page = Page(name: "Same")
  var body: some View {
    TabView {
      page.tabItem { Text("Left") }
      page.tabItem { Text("Right") }
    }
  }
}

extension TabViewPageTests {
  func testOneViewValueOnTwoTabsHasStateOfItsOwnOnEach() throws {
    MainActor.assumeIsolated {
      let ui = show(host { OnePageTwice() })
      ui.findAll(Button<Text>.self)[0].tap()
      MainLoop.drain()
      XCTAssertEqual(ui.findAll(Button<Text>.self).compactMap(\.title), ["Same 1", "Same 0"])
      cgtk_emit(tabButtons(ui.window)[1], "clicked")
      MainLoop.drain()
      ui.findAll(Button<Text>.self)[1].tap()
      ui.findAll(Button<Text>.self)[1].tap()
      MainLoop.drain()
      XCTAssertEqual(ui.findAll(Button<Text>.self).compactMap(\.title), ["Same 1", "Same 2"])
    }
  }

  func testADisabledMenuAndAMenuInADisabledForm() throws {
    MainActor.assumeIsolated {
      let ui = show(
        host {
          VStack {
            Menu("Off") { Button("X") {} }.disabled(true)
            Form { Menu("In form") { Button("Y") {} } }.disabled(true)
            Menu("On") { Button("Z") {} }
          }
        })
      let buttons = descendants(ui.window.pointer).filter {
        isA(UnsafeMutableRawPointer($0), gtk_menu_button_get_type())
      }
      XCTAssertEqual(buttons.map { gtk_widget_is_sensitive($0) }, [0, 0, 1])
    }
  }
}
