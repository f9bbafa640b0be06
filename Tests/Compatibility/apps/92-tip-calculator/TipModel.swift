// swift-format-ignore-file
import Combine
import Foundation

final class TipModel: ObservableObject {
    @Published var checkAmount = 0.0
    @Published var numberOfPeople = 2
    @Published var tipPercentage = 20

    @Published private(set) var grandTotal = 0.0
    @Published private(set) var totalPerPerson = 0.0

    static let tipPercentages = [10, 15, 20, 25, 0]

    private var cancellables = Set<AnyCancellable>()

    init() {
        $checkAmount
            .combineLatest($tipPercentage) { amount, tip in
                amount + amount / 100 * Double(tip)
            }
            .assign(to: &$grandTotal)

        Publishers.CombineLatest($grandTotal, $numberOfPeople)
            .map { total, people in total / Double(people + 2) }
            .removeDuplicates()
            .sink { [weak self] in self?.totalPerPerson = $0 }
            .store(in: &cancellables)
    }
}
