import CGtk
import Foundation
import GtkBridgeTesting
import Observation
import XCTest

@testable import GtkBridge

struct EditedItem: Identifiable, Hashable {
  var id = UUID()
  var name = ""
  var note = ""
}

/// What the views' actions and states are, reached from the test as the app would reach them.
@MainActor
final class EditingProbe<Focus: Hashable> {
  var focus: () -> Focus? = { nil }
  var setFocus: (Focus?) -> Void = { _ in }
  var items: () -> [EditedItem] = { [] }
  var setItems: ([EditedItem]) -> Void = { _ in }
  var log: [String] = []
}

/// The index of the field holding GTK's focus, if one does.
@MainActor
func focusedIndex(_ ui: ViewInspection<some View>) -> Int? {
  let focused = focusedEntry(ui.window)
  return ui.findAll(TextField.self).firstIndex { $0.widget.pointer == focused }
}

@MainActor
@Observable
final class EditingFilterModel {
  var query = ""
  var locked = false
}

struct EditingFiltered: View {
  let probe: EditingProbe<UUID>
  @Bindable var model: EditingFilterModel
  @State var items: [EditedItem]
  @FocusState var focus: UUID?

  var body: some View {
    probe.focus = { focus }
    probe.setFocus = { focus = $0 }
    probe.items = { items }
    return VStack {
      ForEach(items.filter { model.query.isEmpty || $0.name.contains(model.query) }) { item in
        if let index = items.firstIndex(where: { $0.id == item.id }) {
          TextField("Name", text: $items[index].name).focused($focus, equals: item.id)
            .disabled(model.locked)
        }
      }
    }
    .onChange(of: focus) { old, new in
      probe.log.append("\(old == nil ? "nil" : "row")->\(new == nil ? "nil" : "row")")
    }
  }
}

extension GtkTestCase {
  func makeItems(_ names: [String]) -> [EditedItem] {
    names.map { EditedItem(name: $0) }
  }
}
