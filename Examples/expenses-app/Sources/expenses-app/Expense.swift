import Foundation

/// One expense, as a tutorial's model file declares it: Foundation alone.
struct Expense: Identifiable, Hashable, Codable {
  var id = UUID()
  var name: String
  var amount: Double
  var date = Date()
}
