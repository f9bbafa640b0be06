// swift-format-ignore-file
// Source: https://www.hackingwithswift.com/quick-start/swiftui/how-to-run-some-code-when-state-changes-using-onchange
// Hacking with Swift: onChange (iOS 14 form).
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    @State private var name = ""

    var body: some View {
        TextField("Enter your name:", text: $name)
            .textFieldStyle(.roundedBorder)
            .onChange(of: name) { newValue in
                print("Name changed to \(name)!")
            }
    }
}
