// swift-format-ignore-file
// Composed for this suite in the style of the habit-tracking tutorial apps (Hacking with
// Swift's day 47 milestone "Habit tracking" and its retellings): habits in a list, a detail
// screen that counts completions, an add sheet. The model file imports only Foundation, as
// Xcode writes it: it builds with the one-line package setting in
// docs/GtkBridge.docc/PortingFromSwiftUI.md ("Model files that import only Foundation"), which `swift-flags` in this folder passes. Written against
// SwiftUI; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

@main
struct HabitTrackerApp: App {
    @StateObject private var activities = Activities()

    var body: some Scene {
        WindowGroup {
            ContentView()
                .environmentObject(activities)
        }
    }
}
