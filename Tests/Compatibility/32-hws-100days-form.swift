// swift-format-ignore-file
// Source: https://www.hackingwithswift.com/books/ios-swiftui/adding-a-navigation-bar
// Hacking with Swift (100 Days): a Form with a TextField and a Picker.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    @State private var name = ""
    @State private var tapCount = 0

    var body: some View {
        Form {
            TextField("Enter your name", text: $name)
            Text("Your name is \(name)")
            Button("Tap Count: \(tapCount)") {
                tapCount += 1
            }
        }
    }
}
