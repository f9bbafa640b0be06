// swift-format-ignore-file
// Source: https://www.hackingwithswift.com/quick-start/swiftui/how-to-disable-autocorrect-in-a-textfield
// Hacking with Swift: autocorrection and capitalisation off.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    @State private var name = ""

    var body: some View {
        TextField("Enter your name", text: $name)
            .textInputAutocapitalization(.never)
            .disableAutocorrection(true)
    }
}
