// swift-format-ignore-file
// Source: https://www.hackingwithswift.com/quick-start/swiftui/how-to-push-a-new-view-onto-a-navigationstack
// Hacking with Swift: pushing a detail view with NavigationLink inside a NavigationStack, with
// a title on each screen.
// Written as published there (reconstructed from the page); only `import SwiftUI` is changed
// to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    var body: some View {
        NavigationStack {
            VStack {
                NavigationLink("Tap Me") {
                    Text("Detail View")
                        .navigationTitle("Detail")
                }

                NavigationLink {
                    Text("Another Detail View")
                } label: {
                    Label("Work Folder", systemImage: "folder")
                }
            }
            .navigationTitle("Navigation")
        }
    }
}
