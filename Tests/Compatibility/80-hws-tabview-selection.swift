// swift-format-ignore-file
// Source: https://www.hackingwithswift.com/quick-start/swiftui/how-to-embed-views-in-a-tab-bar-using-tabview
// and https://www.hackingwithswift.com/quick-start/swiftui/how-to-create-tabs-with-tabview-programmatically
// Hacking with Swift: tabs with an image and a text each, switched by a button through the
// selection. Written as published there (reconstructed from the pages); only `import SwiftUI`
// is changed to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    @State private var selectedTab = "One"

    var body: some View {
        TabView(selection: $selectedTab) {
            Button("Show Tab 2") {
                selectedTab = "Two"
            }
            .tabItem {
                Label("One", systemImage: "star")
            }
            .tag("One")

            Text("Tab 2")
                .tabItem {
                    Image(systemName: "2.circle")
                    Text("Two")
                }
                .tag("Two")
        }
    }
}
