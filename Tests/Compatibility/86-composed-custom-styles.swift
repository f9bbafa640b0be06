// swift-format-ignore-file
// Source: composed for this suite from the style protocols documented at
// https://developer.apple.com/documentation/swiftui/buttonstyle,
// https://developer.apple.com/documentation/swiftui/togglestyle,
// https://developer.apple.com/documentation/swiftui/labelstyle and
// https://developer.apple.com/documentation/swiftui/progressviewstyle, with the style type
// names, Font.system overloads, named colours and file-scope shapes public single-file samples
// stopped on (issue 34 item 7; not copied from one page).
// Only `import SwiftUI` would need changing to `import GtkBridge`.
import GtkBridge

let badgeShape = Capsule()
let cardShape = RoundedRectangle(cornerRadius: 12, style: .continuous)

struct PillButtonStyle: ButtonStyle {
    var color: Color = .indigo

    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .padding(.horizontal, 16)
            .padding(.vertical, 8)
            .background(configuration.isPressed ? color.opacity(0.6) : color)
            .foregroundColor(.white)
            .clipShape(badgeShape)
    }
}

struct CheckboxStyle: ToggleStyle {
    func makeBody(configuration: Configuration) -> some View {
        HStack {
            Image(systemName: configuration.isOn ? "checkmark.square.fill" : "square")
                .foregroundColor(configuration.isOn ? .mint : .secondary)
                .onTapGesture { configuration.isOn.toggle() }
            configuration.label
        }
    }
}

struct TrailingIconLabelStyle: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
        HStack {
            configuration.title
            configuration.icon
        }
    }
}

struct PercentProgressStyle: ProgressViewStyle {
    func makeBody(configuration: Configuration) -> some View {
        let fraction = configuration.fractionCompleted ?? 0
        return VStack {
            configuration.label
            Text("\(Int(fraction * 100))%")
                .font(.system(.title, design: .rounded, weight: .bold))
                .contentTransition(.numericText())
        }
    }
}

struct StylesView: View {
    @State private var notifications = true
    @State private var name = ""
    @State private var progress = 0.4

    var body: some View {
        VStack(spacing: 16) {
            Button("Continue") { progress += 0.1 }
                .buttonStyle(PillButtonStyle())
            Button("Skip") {}
                .buttonStyle(PlainButtonStyle())
            Button("Later") {}
                .buttonStyle(DefaultButtonStyle())
            Button("Delete", role: .destructive) {}
                .buttonStyle(BorderedProminentButtonStyle())
            Toggle("Notifications", isOn: $notifications)
                .toggleStyle(CheckboxStyle())
            Toggle("Sounds", isOn: $notifications)
                .toggleStyle(SwitchToggleStyle(tint: .teal))
            Label("Favourites", systemImage: "star")
                .labelStyle(TrailingIconLabelStyle())
            Label("Inbox", systemImage: "tray")
                .labelStyle(.iconOnly)
            TextField("Name", text: $name)
                .textFieldStyle(RoundedBorderTextFieldStyle())
            TextField("Notes", text: $name)
                .textFieldStyle(PlainTextFieldStyle())
            ProgressView("Upload", value: progress)
                .progressViewStyle(PercentProgressStyle())
            ProgressView()
                .progressViewStyle(CircularProgressViewStyle())
            Text("Fonts")
                .font(.system(size: 14, weight: .semibold, design: .monospaced))
            Text("More fonts")
                .font(.system(.headline, design: .serif))
                .foregroundColor(.accentColor)
            HStack {
                cardShape.fill(Color.cyan)
                cardShape.fill(Color.brown)
                Circle().fill(Color.pink)
            }
            .frame(height: 40)
        }
        .padding()
        .accentColor(.orange)
    }
}
