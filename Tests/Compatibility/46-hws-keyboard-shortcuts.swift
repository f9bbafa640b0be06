// swift-format-ignore-file
// Source: https://www.hackingwithswift.com/quick-start/swiftui/how-to-add-keyboard-shortcuts-using-keyboardshortcut
// Hacking with Swift: keyboardShortcut with a character, with modifiers, and the default
// action.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    var body: some View {
        VStack {
            Button("Log in") {
                print("Authenticating…")
            }
            .keyboardShortcut("l")

            Button("Run") {
                print("Running…")
            }
            .keyboardShortcut("r", modifiers: [.command, .shift])

            Button("Confirm Launch") {
                print("Launching drone…")
            }
            .keyboardShortcut(.defaultAction)
        }
    }
}
