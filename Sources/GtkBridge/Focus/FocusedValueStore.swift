import CGtk
import Observation

/// The focused values of one window (one view graph): what each `.focusedValue` and
/// `.focusedSceneValue` publishes, resolved against the window's focus widget.
///
/// A `.focusedValue` counts while the window's focus widget is its view's widget or inside it;
/// the innermost such view wins for a key. A `.focusedSceneValue` counts while its view is
/// present, below any focused value for the same key. The window's ``FocusCoordinator`` says
/// when focus moves; publications changing say the rest. Readers depend on the keys they
/// read: a key whose winner (the publishing view, or its value where it can be compared:
/// `Equatable` or an object's identity) changes re-runs them, and only them.
@MainActor
final class FocusedValueStore {
  /// One view's published values.
  final class Publication {
    weak var widget: Widget?
    let depth: Int
    let scene: Bool
    var entries: [ObjectIdentifier: Any]

    init(widget: Widget, depth: Int, scene: Bool, entries: [ObjectIdentifier: Any]) {
      self.widget = widget
      self.depth = depth
      self.scene = scene
      self.entries = entries
    }
  }

  /// Each key's version, read by readers; bumped when the key's winner changes.
  @Observable
  final class Slot {
    var version = 0
  }

  private var publications: [ObjectIdentifier: Publication] = [:]
  private var winners: [ObjectIdentifier: (publisher: ObjectIdentifier, value: Any)] = [:]
  private var slots: [ObjectIdentifier: Slot] = [:]
  private var current = FocusedValues()
  private var resolveScheduled = false
  private weak var coordinator: FocusCoordinator?

  /// What a `@FocusedValue` reads.
  func read<Value>(_ keyPath: KeyPath<FocusedValues, Value?>) -> Value? {
    var values = current
    values.tracker = self
    return values[keyPath: keyPath]
  }

  /// What a `@FocusedValue(Model.self)` reads.
  func read<Key: FocusedValueKey>(_ key: Key.Type) -> Key.Value? {
    var values = current
    values.tracker = self
    return values[key]
  }

  func track(_ key: ObjectIdentifier) {
    _ = slot(key).version
  }

  private func slot(_ key: ObjectIdentifier) -> Slot {
    if let slot = slots[key] { return slot }
    let slot = Slot()
    slots[key] = slot
    return slot
  }

  /// Sets (or replaces) what the view `id` publishes.
  func publish(_ id: ObjectIdentifier, _ publication: Publication) {
    publications[id] = publication
    scheduleResolve()
  }

  func withdraw(_ id: ObjectIdentifier) {
    guard publications.removeValue(forKey: id) != nil else { return }
    scheduleResolve()
  }

  private func scheduleResolve() {
    guard !resolveScheduled else { return }
    resolveScheduled = true
    // NB: after the pass, when the publishing widgets sit in their window.
    UpdateScheduler.shared.performOutsideUpdate { [weak self] in
      guard let self else { return }
      resolveScheduled = false
      resolve()
    }
  }

  /// Recomputes the winners and tells the readers of each key whose winner changed.
  func resolve() {
    publications = publications.filter { $0.value.widget != nil }
    watchFocus()
    var next: [ObjectIdentifier: (publisher: ObjectIdentifier, value: Any)] = [:]
    let scene = publications.filter(\.value.scene).sorted { $0.value.depth < $1.value.depth }
    let focused = publications.filter {
      !$0.value.scene && ($0.value.widget?.containsFocus ?? false)
    }
    .map { (id: $0.key, publication: $0.value, depth: Self.widgetDepth($0.value.widget)) }
    .sorted { ($0.depth, $0.publication.depth) < ($1.depth, $1.publication.depth) }
    for (id, publication) in scene {
      for (key, value) in publication.entries { next[key] = (id, value) }
    }
    for item in focused {
      for (key, value) in item.publication.entries { next[key] = (item.id, value) }
    }
    var changed: [ObjectIdentifier] = []
    for key in Set(next.keys).union(winners.keys) {
      let old = winners[key]
      let new = next[key]
      switch (old, new) {
      case (nil, nil): break
      case (let old?, let new?)
      where old.publisher == new.publisher && Self.isSame(old.value, new.value):
        break
      default: changed.append(key)
      }
    }
    winners = next
    current.values = next.mapValues(\.value)
    for key in changed { slots[key]?.version += 1 }
  }

  /// Subscribes to the window's focus changes, once a publishing widget is in a window.
  private func watchFocus() {
    guard coordinator == nil else { return }
    guard let root = publications.values.lazy.compactMap({ $0.widget?.root }).first else { return }
    let coordinator = FocusCoordinator.coordinator(for: root)
    self.coordinator = coordinator
    coordinator.onFocusWidgetChange[ObjectIdentifier(self)] = { [weak self] in
      self?.scheduleResolve()
    }
  }

  private static func widgetDepth(_ widget: Widget?) -> Int {
    var depth = 0
    var current = widget?.pointer.parent
    while let node = current {
      depth += 1
      current = node.parent
    }
    return depth
  }

  /// Whether a re-published value is the same: by identity for objects, by `==` where
  /// `Equatable`; anything else (closures, bindings) counts as the same, so a view that
  /// publishes and reads one key does not re-run itself forever.
  private static func isSame(_ old: Any, _ new: Any) -> Bool {
    if Swift.type(of: old) is AnyClass, Swift.type(of: new) is AnyClass {
      return (old as AnyObject) === (new as AnyObject)
    }
    if let old = old as? any Equatable { return old.isEqual(to: new) }
    return true
  }

}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
