// swift-format-ignore-file
// Source: https://www.hackingwithswift.com/quick-start/swiftui/how-to-let-users-delete-rows-from-a-list
// and https://www.hackingwithswift.com/quick-start/swiftui/how-to-let-users-move-rows-in-a-list
// Hacking with Swift: a list whose rows are deleted through `.onDelete` and moved through
// `.onMove`, with `remove(atOffsets:)` and `move(fromOffsets:toOffset:)`. Written as
// published there (reconstructed from the pages, the two examples side by side; the second
// page's iOS `EditButton` left out); only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    @State private var users = ["Glenn", "Malcolm", "Nicola", "Terri"]

    var body: some View {
        NavigationStack {
            List {
                ForEach(users, id: \.self) { user in
                    Text(user)
                }
                .onDelete(perform: delete)
            }
        }
    }

    func delete(at offsets: IndexSet) {
        users.remove(atOffsets: offsets)
    }
}

struct MoveView: View {
    @State private var users = ["Glenn", "Malcolm", "Nicola", "Terri"]

    var body: some View {
        NavigationStack {
            List {
                ForEach(users, id: \.self) { user in
                    Text(user)
                }
                .onMove(perform: move)
            }
        }
    }

    func move(from source: IndexSet, to destination: Int) {
        users.move(fromOffsets: source, toOffset: destination)
    }
}
