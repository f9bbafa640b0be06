// swift-format-ignore-file
// Source: https://www.hackingwithswift.com/quick-start/swiftui/how-to-share-swiftdata-or-observable-objects-with-environment
// Hacking with Swift: @Observable with @State and bindings (iOS 17).
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

@Observable
class User {
    var firstName = "Bilbo"
    var lastName = "Baggins"
}

struct ContentView: View {
    @State private var user = User()

    var body: some View {
        VStack {
            Text("Your name is \(user.firstName) \(user.lastName).")

            TextField("First name", text: $user.firstName)
            TextField("Last name", text: $user.lastName)
        }
        .padding()
    }
}
