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

final class CommandsTests: GtkTestCase {
  func testThePrimaryMenuListsTheStandardGroupsAndTheAppsMenusInGNOMEOrder() throws {
    try MainActor.assumeIsolated {
      let model = RecipeModel()
      let app = TestApplication(
        WindowGroup("Recipes") { RecipeWindow(model: model, recipes: ["Pie", "Soup"]) }
          .commands { RecipeCommands(model: model) })
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
      let app = TestApplication(
        WindowGroup("Recipes") { RecipeWindow(model: model, recipes: ["Pie", "Soup"]) }
          .commands { RecipeCommands(model: model) })
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
      let app = TestApplication(
        WindowGroup("Recipes") { RecipeWindow(model: model, recipes: ["Pie", "Soup"]) }
          .commands { RecipeCommands(model: model) })
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
}
