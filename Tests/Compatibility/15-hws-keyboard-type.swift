// swift-format-ignore-file
// Source: https://www.hackingwithswift.com/quick-start/swiftui/how-to-create-a-textfield-that-accepts-only-numbers
// Hacking with Swift: a number keyboard.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    @State private var score = ""

    var body: some View {
        TextField("Enter your score", text: $score)
            .keyboardType(.decimalPad)
    }
}
