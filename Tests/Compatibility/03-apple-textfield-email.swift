// swift-format-ignore-file
// Source: https://developer.apple.com/documentation/swiftui/textfield
// Apple: TextField, the email field with focus, submit and styling.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct EmailField: View {
    @State private var username: String = ""
    @FocusState private var emailFieldIsFocused: Bool = false

    var body: some View {
        TextField(
            "User name (email address)",
            text: $username
        )
        .focused($emailFieldIsFocused)
        .onSubmit {
            validate(name: username)
        }
        .textInputAutocapitalization(.never)
        .disableAutocorrection(true)
        .border(.secondary)

        Text(username)
            .foregroundColor(emailFieldIsFocused ? .red : .blue)
    }

    // The page leaves this to the reader.
    func validate(name: String) {}
}
