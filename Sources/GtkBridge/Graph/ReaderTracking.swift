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
  /// `previous`: the reader's last tracking, which this one replaces (cancelled here, or its
  /// registrations pile up); its element subscriptions that are read again are kept, so a
  /// row that re-runs does not leave and rejoin its collection's observer each time.
  /// `readsModels`: the reader's own, kept across its runs (see `observeOnMain`).
  static func track<T>(
    _ read: () -> T, replacing previous: ReaderTracking?, readsModels: inout Bool,
    onChange: @escaping @MainActor () -> Void
  ) -> (T, ReaderTracking) {
    previous?.handle.cancel()
    let ((result, handle), sources) = ElementReads.recording {
      observeOnMain(read, readsModels: &readsModels) { onChange() }
    }
    let tracking = ReaderTracking(handle: handle)
    var kept = previous?.elements ?? []
    previous?.elements = []
    // NB: loops, not `contains(where:)`: see PointerScopes.swift.
    sources: for source in sources {
      for subscription in tracking.elements where subscription.isFor(source) { continue sources }
      // NB: the same reader, so the kept subscription calls the same handler.
      for (index, subscription) in kept.enumerated() where subscription.isFor(source) {
        tracking.elements.append(kept.remove(at: index))
        continue sources
      }
      tracking.elements.append(CollectionObserver.subscribe(source, onChange: onChange))
    }
    for subscription in kept { subscription.cancel() }
    return (result, tracking)
  }

  func cancel() {
    handle.cancel()
    for subscription in elements { subscription.cancel() }
    elements = []
  }
}
