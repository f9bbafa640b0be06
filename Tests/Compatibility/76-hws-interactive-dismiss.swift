// swift-format-ignore-file
// Source: https://www.hackingwithswift.com/quick-start/swiftui/how-to-prevent-a-sheet-from-being-dismissed-with-a-swipe
// Hacking with Swift: a sheet the user cannot dismiss by themselves until they agree.
// Written as published there (reconstructed from the page); only `import SwiftUI` is changed
// to `import GtkBridge`.
import GtkBridge

struct ExampleSheet: View {
    @Environment(\.dismiss) var dismiss
    @State private var termsAccepted = false

    var body: some View {
        VStack {
            Text("Sheet view")
            Toggle("Accept Terms", isOn: $termsAccepted)
            if termsAccepted {
                Button("Dismiss", action: close)
            }
        }
        .interactiveDismissDisabled(!termsAccepted)
    }

    func close() {
        dismiss()
    }
}

struct ContentView: View {
    @State private var showingSheet = false

    var body: some View {
        Button("Show Sheet") {
            showingSheet.toggle()
        }
        .sheet(isPresented: $showingSheet, content: ExampleSheet.init)
    }
}
