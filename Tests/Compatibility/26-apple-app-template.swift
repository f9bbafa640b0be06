// swift-format-ignore-file
// Source: https://developer.apple.com/documentation/swiftui/app
// Apple: App, the Xcode template with a preview provider.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

@main
struct MyApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}

struct ContentView: View {
    @State private var name = ""

    var body: some View {
        VStack {
            TextField("Name", text: $name)
            Text("Hello, world!")
        }
        .padding()
    }
}

struct ContentView_Previews: PreviewProvider {
    static var previews: some View {
        ContentView()
    }
}
