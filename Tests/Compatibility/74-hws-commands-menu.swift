// swift-format-ignore-file
// Source: https://www.hackingwithswift.com/quick-start/swiftui/how-to-add-commands-to-the-macos-menu-bar
// Hacking with Swift: a menu of the app's own with shortcuts and a divider, and the standard
// pasteboard group replaced. Written as published there (reconstructed from the page); only
// `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    var body: some View {
        Text("Hello, world!")
            .padding()
    }
}

@main
struct CommandsDemoApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
        .commands {
            CommandMenu("My Top Menu") {
                Button("Sub Menu Item") { print("You pressed sub menu.") }
                    .keyboardShortcut("S")
                Button("Sub Menu Item 2") { print("You pressed sub menu 2.") }
                    .keyboardShortcut("T", modifiers: [.command, .shift])
                Divider()
                Button("Sub Menu Item 3") { print("You pressed sub menu 3.") }
            }

            CommandGroup(replacing: .pasteboard) {
                Button("Cut") { print("Cutting something…") }
                    .keyboardShortcut("X")
                Button("Copy") { print("Copying something…") }
                    .keyboardShortcut("C")
                Button("Paste") { print("Pasting something…") }
                    .keyboardShortcut("V")
                Button("Paste and Match Style") { print("Pasting and Matching something…") }
                    .keyboardShortcut("V", modifiers: [.command, .option, .shift])
                Button("Delete") { print("Deleting something…") }
                    .keyboardShortcut(.delete)
                Button("Select All") { print("Selecting something…") }
                    .keyboardShortcut("A")
            }
        }
    }
}
