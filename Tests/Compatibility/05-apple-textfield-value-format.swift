// swift-format-ignore-file
// Source: https://developer.apple.com/documentation/swiftui/textfield/init(_:value:format:prompt:)
// Apple: TextField bound to a number with a format style.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    @State private var myDouble: Double = 0.673

    var body: some View {
        VStack {
            TextField(
                "Double",
                value: $myDouble,
                format: .number
            )
            Text(myDouble, format: .number)
        }
    }
}
