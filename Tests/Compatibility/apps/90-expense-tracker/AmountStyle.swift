// swift-format-ignore-file
import GtkBridge

/// Colours an amount by its size, the challenge of day 38.
struct AmountStyle: ViewModifier {
    let amount: Double

    func body(content: Content) -> some View {
        if amount < 10 {
            content.foregroundStyle(.green)
        } else if amount < 100 {
            content.foregroundStyle(.orange)
        } else {
            content.foregroundStyle(.red).bold()
        }
    }
}

struct Caption: ViewModifier {
    func body(content: Content) -> some View {
        content
            .font(.caption)
            .foregroundStyle(.secondary)
            .padding(.vertical, 4)
    }
}

extension View {
    func amountStyle(for amount: Double) -> some View {
        modifier(AmountStyle(amount: amount))
    }
}

#Preview("Amounts", traits: .sizeThatFitsLayout) {
    VStack {
        Text("$5").amountStyle(for: 5)
        Text("$50").amountStyle(for: 50)
        Text("$500").amountStyle(for: 500)
    }
}
