import Foundation

/// The expenses, as an `ObservableObject`: on Apple platforms Foundation brings Combine's
/// names along; here the target's `-import-module GtkBridge` setting does.
final class ExpenseStore: ObservableObject {
  @Published var expenses: [Expense] = [
    Expense(name: "Rent", amount: 950),
    Expense(name: "Groceries", amount: 120.5),
  ]

  var total: Double { expenses.reduce(0) { $0 + $1.amount } }

  func add(_ name: String, amount: Double) {
    expenses.append(Expense(name: name, amount: amount))
  }

  func delete(at offsets: IndexSet) {
    expenses.remove(atOffsets: offsets)
  }
}

/// The monthly limit, as an `@Observable` class: Observation's macro, also without an import.
@Observable
final class Budget {
  var limit = 1500.0
}
