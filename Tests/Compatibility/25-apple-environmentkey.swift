// swift-format-ignore-file
// Source: https://developer.apple.com/documentation/swiftui/environmentkey
// Apple: a custom EnvironmentKey and @Environment.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

private struct MyEnvironmentKey: EnvironmentKey {
    static let defaultValue: String = "Default value"
}

extension EnvironmentValues {
    var myCustomValue: String {
        get { self[MyEnvironmentKey.self] }
        set { self[MyEnvironmentKey.self] = newValue }
    }
}

extension View {
    func myCustomValue(_ myCustomValue: String) -> some View {
        environment(\.myCustomValue, myCustomValue)
    }
}

struct CustomValueLabel: View {
    @Environment(\.myCustomValue) var customValue: String

    var body: some View {
        Text(customValue)
    }
}

struct ContentView: View {
    var body: some View {
        CustomValueLabel()
            .myCustomValue("Another value")
    }
}
