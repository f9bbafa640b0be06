import Foundation
import Observation

/// The observation point of one `@AppStorage` key: views that read the key re-render when
/// its value changes, whoever changed it (a view, the app through `UserDefaults`, another
/// process).
@MainActor
final class AppStorageEntry: Observable {
  /// The defaults the key is read from.
  let defaults: UserDefaults
  let key: String
  /// The value the readers were last told of: a different value in `defaults` is a write
  /// they have not seen (Linux Foundation tells no one of its writes).
  private(set) var seen: DefaultsValue? {
    didSet { isLarge = seen?.isLarge ?? false }
  }
  /// Whether the key held large data when last read: it is compared with its readers' value
  /// only at sweeps, not on every loop iteration (reading it costs about 60 ms a MiB).
  private(set) var isLarge = false
  private let registrar = ObservationRegistrar()
  private var revision = 0

  init(defaults: UserDefaults, key: String, seen: DefaultsValue?) {
    self.defaults = defaults
    self.key = key
    self.seen = seen
    isLarge = seen?.isLarge ?? false
  }

  func access() {
    if TrackedReads.untracked == 0 { registrar.access(self, keyPath: \.revision) }
  }

  /// Runs `change`, which leaves `value` in the defaults, and tells the readers.
  func mutate(to value: DefaultsValue?, _ change: () -> Void) {
    registrar.withMutation(of: self, keyPath: \.revision) {
      change()
      seen = value
      revision &+= 1
    }
  }
}
