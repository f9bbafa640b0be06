import Synchronization

/// Counts of GtkBridge objects alive now, so leak checks can prove that building and
/// destroying windows leaves nothing behind. Atomic because deinitialisers are nonisolated.
enum LiveObjects {
  static let signalContexts = Atomic<Int>(0)
  static let viewNodes = Atomic<Int>(0)
  static let coordinators = Atomic<Int>(0)
  static let focusParticipants = Atomic<Int>(0)
  static let dependencyReaders = Atomic<Int>(0)
  static let observationHandles = Atomic<Int>(0)

  static func increment(_ counter: borrowing Atomic<Int>) {
    counter.wrappingAdd(1, ordering: .relaxed)
  }

  static func decrement(_ counter: borrowing Atomic<Int>) {
    counter.wrappingSubtract(1, ordering: .relaxed)
  }

  /// A snapshot of the counts, by name.
  static var snapshot: [String: Int] {
    [
      "signal contexts": signalContexts.load(ordering: .relaxed),
      "view nodes": viewNodes.load(ordering: .relaxed),
      "coordinators": coordinators.load(ordering: .relaxed),
      "focus participants": focusParticipants.load(ordering: .relaxed),
      "dependency readers": dependencyReaders.load(ordering: .relaxed),
      "observation handles": observationHandles.load(ordering: .relaxed),
    ]
  }
}
