// swift-format-ignore-file
// Source: https://developer.apple.com/documentation/swiftui/menu
// Apple's documentation for `Menu`: a menu of actions with a nested menu, and a menu with a
// primary action labelled by a `Label`. Written as published there (reconstructed from the
// page; the action functions the page leaves to the reader are added); only `import SwiftUI`
// is changed to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    var body: some View {
        VStack {
            Menu("Actions") {
                Button("Duplicate", action: duplicate)
                Button("Rename", action: rename)
                Button("Delete…", action: delete)
                Menu("Copy") {
                    Button("Copy", action: copy)
                    Button("Copy Formatted", action: copyFormatted)
                    Button("Copy Library Path", action: copyPath)
                }
            }

            Menu {
                Button(action: addCurrentTabToReadingList) {
                    Label("Add to Reading List", systemImage: "eyeglasses")
                }
                Button(action: bookmarkAll) {
                    Label("Add Bookmarks for All Tabs", systemImage: "book")
                }
                Button(action: show) {
                    Label("Show All Bookmarks", systemImage: "books.vertical")
                }
            } label: {
                Label("Add Bookmark", systemImage: "book")
            } primaryAction: {
                addBookmark()
            }
        }
    }

    // Added: the actions the page leaves to the reader.
    func duplicate() {}
    func rename() {}
    func delete() {}
    func copy() {}
    func copyFormatted() {}
    func copyPath() {}
    func addCurrentTabToReadingList() {}
    func bookmarkAll() {}
    func show() {}
    func addBookmark() {}
}
