// swift-format-ignore-file
// Source: https://developer.apple.com/documentation/swiftui/settings
// Apple's documentation for the `Settings` scene: a settings window of two tabs, each a form
// of stored settings. Written as published there (reconstructed from the page; the window
// group's ContentView is added); only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    var body: some View {
        Text("Hello, world!")
    }
}

@main
struct MyApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
#if os(macOS)
        Settings {
            SettingsView()
        }
#endif
    }
}

struct SettingsView: View {
    private enum Tabs: Hashable {
        case general, advanced
    }
    var body: some View {
        TabView {
            GeneralSettingsView()
                .tabItem {
                    Label("General", systemImage: "gear")
                }
                .tag(Tabs.general)
            AdvancedSettingsView()
                .tabItem {
                    Label("Advanced", systemImage: "star")
                }
                .tag(Tabs.advanced)
        }
        .padding(20)
        .frame(width: 375, height: 150)
    }
}

struct GeneralSettingsView: View {
    @AppStorage("showPreview") private var showPreview = true
    @AppStorage("fontSize") private var fontSize = 12.0

    var body: some View {
        Form {
            Toggle("Show Previews", isOn: $showPreview)
            Slider(value: $fontSize, in: 9...96) {
                Text("Font Size (\(fontSize, specifier: "%.0f") pts)")
            }
        }
        .padding(20)
        .frame(width: 350, height: 100)
    }
}

struct AdvancedSettingsView: View {
    @AppStorage("useExperimental") private var useExperimental = false

    var body: some View {
        Form {
            Toggle("Use experimental features", isOn: $useExperimental)
        }
        .padding(20)
        .frame(width: 350, height: 100)
    }
}
