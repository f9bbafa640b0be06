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
  private struct Entry {
    weak var group: AnyObject?
    let claims: @MainActor (AnyHashable) -> Bool
    /// Whether the group is in the active window, and the value it holds there.
    let held: @MainActor () -> (active: Bool, value: AnyHashable?)
    /// Tells the group another window's group wrote its truth (`nil` or a value).
    let noteWritten: @MainActor (AnyHashable?) -> Void
  }

  private static var groups: [AnyHashable: [ObjectIdentifier: Entry]] = [:]

  private static var registrations = 0

  static func register<Value: Hashable>(_ group: FocusGroup<Value>) {
    guard let id = group.source.id else { return }
    let key = ObjectIdentifier(group)
    // NB: an entry whose group is gone may hold this key: a new group can be allocated where
    // a closed window's group was.
    if groups[id]?[key]?.group === group { return }
    registrations += 1
    // NB: groups die with their windows; drop their entries now and then, so a long-lived
    // app that opens many windows keeps this small.
    if registrations % 64 == 0 {
      groups = groups.compactMapValues { entries in
        let live = entries.filter { $0.value.group != nil }
        return live.isEmpty ? nil : live
      }
    }
    groups[id, default: [:]][key] = Entry(
      group: group,
      claims: { [weak group] value in group?.claimsPresentValue(erased: value) ?? false },
      held: { [weak group] in
        guard let group else { return (false, nil) }
        return (group.isInActiveWindow, group.erasedHeldValue)
      },
      noteWritten: { [weak group] value in group?.noteTruthWritten(erased: value) })
  }

  /// `group` writes its truth `value` into the state `id`: its siblings in other windows
  /// take that value as seen, not as a request.
  static func noteTruthWritten<Value: Hashable>(
    _ value: Value?, into id: AnyHashable, by group: FocusGroup<Value>
  ) {
    guard let entries = groups[id], entries.count > 1 else { return }
    let written: AnyHashable? = if let value { AnyHashable(value) } else { nil }
    for (key, entry) in entries where key != ObjectIdentifier(group) && entry.group != nil {
      entry.noteWritten(written)
    }
  }

  /// The state's truth in the active window, if a group of it is there: `.some(nil)` when
  /// nothing there holds focus.
  static func activeWindowTruth(for id: AnyHashable) -> AnyHashable?? {
    for entry in groups[id]?.values ?? [:].values where entry.group != nil {
      let held = entry.held()
      if held.active { return .some(held.value) }
    }
    return nil
  }

  /// Live groups of the state `id` in all windows.
  static func groupCount(for id: AnyHashable) -> Int {
    groups[id]?.values.filter { $0.group != nil }.count ?? 0
  }

  /// Whether a group of the same state other than `group` has a view claiming `value`.
  static func isClaimedElsewhere<Value: Hashable>(_ value: Value, by group: FocusGroup<Value>)
    -> Bool
  {
    guard let id = group.source.id, var entries = groups[id] else { return false }
    entries = entries.filter { $0.value.group != nil }
    groups[id] = entries.isEmpty ? nil : entries
    return entries.contains { key, entry in
      key != ObjectIdentifier(group) && entry.claims(AnyHashable(value))
    }
  }
}
