// swift-format-ignore-file
// Source: https://www.hackingwithswift.com/quick-start/swiftui/how-to-make-a-textfield-expand-vertically-as-the-user-types
// Hacking with Swift: a text field that grows vertically as the user types
// (`TextField(_:text:axis: .vertical)`), then the same field limited with `.lineLimit`, as a
// number of lines and as a range. Written as published there (reconstructed from the page,
// its three examples side by side); only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    @State private var bio = "About me"

    var body: some View {
        VStack {
            TextField("Describe yourself", text: $bio, axis: .vertical)
                .textFieldStyle(.roundedBorder)
                .padding()

            Text(bio)
        }
    }
}

struct LimitedView: View {
    @State private var bio = "About me"

    var body: some View {
        VStack {
            TextField("Describe yourself", text: $bio, axis: .vertical)
                .textFieldStyle(.roundedBorder)
                .lineLimit(5)
                .padding()

            Text(bio)
        }
    }
}

struct RangeView: View {
    @State private var bio = "About me"

    var body: some View {
        VStack {
            TextField("Describe yourself", text: $bio, axis: .vertical)
                .textFieldStyle(.roundedBorder)
                .lineLimit(2...5)
                .padding()

            Text(bio)
        }
    }
}
