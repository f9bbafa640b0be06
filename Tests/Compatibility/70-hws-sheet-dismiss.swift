// swift-format-ignore-file
// Source: https://www.hackingwithswift.com/quick-start/swiftui/how-to-make-a-view-dismiss-itself
// Hacking with Swift: a sheet whose view dismisses itself with @Environment(\.dismiss).
// Written as published there (reconstructed from the page); only `import SwiftUI` is changed
// to `import GtkBridge`.
import GtkBridge

struct DismissingView: View {
    @Environment(\.dismiss) var dismiss

    var body: some View {
        Button("Dismiss Me") {
            dismiss()
        }
    }
}

struct ContentView: View {
    @State private var showingSheet = false

    var body: some View {
        Button("Show Sheet") {
            showingSheet.toggle()
        }
        .sheet(isPresented: $showingSheet) {
            DismissingView()
        }
    }
}
