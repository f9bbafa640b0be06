// A new GtkBridge app, ready to ship: this file, plus a desktop file, an icon and AppStream
// metainfo in data/, all named after the app id below; `cmake --install` puts each where
// desktops and software centres look.
import GtkBridge

@main
struct StarterApp: App {
  /// Reverse-DNS, and the name of every file in data/. Change all of them together.
  static var applicationID: String { "org.example.StarterApp" }

  var body: some Scene {
    WindowGroup("Starter", subtitle: "A GtkBridge app", width: 420, height: 260) {
      GreetingView()
    }
  }
}

enum Field: Hashable { case name }

struct GreetingView: View {
  @State private var name = ""
  @FocusState private var focus: Field?

  var body: some View {
    VStack(spacing: 12) {
      TextField("Your name", text: $name)
        .focused($focus, equals: .name)
        .accessibilityLabel("Your name")
      Text(name.isEmpty ? "Hello!" : "Hello, \(name)!")
      Button("Clear") {
        name = ""
        focus = .name
      }
    }
    .defaultFocus($focus, .name)
    .padding(24)
  }
}
