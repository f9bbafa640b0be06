// swift-format-ignore-file
// Source: https://www.hackingwithswift.com/quick-start/swiftui/how-to-add-a-textfield-to-an-alert
// Hacking with Swift: an alert with a TextField and an OK button that reads it, plus a message.
// Written as published there (reconstructed from the page); only `import SwiftUI` is changed
// to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    @State private var showingAlert = false
    @State private var name = ""

    var body: some View {
        Button("Enter name") {
            showingAlert.toggle()
        }
        .alert("Enter your name", isPresented: $showingAlert) {
            TextField("Enter your name", text: $name)
            Button("OK", action: submit)
        } message: {
            Text("Xcode will print whatever you type.")
        }
    }

    func submit() {
        print("You entered \(name)")
    }
}
