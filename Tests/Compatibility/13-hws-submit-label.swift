// swift-format-ignore-file
// Source: https://www.hackingwithswift.com/quick-start/swiftui/how-to-let-users-submit-a-textfield-using-onsubmit
// Hacking with Swift: onSubmit with a submit label.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    @State private var username = ""
    @State private var password = ""

    var body: some View {
        Form {
            TextField("Username", text: $username)
            SecureField("Password", text: $password)
        }
        .onSubmit {
            guard username.isEmpty == false && password.isEmpty == false else { return }
            print("Authenticating…")
        }
        .submitLabel(.join)
    }
}
