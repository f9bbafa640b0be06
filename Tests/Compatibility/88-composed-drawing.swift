// swift-format-ignore-file
// Source: composed for this suite from https://developer.apple.com/documentation/swiftui/view/clipshape(_:style:),
// https://developer.apple.com/documentation/swiftui/lineargradient,
// https://developer.apple.com/documentation/swiftui/radialgradient,
// https://developer.apple.com/documentation/swiftui/angulargradient,
// https://developer.apple.com/documentation/swiftui/view/shadow(color:radius:x:y:),
// https://developer.apple.com/documentation/swiftui/view/listrowbackground(_:),
// https://developer.apple.com/documentation/swiftui/view/preferredcolorscheme(_:) and
// https://developer.apple.com/documentation/swiftui/text/init(_:style:) (issue 34 item 3; not
// copied from one page). Only `import SwiftUI` would need changing to `import GtkBridge`.
import GtkBridge

struct Payment: Identifiable {
    let id = UUID()
    var title: String
    var date: Date
    var isLate: Bool
}

struct DrawingView: View {
    @State private var payments = [
        Payment(title: "Rent", date: Date(), isLate: false),
        Payment(title: "Phone", date: Date().addingTimeInterval(-86_400), isLate: true),
    ]

    var body: some View {
        ZStack {
            LinearGradient(gradient: Gradient(colors: [.blue, .purple]), startPoint: .top, endPoint: .bottom)
                .ignoresSafeArea()
            VStack {
                Image(systemName: "person")
                    .padding(12)
                    .background(Color.white)
                    .clipShape(Circle())
                    .shadow(radius: 4)
                RoundedRectangle(cornerRadius: 16)
                    .fill(RadialGradient(colors: [.yellow, .orange], center: .center, startRadius: 2, endRadius: 60))
                    .frame(height: 60)
                Circle()
                    .strokeBorder(lineWidth: 3)
                    .frame(width: 40, height: 40)
                Circle()
                    .fill(AngularGradient(gradient: Gradient(colors: [.red, .yellow, .green, .blue, .red]), center: .center))
                    .frame(width: 40, height: 40)
                List(payments) { payment in
                    VStack(alignment: .leading) {
                        Text(payment.title)
                        Text(payment.date, style: .date)
                        Text(payment.date, style: .relative)
                    }
                    .listRowBackground(payment.isLate ? Color.red.opacity(0.2) : Color.clear)
                }
                Button("Pay", systemImage: "creditcard") {}
                Button("Remove", systemImage: "trash", role: .destructive) {}
            }
            .padding()
        }
        .preferredColorScheme(.dark)
    }
}
