// swift-format-ignore-file
import GtkBridge

struct ActivityView: View {
    @ObservedObject var data: Activities
    var activity: Activity

    var body: some View {
        List {
            if activity.description.isEmpty == false {
                Section {
                    Text(activity.description)
                }
            }

            Section {
                Text("Completion count: \(activity.completionCount)")

                Button("Mark Completed") {
                    data.complete(activity)
                }
            }
        }
        .navigationTitle(activity.title)
    }
}

#Preview("Activity", traits: .fixedLayout(width: 400, height: 300)) {
    ActivityView(data: Activities(), activity: .example)
}
