import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

/// A user's generic container that modifies what it holds.
private struct ModifiedContentCard<Content: View>: View {
  let title: String
  @ViewBuilder let content: Content

  var body: some View {
    VStack {
      Text(title)
      content
    }
    .padding(4)
  }
}

extension View {
  /// A user's own "modifier": a chain of the library's, behind the user's `some View`.
  fileprivate func r8Styled(_ focus: FocusState<FocusedRowField?>.Binding, _ value: FocusedRowField)
    -> some View
  {
    padding(2).focused(focus, equals: value).disabled(false).onSubmit {}
  }
}

/// Keeps the first view it is given in `@State`, as a user's cache of a built view would.
private struct ModifiedContentKept<Content: View>: View {
  @State var kept: Content

  init(_ content: Content) {
    _kept = State(initialValue: content)
  }

  var body: some View { kept }
}

private struct Opaque: View {
  let probe: FocusedRowProbe
  let changes: RunCounts
  @FocusState var focus: FocusedRowField?
  @State var text = ""

  /// A `some View` property of modified content.
  var field: some View {
    TextField("property", text: $text).focused($focus, equals: .a).padding(1).id("property")
  }

  /// A `some View` function of modified content.
  func made(_ title: String, _ value: FocusedRowField) -> some View {
    TextField(title, text: .constant("")).r8Styled($focus, value)
  }

  var body: some View {
    probe.read = { focus }
    probe.write = { focus = $0 }
    return ModifiedContentCard(title: "card") {
      field
      made("function", .b)
      ModifiedContentKept(Text("stored").padding(3))
      ModifiedContentCard(title: "inner") {
        made("nested", .c).overlay(Text("over"))
      }
      Text("plain").focusable().focused($focus, equals: .d)
    }
    .onChange(of: focus) { changes.hit("focus \(focus.map { "\($0)" } ?? "nil")") }
  }
}

@MainActor
@Observable
private final class Sizes {
  var size = 2
}

private struct TaggedPicker: View {
  @Bindable var model: Sizes

  var body: some View {
    Picker("Size", selection: $model.size) {
      Text("S").tag(1).padding(1)
      Text("M").padding(1).tag(2).disabled(false)
      ForEach([3, 4], id: \.self) { n in Text("n\(n)").padding(1) }
      Group { Text("XL").tag(5).id("xl") }
    }
  }
}

/// `ModifiedContent` through an app's generics, opaque types and conditional conformance.
final class ModifiedContentTests: GtkTestCase, @unchecked Sendable {
  func testModifiedContentThroughTheAppsGenericsAndOpaqueTypesShowsAndFocuses() throws {
    try MainActor.assumeIsolated {
      let probe = FocusedRowProbe()
      let changes = RunCounts()
      let ui = show { Opaque(probe: probe, changes: changes) }
      let labels = ui.findAll(Text.self).compactMap(\.title)
      XCTAssertEqual(labels, ["card", "stored", "inner", "over", "plain"])
      let fields: [FocusedRowField: InspectedView] = [
        .a: try ui.find(TextField.self, title: "property"),
        .b: try ui.find(TextField.self, title: "function"),
        .c: try ui.find(TextField.self, title: "nested"),
        .d: try ui.find(Text.self, title: "plain"),
      ]
      for value in [FocusedRowField.b, .c, .d, .a] {
        probe.focus = value
        MainLoop.drain()
        XCTAssertTrue(focusIsAt(fields[value]!, in: ui), "\(value) took focus")
        assertStateReadsGtk(probe.focus, fields, in: ui, "after \(value)")
      }
      XCTAssertEqual(changes["focus c"], 1)
      ui.press(.tab)
      XCTAssertEqual(probe.focus, .b, "Tab goes on through the modified views")
      ui.press(.tab)
      ui.press(.tab)
      XCTAssertEqual(probe.focus, .d, "into the focusable text's stop")
      assertStateReadsGtk(probe.focus, fields, in: ui, "after Tab")
      fields[.c]!.tap()
      XCTAssertEqual(probe.focus, .c)
      probe.focus = nil
      MainLoop.drain()
      XCTAssertFalse(fields.values.contains { focusIsAt($0, in: ui) }, "nil resigned")
    }
  }

  func testPickerChoicesAndMenuItemsThroughModifiedViewsKeepTheirTags() throws {
    try MainActor.assumeIsolated {
      let model = Sizes()
      let ui = show { TaggedPicker(model: model) }
      let dropDown = try XCTUnwrap(findWidgets("GtkDropDown", in: ui).first)
      let list = gtk_drop_down_get_model(OpaquePointer(dropDown))!
      let titles = (0..<g_list_model_get_n_items(list)).map {
        String(cString: gtk_string_list_get_string(list, $0))
      }
      XCTAssertEqual(titles, ["S", "M", "n3", "n4", "XL"])
      XCTAssertEqual(gtk_drop_down_get_selected(OpaquePointer(dropDown)), 1)
      for (index, size) in [(0, 1), (3, 4), (4, 5), (2, 3)] {
        gtk_drop_down_set_selected(OpaquePointer(dropDown), guint(index))
        MainLoop.drain()
        XCTAssertEqual(model.size, size, "choice \(index)")
      }
      model.size = 5
      MainLoop.drain()
      XCTAssertEqual(gtk_drop_down_get_selected(OpaquePointer(dropDown)), 4)
      // Menu content: modifiers around buttons still say disabled and shortcut.
      let menu = Group {
        Button("Save") {}.keyboardShortcut("s").padding(1)
        Button("Gone") {}.padding(1).disabled(true)
        Text("Note").id(1)
      }
      let items = MenuEntry.entries(of: menu).compactMap { entry -> MenuEntry.Item? in
        if case .item(let item) = entry { return item }
        return nil
      }
      XCTAssertEqual(items.map(\.title), ["Save", "Gone", "Note"])
      XCTAssertEqual(items[0].shortcut, KeyboardShortcut("s"))
      XCTAssertEqual(items.map(\.isDisabled), [false, true, true])
      // Casts of `any View` still see a modified view as the primitive it is.
      let erased: any View = Text("x").padding(1).focusable()
      XCTAssertNotNil(erased as? any PrimitiveView)
      let modified: any View = Text("x").padding(1)
      XCTAssertNotNil(modified as? any PrimitiveView)
      XCTAssertNotNil(modified as? any PickerOptionContent)
      XCTAssertNotNil(modified as? any MenuEntrySource)
    }
  }
}
