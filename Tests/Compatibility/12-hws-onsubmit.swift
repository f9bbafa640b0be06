// swift-format-ignore-file
// Source: https://www.hackingwithswift.com/quick-start/swiftui/how-to-let-users-submit-a-textfield-using-onsubmit
// Hacking with Swift: onSubmit.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    @State private var name = ""

    var body: some View {
        TextField("Enter your name", text: $name)
            .onSubmit {
                print("Authenticating…")
            }
    }
}
