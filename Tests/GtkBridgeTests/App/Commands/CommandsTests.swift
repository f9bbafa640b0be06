import CGtk
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

struct SelectedRecipeKey: FocusedValueKey {
  typealias Value = String
}

extension FocusedValues {
  var selectedRecipe: String? {
    get { self[SelectedRecipeKey.self] }
    set { self[SelectedRecipeKey.self] = newValue }
  }
}

@MainActor
@Observable
final class RecipeModel {
  var names = ["", ""]
  var other = ""
  var showsNutrition = false
  var locked = false
  @ObservationIgnored var ran: [String] = []
}

/// A window of recipes: two fields that publish their recipe while focused, one that does not.
private struct RecipeWindow: View {
  @Bindable var model: RecipeModel
  let recipes: [String]

  var body: some View {
    VStack {
      TextField("First", text: $model.names[0]).focusedValue(\.selectedRecipe, recipes[0])
      TextField("Second", text: $model.names[1]).focusedValue(\.selectedRecipe, recipes[1])
      TextField("Other", text: $model.other)
    }
  }
}

/// The sample's commands: act on the focused window's recipe, disabled without one.
private struct RecipeCommands: Commands {
  let model: RecipeModel
  @FocusedValue(\.selectedRecipe) var recipe

  var body: some Commands {
    CommandMenu("Recipe") {
      Button("Add \(recipe ?? "Recipe") to Grocery List") {
        model.ran.append("add \(recipe ?? "nil")")
      }
      .keyboardShortcut("g")
      .disabled(recipe == nil)
      Divider()
      Toggle("Show Nutrition", isOn: Bindable(model).showsNutrition)
      Button("Locked") { model.ran.append("locked") }.disabled(model.locked)
    }
    if model.locked {
      CommandGroup(after: .pasteboard) { Button("Unlock") { model.locked = false } }
    }
  }
}

/// An application registered without a main loop of its own, its scenes opened as `App.main`
/// opens them; closed (windows destroyed, application released) by `close()`.
@MainActor
final class TestApplication {
  private static var counter = 0
  let application: UnsafeMutablePointer<GtkApplication>
  let runner: SceneRunner

  init(_ scene: some Scene, appName: String = "Recipes") {
    Self.counter += 1
    application = gtk_application_new(
      "io.github.gtkbridge.tests.commands\(Self.counter)",
      GApplicationFlags(G_APPLICATION_NON_UNIQUE.rawValue))
    let gApplication = UnsafeMutableRawPointer(application).assumingMemoryBound(
      to: GApplication.self)
    g_application_register(gApplication, nil, nil)
    runner = SceneRunner(scene: scene, application: application, appName: appName)
    runner.openWindows()
    XCTAssertTrue(
      MainLoop.run(timeout: 5) {
        self.runner.windows.allSatisfy { gtk_widget_get_mapped($0.window.pointer) != 0 }
      }, "the windows were not mapped")
  }

  var windows: [OpenWindow] { runner.windows }

  var group: OpaquePointer { OpaquePointer(UnsafeMutableRawPointer(application)) }

  func close() {
    for window in runner.windows { window.window.destroy() }
    MainLoop.drain()
    g_object_unref(UnsafeMutableRawPointer(application))
  }

  /// The header bar's primary menu model of `window`.
  func menu(of window: OpenWindow) -> UnsafeMutablePointer<GMenuModel>? {
    guard let button = window.graph.chrome?.primaryMenuButton else { return nil }
    return gtk_menu_button_get_menu_model(OpaquePointer(button))
  }

  /// The action of the item titled `title` (in any submenu).
  func action(_ title: String, in window: OpenWindow) -> String? {
    guard let menu = menu(of: window) else { return nil }
    return menuItems(menu).first { $0.label == title }?.action
  }

  func isEnabled(_ title: String, in window: OpenWindow) -> Bool? {
    guard let detailed = action(title, in: window) else { return nil }
    return g_action_group_get_action_enabled(group, String(detailed.dropFirst(4))) != 0
  }
}

/// The shown toplevel windows titled `title` (the settings window is "Preferences").
@MainActor
func shownWindows(titled title: String) -> [UnsafeMutablePointer<GtkWindow>] {
  let list = gtk_window_get_toplevels()!
  var found: [UnsafeMutablePointer<GtkWindow>] = []
  for index in 0..<g_list_model_get_n_items(list) {
    let item = g_list_model_get_item(list, index)!
    g_object_unref(item)
    let window = item.assumingMemoryBound(to: GtkWindow.self)
    if gtk_widget_get_visible(item.assumingMemoryBound(to: GtkWidget.self)) != 0,
      gtk_window_get_title(window).map({ String(cString: $0) }) == title
    {
      found.append(window)
    }
  }
  return found
}

/// The recipe window with its commands, as most tests here open it.
@MainActor
private func recipeApp(_ model: RecipeModel) -> TestApplication {
  TestApplication(
    WindowGroup("Recipes") { RecipeWindow(model: model, recipes: ["Pie", "Soup"]) }
      .commands { RecipeCommands(model: model) })
}

/// The menu's items in order: label (submenu items prefixed "Submenu > "), action, and "|"
/// between sections.
@MainActor
func menuItems(_ model: UnsafeMutablePointer<GMenuModel>, prefix: String = "")
  -> [(label: String, action: String?)]
{
  var items: [(label: String, action: String?)] = []
  for index in 0..<g_menu_model_get_n_items(model) {
    func string(_ attribute: String) -> String? {
      guard let value = g_menu_model_get_item_attribute_value(model, index, attribute, nil)
      else { return nil }
      defer { g_variant_unref(value) }
      return String(cString: g_variant_get_string(value, nil))
    }
    if let section = g_menu_model_get_item_link(model, index, "section") {
      if !items.isEmpty { items.append(("|", nil)) }
      items += menuItems(section, prefix: prefix)
      g_object_unref(section)
      continue
    }
    let label = string("label") ?? ""
    if let submenu = g_menu_model_get_item_link(model, index, "submenu") {
      items += menuItems(submenu, prefix: prefix + label + " > ")
      g_object_unref(submenu)
      continue
    }
    items.append((prefix + label, string("action")))
  }
  return items
}

final class CommandsTests: GtkTestCase, @unchecked Sendable {
  func testThePrimaryMenuListsTheStandardGroupsAndTheAppsMenusInGNOMEOrder() throws {
    try MainActor.assumeIsolated {
      let model = RecipeModel()
      let app = recipeApp(model)
      defer { app.close() }
      let window = try XCTUnwrap(app.windows.first)
      let button = try XCTUnwrap(window.graph.chrome?.primaryMenuButton)
      XCTAssertNotEqual(gtk_menu_button_get_primary(OpaquePointer(button)), 0, "F10 opens it")
      let items = menuItems(try XCTUnwrap(app.menu(of: window))).map(\.label)
      XCTAssertEqual(
        items,
        [
          "New Window", "|", "Recipe > Add Pie to Grocery List", "|",
          "Recipe > Show Nutrition", "Recipe > Locked", "|", "Keyboard Shortcuts", "|",
          "About Recipes", "|", "Quit",
        ])
    }
  }

  func testACommandFollowsTheFocusedValueItsTitleAndDisabledReadAndActsOnIt() throws {
    try MainActor.assumeIsolated {
      let model = RecipeModel()
      let app = recipeApp(model)
      defer { app.close() }
      let window = try XCTUnwrap(app.windows.first)
      let ui = ViewInspection(window.handle as! HostingWindow<RecipeWindow>)
      XCTAssertEqual(app.isEnabled("Recipe > Add Pie to Grocery List", in: window), true)
      try ui.find(TextField.self, title: "Second").tap()
      XCTAssertTrue(
        MainLoop.run(timeout: 5) {
          app.isEnabled("Recipe > Add Soup to Grocery List", in: window) == true
        }, "the title follows the focused value")
      let add = try XCTUnwrap(app.action("Recipe > Add Soup to Grocery List", in: window))
      g_action_group_activate_action(app.group, String(add.dropFirst(4)), nil)
      XCTAssertEqual(model.ran, ["add Soup"], "the command acts on the focused window's value")
      try ui.find(TextField.self, title: "Other").tap()
      XCTAssertTrue(
        MainLoop.run(timeout: 5) {
          app.isEnabled("Recipe > Add Recipe to Grocery List", in: window) == false
        }, "disabled while nothing focused publishes a recipe")
      XCTAssertEqual(
        app.action("Recipe > Add Recipe to Grocery List", in: window), add,
        "a menu of the same shape keeps its actions")
      g_action_group_activate_action(app.group, String(add.dropFirst(4)), nil)
      XCTAssertEqual(model.ran, ["add Soup"], "a disabled action does not run")

      model.locked = true
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { app.isEnabled("Recipe > Locked", in: window) == false },
        "state a command reads updates it")
    }
  }

  func testAToggleIsACheckedItemBoundBothWays() throws {
    try MainActor.assumeIsolated {
      let model = RecipeModel()
      let app = recipeApp(model)
      defer { app.close() }
      let window = try XCTUnwrap(app.windows.first)
      let name = String(
        try XCTUnwrap(app.action("Recipe > Show Nutrition", in: window)).dropFirst(4))
      @MainActor func state() -> Bool? {
        guard let value = g_action_group_get_action_state(app.group, name) else { return nil }
        defer { g_variant_unref(value) }
        return g_variant_get_boolean(value) != 0
      }
      XCTAssertEqual(state(), false)
      g_action_group_activate_action(app.group, name, nil)
      XCTAssertTrue(model.showsNutrition, "choosing the item flips the binding")
      XCTAssertTrue(MainLoop.run(timeout: 5) { state() == true })
      model.showsNutrition = false
      XCTAssertTrue(MainLoop.run(timeout: 5) { state() == false }, "the binding sets the check")
    }
  }

  func testOpeningTheMenuMovesNoFocusAndClosingItGivesFocusBack() throws {
    try MainActor.assumeIsolated {
      let model = RecipeModel()
      let app = TestApplication(
        WindowGroup("Recipes") {
          RecipeWindow(model: model, recipes: ["Pie", "Soup"])
        }
        .commands { RecipeCommands(model: model) })
      defer { app.close() }
      let window = try XCTUnwrap(app.windows.first)
      let field = try XCTUnwrap(focusWidget(window.window))
      let coordinator = FocusCoordinator.coordinator(for: OpaquePointer(window.window.rawPointer))
      let button = try XCTUnwrap(window.graph.chrome?.primaryMenuButton)
      gtk_menu_button_popup(OpaquePointer(button))
      XCTAssertTrue(
        MainLoop.run(timeout: 5) {
          focusWidget(window.window).map {
            gtk_widget_get_ancestor($0, gtk_popover_menu_get_type()) != nil
          } ?? false
        }, "GTK puts its focus in the open menu")
      MainLoop.drain()
      XCTAssertEqual(coordinator.focusWidget, field, "for GtkBridge the field keeps focus")
      XCTAssertEqual(
        app.isEnabled("Recipe > Add Pie to Grocery List", in: window), true,
        "the commands still see the field's value")
      let add = try XCTUnwrap(app.action("Recipe > Add Pie to Grocery List", in: window))
      g_action_group_activate_action(app.group, String(add.dropFirst(4)), nil)
      gtk_menu_button_popdown(OpaquePointer(button))
      MainLoop.drain()
      XCTAssertEqual(model.ran, ["add Pie"])
      XCTAssertEqual(focusWidget(window.window), field, "closing the menu gives focus back")
      let text = String(cString: gtk_editable_get_text(OpaquePointer(field)))
      XCTAssertEqual(text, "", "nothing was typed or selected")
    }
  }

  func testGroupsGoBeforeAfterOrInsteadOfTheStandardOnesAndAMenuBarShowsThemAsMenus() throws {
    try MainActor.assumeIsolated {
      let model = RecipeModel()
      let scene = WindowGroup("Recipes") { RecipeWindow(model: model, recipes: ["Pie", "Soup"]) }
        .commands {
          CommandGroup(replacing: .newItem) {
            Button("New Recipe") { model.ran.append("new") }.keyboardShortcut("n")
          }
          CommandGroup(before: .help) { Button("Tips") {} }
          CommandGroup(after: .help) { Button("Recipe Help") {} }
          CommandGroup(after: .pasteboard) {
            Section("Units") { Button("Metric") {} }
          }
          CommandGroup(replacing: .appTermination) {}
        }
      let app = TestApplication(scene)
      defer { app.close() }
      let window = try XCTUnwrap(app.windows.first)
      XCTAssertEqual(
        menuItems(try XCTUnwrap(app.menu(of: window))).map(\.label),
        [
          "New Recipe", "|", "Metric", "|", "Tips", "Keyboard Shortcuts", "Recipe Help", "|",
          "About Recipes",
        ])
      let ui = ViewInspection(window.handle as! HostingWindow<RecipeWindow>)
      XCTAssertTrue(ui.press(KeyboardShortcut("n")), "the replacing group's shortcut runs")
      XCTAssertEqual(model.ran, ["new"])

      let bar = TestApplication(scene.commandsPresentation(.menuBar))
      defer { bar.close() }
      let barWindow = try XCTUnwrap(bar.windows.first)
      XCTAssertNil(barWindow.graph.chrome?.primaryMenuButton)
      let widget = try XCTUnwrap(barWindow.graph.chrome?.menuBarWidget)
      let barModel = try XCTUnwrap(gtk_popover_menu_bar_get_menu_model(OpaquePointer(widget)))
      XCTAssertEqual(
        menuItems(barModel).map(\.label),
        [
          "File > New Recipe", "Edit > Metric", "Help > Tips", "Help > Keyboard Shortcuts",
          "Help > Recipe Help", "App > About Recipes",
        ])
    }
  }

  func testAShortcutRunsTheCommandWithTheFocusedWindowsValueAndPassesWhenItIsDisabled() throws {
    guard try runsInChildProcess(in: "CommandsTests") else { return }
    try MainActor.assumeIsolated {
      let model = RecipeModel()
      var recipes = [["Pie", "Soup"], ["Cake", "Stew"]]
      let app = TestApplication(
        WindowGroup("Recipes") {
          RecipeWindow(model: model, recipes: recipes.isEmpty ? ["?", "?"] : recipes.removeFirst())
        }
        .commands { RecipeCommands(model: model) })
      defer { app.close() }
      let first = try XCTUnwrap(app.windows.first)
      try xdotool(on: first.window, ["key", "ctrl+g"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.ran == ["add Pie"] }, "ran \(model.ran)")
      XCTAssertEqual(model.names, ["", ""], "the shortcut's key did not reach the field")

      // "New Window" (Ctrl+N) opens a second window of the group, which becomes the focused one.
      try xdotool(on: first.window, ["key", "ctrl+n"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { app.windows.count == 2 })
      let second = app.windows[1]
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { gtk_widget_get_mapped(second.window.pointer) != 0 })
      try xdotool(on: second.window, ["key", "ctrl+g"])
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { model.ran == ["add Pie", "add Cake"] },
        "the command acts on the focused window's value: ran \(model.ran)")

      // Nothing focused publishes a recipe: the command is disabled and Ctrl+G passes on.
      try xdotool(on: second.window, ["key", "Tab", "Tab"])
      XCTAssertTrue(
        MainLoop.run(timeout: 5) {
          app.isEnabled("Recipe > Add Recipe to Grocery List", in: second) == false
        })
      try xdotool(on: second.window, ["key", "ctrl+g"])
      try xdotool(on: second.window, ["type", "x"])
      XCTAssertTrue(MainLoop.run(timeout: 5) { model.other == "x" })
      XCTAssertEqual(model.ran, ["add Pie", "add Cake"], "a disabled command does not run")
    }
  }

  func testTheShortcutsWindowListsTheCommandsAfterTheWindowsOwnShortcuts() throws {
    try MainActor.assumeIsolated {
      let model = RecipeModel()
      let app = TestApplication(
        WindowGroup("Recipes") {
          VStack {
            RecipeWindow(model: model, recipes: ["Pie", "Soup"])
            Button("Save") {}.keyboardShortcut("s")
          }
        }
        .commands { RecipeCommands(model: model) })
      defer { app.close() }
      let window = try XCTUnwrap(app.windows.first)
      let shortcuts = WindowShortcuts.of(OpaquePointer(window.window.rawPointer))
      shortcuts.showOverview()
      let overview = try XCTUnwrap(shortcuts.overview)
      let rows = descendants(
        UnsafeMutableRawPointer(overview.window).assumingMemoryBound(to: GtkWidget.self)
      )
      .filter { isA(UnsafeMutableRawPointer($0), gtk_shortcuts_shortcut_get_type()) }
      .map {
        "\(stringProperty(UnsafeMutableRawPointer($0), "title") ?? "")="
          + "\(stringProperty(UnsafeMutableRawPointer($0), "accelerator") ?? "")"
      }
      var seen: Set<String> = []
      XCTAssertEqual(
        rows.filter { seen.insert($0).inserted },
        [
          "Save=<Control>s", "New Window=<Control>n", "Add Pie to Grocery List=<Control>g",
          "Keyboard Shortcuts=<Control>question", "Quit=<Control>q",
        ])
      overview.close()
    }
  }

  func testTextEditingCommandsActOnTheFocusedFieldAndAreInsensitiveElsewhere() throws {
    try MainActor.assumeIsolated {
      let model = RecipeModel()
      model.names = ["hello", ""]
      let app = TestApplication(
        WindowGroup("Recipes") {
          VStack {
            RecipeWindow(model: model, recipes: ["Pie", "Soup"])
            Button("Plain") {}
          }
        }
        .commands { TextEditingCommands() })
      defer { app.close() }
      let window = try XCTUnwrap(app.windows.first)
      let items = menuItems(try XCTUnwrap(app.menu(of: window))).map(\.label)
      XCTAssertEqual(
        Array(items.prefix(9)),
        ["New Window", "|", "Undo", "Redo", "|", "Cut", "Copy", "Paste", "Select All"])
      @MainActor func run(_ title: String) throws {
        let action = try XCTUnwrap(app.action(title, in: window))
        g_action_group_activate_action(app.group, String(action.dropFirst(4)), nil)
        MainLoop.drain()
      }
      XCTAssertEqual(app.isEnabled("Cut", in: window), true, "a text field has launch focus")
      try run("Select All")
      try run("Cut")
      XCTAssertEqual(model.names[0], "", "Cut took the field's text")
      try run("Undo")
      XCTAssertEqual(model.names[0], "hello", "Undo brought it back")
      let ui = ViewInspection(
        window.handle as! HostingWindow<VStack<TupleView<RecipeWindow, Button<Text>>>>)
      let plain = try ui.find(Button<Text>.self, title: "Plain")
      gtk_widget_grab_focus(plain.widget.pointer)
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { app.isEnabled("Cut", in: window) == false },
        "insensitive while no text field has focus")
    }
  }

  func testAGroupThatComesAndGoesLeavesTheOtherMenusInPlace() throws {
    try MainActor.assumeIsolated {
      let model = RecipeModel()
      let app = recipeApp(model)
      defer { app.close() }
      let window = try XCTUnwrap(app.windows.first)
      let button = try XCTUnwrap(window.graph.chrome?.primaryMenuButton)
      // NB: GTK makes the menu's pages (one per submenu) as it shows; a submenu added twice
      // would warn, and the test fails on any GTK warning.
      gtk_menu_button_popup(OpaquePointer(button))
      MainLoop.drain()
      gtk_menu_button_popdown(OpaquePointer(button))
      model.locked = true
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { app.action("Unlock", in: window) != nil })
      let ui = ViewInspection(window.handle as! HostingWindow<RecipeWindow>)
      try ui.find(TextField.self, title: "Second").tap()
      MainLoop.drain()
      XCTAssertEqual(
        menuItems(try XCTUnwrap(app.menu(of: window))).map(\.label),
        [
          "New Window", "|", "Unlock", "|", "Recipe > Add Soup to Grocery List", "|",
          "Recipe > Show Nutrition", "Recipe > Locked", "|", "Keyboard Shortcuts", "|",
          "About Recipes", "|", "Quit",
        ])
      XCTAssertEqual(app.isEnabled("Recipe > Locked", in: window), false)
      model.locked = false
      XCTAssertTrue(MainLoop.run(timeout: 5) { app.action("Unlock", in: window) == nil })
    }
  }

  func testTheSettingsSceneOpensOneWindowFromPreferences() throws {
    try MainActor.assumeIsolated {
      let model = RecipeModel()
      let app = TestApplication(
        SceneList(scenes: [
          WindowGroup("Recipes") { RecipeWindow(model: model, recipes: ["Pie", "Soup"]) },
          Settings { Toggle("Show Nutrition", isOn: Bindable(model).showsNutrition) },
        ]))
      defer { app.close() }
      let window = try XCTUnwrap(app.windows.first)
      XCTAssertEqual(app.windows.count, 1, "the settings window does not open at launch")
      let items = menuItems(try XCTUnwrap(app.menu(of: window))).map(\.label)
      XCTAssertEqual(
        items,
        [
          "New Window", "|", "Preferences", "|", "Keyboard Shortcuts", "|", "About Recipes", "|",
          "Quit",
        ])
      let ui = ViewInspection(window.handle as! HostingWindow<RecipeWindow>)
      XCTAssertTrue(ui.press(KeyboardShortcut(",")), "Ctrl+, opens the settings")
      XCTAssertTrue(MainLoop.run(timeout: 5) { shownWindows(titled: "Preferences").count == 1 })
      let settings = try XCTUnwrap(shownWindows(titled: "Preferences").first)
      XCTAssertEqual(gtk_window_get_transient_for(settings), window.window.window)
      XCTAssertTrue(ui.press(KeyboardShortcut(",")))
      MainLoop.drain()
      XCTAssertEqual(
        shownWindows(titled: "Preferences"), [settings], "choosing it again brings the same window")
      gtk_window_destroy(settings)
      MainLoop.drain()
      XCTAssertTrue(ui.press(KeyboardShortcut(",")))
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { shownWindows(titled: "Preferences").count == 1 }, "and a new one"
      )
      for settings in shownWindows(titled: "Preferences") { gtk_window_destroy(settings) }
    }
  }

  func testSettingsLinkAndOpenSettingsOpenTheSettingsWindow() throws {
    try MainActor.assumeIsolated {
      struct Opener: View {
        @Environment(\.openSettings) var openSettings
        var body: some View {
          VStack {
            SettingsLink()
            Button("Open") { openSettings() }
          }
        }
      }
      let app = TestApplication(
        SceneList(scenes: [WindowGroup("Main") { Opener() }, Settings { Text("Prefs") }]))
      defer { app.close() }
      let window = try XCTUnwrap(app.windows.first)
      let ui = ViewInspection(window.handle as! HostingWindow<Opener>)
      @MainActor func settingsShown() -> Bool {
        guard let settings = shownWindows(titled: "Preferences").first else { return false }
        gtk_window_destroy(settings)
        return true
      }
      XCTAssertNoThrow(try ui.find(Text.self, title: "Preferences…"))
      ui.findAll(Button<Text>.self)[0].tap()
      XCTAssertTrue(MainLoop.run(timeout: 5) { settingsShown() }, "SettingsLink opened it")
      MainLoop.drain()
      try ui.find(Button<Text>.self, title: "Open").tap()
      XCTAssertTrue(MainLoop.run(timeout: 5) { settingsShown() }, "openSettings() opened it")
    }
  }

  func testFocusedObjectReadsThePublishedObservableObjectInViewsAndCommands() throws {
    try MainActor.assumeIsolated {
      let first = TextDocument("alpha")
      let second = TextDocument("beta")
      let app = TestApplication(
        WindowGroup("Docs") {
          VStack {
            DocumentField(document: first, title: "First")
            DocumentField(document: second, title: "Second")
            DocumentTitle()
          }
        }
        .commands { DocumentCommands() })
      defer { app.close() }
      let window = try XCTUnwrap(app.windows.first)
      let ui = ViewInspection(
        window.handle
          as! HostingWindow<VStack<TupleView<DocumentField, DocumentField, DocumentTitle>>>)
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { (try? ui.find(Text.self).text) == "focused: alpha" },
        "the reader sees the focused field's document")
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { app.isEnabled("Text > Uppercase alpha", in: window) == true })
      first.text = "alpha!"
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { (try? ui.find(Text.self).text) == "focused: alpha!" },
        "objectWillChange re-runs the reader")
      try ui.find(TextField.self, title: "Second").tap()
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { app.isEnabled("Text > Uppercase beta", in: window) == true })
      let action = try XCTUnwrap(app.action("Text > Uppercase beta", in: window))
      g_action_group_activate_action(app.group, String(action.dropFirst(4)), nil)
      XCTAssertEqual(second.text, "BETA", "the command acted on the focused object")
      XCTAssertEqual(first.text, "alpha!")
    }
  }
}

@MainActor
final class TextDocument: ObservableObject {
  @Published var text: String
  init(_ text: String) { self.text = text }
}

private struct DocumentField: View {
  @ObservedObject var document: TextDocument
  let title: String
  var body: some View {
    TextField(title, text: $document.text).focusedObject(document)
  }
}

private struct DocumentTitle: View {
  @FocusedObject var document: TextDocument?
  var body: some View { Text("focused: \(document?.text ?? "none")") }
}

private struct DocumentCommands: Commands {
  @FocusedObject var document: TextDocument?
  var body: some Commands {
    CommandMenu("Text") {
      Button("Uppercase \(document?.text ?? "")") {
        document?.text = document?.text.uppercased() ?? ""
      }
      .disabled(document == nil)
    }
  }
}

// MARK: - Probe: a command's state written from another thread

/// Not main-actor bound: the probe writes it from another thread, as a network callback would.
@Observable
private final class FarCommandModel: @unchecked Sendable {
  var canSend = false
  var title = "Send"
}

extension CommandsTests {
  func testACommandsDisabledAndTitleFollowWritesFromAnotherThread() throws {
    try MainActor.assumeIsolated {
      let model = FarCommandModel()
      let app = TestApplication(
        WindowGroup("Probe") { Text("body") }
          .commands {
            CommandMenu("Mail") {
              Button(model.title) {}.disabled(!model.canSend)
            }
          })
      defer { app.close() }
      let window = try XCTUnwrap(app.windows.first)
      XCTAssertEqual(app.isEnabled("Mail > Send", in: window), false)
      let done = expectation(description: "written")
      Task.detached {
        model.canSend = true
        done.fulfill()
      }
      wait(for: [done], timeout: 5)
      XCTAssertTrue(MainLoop.run(timeout: 5) { app.isEnabled("Mail > Send", in: window) == true })
      let renamed = expectation(description: "renamed")
      Task.detached {
        model.title = "Send All"
        model.canSend = false
        renamed.fulfill()
      }
      wait(for: [renamed], timeout: 5)
      XCTAssertTrue(
        MainLoop.run(timeout: 5) { app.isEnabled("Mail > Send All", in: window) == false })
      XCTAssertNil(app.isEnabled("Mail > Send", in: window), "the old title is gone")
    }
  }
}
