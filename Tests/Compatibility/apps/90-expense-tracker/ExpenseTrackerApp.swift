// swift-format-ignore-file
// Composed for this suite in the style of the iExpense tutorial apps (Hacking with Swift's
// 100 Days of SwiftUI, days 36-38, and its many retellings): a list of expenses, an add
// sheet, a model file with `import Combine`. Written against SwiftUI; only `import SwiftUI`
// is changed to `import GtkBridge`.
import GtkBridge

@main
struct ExpenseTrackerApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}
