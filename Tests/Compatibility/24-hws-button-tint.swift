// swift-format-ignore-file
// Source: https://www.hackingwithswift.com/quick-start/swiftui/how-to-change-the-tint-color-of-a-button
// Hacking with Swift: tinting a prominent button.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    var body: some View {
        Button("Buy: $0.99") {
            print("Buying for $0.99")
        }
        .buttonStyle(.borderedProminent)
        .tint(.mint)
        .controlSize(.large)
    }
}
