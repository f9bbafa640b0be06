// swift-format-ignore-file
// Source: https://developer.apple.com/documentation/swiftui/textfield
// Apple: TextField, a field with a prompt and a label (macOS form style).
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct PromptForm: View {
    @State private var username = ""
    @State private var password = ""

    var body: some View {
        Form {
            TextField(text: $username, prompt: Text("Required")) {
                Text("Username")
            }
            SecureField(text: $password, prompt: Text("Required")) {
                Text("Password")
            }
        }
    }
}
