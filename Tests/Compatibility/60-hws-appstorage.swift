// swift-format-ignore-file
// Source: https://www.hackingwithswift.com/quick-start/swiftui/what-is-the-appstorage-property-wrapper
// Hacking with Swift: @AppStorage reads and writes a setting that survives a relaunch.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    @AppStorage("username") var username: String = "Anonymous"

    var body: some View {
        VStack {
            Text("Welcome, \(username)!")

            Button("Log in") {
                username = "@twostraws"
            }
        }
    }
}
