extension LegacyTextField {
  /// Keeps an entry's text and focus and two bindings in sync, both ways.
  ///
  /// Text goes through a ``TextBindingSync``; focus through a ``FocusGroup`` of one, whose
  /// state is `isFirstResponder` (`true` is the entry's value, `false` is "none").
  @MainActor
  public final class Coordinator {
    private(set) var text: TextBindingSync?
    let focus: FocusGroup<Bool>
    private var participant: FocusParticipant<Bool>?
    private var textBinding: Binding<String>
    private var activate: SignalConnection?
    private var membership: FocusMembership?
    private weak var entry: Entry?

    init(text: Binding<String>, isFirstResponder: Binding<Bool>) {
      textBinding = text
      focus = FocusGroup(source: FocusSource(isFirstResponder))
      LiveObjects.increment(LiveObjects.coordinators)
    }

    deinit {
      LiveObjects.decrement(LiveObjects.coordinators)
    }

    func attach(to entry: Entry, onSubmit: @escaping @MainActor () -> Void) {
      self.entry = entry
      text = TextBindingSync(widget: entry, binding: textBinding)
      activate = entry.connectActivate {
        UpdateScheduler.shared.performOutsideUpdate(onSubmit)
      }
      let participant = FocusParticipant(value: true, widget: entry, group: focus, node: nil)
      self.participant = participant
      focus.add(participant)
    }

    func update(
      text newText: Binding<String>, isFirstResponder: Binding<Bool>, node: ViewNode?
    ) {
      textBinding = newText
      text?.binding = newText
      text?.apply(newText.wrappedValue)
      focus.source = FocusSource(isFirstResponder)
      FocusMembership.sync(
        &membership, with: isFirstResponder.focusClaim, graph: node?.graph, widget: entry,
        node: node)
      // Reading the state here makes a change of it re-run this update.
      _ = isFirstResponder.wrappedValue
      focus.requestReconcile()
    }

    func detach() {
      text?.detach()
      activate = nil
      membership?.leave()
      membership = nil
      if let participant { focus.remove(participant) }
      participant = nil
    }
  }
}
