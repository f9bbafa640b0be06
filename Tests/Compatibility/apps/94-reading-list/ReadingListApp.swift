// swift-format-ignore-file
// Composed for this suite in the style of the list-and-detail tutorial apps (Apple's
// "Scrumdinger", Hacking with Swift's "Bookworm" and their retellings): a reading list whose
// model is an `@Observable` class with methods the views pass by reference
// (`.onDelete(perform: library.delete)`), a search field drawn by a custom `TextFieldStyle`,
// a button drawn by a custom `PrimitiveButtonStyle`, a details panel that comes and goes
// with a transition, a reading timer on `Timer.publish(...).autoconnect()`, and `#Preview`s
// with traits. Written against SwiftUI; only `import SwiftUI` is changed to
// `import GtkBridge`.
import GtkBridge

@main
struct ReadingListApp: App {
    @State private var library = Library()

    var body: some Scene {
        WindowGroup {
            ContentView(library: library)
        }
    }
}
