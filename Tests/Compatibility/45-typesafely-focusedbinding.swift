// swift-format-ignore-file
// Source: https://typesafely.substack.com/p/using-the-focusedvalue-modifier-and
// Type Safely, Daily Coding Tip 041: .focusedValue with a FocusedValueKey, read in another
// view through @FocusedBinding.
// Written as published there; only `import SwiftUI` is changed to `import GtkBridge`.
import GtkBridge

struct ContentView: View {
    var body: some View {
        VStack {
            TextFieldView()
            DisplayTextView()
        }
    }
}

struct TextFieldView: View {
    @State private var text = ""

    var body: some View {
        TextField("Type something", text: $text)
            .focusedValue(\.text, $text)
    }
}

struct DisplayTextView: View {
    @FocusedBinding(\.text) var text: String?

    var body: some View {
        Text(text ?? "")
    }
}

struct FocusedTextKey: FocusedValueKey {
    typealias Value = Binding<String>
}

extension FocusedValues {
    var text: FocusedTextKey.Value? {
        get { self[FocusedTextKey.self] }
        set { self[FocusedTextKey.self] = newValue }
    }
}
