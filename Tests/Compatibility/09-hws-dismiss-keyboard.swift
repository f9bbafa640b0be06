// swift-format-ignore-file
// Source: https://www.hackingwithswift.com/quick-start/swiftui/how-to-dismiss-the-keyboard-for-a-textfield
// Hacking with Swift: dismissing the keyboard with @FocusState.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    @State private var name = ""
    @FocusState private var nameIsFocused: Bool

    var body: some View {
        VStack {
            TextField("Enter your name", text: $name)
                .focused($nameIsFocused)

            Button("Submit") {
                nameIsFocused = false
            }
        }
    }
}
