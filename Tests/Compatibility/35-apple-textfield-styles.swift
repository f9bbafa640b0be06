// swift-format-ignore-file
// Source: https://developer.apple.com/documentation/swiftui/textfield
// Apple: TextField, styling text fields.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct NameFields: View {
    @State private var givenName: String = ""
    @State private var familyName: String = ""

    var body: some View {
        VStack {
            TextField(
                "Given Name",
                text: $givenName
            )
            .disableAutocorrection(true)
            TextField(
                "Family Name",
                text: $familyName
            )
            .disableAutocorrection(true)
        }
        .textFieldStyle(.roundedBorder)
    }
}
