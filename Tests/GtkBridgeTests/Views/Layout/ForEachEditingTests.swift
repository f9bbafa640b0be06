import CGtk
import CGtkTesting
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

/// A model file as SwiftUI apps write it: an `@Observable` class that is not isolated to the
/// main actor, whose methods a view passes by reference.
@Observable
private final class FruitStore {
  var fruits = ["Apple", "Banana", "Cherry", "Damson"]
  var cleared = 0

  func delete(at offsets: IndexSet) {
    fruits.remove(atOffsets: offsets)
  }

  func move(from source: IndexSet, to destination: Int) {
    fruits.move(fromOffsets: source, toOffset: destination)
  }

  func clear() {
    cleared += 1
  }
}

/// The same model as an `ObservableObject` on the main actor.
@MainActor
private final class TaskStore: ObservableObject {
  @Published var tasks = ["Write", "Test", "Ship"]

  func delete(at offsets: IndexSet) {
    tasks.remove(atOffsets: offsets)
  }
}

private struct FruitList: View {
  let store: FruitStore

  var body: some View {
    List {
      ForEach(store.fruits, id: \.self) { fruit in
        Text(fruit)
      }
      .onDelete(perform: store.delete)
      .onMove(perform: store.move)
    }
  }
}

private struct TaskList: View {
  @ObservedObject var store: TaskStore

  var body: some View {
    VStack {
      List {
        ForEach(store.tasks, id: \.self) { Text($0) }
          .onDelete(perform: store.delete)
      }
      Text("Clear").focusable().onDeleteCommand(perform: clear)
    }
  }

  func clear() { store.tasks.removeAll() }
}

/// Focuses the row showing `title`, as a click on it would: the nearest ancestor of its text
/// that takes focus (the list's row).
@MainActor
private func focusRow(_ ui: ViewInspection<some View>, _ title: String) throws {
  var widget: UnsafeMutablePointer<GtkWidget>? = try ui.find(Text.self, title: title).widget
    .pointer
  while let current = widget, gtk_widget_get_focusable(current) == 0 {
    widget = gtk_widget_get_parent(current)
  }
  gtk_widget_grab_focus(try XCTUnwrap(widget))
  MainLoop.drain()
}

/// Presses Delete where the window's focus is, as GTK gives the key to the focus widget's
/// key controllers and its ancestors'.
@MainActor
private func pressDelete(_ window: Window) {
  guard let focus = focusWidget(window) else { return }
  _ = cgtk_testing_press_key(focus, UInt32(GDK_KEY_Delete))
  MainLoop.drain()
}

/// `.onDelete(perform: store.delete)`, `.onMove(perform: store.move)` and
/// `.onDeleteCommand(perform: clear)` with method references, as SwiftUI apps pass them: they
/// compile in Swift 6 (SwiftUI's parameters are plain, non-isolated function types) and run.
final class ForEachEditingTests: GtkTestCase, @unchecked Sendable {
  func testOnDeleteRunsAMethodOfAnObservableModelPassedByReference() throws {
    try MainActor.assumeIsolated {
      let store = FruitStore()
      let ui = show(host { FruitList(store: store) })
      try focusRow(ui, "Banana")
      pressDelete(ui.window)
      XCTAssertEqual(store.fruits, ["Apple", "Cherry", "Damson"])
      XCTAssertEqual(ui.findAll(Text.self).compactMap(\.text), ["Apple", "Cherry", "Damson"])
    }
  }

  func testOnDeleteRunsAMethodOfAMainActorObservableObject() throws {
    try MainActor.assumeIsolated {
      let store = TaskStore()
      let ui = show(host { TaskList(store: store) })
      try focusRow(ui, "Ship")
      pressDelete(ui.window)
      XCTAssertEqual(store.tasks, ["Write", "Test"])
      XCTAssertEqual(ui.findAll(Text.self).compactMap(\.text), ["Write", "Test", "Clear"])

      try ui.find(Text.self, title: "Clear").tap()
      pressDelete(ui.window)
      XCTAssertEqual(store.tasks, [], ".onDeleteCommand(perform: clear) ran")
      XCTAssertEqual(ui.findAll(Text.self).compactMap(\.text), ["Clear"])
    }
  }
}
