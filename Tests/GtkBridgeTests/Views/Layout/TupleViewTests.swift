import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

private struct Byte: View {
  let value: Int8
  var body: some View { Text("i8 \(value)") }
}

/// A Bool then an Int: seven bytes of padding inside.
private struct FlagAndInt: View {
  let flag: Bool
  let value: Int
  var body: some View { Text("fi \(flag) \(value)") }
}

/// Thirty-two bytes of vector, aligned to 16.
private struct Vector: View {
  let vector: SIMD8<Float>
  var body: some View { Text("v \(Int(vector[0])) \(Int(vector[7]))") }
}

/// Three bytes: a tuple element that ends unaligned.
private struct ThreeBytes: View {
  let a: UInt8
  let b: UInt8
  let c: UInt8
  var body: some View { Text("b3 \(a) \(b) \(c)") }
}

/// A generic view: its size depends on its parameter.
private struct TupleViewBoxed<Value: CustomStringConvertible>: View {
  let value: Value
  var body: some View { Text("g \(value)") }
}

/// A user's generic container, holding the tuple its builder made.
private struct TupleViewCard<Content: View>: View {
  let title: String
  let runs: RunCounts?
  @ViewBuilder let content: Content

  init(_ title: String, runs: RunCounts? = nil, @ViewBuilder content: () -> Content) {
    self.title = title
    self.runs = runs
    self.content = content()
  }

  var body: some View {
    runs?.hit("card \(title)")
    return VStack {
      Text("card \(title)")
      content
    }
  }
}

/// Twelve statements of every shape a block can hold, from a `@ViewBuilder` property.
private struct TupleViewTwelve: View {
  let actions: ViewActions
  @State var n = 1

  @ViewBuilder var rows: some View {
    Byte(value: Int8(truncatingIfNeeded: -n))
    EmptyView()
    FlagAndInt(flag: n % 2 == 0, value: n * 1_000_003)
    ThreeBytes(a: UInt8(n), b: UInt8(n + 1), c: UInt8(n + 2))
    Vector(vector: SIMD8(repeating: Float(n)) + SIMD8(0, 1, 2, 3, 4, 5, 6, 7))
    if n % 2 == 1 {
      Text("odd \(n)")
    }
    Byte(value: Int8(n))
    TupleViewBoxed(value: "s\(n)")
    TupleViewBoxed(value: SIMD2<Double>(Double(n), 0.5).x)
    Group {
      Text("group \(n)")
      ThreeBytes(a: 9, b: UInt8(n), c: 9)
    }
    ForEach(0..<(n % 3)) { index in Text("each \(index)") }
    TupleViewCard("\(n)") {
      Byte(value: Int8(n))
      Text("inner \(n)")
    }
  }

  var body: some View {
    VStack { rows }
      .onAppear { actions.named["n"] = { n = $0 } }
  }
}

@MainActor
private func expectedTwelve(_ n: Int) -> [String] {
  var labels = [
    "i8 \(-n)", "fi \(n % 2 == 0) \(n * 1_000_003)", "b3 \(n) \(n + 1) \(n + 2)",
    "v \(n) \(n + 7)",
  ]
  if n % 2 == 1 { labels.append("odd \(n)") }
  labels += [
    "i8 \(n)", "g s\(n)", "g \(Double(n))", "group \(n)", "b3 9 \(n) 9",
  ]
  labels += (0..<(n % 3)).map { "each \($0)" }
  labels += ["card \(n)", "i8 \(n)", "inner \(n)"]
  return labels
}

/// A tuple whose middle statement changes type (if/else) beside a field holding focus.
private struct TupleViewSwitching: View {
  let actions: ViewActions
  @State var useToggle = false
  @State var on = false
  @State var text = "kept"

  var body: some View {
    VStack {
      Text("head")
      if useToggle {
        Toggle("switch", isOn: $on)
      } else {
        Text("plain")
      }
      TextField("field", text: $text)
      Text("tail \(text)")
    }
    .onAppear { actions.named["toggle"] = { useToggle = $0 == 1 } }
  }
}

/// A tuple built once and kept in `@State`, shown again through the parent's re-runs.
private struct KeptTuple: View {
  let actions: ViewActions
  @State var kept = KeptTuple.make("kept")
  @State var n = 0

  static func make(_ title: String) -> TupleView<Text, Text, Byte> {
    ViewBuilder.buildBlock(Text("\(title) a"), Text("\(title) b"), Byte(value: 5))
  }

  var body: some View {
    VStack {
      Text("n \(n)")
      kept
      Captured(make: { kept })
    }
    .onAppear {
      actions.named["n"] = { n = $0 }
      actions.named["replace"] = { kept = KeptTuple.make("new \($0)") }
    }
  }
}

/// Shows what a closure captured.
private struct Captured<Content: View>: View {
  let make: () -> Content
  var body: some View { make() }
}

/// Holds a weak probe on an object a view in a tuple holds.
private final class TupleViewToken {
  let name: String
  init(_ name: String) { self.name = name }
}

private struct TokenView: View {
  let token: TupleViewToken
  var body: some View { Text("token \(token.name)") }
}

@MainActor
private final class TokenModel {
  var weakTokens: [() -> TupleViewToken?] = []

  func make(_ name: String) -> TupleViewToken {
    let token = TupleViewToken(name)
    weakTokens.append { [weak token] in token }
    return token
  }

  var alive: Int { weakTokens.filter { $0() != nil }.count }
}

/// Rows of a generic container whose tuple changes with the parent's state, or not.
private struct TupleViewRows: View {
  let runs: RunCounts
  let actions: ViewActions
  @State var unrelated = 0
  @State var label = "a"

  var body: some View {
    VStack {
      Text("unrelated \(unrelated)")
      TupleViewCard("row", runs: runs) {
        Text("label \(label)")
        Byte(value: 1)
      }
    }
    .onAppear {
      actions.named["unrelated"] = { unrelated = $0 }
      actions.named["label"] = { label = "l\($0)" }
    }
  }
}

/// A branch whose two sides are tuples of other arities and types.
private struct TupleViewBranches: View {
  let actions: ViewActions
  @State var wide = false
  @State var n = 0

  var body: some View {
    VStack {
      if wide {
        Text("w1 \(n)")
        Vector(vector: SIMD8(repeating: Float(n)))
        Byte(value: Int8(n))
      } else {
        FlagAndInt(flag: true, value: n)
        Text("n1 \(n)")
      }
    }
    .onAppear {
      actions.named["wide"] = { wide = $0 == 1 }
      actions.named["n"] = { n = $0 }
    }
  }
}

/// A view that is a class.
private final class ClassView: View {
  let name: String
  init(_ name: String) { self.name = name }
  var body: some View { Text("class \(name)") }
}

/// A view that is an enum with payloads.
private enum EnumView: View {
  case plain
  case named(String, Int8)

  var body: some View {
    switch self {
    case .plain: Text("enum plain")
    case .named(let name, let count): Text("enum \(name) \(count)")
    }
  }
}

/// A view holding a weak reference: not bitwise-takable, so copied by the runtime's witnesses.
private struct WeakView: View {
  weak var token: TupleViewToken?
  let flag: Bool
  var body: some View { Text("weak \(token?.name ?? "nil") \(flag)") }
}

/// One generic view made with several types: each instance's tuple has its own layout.
private struct Pair<First: CustomStringConvertible, Second: CustomStringConvertible>: View {
  let first: First
  let flag: Bool
  let second: Second

  var body: some View {
    HStack {
      TupleViewBoxed(value: first)
      Byte(value: flag ? 1 : 0)
      TupleViewBoxed(value: second)
    }
  }
}

/// Views with no stored properties: a tuple of them holds no bytes at all.
private struct TupleViewHeader: View {
  var body: some View { Text("header") }
}

private struct TupleViewFooter: View {
  var body: some View { Text("footer") }
}

/// Rows whose content is two statements (a tuple), counting each row's runs.
private struct TupleRows: View {
  let runs: RunCounts
  let actions: ViewActions
  @State var names = ["r0", "r1", "r2"]

  var body: some View {
    VStack {
      ForEach(names.indices, id: \.self) { index in
        TupleRow(runs: runs, index: index, name: names[index])
      }
    }
    .onAppear { actions.named["rename"] = { names[$0] += "!" } }
  }
}

private struct TupleRow: View {
  let runs: RunCounts
  let index: Int
  let name: String

  var body: some View {
    runs.hit("row \(index)")
    return TupleViewCard2 {
      Text(name)
      Byte(value: Int8(index))
    }
  }
}

/// A container passing its tuple on unwrapped.
private struct TupleViewCard2<Content: View>: View {
  @ViewBuilder let content: Content
  var body: some View { content }
}

@MainActor
private func dropDownItems(_ dropDown: UnsafeMutablePointer<GtkWidget>) -> [String] {
  let model = gtk_drop_down_get_model(OpaquePointer(dropDown))!
  return (0..<g_list_model_get_n_items(model)).map {
    String(cString: gtk_string_list_get_string(model, $0))
  }
}

/// `TupleView`: statements of odd sizes and types, in containers, rows, pickers, menus and tabs.
final class TupleViewTests: GtkTestCase, @unchecked Sendable {
  func testTwelveStatementsOfOddSizesShowTheirOwnValuesThroughUpdates() {
    MainActor.assumeIsolated {
      let actions = ViewActions()
      let ui = show { TupleViewTwelve(actions: actions) }
      XCTAssertEqual(inspectedTexts(ui), expectedTwelve(1))
      for n in [2, 5, 4, 3, 2, 7] {
        actions("n", n)
        MainLoop.drain()
        XCTAssertEqual(inspectedTexts(ui), expectedTwelve(n), "n = \(n)")
      }
    }
  }

  func testTuplesInsideScrollFormListSectionAndNavigationStackUpdate() {
    MainActor.assumeIsolated {
      let model = FieldModel(text: "t")
      let ui = show {
        NavigationStack {
          ScrollView {
            Form {
              Section("s \(model.text)") {
                Byte(value: 3)
                Text("form \(model.text)")
                Vector(vector: SIMD8(repeating: 2))
              }
              List {
                Text("list \(model.text)")
                FlagAndInt(flag: true, value: model.text.count)
              }
            }
          }
        }
      }
      XCTAssertTrue(inspectedTexts(ui).contains("form t"))
      XCTAssertTrue(inspectedTexts(ui).contains("list t"))
      XCTAssertTrue(inspectedTexts(ui).contains("fi true 1"))
      model.text = "tt"
      MainLoop.drain()
      XCTAssertTrue(inspectedTexts(ui).contains("form tt"), "\(inspectedTexts(ui))")
      XCTAssertTrue(inspectedTexts(ui).contains("list tt"), "\(inspectedTexts(ui))")
      XCTAssertTrue(inspectedTexts(ui).contains("fi true 2"), "\(inspectedTexts(ui))")
      XCTAssertTrue(inspectedTexts(ui).contains("v 2 2"), "\(inspectedTexts(ui))")
    }
  }

  func testAStatementChangingTypeKeepsItsSiblingsFieldFocusAndText() throws {
    try MainActor.assumeIsolated {
      let actions = ViewActions()
      let ui = show { TupleViewSwitching(actions: actions) }
      let field = try ui.find(TextField.self, title: "field")
      field.type("!")
      XCTAssertEqual(inspectedTexts(ui), ["head", "plain", "tail kept!"])
      let widgetBefore = field.widget.pointer
      actions("toggle", 1)
      MainLoop.drain()
      XCTAssertEqual(inspectedTexts(ui), ["head", "tail kept!"])
      XCTAssertNoThrow(try ui.find(Toggle.self))
      let after = try ui.find(TextField.self, title: "field")
      XCTAssertEqual(after.widget.pointer, widgetBefore, "the field's widget is kept")
      XCTAssertTrue(after.isFocused)
      after.type("?")
      XCTAssertEqual(inspectedTexts(ui).last, "tail kept!?")
      actions("toggle", 0)
      MainLoop.drain()
      XCTAssertEqual(inspectedTexts(ui), ["head", "plain", "tail kept!?"])
      XCTAssertTrue(try ui.find(TextField.self, title: "field").isFocused)
    }
  }

  func testATupleKeptInStateAndCapturedInAClosureShowsThroughReRuns() {
    MainActor.assumeIsolated {
      let actions = ViewActions()
      let ui = show { KeptTuple(actions: actions) }
      let kept = ["kept a", "kept b", "i8 5"]
      XCTAssertEqual(inspectedTexts(ui), ["n 0"] + kept + kept)
      for n in 1...3 {
        actions("n", n)
        MainLoop.drain()
        XCTAssertEqual(inspectedTexts(ui), ["n \(n)"] + kept + kept)
      }
      actions("replace", 1)
      MainLoop.drain()
      let new = ["new 1 a", "new 1 b", "i8 5"]
      XCTAssertEqual(inspectedTexts(ui), ["n 3"] + new + new)
    }
  }

  func testTheObjectsATuplesViewsHoldAreFreedWhenTheTupleGoes() {
    MainActor.assumeIsolated {
      let tokens = TokenModel()
      let model = FieldModel(text: "a")
      let ui = show {
        VStack {
          if model.text != "gone" {
            TokenView(token: tokens.make(model.text))
            Text("beside")
            TupleViewCard(model.text) {
              TokenView(token: tokens.make("card " + model.text))
              Byte(value: 1)
            }
          }
        }
      }
      XCTAssertTrue(inspectedTexts(ui).contains("token a"))
      for text in ["b", "c"] {
        model.text = text
        MainLoop.drain()
      }
      XCTAssertTrue(inspectedTexts(ui).contains("token card c"))
      XCTAssertLessThanOrEqual(tokens.alive, 2, "only the views shown now hold tokens")
      model.text = "gone"
      MainLoop.drain()
      XCTAssertFalse(inspectedTexts(ui).contains("beside"))
      XCTAssertEqual(tokens.alive, 0, "a removed tuple's storage and views are freed")
    }
  }

  func testAGenericContainerReRunsWhenItsTupleChangesAndNotOtherwise() {
    MainActor.assumeIsolated {
      let (host, runs, actions) = shown { runs, actions in
        TupleViewRows(runs: runs, actions: actions)
      }
      let ui = show(host)
      XCTAssertEqual(runs["card row"], 1)
      actions("unrelated", 1)
      MainLoop.drain()
      XCTAssertEqual(inspectedTexts(ui).first, "unrelated 1")
      XCTAssertEqual(runs["card row"], 1, "the same tuple of views: the card is skipped")
      actions("label", 2)
      MainLoop.drain()
      XCTAssertTrue(inspectedTexts(ui).contains("label l2"), "\(inspectedTexts(ui))")
      XCTAssertEqual(runs["card row"], 2)
    }
  }

  func testAPickerBuiltFromAMultiStatementBlockListsEveryOption() {
    MainActor.assumeIsolated {
      let model = FieldModel(text: "b")
      let extra = ShownFlag()
      let ui = show {
        Picker("Pick", selection: Bindable(model).text) {
          Text("A").tag("a")
          if extra.value {
            Text("Extra").tag("x")
          }
          ForEach(["b", "c"], id: \.self) { Text($0.uppercased()).tag($0) }
          Group {
            Text("D").tag("d")
            Text("E").tag("e")
          }
        }
      }
      let dropDown = try! XCTUnwrap(findWidgets("GtkDropDown", in: ui).first)
      XCTAssertEqual(dropDownItems(dropDown), ["A", "B", "C", "D", "E"])
      XCTAssertEqual(gtk_drop_down_get_selected(OpaquePointer(dropDown)), 1)
      extra.value = true
      MainLoop.drain()
      let shown = try! XCTUnwrap(findWidgets("GtkDropDown", in: ui).first)
      XCTAssertEqual(dropDownItems(shown), ["A", "Extra", "B", "C", "D", "E"])
      gtk_drop_down_set_selected(OpaquePointer(shown), 4)
      MainLoop.drain()
      XCTAssertEqual(model.text, "d")
    }
  }

  /// Fails (a debug build's assertion crashes) without the zero-size case of
  /// `TupleStorage.isAtLayoutOffset`.
  func testABlockOfViewsWithNoStoredPropertiesShowsEachView() {
    MainActor.assumeIsolated {
      let model = FieldModel(text: "a")
      let ui = show {
        VStack {
          Text("top \(model.text)")
          VStack {
            TupleViewHeader()
            TupleViewFooter()
          }
          HStack {
            Divider()
            TupleViewHeader()
          }
        }
      }
      XCTAssertEqual(inspectedTexts(ui), ["top a", "header", "footer", "header"])
      XCTAssertEqual(findWidgets("GtkSeparator", in: ui).count, 1)
      model.text = "b"
      MainLoop.drain()
      XCTAssertEqual(inspectedTexts(ui), ["top b", "header", "footer", "header"])
    }
  }

  /// Fails as the test above does.
  func testEmptyAndSingleTuplesAndOnlyEmptyViewsShowWhatTheyHold() {
    MainActor.assumeIsolated {
      let model = FieldModel(text: "a")
      let ui = show {
        VStack {
          Text("top \(model.text)")
          VStack {
            EmptyView()
            EmptyView()
          }
          TupleView()
          TupleView(TupleViewFooter())
          TupleView(Text("one \(model.text)"))
        }
      }
      XCTAssertEqual(inspectedTexts(ui), ["top a", "footer", "one a"])
      model.text = "b"
      MainLoop.drain()
      XCTAssertEqual(inspectedTexts(ui), ["top b", "footer", "one b"])
    }
  }

  func testABranchBetweenTuplesOfOtherAritiesShowsTheSideTaken() {
    MainActor.assumeIsolated {
      let actions = ViewActions()
      let ui = show { TupleViewBranches(actions: actions) }
      XCTAssertEqual(inspectedTexts(ui), ["fi true 0", "n1 0"])
      for (wide, n) in [(1, 1), (1, 2), (0, 3), (1, 4), (0, 4)] {
        actions("wide", wide)
        actions("n", n)
        MainLoop.drain()
        XCTAssertEqual(
          inspectedTexts(ui),
          wide == 1 ? ["w1 \(n)", "v \(n) \(n)", "i8 \(n)"] : ["fi true \(n)", "n1 \(n)"])
      }
    }
  }

  func testRowsWhoseContentIsATupleUpdateOnlyTheRowThatChanged() {
    MainActor.assumeIsolated {
      let (host, runs, actions) = shown { runs, actions in TupleRows(runs: runs, actions: actions)
      }
      let ui = ViewInspection(host)
      XCTAssertEqual(inspectedTexts(ui), ["r0", "i8 0", "r1", "i8 1", "r2", "i8 2"])
      XCTAssertEqual((0..<3).map { runs["row \($0)"] }, [1, 1, 1])
      actions("rename", 1)
      MainLoop.drain()
      XCTAssertEqual(inspectedTexts(ui), ["r0", "i8 0", "r1!", "i8 1", "r2", "i8 2"])
      XCTAssertEqual((0..<3).map { runs["row \($0)"] }, [1, 2, 1])
    }
  }

  func testAMenuBuiltFromAMultiStatementBlockListsAndRunsEveryItem() throws {
    try MainActor.assumeIsolated {
      let model = FieldModel(text: "a")
      let extra = ShownFlag()
      var ran: [String] = []
      let ui = show {
        Menu("Actions") {
          Button("First \(model.text)") { ran.append("first") }
          if extra.value {
            Button("Extra") { ran.append("extra") }
          }
          ForEach(["x", "y"], id: \.self) { name in Button(name) { ran.append(name) } }
          Divider()
          Group {
            Button("Last") { ran.append("last") }
          }
        }
      }
      @MainActor func labels() throws -> [String] {
        let button = try XCTUnwrap(
          descendants(ui.window.pointer).first {
            isA(UnsafeMutableRawPointer($0), gtk_menu_button_get_type())
          })
        return menuItems(try XCTUnwrap(gtk_menu_button_get_menu_model(OpaquePointer(button))))
          .map(\.label)
      }
      XCTAssertEqual(try labels(), ["First a", "x", "y", "|", "Last"])
      extra.value = true
      model.text = "b"
      MainLoop.drain()
      XCTAssertEqual(try labels(), ["First b", "Extra", "x", "y", "|", "Last"])
      let button = try XCTUnwrap(
        descendants(ui.window.pointer).first {
          isA(UnsafeMutableRawPointer($0), gtk_menu_button_get_type())
        })
      for item in 0..<5 { gtk_widget_activate_action_variant(button, "menu.item-\(item)", nil) }
      MainLoop.drain()
      XCTAssertEqual(ran, ["first", "extra", "x", "y", "last"])
    }
  }

  /// Zero-sized pages and toolbar items, as an app's `GeneralPage()` / `AdvancedPage()` are.
  func testATabViewOfPagesAndAToolbarOfItemsWithoutStoredPropertiesShowEach() throws {
    try MainActor.assumeIsolated {
      let ui = show {
        TabView {
          TupleViewHeader().tabItem { Text("One") }
          TupleViewFooter().tabItem { Text("Two") }
        }
        .toolbar {
          Button("Left") {}
          Button("Right") {}
        }
      }
      let stack = try XCTUnwrap(
        descendants(ui.window.pointer).first {
          isA(UnsafeMutableRawPointer($0), gtk_stack_get_type())
        })
      var titles: [String] = []
      var child = gtk_widget_get_first_child(stack)
      while let page = child {
        let stackPage = gtk_stack_get_page(OpaquePointer(stack), page)
        titles.append(gtk_stack_page_get_title(stackPage).map { String(cString: $0) } ?? "")
        child = gtk_widget_get_next_sibling(page)
      }
      XCTAssertEqual(titles, ["One", "Two"])
      XCTAssertEqual(
        inspectedTexts(ui).filter { $0 == "header" || $0 == "footer" }, ["header", "footer"])
      XCTAssertNoThrow(try ui.find(title: "Left"))
      XCTAssertNoThrow(try ui.find(title: "Right"))
    }
  }

  func testClassEnumAndWeakHoldingViewsInATupleShowTheirOwnValues() {
    MainActor.assumeIsolated {
      let model = FieldModel(text: "a")
      let token = TupleViewToken("t")
      let ui = show {
        VStack {
          Byte(value: 1)
          ClassView(model.text)
          model.text == "a" ? EnumView.plain : EnumView.named(model.text, 7)
          WeakView(token: model.text == "c" ? nil : token, flag: true)
          TupleViewHeader()
          Byte(value: 2)
        }
      }
      XCTAssertEqual(
        inspectedTexts(ui), ["i8 1", "class a", "enum plain", "weak t true", "header", "i8 2"])
      model.text = "b"
      MainLoop.drain()
      XCTAssertEqual(
        inspectedTexts(ui), ["i8 1", "class b", "enum b 7", "weak t true", "header", "i8 2"])
      model.text = "c"
      MainLoop.drain()
      XCTAssertEqual(
        inspectedTexts(ui), ["i8 1", "class c", "enum c 7", "weak nil true", "header", "i8 2"])
    }
  }

  func testATuplesViewsAreFreedWhenItsWindowCloses() {
    MainActor.assumeIsolated {
      let tokens = TokenModel()
      let window = host {
        VStack {
          TokenView(token: tokens.make("a"))
          TupleViewHeader()
          TupleViewCard("c") { TokenView(token: tokens.make("b")) }
        }
      }
      show(window)
      XCTAssertEqual(tokens.alive, 2)
      window.close()
      MainLoop.drain()
      XCTAssertEqual(tokens.alive, 0)
    }
  }

  func testOneGenericViewMadeWithSeveralTypesReadsEachInstancesTuple() {
    MainActor.assumeIsolated {
      let model = FieldModel(text: "a")
      let ui = show {
        VStack {
          Pair(first: Int8(-3), flag: true, second: model.text)
          Pair(first: model.text, flag: false, second: Int8(4))
          Pair(first: SIMD4<Double>(1, 2, 3, 4).w, flag: true, second: UInt16(9))
          Pair(first: true, flag: model.text == "b", second: SIMD2<Float>(5, 6).y)
        }
      }
      @MainActor func expected(_ text: String) -> [String] {
        [
          "g -3", "i8 1", "g \(text)", "g \(text)", "i8 0", "g 4", "g 4.0", "i8 1", "g 9",
          "g true", "i8 \(text == "b" ? 1 : 0)", "g 6.0",
        ]
      }
      XCTAssertEqual(inspectedTexts(ui), expected("a"))
      model.text = "b"
      MainLoop.drain()
      XCTAssertEqual(inspectedTexts(ui), expected("b"))
    }
  }

  func testASectionsTupleHeaderFooterAndStatelessContentUpdateInAFormAndAList() {
    MainActor.assumeIsolated {
      let model = FieldModel(text: "a")
      let ui = show {
        VStack {
          Form {
            Section {
              TupleViewHeader()
              Divider()
              TupleViewFooter()
            } header: {
              Text("head \(model.text)")
              Byte(value: 8)
            } footer: {
              Text("foot \(model.text)")
              TupleViewHeader()
            }
          }
          List {
            Section {
              TupleViewHeader()
              TupleViewFooter()
            } header: {
              Byte(value: 9)
              Text("list head \(model.text)")
            }
          }
        }
      }
      @MainActor func has(_ text: String) -> Bool { inspectedTexts(ui).contains(text) }
      XCTAssertTrue(has("head a") && has("i8 8") && has("foot a"), "\(inspectedTexts(ui))")
      XCTAssertTrue(has("list head a") && has("i8 9"), "\(inspectedTexts(ui))")
      XCTAssertEqual(inspectedTexts(ui).filter { $0 == "header" }.count, 3, "\(inspectedTexts(ui))")
      model.text = "b"
      MainLoop.drain()
      XCTAssertTrue(has("head b") && has("foot b") && has("list head b"), "\(inspectedTexts(ui))")
      XCTAssertFalse(has("head a"), "\(inspectedTexts(ui))")
    }
  }

  func testAPushedPageOfStatelessViewsAndALinkedDetailShowTheirViews() throws {
    try MainActor.assumeIsolated {
      let ui = show {
        NavigationStack {
          VStack {
            NavigationLink("Seven", value: 7)
            NavigationLink("Details") {
              TupleViewHeader()
              TupleViewFooter()
            }
          }
          .navigationDestination(for: Int.self) { number in
            TupleViewHeader()
            Divider()
            Byte(value: Int8(number))
          }
        }
      }
      try ui.find(title: "Seven").tap()
      XCTAssertTrue(inspectedTexts(ui).contains("i8 7"), "\(inspectedTexts(ui))")
      XCTAssertTrue(inspectedTexts(ui).contains("header"), "\(inspectedTexts(ui))")
    }
  }
}
