// swift-format-ignore-file
// Source: https://www.hackingwithswift.com/quick-start/swiftui/how-to-add-a-toolbar-to-the-keyboard
// Hacking with Swift: a "Done" button in a toolbar above the keyboard that dismisses focus.
// Written as published there (reconstructed from the page); only `import SwiftUI` is changed
// to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    @State private var name = "Paul"
    @FocusState var isInputActive: Bool

    var body: some View {
        NavigationStack {
            TextField("Enter your name", text: $name)
                .textFieldStyle(.roundedBorder)
                .focused($isInputActive)
                .toolbar {
                    ToolbarItemGroup(placement: .keyboard) {
                        Spacer()

                        Button("Done") {
                            isInputActive = false
                        }
                    }
                }
        }
    }
}
