// swift-format-ignore-file
// Source: https://stackoverflow.com/questions/56507839/swiftui-how-to-make-textfield-become-first-responder
// StackOverflow (the seed): LegacyTextField usage and the Bonus configuration closure.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    @State var text = ""
    @State var isFirstResponder = false

    var body: some View {
        LegacyTextField(text: $text, isFirstResponder: $isFirstResponder)
    }
}

struct BonusView: View {
    @State var text = ""
    @State var isFirstResponder = false

    var body: some View {
        LegacyTextField(text: $text, isFirstResponder: $isFirstResponder) {
            $0.textColor = .red
            $0.tintColor = .blue
        }
    }
}
