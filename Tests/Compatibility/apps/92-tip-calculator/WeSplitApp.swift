// swift-format-ignore-file
// Composed for this suite in the style of the WeSplit tip-calculator tutorials (Hacking with
// Swift's days 16-18 and their retellings): a check amount in a focused decimal field, a
// party size, a tip picker, totals; a model file with `import Combine` that derives the
// totals; a view modifier with focus state inside. Written against SwiftUI; only
// `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

@main
struct WeSplitApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}
