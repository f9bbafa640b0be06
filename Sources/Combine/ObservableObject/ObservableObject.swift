import Observation

/// An object whose changes views follow: Combine's `ObservableObject`.
///
/// GtkBridge's views that hold the object through `@StateObject`, `@ObservedObject` or
/// `@EnvironmentObject` run again after `objectWillChange` sends, which every ``Published``
/// property does before it changes; views that do not hold it do not.
///
/// ```swift
/// import Combine
///
/// final class Player: ObservableObject {
///   @Published var name = "Taylor"
/// }
/// ```
public protocol ObservableObject: AnyObject {
  /// What `objectWillChange` is: by default an ``ObservableObjectPublisher``.
  associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
  where ObjectWillChangePublisher.Failure == Never

  /// Sends before the object changes.
  var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
  /// One publisher per object, made on first use and kept while the object lives.
  public var objectWillChange: ObservableObjectPublisher {
    ObservableObjectPublisher.shared(for: self)
  }
}

extension ObservableObject {
  /// The publisher GtkBridge's views follow: `objectWillChange` when it is an
  /// ``ObservableObjectPublisher``; for an object that declares another publisher (`let
  /// objectWillChange = PassthroughSubject<Void, Never>()`), one that sends whenever it does.
  package var observationSource: ObservableObjectPublisher {
    let willChange = objectWillChange
    if let publisher = willChange as? ObservableObjectPublisher { return publisher }
    let source = ObservableObjectPublisher.shared(for: self)
    source.forward(from: willChange)
    return source
  }
}

/// What `objectWillChange` is by default: Combine's `ObservableObjectPublisher`, a publisher
/// of `Void` whose `send()` announces a change.
///
/// It is also an Observation source: a GtkBridge view that holds the object registers as an
/// observer of its publisher while its `body` runs, and `send()` counts as a mutation, so the
/// view runs again in the next update pass (once, however many sends came before it).
///
/// ```swift
/// final class Stopwatch: ObservableObject {
///   var seconds = 0 { willSet { objectWillChange.send() } }
/// }
/// ```
public final class ObservableObjectPublisher: Publisher, Observable, @unchecked Sendable {
  public typealias Output = Void
  public typealias Failure = Never

  private let registrar = ObservationRegistrar()
  private let subscriptions = SubjectSubscriptions<Void, Never>()
  private let lock = Lock()
  /// The subscription to an object's own `objectWillChange`, when this publisher stands in
  /// for it; see `ObservableObject.observationSource`.
  private var forwarding: AnyCancellable?

  public init() {}

  /// Announces a change of the object. Callable from any thread; views update on the main
  /// actor.
  ///
  /// NB: a view updates on the main actor after the send; from another thread, a change the
  /// caller makes after `send()` returns may not be stored yet when it does. `@Published`
  /// writes are safe from any thread (the views hear of them after the value is stored, see
  /// ``Published``); a hand-written `willSet { objectWillChange.send() }` is safe on the main
  /// actor.
  public func send() {
    registrar.withMutation(of: self, keyPath: \.changes) {}
    subscriptions.send(())
  }

  /// `send()` in two halves, for a change made between them (`@Published`): the subscribers
  /// hear before it, as in Combine; the views after `body` has stored the value, so a view
  /// updating on the main actor while another thread writes never reads the old value last.
  func send(around body: () -> Void) {
    subscriptions.send(())
    body()
    registrar.withMutation(of: self, keyPath: \.changes) {}
  }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
    subscriptions.attach(subscriber, initial: nil)
  }

  /// Registers the running observation tracking (a view's `body`) as a follower.
  package func track() {
    registrar.access(self, keyPath: \.changes)
  }

  /// The property views observe; it has no value of its own.
  var changes: Void { () }

  /// Sends whenever `publisher` sends (once per publisher object, however often asked).
  func forward<P: Publisher>(from publisher: P) where P.Failure == Never {
    lock.withLock {
      guard forwarding == nil else { return }
      forwarding = publisher.sink { [weak self] _ in self?.send() }
    }
  }

  // MARK: One publisher per object

  private struct Entry {
    weak var object: AnyObject?
    let publisher: ObservableObjectPublisher
  }

  private static let tableLock = Lock()
  nonisolated(unsafe) private static var table: [ObjectIdentifier: Entry] = [:]
  nonisolated(unsafe) private static var insertionsSincePrune = 0

  /// The publisher of `object`, made on first use and kept while the object lives.
  static func shared(for object: AnyObject) -> ObservableObjectPublisher {
    let id = ObjectIdentifier(object)
    return tableLock.withLock {
      // NB: an identifier can be reused after its object is freed: the weak reference tells.
      if let entry = table[id], entry.object === object { return entry.publisher }
      let publisher = ObservableObjectPublisher()
      table[id] = Entry(object: object, publisher: publisher)
      // As Combine's: every `@Published` property of the object sends this publisher, also
      // when written through `assign(to: &$property)` before it was ever used.
      var mirror: Mirror? = Mirror(reflecting: object)
      while let current = mirror {
        for case let property as any PublishedProperty in current.children.map(\.value) {
          property.announce(to: publisher)
        }
        mirror = current.superclassMirror
      }
      insertionsSincePrune += 1
      if insertionsSincePrune >= 256 {
        insertionsSincePrune = 0
        table = table.filter { $0.value.object != nil }
      }
      return publisher
    }
  }
}
