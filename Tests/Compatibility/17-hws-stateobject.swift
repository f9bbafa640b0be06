// swift-format-ignore-file
// Source: https://www.hackingwithswift.com/quick-start/swiftui/how-to-use-stateobject-to-create-and-monitor-external-objects
// Hacking with Swift: @StateObject with @Published.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

class Player: ObservableObject {
    @Published var name = "Taylor"
    @Published var age = 26
}

struct ContentView: View {
    @StateObject var player = Player()

    var body: some View {
        NavigationStack {
            NavigationLink {
                PlayerNameView(player: player)
            } label: {
                Text("Show detail view")
            }
        }
    }
}

struct PlayerNameView: View {
    @ObservedObject var player: Player

    var body: some View {
        Text("Hello, \(player.name)!")
    }
}
