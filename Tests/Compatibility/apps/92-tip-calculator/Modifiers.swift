// swift-format-ignore-file
import GtkBridge

/// Red when the diner leaves no tip: the day 24 challenge, as a view modifier.
struct TotalStyle: ViewModifier {
    let isZeroTip: Bool

    func body(content: Content) -> some View {
        content
            .foregroundStyle(isZeroTip ? .red : .primary)
            .font(.title2)
    }
}

/// Marks the field while it has focus, with a hint the user can dismiss.
struct FocusHighlight: ViewModifier {
    @Binding var isFocused: Bool
    @State private var hintDismissed = false
    @FocusState private var hintFocused: Bool

    func body(content: Content) -> some View {
        VStack(alignment: .leading) {
            content
                .padding(4)
                .background(isFocused ? Color.accentColor.opacity(0.15) : Color.clear)
            if isFocused && !hintDismissed {
                Button("Got it") { hintDismissed = true }
                    .focused($hintFocused)
                    .font(.caption)
            }
        }
    }
}

extension View {
    func focusHighlight(_ isFocused: FocusState<Bool>.Binding) -> some View {
        modifier(FocusHighlight(isFocused: Binding(get: { isFocused.wrappedValue }, set: { isFocused.wrappedValue = $0 })))
    }
}

#Preview("Total styles", traits: .sizeThatFitsLayout) {
    VStack {
        Text("$12.00").modifier(TotalStyle(isZeroTip: false))
        Text("$10.00").modifier(TotalStyle(isZeroTip: true))
    }
}
