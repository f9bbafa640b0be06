// swift-format-ignore-file
// Source: composed for this suite from the modifiers documented at
// https://developer.apple.com/documentation/swiftui/view/foregroundstyle(_:) (not copied from one page)
// Styling text in a form row: fonts, foreground styles, opacity, overlay.
// Only `import SwiftUI` would need changing to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    @State private var email = ""

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("Email")
                .font(.caption)
                .foregroundStyle(.secondary)
            TextField("you@example.com", text: $email)
                .font(.system(size: 17, weight: .medium, design: .rounded))
                .padding(10)
                .overlay(
                    RoundedRectangle(cornerRadius: 8)
                        .stroke(Color.gray, lineWidth: 1)
                )
            Text("We never share it.")
                .font(.footnote)
                .italic()
                .opacity(0.6)
        }
        .frame(minWidth: 200, idealWidth: 300, maxWidth: .infinity, alignment: .leading)
    }
}
