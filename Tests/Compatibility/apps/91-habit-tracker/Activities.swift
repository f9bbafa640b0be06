// swift-format-ignore-file
import Foundation

struct Activity: Identifiable, Codable, Equatable {
    var id = UUID()
    var title: String
    var description: String
    var completionCount = 0

    static let example = Activity(title: "Read", description: "Twenty pages a day")
}

class Activities: ObservableObject {
    @Published var activities: [Activity] {
        didSet {
            if let data = try? JSONEncoder().encode(activities) {
                UserDefaults.standard.set(data, forKey: "Activities")
            }
        }
    }

    init() {
        if let saved = UserDefaults.standard.data(forKey: "Activities"),
           let decoded = try? JSONDecoder().decode([Activity].self, from: saved) {
            activities = decoded
            return
        }
        activities = []
    }

    func complete(_ activity: Activity) {
        guard let index = activities.firstIndex(of: activity) else { return }
        activities[index].completionCount += 1
    }
}

/// Today's streak goal, kept with Observation rather than Combine.
@Observable
final class Goal {
    var dailyTarget = 3
    var note = ""
}
