// swift-format-ignore-file
// Source: https://www.hackingwithswift.com/quick-start/swiftui/how-to-create-a-tappable-button
// Hacking with Swift: Button with a label closure and roles.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    var body: some View {
        VStack {
            Button {
                print("Button was tapped")
            } label: {
                Text("Tap me!")
            }

            Button(action: {
                print("Button was tapped")
            }) {
                Text("Tap me too!")
                    .padding()
                    .foregroundColor(.white)
                    .background(Color.red)
            }

            Button("Delete", role: .destructive) {
                print("Perform delete")
            }
        }
    }
}
