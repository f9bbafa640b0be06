// swift-format-ignore-file
// Source: https://www.avanderlee.com/swiftui/focusstate-keyboard-dismiss/
// SwiftLee: @FocusState with an enum and a Done button.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct KeyboardDismissingView: View {
    enum FocusedField {
        case firstName, lastName
    }

    @State private var firstName: String = ""
    @State private var lastName: String = ""
    @FocusState private var focusedField: FocusedField?

    var body: some View {
        VStack {
            TextField("First name", text: $firstName)
                .focused($focusedField, equals: .firstName)
                .textContentType(.givenName)
                .submitLabel(.next)
            TextField("Last name", text: $lastName)
                .focused($focusedField, equals: .lastName)
                .textContentType(.familyName)
                .submitLabel(.done)
            Button("Dismiss") {
                focusedField = nil
            }
        }
        .onSubmit {
            switch focusedField {
            case .firstName:
                focusedField = .lastName
            default:
                focusedField = nil
            }
        }
        .padding()
    }
}
