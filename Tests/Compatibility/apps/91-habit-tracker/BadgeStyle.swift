// swift-format-ignore-file
import GtkBridge

/// A count shown as a capsule badge that turns green once the goal is reached.
struct BadgeStyle: ViewModifier {
    var reached: Bool
    @State private var highlighted = false

    func body(content: Content) -> some View {
        content
            .font(.caption.weight(.bold))
            .padding(.horizontal, 8)
            .padding(.vertical, 2)
            .background(Capsule().fill(reached ? Color.green : Color.gray))
            .foregroundStyle(.white)
            .onTapGesture { highlighted.toggle() }
            .opacity(highlighted ? 0.6 : 1)
    }
}

extension View {
    func badgeStyle(reached: Bool) -> some View {
        modifier(BadgeStyle(reached: reached))
    }
}
