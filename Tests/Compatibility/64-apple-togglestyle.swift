// swift-format-ignore-file
// Source: https://developer.apple.com/documentation/swiftui/view/togglestyle(_:)
// Apple's documentation: a toggle style set on a stack reaches every toggle inside, and
// ButtonToggleStyle's example of a toggle that looks like a button.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    @State private var vibrateOnRing = false
    @State private var vibrateOnSilent = true
    @State private var isFlagged = false

    var body: some View {
        VStack {
            VStack {
                Toggle("Vibrate on Ring", isOn: $vibrateOnRing)
                Toggle("Vibrate on Silent", isOn: $vibrateOnSilent)
            }
            .toggleStyle(.switch)

            Toggle(isOn: $isFlagged) {
                Label("Flag", systemImage: "flag.fill")
            }
            .toggleStyle(.button)
        }
    }
}
