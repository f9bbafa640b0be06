import Dispatch

extension View {
  /// Runs `action` with each value `publisher` sends while this view is shown: SwiftUI's
  /// `onReceive(_:perform:)`.
  ///
  /// The view subscribes when it appears and cancels when it leaves. A parent that runs
  /// again with the same publisher (the same object, such as a timer kept in a property)
  /// keeps the subscription; another publisher replaces it. The action always runs on the
  /// main actor, outside an update pass: a value sent from another thread arrives on the
  /// next main-loop turn.
  ///
  /// ```swift
  /// struct Clock: View {
  ///   @State private var now = Date()
  ///   let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
  ///
  ///   var body: some View {
  ///     Text(now.formatted(date: .omitted, time: .standard))
  ///       .onReceive(timer) { now = $0 }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - publisher: The publisher to follow.
  ///   - action: What to do with each value.
  /// - Returns: This view, subscribed to `publisher`.
  public func onReceive<P: Publisher>(
    _ publisher: P, perform action: @escaping @MainActor (P.Output) -> Void
  ) -> some View where P.Failure == Never {
    modifier(OnReceiveModifier(publisher: publisher, action: action))
  }
}

@usableFromInline
struct OnReceiveModifier<P: Publisher>: WidgetModifier where P.Failure == Never {
  static var readsState: Bool { false }

  let publisher: P
  let action: @MainActor (P.Output) -> Void

  @MainActor
  final class Storage {
    var action: (@MainActor (P.Output) -> Void)?
    var publisher: P?
    var subscription: AnyCancellable?

    /// Subscribes to `publisher`, unless it is the one already followed.
    func follow(_ publisher: P) {
      if let current = self.publisher, subscription != nil,
        ViewEquality.isSame(current, publisher)
      {
        return
      }
      subscription?.cancel()
      self.publisher = publisher
      subscription = publisher.sink(receiveValue: Self.receiver(for: self))
    }

    /// What the subscription calls with each value, on whatever thread the publisher sends
    /// from. NB: nonisolated: a closure made in a main-actor method would be main-actor
    /// isolated, and Swift stops the process when another thread calls it.
    nonisolated private static func receiver(for storage: Storage) -> (P.Output) -> Void {
      { [weak storage] value in
        let delivery = Unchecked(value: (storage, value))
        if Thread.isMainThread {
          MainActor.assumeIsolated { delivery.value.0?.deliver(delivery.value.1) }
        } else {
          DispatchQueue.main.async { delivery.value.0?.deliver(delivery.value.1) }
        }
      }
    }

    private func deliver(_ value: P.Output) {
      let box = Unchecked(value: value)
      UpdateScheduler.shared.performOutsideUpdate { [weak self] in self?.action?(box.value) }
    }

    func stop() {
      subscription?.cancel()
      subscription = nil
      publisher = nil
      action = nil
    }
  }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage { Storage() }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    storage.action = action
    storage.follow(publisher)
  }

  func dismantle(_ storage: Storage, node: ModifierNode<some View, Self>) {
    storage.stop()
  }
}

/// A value handed to the main queue, where the compiler cannot see that only the main actor
/// uses it afterwards (a publisher's value, sent on another thread).
struct Unchecked<Value>: @unchecked Sendable {
  let value: Value
}
