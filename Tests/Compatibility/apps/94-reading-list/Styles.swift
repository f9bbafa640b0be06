// swift-format-ignore-file
import GtkBridge

struct SearchFieldStyle: TextFieldStyle {
    func _body(configuration: TextField<Self._Label>) -> some View {
        HStack {
            Image(systemName: "magnifyingglass")
                .foregroundStyle(.secondary)
            configuration
        }
        .padding(8)
        .background(Color(.systemGray6))
        .clipShape(RoundedRectangle(cornerRadius: 8))
    }
}

struct ConfirmingButtonStyle: PrimitiveButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        Button(configuration)
            .padding(.horizontal, 12)
            .background(Capsule().fill(Color.accentColor.opacity(0.15)))
    }
}

struct LongPressStyle: PrimitiveButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .onTapGesture(count: 2) { configuration.trigger() }
    }
}

#Preview("Search field", traits: .sizeThatFitsLayout) {
    TextField("Search", text: .constant(""))
        .textFieldStyle(SearchFieldStyle())
}
