/// What one tracked read depends on: the Observation tracking of what it read directly, and
/// a subscription per collection element it read through an element binding
/// (`ElementReads`). A node's `body` and a `ForEach` row's content are tracked this way.
@MainActor
final class ReaderTracking {
  private let handle: TrackingHandle
  private var elements: [CollectionObserver.Subscription] = []

  private init(handle: TrackingHandle) {
    self.handle = handle
  }

  /// Runs `read`; `onChange` runs (on the main actor) after any value it read changes.
  /// Cancel the result before the reader runs again, or its registrations pile up.
  /// `readsModels`: the reader's own, kept across its runs (see `observeOnMain`).
  static func track<T>(
    _ read: () -> T, readsModels: inout Bool, onChange: @escaping @MainActor () -> Void
  ) -> (T, ReaderTracking) {
    let ((result, handle), sources) = ElementReads.recording {
      observeOnMain(read, readsModels: &readsModels) { onChange() }
    }
    let tracking = ReaderTracking(handle: handle)
    for source in sources where !tracking.elements.contains(where: { $0.isFor(source) }) {
      tracking.elements.append(CollectionObserver.subscribe(source, onChange: onChange))
    }
    return (result, tracking)
  }

  func cancel() {
    handle.cancel()
    for subscription in elements { subscription.cancel() }
    elements = []
  }
}
