extension Publishers {
  /// A publisher of a sequence's elements, then the end: Combine's `Publishers.Sequence`,
  /// what `.publisher` of an array returns.
  public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
    public typealias Output = Elements.Element
    public let sequence: Elements

    public init(sequence: Elements) {
      self.sequence = sequence
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      subscriber.receive(subscription: Elementwise(subscriber, sequence.makeIterator()))
    }

    /// Sends elements as the subscriber asks for them.
    final class Elementwise<Downstream: Subscriber>: Subscription, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
      private let lock = Lock()
      private var downstream: Downstream?
      private var iterator: Elements.Iterator
      private var demand = Subscribers.Demand.none
      private var isSending = false

      init(_ downstream: Downstream, _ iterator: Elements.Iterator) {
        self.downstream = downstream
        self.iterator = iterator
      }

      func request(_ demand: Subscribers.Demand) {
        let send = lock.withLock { () -> Bool in
          self.demand += demand
          // NB: a request made from inside `receive(_:)` only adds demand; the loop below
          // already running sends the elements.
          guard !isSending else { return false }
          isSending = true
          return true
        }
        guard send else { return }
        while true {
          let next = lock.withLock { () -> (Downstream, Output?)? in
            guard let downstream, self.demand > 0 else {
              isSending = false
              return nil
            }
            self.demand -= .max(1)
            return (downstream, iterator.next())
          }
          guard let (target, element) = next else { return }
          guard let element else {
            lock.withLock { self.downstream = nil }
            target.receive(completion: .finished)
            return
          }
          let more = target.receive(element)
          lock.withLock { self.demand += more }
        }
      }

      func cancel() {
        lock.withLock { downstream = nil }
      }
    }
  }
}

extension Sequence {
  /// A publisher of this sequence's elements.
  ///
  /// ```swift
  /// [1, 2, 3].publisher.map { $0 * 2 }.sink { print($0) }
  /// ```
  public var publisher: Publishers.Sequence<Self, Never> {
    Publishers.Sequence(sequence: self)
  }
}
