// swift-format-ignore-file
import GtkBridge

struct ContentView: View {
    @EnvironmentObject var data: Activities
    @State private var addingNewActivity = false
    @State private var goal = Goal()

    var body: some View {
        NavigationStack {
            List(data.activities) { activity in
                NavigationLink {
                    ActivityView(data: data, activity: activity)
                } label: {
                    HStack {
                        Text(activity.title)
                        Spacer()
                        Text(String(activity.completionCount))
                            .badgeStyle(reached: activity.completionCount >= goal.dailyTarget)
                    }
                }
            }
            .navigationTitle("Habito")
            .toolbar {
                Button("Add new activity") {
                    addingNewActivity.toggle()
                }
            }
            .sheet(isPresented: $addingNewActivity) {
                AddActivity(data: data)
            }
        }
    }
}

#Preview {
    ContentView()
        .environmentObject(Activities())
}
