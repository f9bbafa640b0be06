// swift-format-ignore-file
// Source: composed for this suite from https://developer.apple.com/documentation/swiftui/withanimation(_:_:),
// https://developer.apple.com/documentation/swiftui/view/animation(_:value:),
// https://developer.apple.com/documentation/swiftui/binding/animation(_:) and
// https://developer.apple.com/documentation/swiftui/anytransition (issue 34 item 2; not
// copied from one page). Only `import SwiftUI` would need changing to `import GtkBridge`.
import GtkBridge

struct AnimationsView: View {
    @State private var showDetails = false
    @State private var showBanner = false
    @State private var isExpanded = false
    @State private var count = 0

    var body: some View {
        VStack(spacing: 12) {
            Button("Details") {
                withAnimation(.easeInOut(duration: 0.3)) {
                    showDetails.toggle()
                }
            }
            if showDetails {
                Text("Here are the details.")
                    .transition(.move(edge: .top).combined(with: .opacity))
            }

            Toggle("Banner", isOn: $showBanner.animation(.spring()))
            if showBanner {
                Text("New!")
                    .padding()
                    .background(Color.yellow)
                    .transition(.asymmetric(insertion: .scale, removal: .opacity))
            }

            Button("Expand") {
                withAnimation(.spring(response: 0.4, dampingFraction: 0.7)) { isExpanded.toggle() }
            }
            if isExpanded {
                Text("More")
                    .transition(.slide)
            }

            Text("\(count)")
                .contentTransition(.numericText())
                .animation(.default, value: count)
            Button("Add") {
                withAnimation(.linear(duration: 0.2).delay(0.1)) { count += 1 }
            }
            Circle()
                .fill(Color.blue)
                .frame(width: 20, height: 20)
                .animation(.easeIn.repeatForever(autoreverses: true), value: isExpanded)
        }
        .animation(.easeOut, value: showDetails)
    }
}
