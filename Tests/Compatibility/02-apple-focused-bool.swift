// swift-format-ignore-file
// Source: https://developer.apple.com/documentation/swiftui/view/focused(_:)
// Apple: focused(_:), choosing a username.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct ChooseUsername: View {
    @State private var username: String = ""
    @FocusState private var usernameFieldIsFocused: Bool
    @State private var showUsernameTaken = false

    var body: some View {
        VStack {
            TextField("Choose a username.", text: $username)
                .focused($usernameFieldIsFocused)
            if showUsernameTaken {
                Text("That username is taken. Please choose another.")
            }
            Button("Submit") {
                showUsernameTaken = false
                if !isUserNameAvailable(username: username) {
                    usernameFieldIsFocused = true
                    showUsernameTaken = true
                }
            }
        }
    }

    // The page leaves this to the reader.
    func isUserNameAvailable(username: String) -> Bool { true }
}
