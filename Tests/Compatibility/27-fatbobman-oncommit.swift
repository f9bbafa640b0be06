// swift-format-ignore-file
// Source: https://www.fatbobman.com/en/posts/textfield-event-focus-keyboard/
// fatbobman: onEditingChanged and onCommit (the seed's era).
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct OnEditingChangedDemo: View {
    @State var name = ""
    var body: some View {
        VStack {
            TextField("name:", text: $name, onEditingChanged: getFocus)
        }
    }

    func getFocus(focused: Bool) {
        print("get focus:\(focused ? "true" : "false")")
    }
}

struct OnCommitDemo: View {
    @State var name = ""
    @State var password = ""
    var body: some View {
        VStack {
            TextField("name:", text: $name, onCommit: { print("commit") })
            SecureField("password:", text: $password, onCommit: { print("commit") })
        }
    }
}
