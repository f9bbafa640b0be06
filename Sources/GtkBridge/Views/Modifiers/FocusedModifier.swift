extension View {
  /// Binds this view's focus to a focus state: focus entering the view sets the state to
  /// `value`, leaving resets it to `nil`, and assigning `value` moves focus here.
  ///
  /// ```swift
  /// TextField("Username", text: $username)
  ///   .focused($focusedField, equals: .username)
  /// ```
  @inlinable
  public func focused<Field: Hashable>(
    _ binding: FocusState<Field?>.Binding, equals value: Field
  ) -> some View {
    ModifiedContent(
      content: self, modifier: FocusedModifier(source: FocusSource(binding), value: value))
  }

  /// Binds this view's focus to a `Bool` focus state.
  ///
  /// ```swift
  /// TextField("Search", text: $query).focused($searching)
  /// ```
  public func focused(_ condition: FocusState<Bool>.Binding) -> some View {
    modifier(FocusedModifier(source: FocusSource(Binding(condition)), value: true))
  }

  /// Binds this view's focus to an optional value held anywhere, such as an `@Observable`
  /// model: `.focused($model.focus, equals: .name)`. Same rules as the `@FocusState` form.
  @inlinable
  public func focused<Field: Hashable>(_ binding: Binding<Field?>, equals value: Field)
    -> some View
  {
    ModifiedContent(
      content: self, modifier: FocusedModifier(source: FocusSource(binding), value: value))
  }

  /// Binds this view's focus to a `Bool` held anywhere. A binding made with
  /// `Binding($focus, equals: value)` joins that focus state as `.focused($focus, equals:)`
  /// would.
  public func focused(_ condition: Binding<Bool>) -> some View {
    modifier(
      FocusedModifier(source: FocusSource(condition), value: true, claim: condition.focusClaim))
  }
}

/// Makes the modified view's widget a participant of the focus group of its state.
@usableFromInline
struct FocusedModifier<Value: Hashable>: WidgetModifier {
  /// Untracked: joining a group can read the focus state (a participant that holds focus
  /// reports it), and the group already watches that state; tracked, every row would re-run
  /// on every focus move.
  static var readsState: Bool { false }

  let source: FocusSource<Value>
  let value: Value
  var claim: FocusClaim? = nil
  /// The widget bound, when it is not the modified view's (the window's search entry).
  var locate: (@MainActor (ViewNode) -> Widget?)? = nil

  @MainActor
  final class Storage {
    var group: FocusGroup<Value>?
    var groupID: BindingID?
    var participant: FocusParticipant<Value>?
    var membership: FocusMembership?
  }

  func makeStorage(node: ModifierNode<some View, Self>) -> Storage {
    Storage()
  }

  func update(_ storage: Storage, node: ModifierNode<some View, Self>) {
    if let claim {
      FocusMembership.sync(
        &storage.membership, with: claim, graph: node.graph, widget: node.widgets.first,
        node: node)
      return
    }
    // The same identified state, `equals:` value and widget as last time (a row re-run because
    // its `.onChange` value changed): what follows would find nothing to do. NB: asked first,
    // before it copies the optional ids and builds the tuple of the widget comparison (about
    // 1,300 instructions per row update, measured).
    if locate == nil, let participant = storage.participant, storage.group != nil,
      participant.value == value, BindingID.areSame(storage.groupID, source.id),
      participant.widget === node.widgets.first
    {
      return
    }
    // NB: a view re-bound to another state (a detail view shown for another model) leaves
    // the old state's group and joins the new one's. Focus the user is in stays: the old
    // state reads `nil`, the new one the truth.
    if let old = storage.group, storage.groupID != source.id {
      if let participant = storage.participant { old.remove(participant, resigning: false) }
      node.graph.releaseFocusGroup(old, for: old.source)
      storage.group = nil
      storage.participant = nil
    }
    // NB: a group kept above is the same identified storage as last time: its watch on it
    // already reconciles on every change.
    let sameState = storage.group != nil && source.id != nil
    let group = storage.group ?? node.graph.focusGroup(for: source)
    // NB: the same identified storage: the group's source reads and writes it already (the
    // group would keep its watch), and copying a binding in costs about 5,000 instructions.
    if !sameState {
      storage.group = group
      storage.groupID = source.id
      group.source = source
    }
    let widget = locate.map { $0(node) } ?? node.widgets.first
    // NB: a new `equals:` value is a new claim: the participant is made again for it.
    let participantChanged =
      storage.participant?.widget !== widget || storage.participant?.value != value
    if participantChanged {
      let old = storage.participant
      // NB: the same widget under a new value (rows tagged by offset, a row above removed)
      // keeps its focus, as in SwiftUI: the new participant is made first and reports the
      // focus it finds (the state reads the new value); the old one leaves without resigning.
      let sameWidget = old != nil && old?.widget === widget
      if let old, !sameWidget { group.remove(old) }
      storage.participant = widget.map {
        FocusParticipant(value: value, widget: $0, group: group, node: node)
      }
      if let participant = storage.participant { group.add(participant) }
      if let old, sameWidget { group.remove(old, resigning: false) }
    }
    // NB: the state is not read here: the group watches it (once for all its participants)
    // and reconciles when it changes. A new participant asked for a reconcile as it joined;
    // a binding GtkBridge cannot identify may read another storage now, so its group looks.
    let joined = participantChanged && storage.participant != nil
    if !joined, !sameState || participantChanged { group.requestReconcile() }
  }

  func dismantle(_ storage: Storage, node: ModifierNode<some View, Self>) {
    storage.membership?.leave()
    guard let group = storage.group else { return }
    if let participant = storage.participant { group.remove(participant) }
    node.graph.releaseFocusGroup(group, for: group.source)
  }
}

extension ViewGraph {
  /// The group of views bound to `source`'s storage in this window (one per storage).
  func focusGroup<Value: Hashable>(for source: FocusSource<Value>) -> FocusGroup<Value> {
    guard let id = source.id else { return FocusGroup(source: source) }
    if let group = focusGroups[id] as? FocusGroup<Value> { return group }
    let group = FocusGroup(source: source)
    focusGroups[id] = group
    return group
  }

  /// Called when a view leaves `group`. A group of a `@FocusState` stays, empty, for the
  /// window's life; a group of a model's property goes with its last view.
  ///
  /// NB: a state whose last `.focused` view left can still be written (`focus = .x`); its
  /// group keeps watching it, so the write reads back the truth (`nil`) instead of a value
  /// no present view can take. For a `@FocusState` the cost is one group per state, freed
  /// with the window. A group of `$document.focus` holds its binding, and so the document:
  /// kept, it would keep every document the window ever showed alive (an app that replaces
  /// the shown document kept them all); a view showing the document again makes a new one.
  func releaseFocusGroup<Value: Hashable>(
    _ group: FocusGroup<Value>, for source: FocusSource<Value>
  ) {
    guard group.isEmpty, let id = source.id, focusGroups[id] === group else { return }
    if case .storage = id { return }
    focusGroups[id] = nil
  }

  /// The view that owns the state stored at `storage` (a `@FocusState`, or a `@State` bound
  /// with `.focused`) left, with its subtree: the state's group goes too, unless a view is
  /// still bound to it (one its binding was handed to elsewhere).
  ///
  /// NB: the group of such a state stays while its view exists (see `releaseFocusGroup`). Views
  /// with a focus state of their own come and go (a row, a page, a branch, a view given a new
  /// `.id`): each left its group, watching the state, until the window closed.
  func releaseFocusGroups(ofStatesIn links: [AnyStorageLink]) {
    guard !focusGroups.isEmpty else { return }
    for link in links {
      let id = BindingID.storage(link.storageIdentity)
      guard let group = focusGroups[id] as? any FocusGroupMembership, group.isEmpty else {
        continue
      }
      focusGroups[id] = nil
    }
  }
}

/// A focus group of any value type, as `ViewGraph.focusGroups` holds it.
@MainActor
protocol FocusGroupMembership: AnyObject {
  /// Whether no view is bound to the group's state.
  var isEmpty: Bool { get }
}

extension FocusGroup: FocusGroupMembership {}

extension FocusedModifier {
  /// For the `.focused` functions the app's compiler inlines (`@inlinable`, so that the types
  /// they make are known where they are called, not looked up at run time on every `body`).
  @usableFromInline
  init(source: FocusSource<Value>, value: Value) {
    self.init(source: source, value: value, claim: nil, locate: nil)
  }
}
