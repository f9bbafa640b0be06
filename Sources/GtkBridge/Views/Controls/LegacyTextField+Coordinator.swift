extension LegacyTextField {
  /// Keeps an entry's text and focus and two bindings in sync, both ways.
  ///
  /// Text and Return go through the same ``EditableFieldCoordinator`` as ``TextField``. Focus
  /// goes through the `FocusGroup` of the
  /// `isFirstResponder` state (`true` is the entry's value, `false` is "none"): the window's
  /// shared group when GtkBridge can identify the state (`$isEditing` from `@State` or
  /// `@Bindable`), so several fields bound to one `Bool` follow one set of rules, otherwise
  /// a group of this entry alone.
  @MainActor
  public final class Coordinator {
    private let field = EditableFieldCoordinator()
    private var textBinding: Binding<String>
    private var focus: FocusGroup<Bool>?
    private var focusID: BindingID?
    private var participant: FocusParticipant<Bool>?
    private var membership: FocusMembership?
    private weak var node: ViewNode?
    private weak var entry: Entry?

    // NB: counted as a live coordinator through `field`.
    init(text: Binding<String>, isFirstResponder: Binding<Bool>) {
      textBinding = text
    }

    isolated deinit {}

    func attach(to entry: Entry, context: WidgetRepresentableContext<LegacyTextField>) {
      self.entry = entry
      _ = field.attach(to: entry, text: textBinding, context: context)
    }

    func update(
      text newText: Binding<String>, isFirstResponder: Binding<Bool>, node: ViewNode?
    ) {
      self.node = node
      textBinding = newText
      field.update(text: newText)
      let source = FocusSource(isFirstResponder)
      if focus == nil || source.id != focusID { join(source) }
      focus?.source = source
      FocusMembership.sync(
        &membership, with: isFirstResponder.focusClaim, graph: node?.graph, widget: entry,
        node: node)
      focus?.requestReconcile()
    }

    private func join(_ source: FocusSource<Bool>) {
      leaveFocusGroup()
      guard let entry else { return }
      let group = node.map { $0.graph.focusGroup(for: source) } ?? FocusGroup(source: source)
      let participant = FocusParticipant(value: true, widget: entry, group: group, node: node)
      group.add(participant)
      focus = group
      focusID = source.id
      self.participant = participant
    }

    private func leaveFocusGroup() {
      guard let focus, let participant else { return }
      focus.remove(participant)
      node?.graph.releaseFocusGroup(focus, for: focus.source)
      self.participant = nil
      self.focus = nil
    }

    func detach() {
      field.detach()
      membership?.leave()
      membership = nil
      leaveFocusGroup()
    }
  }
}
