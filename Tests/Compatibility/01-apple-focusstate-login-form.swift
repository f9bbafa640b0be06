// swift-format-ignore-file
// Source: https://developer.apple.com/documentation/swiftui/focusstate
// Apple: FocusState, the sign-in form.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct LoginForm: View {
    enum Field: Hashable {
        case username
        case password
    }

    @State private var username = ""
    @State private var password = ""
    @FocusState private var focusedField: Field?

    var body: some View {
        Form {
            TextField("Username", text: $username)
                .focused($focusedField, equals: .username)

            SecureField("Password", text: $password)
                .focused($focusedField, equals: .password)

            Button("Sign In") {
                if username.isEmpty {
                    focusedField = .username
                } else if password.isEmpty {
                    focusedField = .password
                } else {
                    handleLogin(username, password)
                }
            }
        }
    }

    // The page leaves this to the reader.
    func handleLogin(_ username: String, _ password: String) {}
}
