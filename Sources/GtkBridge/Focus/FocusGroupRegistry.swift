/// Marks focus-state writes that report GTK's focus (as opposed to app requests): the
/// groups writing now. A change of another group's state made meanwhile is a request.
@MainActor
enum FocusWrites {
  static var writing: Set<ObjectIdentifier> = []
}

/// The focus groups of every window by their state's identity, so a state shared by two
/// windows (one `@Observable` model) knows which window claims a value.
@MainActor
enum FocusGroupRegistry {
  fileprivate struct Entry {
    weak var group: AnyObject?
    let claims: @MainActor (AnyHashable) -> Bool
    /// Whether the group is in the active window, and the value it holds there.
    let held: @MainActor () -> (active: Bool, value: AnyHashable?)
    /// Tells the group another window's group wrote its truth (`nil` or a value).
    let noteWritten: @MainActor (AnyHashable?) -> Void
    /// What the group's state holds now.
    let reads: @MainActor () -> AnyHashable?
  }

  /// The groups of one state. Each group keeps its own, so the questions asked on every
  /// focus change need no lookup by the state's identity (hashing an `AnyHashable` key
  /// path cost about 7,000 instructions per focus move).
  @MainActor
  final class Siblings {
    fileprivate var entries: [ObjectIdentifier: Entry] = [:]

    /// Whether a live group other than `group` is bound to the state (another window).
    func hasOthers(than group: AnyObject) -> Bool {
      let key = ObjectIdentifier(group)
      // NB: a loop, not `contains`: see PointerScopes.swift.
      for (other, entry) in entries where other != key && entry.group != nil { return true }
      return false
    }
  }

  private static var groups: [BindingID: Siblings] = [:]

  private static var registrations = 0

  /// Adds `group` to its state's siblings (once), and returns them; `nil` for a state
  /// without identity.
  static func register<Value: Hashable>(_ group: FocusGroup<Value>) -> Siblings? {
    guard let id = group.source.id else { return nil }
    let key = ObjectIdentifier(group)
    // NB: an entry whose group is gone may hold this key: a new group can be allocated where
    // a closed window's group was.
    if let siblings = groups[id], siblings.entries[key]?.group === group { return siblings }
    registrations += 1
    // NB: groups die with their windows; drop their entries now and then, so a long-lived
    // app that opens many windows keeps this small.
    if registrations % 64 == 0 {
      for siblings in groups.values {
        siblings.entries = siblings.entries.filter { $0.value.group != nil }
      }
      groups = groups.filter { !$0.value.entries.isEmpty }
    }
    let siblings = groups[id] ?? Siblings()
    groups[id] = siblings
    siblings.entries[key] = Entry(
      group: group,
      claims: { [weak group] value in group?.claimsPresentValue(erased: value) ?? false },
      held: { [weak group] in
        guard let group else { return (false, nil) }
        return (group.isInActiveWindow, group.erasedHeldValue)
      },
      noteWritten: { [weak group] value in group?.noteTruthWritten(erased: value) },
      reads: { [weak group] in group?.erasedStateValue })
    return siblings
  }

  /// `group` writes its truth `value` into the state: its siblings in other windows take
  /// that value as seen, not as a request.
  static func noteTruthWritten<Value: Hashable>(
    _ value: Value?, among siblings: Siblings, by group: FocusGroup<Value>
  ) {
    guard siblings.entries.count > 1 else { return }
    let written: AnyHashable? = if let value { AnyHashable(value) } else { nil }
    for (key, entry) in siblings.entries where key != ObjectIdentifier(group) && entry.group != nil
    {
      entry.noteWritten(written)
    }
  }

  /// The state's truth in the active window, if a group of it is there: `.some(nil)` when
  /// nothing there holds focus.
  static func activeWindowTruth(among siblings: Siblings) -> AnyHashable?? {
    for entry in siblings.entries.values where entry.group != nil {
      let held = entry.held()
      if held.active { return .some(held.value) }
    }
    return nil
  }

  /// Whether a live group of another id that is a step from the same base as `id` (one
  /// object's property through a key path Swift finds unequal: generic code's) claims `value`
  /// and its state reads it. NB: a walk of every identified state; asked only for a value no
  /// view of the asking group claims.
  static func isClaimedThroughAnotherPath(_ value: AnyHashable, from id: BindingID) -> Bool {
    hasGroupThroughAnotherPath(from: id) { $0.claims(value) && $0.reads() == value }
  }

  /// Whether a live group of another id that is a step from the same base as `id` has views.
  static func hasGroupsThroughAnotherPath(from id: BindingID) -> Bool {
    hasGroupThroughAnotherPath(from: id) { _ in true }
  }

  private static func hasGroupThroughAnotherPath(
    from id: BindingID, where matches: (Entry) -> Bool
  ) -> Bool {
    for (key, siblings) in groups where key.isStep(fromSameBaseAs: id) && key != id {
      for entry in siblings.entries.values where entry.group != nil && matches(entry) {
        return true
      }
    }
    return false
  }

  /// Whether a group of the same state other than `group` has a view claiming `value`.
  static func isClaimedElsewhere<Value: Hashable>(
    _ value: Value, among siblings: Siblings, by group: FocusGroup<Value>
  ) -> Bool {
    siblings.entries = siblings.entries.filter { $0.value.group != nil }
    return siblings.entries.contains { key, entry in
      key != ObjectIdentifier(group) && entry.claims(AnyHashable(value))
    }
  }
}
