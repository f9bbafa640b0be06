import Observation

/// An object whose changes views follow: SwiftUI's (and Combine's) `ObservableObject`,
/// without Combine, which Linux does not have.
///
/// Views that hold the object through ``StateObject``, ``ObservedObject`` or
/// ``EnvironmentObject`` are re-evaluated after `objectWillChange.send()`, which every
/// ``Published`` property calls before it changes; views that do not hold it are not.
///
/// ```swift
/// final class Player: ObservableObject {
///   @Published var name = "Taylor"
/// }
///
/// struct NameView: View {
///   @ObservedObject var player: Player
///   var body: some View { TextField("Name", text: $player.name) }
/// }
/// ```
public protocol ObservableObject: AnyObject {
  /// Tells the views that hold the object that it is about to change. By default one
  /// publisher per object, made on first use.
  var objectWillChange: ObservableObjectPublisher { get }
}

extension ObservableObject {
  public var objectWillChange: ObservableObjectPublisher {
    ObservableObjectPublisher.shared(for: self)
  }
}

/// What `objectWillChange` returns: Combine's `ObservableObjectPublisher`, reduced to `send()`.
///
/// It is an Observation source: a view that holds the object registers as an observer of its
/// publisher while its `body` runs, and `send()` counts as a mutation, so the view is
/// re-evaluated on the next update pass (once, however many sends came before it).
public final class ObservableObjectPublisher: Observable, Sendable {
  private let registrar = ObservationRegistrar()

  public init() {}

  /// Announces a change of the object. Callable from any thread; the views update on the
  /// main actor.
  public func send() {
    registrar.withMutation(of: self, keyPath: \.changes) {}
  }

  /// Registers the running observation tracking (a view's `body`) as a follower.
  func track() {
    registrar.access(self, keyPath: \.changes)
  }

  /// The property views observe; it has no value of its own.
  var changes: Void { () }

  // MARK: One publisher per object

  private struct Entry {
    weak var object: AnyObject?
    let publisher: ObservableObjectPublisher
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var table: [ObjectIdentifier: Entry] = [:]
  nonisolated(unsafe) private static var insertionsSincePrune = 0

  /// The publisher of `object`, made on first use and kept while the object lives.
  static func shared(for object: AnyObject) -> ObservableObjectPublisher {
    let id = ObjectIdentifier(object)
    lock.lock()
    defer { lock.unlock() }
    // NB: an identifier can be reused after its object is freed: the weak reference tells.
    if let entry = table[id], entry.object === object { return entry.publisher }
    let publisher = ObservableObjectPublisher()
    table[id] = Entry(object: object, publisher: publisher)
    insertionsSincePrune += 1
    if insertionsSincePrune >= 256 {
      insertionsSincePrune = 0
      table = table.filter { $0.value.object != nil }
    }
    return publisher
  }
}
