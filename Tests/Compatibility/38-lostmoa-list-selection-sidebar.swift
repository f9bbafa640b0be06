// swift-format-ignore-file
// Source: https://lostmoa.com/blog/ListSelectionForNavigation/
// Nil Coalescing (Natalia Panferova): "List Selection Based Navigation on macOS", a simple
// list: a sidebar List bound to a selection through `.tag`, and the detail it drives.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`. The
// page leaves `items`, `ItemSidebarView`, `ItemDetailView` and `NothingSelectedView` to the
// reader; they are added below, marked.
import GtkBridge

struct SideBar: View {
  @Binding
  var selection: UUID?
   
  var body: some View {
    List(selection: $selection) {
      ForEach(items) { item in
        ItemSidebarView(item: item).tag(item.id)
      }
    }.listStyle(.sidebar)
  }
}

struct MainDetailView: View {
  let selection: UUID?
   
  var body: some View {
    if let selection = self.selection {
      ItemDetailView(id: selection)
    } else {
      NothingSelectedView()
    }
  }
}

// Added: left to the reader by the page.
struct Item: Identifiable {
  let id = UUID()
  var name: String
}

let items = [Item(name: "Inbox"), Item(name: "Drafts"), Item(name: "Archive")]

struct ItemSidebarView: View {
  let item: Item
  var body: some View { Text(item.name) }
}

struct ItemDetailView: View {
  let id: UUID
  var body: some View { Text(items.first { $0.id == id }?.name ?? "") }
}

struct NothingSelectedView: View {
  var body: some View { Text("Nothing selected") }
}
