// swift-format-ignore-file
// Source: https://www.hackingwithswift.com/quick-start/swiftui/how-to-detect-and-respond-to-key-press-events
// Hacking with Swift: onKeyPress on a focusable view, and its filtered forms.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    @FocusState private var focused: Bool
    @State private var key = ""

    var body: some View {
        Text(key)
            .focusable()
            .focused($focused)
            .onKeyPress { press in
                key += press.characters
                return .handled
            }
            .onAppear {
                focused = true
            }
    }
}

struct FilteredKeysView: View {
    @FocusState private var focused: Bool

    var body: some View {
        Text("Press a key")
            .focusable()
            .focused($focused)
            .onKeyPress(characters: .alphanumerics, phases: .up) { press in
                print("Received \(press.characters)")
                return .handled
            }
            .onKeyPress(keys: [.upArrow, .downArrow]) { press in
                print("Arrow: \(press.key)")
                return .handled
            }
    }
}
