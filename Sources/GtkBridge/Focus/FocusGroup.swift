import CGtk

/// Where a focus state is read and written: a `@FocusState`, a `Binding<Value?>` into a
/// model, or a `Binding<Bool>` (seen as `true` or `nil`).
@MainActor
@usableFromInline
struct FocusSource<Value: Hashable> {
  let get: @MainActor () -> Value?
  let set: @MainActor (Value?) -> Void
  /// Identifies the storage, so views bound to the same state share one group.
  let id: BindingID?
  /// Whether every read reads the same storage; not for a path through an object
  /// (`$draft.focus` of a `@State` object), which reads whichever object is there now.
  var readsAreStable = true
}

/// The views bound to one focus state, and the rules between them.
///
/// - Focus entering a participant sets the state to its value; leaving resets it, but only
///   if the state still holds that participant's value (so A -> B is one transition).
/// - Only a real change of the state acts on GTK (not every update that reads it), once per
///   update pass, after widgets are in their windows: `nil` resigns focus, a value held
///   already changes nothing (no repeated grabs), otherwise the first participant in
///   declaration order claiming it takes focus (with a warning, once, when several claim
///   it). A value no participant claims, or a grab GTK refuses, reads back as the truth: the
///   value of the participant holding focus, or `nil`.
/// - "The state as last seen" is what the source held after GtkBridge's own last write, so a
///   binding that ignores writes (`.constant(false)`) never makes GtkBridge take focus away
///   from the user.
/// - Only this group's own write of the truth is adopted as seen; a write made inside it (a
///   `didSet` setting this or another focus state) is a request, carried out after it.
/// - A participant that holds focus when it joins (a view re-bound to this state while the
///   user is in it) makes the state read the truth, whatever stale value it held.
/// - A state shared by groups in several windows reads the active window's truth; a value
///   claimed only in another window is left to that window's group, which presents it.
/// - A value that a group bound to the same object through a key path Swift finds unequal
///   (generic code's) claims and reads is left to that group, as a sibling's would be.
/// - Every focus move goes through the window's ``FocusCoordinator``, tagged with its origin.
@MainActor
final class FocusGroup<Value: Hashable> {
  var source: FocusSource<Value> {
    didSet {
      // NB: a source without identity (a hand-made `Binding(get:set:)`) may read another
      // storage now (the view shows another model): the watch, which reads the source it
      // was made with, follows it. An identified one is the same storage.
      guard
        source.id == nil || oldValue.id == nil || source.id != oldValue.id
      else { return }
      sourceWatch?.cancel()
      sourceWatch = nil
      // NB: bound to another state now (a view re-bound, or its state renewed): its siblings
      // are that state's.
      if siblings != nil { siblings = FocusGroupRegistry.register(self) }
    }
  }
  private var participants: [FocusParticipant<Value>] = []
  /// The participants by the value they claim, in joining order: a reconcile finds its
  /// target without scanning every participant.
  private var claims: [Value: [FocusParticipant<Value>]] = [:]
  /// The participants by identity.
  private var members: [ObjectIdentifier: FocusParticipant<Value>] = [:]
  /// The participants that hold focus now (zero or one, unless views share a widget), so
  /// `holder` needs no scan either. Identities: array operations on a generic element type
  /// cost thousands of instructions here, on `ObjectIdentifier` a few.
  private var holders: [ObjectIdentifier] = []
  /// The keys of `members`: asking it needs no generic metadata (a focus move asks twice).
  private var memberIDs: Set<ObjectIdentifier> = []
  private var reconcileQueued = false
  private var warnedAmbiguous: Set<Value> = []
  /// The state as last acted on or written; a reconcile acts only when it changed.
  private var lastSeen: Value?
  /// The watch on the source's value (see `readWatchingSource()`).
  private var sourceWatch: DependencyReader?
  /// The next value seen is the truth a focus event wrote, not a request: take it as seen.
  private var adoptNextValue = false
  /// Writes of the truth queued until the running update pass ends.
  private var pendingWrites = 0
  /// Whether the app wrote the state since the last reconcile (not GtkBridge's write of the
  /// truth): a request the queued reconcile will carry out.
  private var requestPending = false
  /// Whether a participant is leaving (`remove`): the focus it gives up is no choice of
  /// the user's.
  private var removing = false
  /// Whether participants joined or left since the last reconcile (a view made anew, an
  /// `equals:` value changed): an app's write of the value the state holds is then a
  /// request too, resolved against the views there are now.
  private var membersChanged = false
  /// The groups of the same state (in other windows), once a participant registered.
  private var siblings: FocusGroupRegistry.Siblings?
  /// The truth another window's group last wrote into this shared state: seen again, it is
  /// no request here (a different value is).
  private var adoptIfSeen: Value??

  /// Another window's group wrote `value`, its truth, into this shared state.
  func noteTruthWritten(_ value: Value?) {
    adoptIfSeen = .some(value)
  }

  init(source: FocusSource<Value>) {
    self.source = source
  }

  var isEmpty: Bool { participants.isEmpty }

  /// Whether a view of this group claims `value` (for other windows sharing the state).
  func claimsPresentValue(_ value: Value) -> Bool { claims[value]?.isEmpty == false }

  /// The same for a type-erased value (a sibling group's, in another window): a value of
  /// another type is claimed by no view here.
  func claimsPresentValue(erased value: AnyHashable) -> Bool {
    guard let value = value.base as? Value else { return false }
    return claimsPresentValue(value)
  }

  /// What the state holds now, type-erased for the registry.
  var erasedStateValue: AnyHashable? {
    if let value = source.get() { AnyHashable(value) } else { nil }
  }

  /// `heldValue`, type-erased for the registry.
  var erasedHeldValue: AnyHashable? {
    if let value = heldValue { AnyHashable(value) } else { nil }
  }

  /// `noteTruthWritten` for a sibling's type-erased value.
  func noteTruthWritten(erased value: AnyHashable?) {
    noteTruthWritten(value.flatMap { $0.base as? Value })
  }

  func add(_ participant: FocusParticipant<Value>) {
    participants.append(participant)
    claims[participant.value, default: []].append(participant)
    members[ObjectIdentifier(participant)] = participant
    memberIDs.insert(ObjectIdentifier(participant))
    // NB: a participant may hold focus already (its widget had it when it was made, or the
    // view was re-bound to this state while the user is in it): the state learns the truth,
    // and a value it held before is no request.
    if participant.holdsFocus {
      holders.append(ObjectIdentifier(participant))
      // NB: unless the app wrote the state in this pass (an `equals:` value changed and a
      // write in one action): its request is carried out by the queued reconcile, which
      // writes the truth if no view can take it.
      if !requestPending { write(participant.value) }
    }
    membersChanged = true
    siblings = FocusGroupRegistry.register(self)
    if let widget = participant.widget, let coordinator = FocusCoordinator.coordinator(of: widget) {
      watchActivation(of: coordinator)
    }
    requestReconcile()
  }

  /// Removes `participant`. With `resigning` (a view leaving the tree), focus it holds goes
  /// nowhere now; without (a view re-bound to another state), the user keeps it.
  func remove(_ participant: FocusParticipant<Value>, resigning: Bool = true) {
    // NB: a view leaving the tree with focus gives it up now. Otherwise GTK moves focus
    // on its next frame to some other widget, and the state would follow it there.
    removing = true
    membersChanged = true
    defer { removing = false }
    if resigning { participant.resign(origin: .teardown) }
    participants.removeAll { $0 === participant }
    claims[participant.value]?.removeAll { $0 === participant }
    if claims[participant.value]?.isEmpty == true { claims[participant.value] = nil }
    members[ObjectIdentifier(participant)] = nil
    memberIDs.remove(ObjectIdentifier(participant))
    holders.removeAll { $0 == ObjectIdentifier(participant) }
    if participant.detach() {
      clear(ifHolding: participant.value)
    }
  }

  /// Called by the window's focus tracker through the participant.
  func participant(_ participant: FocusParticipant<Value>, focusChanged hasFocus: Bool) {
    let id = ObjectIdentifier(participant)
    if memberIDs.contains(id) {
      if let index = holders.firstIndex(of: id) { holders.remove(at: index) }
      if hasFocus { holders.append(id) }
    }
    if hasFocus {
      // NB: a participant reporting the focus it finds as it is made (its view's `equals:`
      // changed), while the app wrote the state in this pass: see `add(_:)`.
      if !memberIDs.contains(id), requestPending { return }
      write(participant.value)
    } else {
      clear(ifHolding: participant.value)
    }
  }

  /// A participant got a window. If a grab for it was pending (`wantsGrab`), grab now if
  /// the state still asks for it.
  func participantGotRoot(_ participant: FocusParticipant<Value>, wantsGrab: Bool) {
    if let widget = participant.widget, let coordinator = FocusCoordinator.coordinator(of: widget) {
      watchActivation(of: coordinator)
    }
    guard wantsGrab, source.get() == participant.value, participant.grab() == .refused else {
      return
    }
    write(truth)
  }

  /// Reconciles the state with GTK's focus at the end of the current pass (once).
  func requestReconcile() {
    guard !reconcileQueued else { return }
    reconcileQueued = true
    UpdateScheduler.shared.enqueueFocusChange(resign: false) { [weak self] in self?.reconcile() }
  }

  /// Whether a participant holds focus: `holder != nil`, without its generic lookups.
  private var hasHolder: Bool {
    holders.count == 1 || (holders.count > 1 && holder != nil)
  }

  /// The first participant (in joining order) that holds focus.
  private var holder: FocusParticipant<Value>? {
    guard holders.count > 1 else {
      guard let first = holders.first else { return nil }
      return members[first]
    }
    return participants.first { $0.holdsFocus }
  }

  /// Reads the source, and watches it if it is not watched yet: each change of the value
  /// queues a reconcile. The group watches its state, so a focus move re-runs no view (its
  /// participants' views do not read the state). The watch stays installed while the source
  /// is the same storage (see `source`), so a focus move costs one callback, not a new
  /// registration (about 8,000 instructions).
  private func readWatchingSource() -> Value? {
    if let sourceWatch, !sourceWatch.isCancelled {
      // NB: a path through an object (`$draft.focus`, the draft replaced) keeps its identity
      // but may read another object now: watched anew, or the new one's writes go unseen. (A
      // source without identity is watched anew whenever its view updates: see `source`.)
      if source.readsAreStable || !BindingID.isSome(source.id) { return source.get() }
      sourceWatch.cancel()
    }
    let source = source
    let watch = DependencyReader(.listen, expectsModels: true) { [weak self] in
      guard let self else { return }
      // NB: a write GtkBridge made because focus moved (in any group) reports where focus
      // is; acting on it as a request would grab focus back from where the user put it.
      // A write made inside that one (a `didSet` setting another focus state) is a request,
      // resolved after it.
      if FocusWrites.writing.contains(ObjectIdentifier(self)) {
        self.adoptNextValue = true
      } else {
        self.requestPending = true
      }
      self.requestReconcile()
    }
    sourceWatch = watch
    return watch.run { source.get() }
  }

  // NB: isolated, so the watch is cancelled on the main thread: its registration would
  // otherwise stay in the model until the value next changes.
  isolated deinit {
    sourceWatch?.cancel()
    // NB: the window outlives its groups (a row's or a page's focus state goes with its view).
    activationWatched?.onActivate[ObjectIdentifier(self)] = nil
  }

  /// The window whose activation this group watches (`watchActivation(of:)`).
  private weak var activationWatched: FocusCoordinator?

  private func reconcile() {
    reconcileQueued = false
    // NB: the app wrote the value the state held already, and the views claiming values
    // changed in the same pass (the focused view's `.id` changed, or two fields swapped
    // their `equals:` values): the write asks for the view claiming it now.
    let reasserted = requestPending && membersChanged
    requestPending = false
    membersChanged = false
    let requested = readWatchingSource()
    // NB: the truth a focus event reported is on its way into the state: it wins over what
    // the state held before (a re-bound view's new model may hold a stale value).
    if pendingWrites > 0 { return }
    if adoptNextValue {
      adoptNextValue = false
      // NB: only what this group's write left (`lastSeen`) is the truth to adopt. A value
      // written after it in the same turn is a request: a button's action run by the click
      // that moved focus, an `onChange` run after a re-bound view's write.
      if requested == lastSeen { return }
    }
    if let expected = adoptIfSeen {
      adoptIfSeen = nil
      if requested == expected {
        lastSeen = requested
        return
      }
    }
    guard requested != lastSeen || reasserted else { return }
    lastSeen = requested
    let holder = holder
    guard let target = requested else {
      if let holder {
        // After this pass's grabs: if another view took focus meanwhile, nothing to do.
        UpdateScheduler.shared.enqueueFocusChange(resign: true) { holder.resign() }
      }
      return
    }
    if let holder, holder.value == target {
      presentIfShared(holder)
      return
    }
    // NB: no `?? []`: an empty array of a generic element is a run-time metadata lookup.
    guard let candidates = claims[target], !candidates.isEmpty else {
      // NB: a binding GtkBridge cannot identify (a hand-made `Binding(get:set:)`) may be
      // shared by views in other groups; only an identified state knows that nobody claims
      // the value. A state shared with another window leaves a value claimed there to that
      // window's group.
      let claimedElsewhere = siblings.map {
        FocusGroupRegistry.isClaimedElsewhere(target, among: $0, by: self)
      }
      if source.id != nil, claimedElsewhere != true, !isClaimedThroughAnotherPath(target) {
        write(truth)
      }
      return
    }
    // NB: one candidate is the rule; `min(by:)` on a generic element costs thousands, and
    // `dropFirst()` a slice's metadata (about 1,800 instructions).
    var first = candidates[0]
    for index in 1..<candidates.count where declaredBefore(candidates[index], first) {
      first = candidates[index]
    }
    if candidates.count > 1, warnedAmbiguous.insert(target).inserted {
      Log.warning(
        "\(candidates.count) views are focused(equals: \(target)); focusing the first declared")
    }
    switch first.grab() {
    case .refused: write(truth)
    case .granted: presentIfShared(first)
    case .pending: break
    }
  }

  /// A state shared by several windows reads the focused window's truth, so a request
  /// carried out in a window that is not active presents (raises and activates) it.
  private func presentIfShared(_ participant: FocusParticipant<Value>) {
    var throughAnotherPath = false
    // NB: `if let`, not `source.id.map(…)`: see PointerScopes.swift.
    if let id = source.id {
      throughAnotherPath = FocusGroupRegistry.hasGroupsThroughAnotherPath(from: id)
    }
    guard
      siblings?.hasOthers(than: self) == true || throughAnotherPath,
      let widget = participant.widget, let coordinator = FocusCoordinator.coordinator(of: widget),
      !coordinator.isActive
    else { return }
    coordinator.window.present()
  }

  /// When a window showing an identified state becomes active, the state reads its truth (a
  /// state shared by several windows reads the active window's).
  private func watchActivation(of coordinator: FocusCoordinator) {
    activationWatched = coordinator
    coordinator.onActivate[ObjectIdentifier(self)] = { [weak self] in
      guard let self, self.source.id != nil, !self.participants.isEmpty else { return }
      let truth = self.holder?.value
      let held = self.source.get()
      guard held != truth else { return }
      if truth == nil, let held, self.isClaimedThroughAnotherPath(held) { return }
      self.write(truth)
    }
  }

  /// Whether a group (of any window) bound to the same object through another key path
  /// claims `value` and its state reads it: most likely the same property, reached through
  /// a key path Swift does not find equal (a generic view's `\Model.focus` goes through the
  /// protocol's witness, a concrete view's `\Concrete.focus` through the getter). That group
  /// moves focus to its view; this group writing its truth would undo it, and the two would
  /// undo each other's every write.
  private func isClaimedThroughAnotherPath(_ value: Value) -> Bool {
    guard let id = source.id else { return false }
    return FocusGroupRegistry.isClaimedThroughAnotherPath(AnyHashable(value), from: id)
  }

  /// What the state must read: the value of the participant holding focus here, or, for a
  /// state shared with other windows while this one is not active, the active window's.
  private var truth: Value? {
    let mine = holder?.value
    guard let siblings, siblings.hasOthers(than: self), !isInActiveWindow,
      let active = FocusGroupRegistry.activeWindowTruth(among: siblings)
    else { return mine }
    return active?.base as? Value
  }

  /// Whether this group's views are in the active window.
  var isInActiveWindow: Bool {
    participants.contains { participant in
      participant.widget.flatMap(FocusCoordinator.coordinator(of:))?.isActive == true
    }
  }

  /// The value held in this group's window, for other windows sharing the state.
  var heldValue: Value? { holder?.value }

  private func clear(ifHolding value: Value) {
    guard !hasHolder, source.get() == value else { return }
    // NB: the app wrote this very value since the last reconcile, and the view holding it
    // leaves: a "New" button giving a form a fresh `.id` and focusing its title in one
    // action (the old title field held the value). That write is a request for the view
    // claiming the value at the end of the pass (the new title field), not a no-op the
    // leaving view's `nil` may erase: the queued reconcile carries it out, or writes the
    // truth if no view claims the value any more.
    if removing, requestPending { return }
    // NB: the truth, not `nil`: a state shared with another window reads the active
    // window's, which a field leaving (or losing focus) in this inactive one does not change.
    write(truth)
  }

  /// State writes caused by GTK wait for the end of a running update pass.
  private func write(_ value: Value?) {
    // The state holds the truth already (the focus a reconcile asked for has arrived), and no
    // other truth is on its way: what the queued write would do now, without the queue (a
    // closure and a pass of its own, about 2,900 instructions per focus move).
    if pendingWrites == 0, source.get() == value {
      lastSeen = value
      return
    }
    let source = source
    let id = ObjectIdentifier(self)
    pendingWrites += 1
    UpdateScheduler.shared.performOutsideUpdate { [weak self] in
      self?.pendingWrites -= 1
      guard source.get() != value else {
        self?.lastSeen = value
        return
      }
      let outer = FocusWrites.writing
      FocusWrites.writing.insert(id)
      // NB: before the write, so a sibling's reconcile queued by it finds the note.
      if let self, let siblings = self.siblings {
        FocusGroupRegistry.noteTruthWritten(value, among: siblings, by: self)
      }
      source.set(value)
      FocusWrites.writing = outer
      let now = source.get()
      guard let self else { return }
      if now != value, self.adoptNextValue {
        // NB: the state changed again inside this write (a `didSet` redirecting focus): that
        // is a request, resolved by the reconcile the change queued.
        self.adoptNextValue = false
        self.lastSeen = value
      } else {
        // A binding that ignores or transforms writes holds what it holds.
        self.lastSeen = now
      }
    }
  }

  private func declaredBefore(_ a: FocusParticipant<Value>, _ b: FocusParticipant<Value>) -> Bool {
    guard let pathA = a.node?.indexPath, let pathB = b.node?.indexPath else { return false }
    return pathA.lexicographicallyPrecedes(pathB)
  }
}

extension FocusSource {
  /// An optional value held anywhere (`$model.focus`).
  @usableFromInline
  init(_ binding: Binding<Value?>) {
    // NB: the binding's own closures, not `{ binding.wrappedValue }`: reading through the
    // binding looked up `Binding<Value?>`'s metadata at run time on every read (about 700
    // instructions; the group reads its source on each reconcile and write).
    (get, set) = binding.accessors
    id = binding.sourceID
    readsAreStable = binding.readsAreStable
  }

  /// A `@FocusState` of an optional value (`$focusedField`).
  @usableFromInline
  init(_ focus: FocusState<Value?>.Binding) {
    let box = focus.box
    get = { box.value }
    set = { box.value = $0 }
    id = focus.id
  }
}

extension FocusSource where Value == Bool {
  /// A `Binding<Bool>` as a focus source: `true` is the one value, `false` is `nil`.
  init(_ binding: Binding<Bool>) {
    let (read, write) = binding.accessors
    get = { read() ? true : nil }
    set = { write($0 == true) }
    id = binding.sourceID
    readsAreStable = binding.readsAreStable
  }
}
