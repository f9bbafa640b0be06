// swift-format-ignore-file
// Source: https://www.avanderlee.com/swift/appstorage-explained/
// SwiftLee: a Bool in @AppStorage with an explicit store, bound to a Toggle.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct AppStorageContentView: View {
    
    @AppStorage("should_show_hello_world", store: .standard) var shouldShowHelloWorld: Bool = false
    
    var body: some View {
        VStack {
            Text(shouldShowHelloWorld ? "Hello, world!" : "")
                .padding()
            Button("Change text") {
                shouldShowHelloWorld.toggle()
            }
            Toggle("Change text", isOn: $shouldShowHelloWorld)
        }
    }
}
