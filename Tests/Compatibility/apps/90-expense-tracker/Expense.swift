// swift-format-ignore-file
// The model file: Foundation and Combine only, as an Xcode project has it.
import Combine
import Foundation

struct ExpenseItem: Identifiable, Codable, Equatable {
    var id = UUID()
    let name: String
    let type: String
    let amount: Double
}

final class Expenses: ObservableObject {
    @Published var items = [ExpenseItem]() {
        didSet {
            if let encoded = try? JSONEncoder().encode(items) {
                UserDefaults.standard.set(encoded, forKey: "Items")
            }
        }
    }
    @Published private(set) var total = 0.0

    private var cancellables = Set<AnyCancellable>()

    init() {
        if let savedItems = UserDefaults.standard.data(forKey: "Items"),
           let decodedItems = try? JSONDecoder().decode([ExpenseItem].self, from: savedItems) {
            items = decodedItems
        }
        $items
            .map { $0.reduce(0) { $0 + $1.amount } }
            .removeDuplicates()
            .assign(to: \.total, on: self)
            .store(in: &cancellables)
    }
}
