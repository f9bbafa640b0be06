// swift-format-ignore-file
// Source: https://developer.apple.com/documentation/swiftui/focusedobject
// and https://developer.apple.com/documentation/swiftui/view/focusedobject(_:)
// Apple's documentation: an ObservableObject published by the focused editor and read by a
// command with @FocusedObject. Written as published there (reconstructed from the pages; the
// document class and the app the pages leave to the reader are added); only
// `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

final class TextDocument: ObservableObject {
    @Published var text = ""
}

struct DocumentEditor: View {
    @StateObject private var document = TextDocument()

    var body: some View {
        TextEditor(text: $document.text)
            .focusedObject(document)
    }
}

struct TextCommands: Commands {
    @FocusedObject private var document: TextDocument?

    var body: some Commands {
        CommandMenu("Text") {
            Button("Make Uppercase") {
                document?.text = document?.text.uppercased() ?? ""
            }
            .disabled(document == nil)
        }
    }
}

@main
struct EditorApp: App {
    var body: some Scene {
        WindowGroup {
            DocumentEditor()
        }
        .commands {
            TextCommands()
        }
    }
}
