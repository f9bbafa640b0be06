// swift-format-ignore-file
// Source: composed for this suite from the initializers and conformances documented at
// https://developer.apple.com/documentation/swiftui/list/init(_:id:rowcontent:) (a binding's
// rows identified by a key path), https://developer.apple.com/documentation/swiftui/foreach
// and https://developer.apple.com/documentation/swiftui/binding (a binding to a mutable
// collection is a RandomAccessCollection of element bindings; not copied from one page).
// Editable rows of values that are not Identifiable, and a filtered collection binding.
// Only `import SwiftUI` would need changing to `import GtkBridge`.
import GtkBridge

struct Setting {
    var key: String
    var value: String
}

struct Chore: Identifiable {
    let id: Int
    var title: String
    var isDone = false
}

struct ContentView: View {
    @State private var tags = ["home", "work"]
    @State private var settings = [
        Setting(key: "Name", value: ""),
        Setting(key: "City", value: ""),
    ]
    @State private var chores = [
        Chore(id: 1, title: "Shop"),
        Chore(id: 2, title: "Cook", isDone: true),
    ]

    var body: some View {
        Form {
            Section("Tags") {
                ForEach($tags, id: \.self) { $tag in
                    TextField("Tag", text: $tag)
                }
                Button("Add Tag") {
                    tags.append("tag \(tags.count + 1)")
                }
            }
            Section("Settings") {
                ForEach($settings, id: \.key) { $setting in
                    TextField(setting.key, text: $setting.value)
                }
            }
            Section("To Do") {
                ForEach($chores.filter { !$0.wrappedValue.isDone }) { $chore in
                    Toggle(chore.title, isOn: $chore.isDone)
                }
                ForEach($chores.indices, id: \.self) { index in
                    TextField("Chore", text: $chores[index].title)
                }
                Text("\($chores.count) chores")
            }
        }
    }
}

struct TagList: View {
    @Binding var tags: [String]

    var body: some View {
        List($tags, id: \.self) { $tag in
            TextField("Tag", text: $tag)
        }
    }
}
