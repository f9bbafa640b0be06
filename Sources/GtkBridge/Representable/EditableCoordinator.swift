import CGtk

extension LegacyTextField {
  /// Keeps an entry's text and focus and two bindings in sync, both ways.
  ///
  /// Widget -> state: "changed" and the window's focus tracker write the bindings, outside
  /// any update pass, only when the value differs. State -> widget: `applyText` and
  /// `applyFocusRequest`, called from `updateWidget`, act only on a real difference.
  @MainActor
  public final class Coordinator: FocusObserver {
    var text: Binding<String>
    var isFirstResponder: Binding<Bool>

    private weak var entry: Entry?
    private var changed: SignalConnection?
    private var rootChanged: SignalConnection?
    private var tracker: FocusTracker?
    /// The focus value last acted on, from the app or from GTK; a request equal to it is
    /// not a change and grabs nothing.
    private var focusIntent: Bool?
    /// A grab asked for before the entry had a window; done when it gets one.
    private var grabWhenRooted = false

    init(text: Binding<String>, isFirstResponder: Binding<Bool>) {
      self.text = text
      self.isFirstResponder = isFirstResponder
    }

    func attach(to entry: Entry) {
      self.entry = entry
      changed = entry.connectChanged { [weak self] in self?.entryChanged() }
      rootChanged = Signals.connectNotify(entry.rawPointer, property: "root") { [weak self] in
        self?.rootDidChange()
      }
      rootDidChange()
    }

    func detach() {
      changed = nil
      rootChanged = nil
      grabWhenRooted = false
      if let entry, let tracker, tracker.unregister(entry.pointer) {
        write(isFirstResponder, false)
      }
      tracker = nil
    }

    // MARK: Widget -> state

    private func entryChanged() {
      guard let entry else { return }
      let current = entry.text
      write(text, current)
    }

    func focusChanged(_ hasFocus: Bool) {
      focusIntent = hasFocus
      grabWhenRooted = false
      write(isFirstResponder, hasFocus)
    }

    private func rootDidChange() {
      guard let entry else { return }
      if let tracker, tracker.unregister(entry.pointer) {
        // Left its window while holding focus: it holds none now, wherever it goes.
        focusChanged(false)
      }
      tracker = entry.root.map(FocusTracker.tracker(for:))
      tracker?.register(entry.pointer, observer: self)
      if grabWhenRooted, entry.root != nil {
        grabWhenRooted = false
        grab()
      }
    }

    /// Binding writes caused by GTK wait for the end of a running update pass. The binding
    /// is captured now: the write must land even if this coordinator is dismantled first.
    private func write<Value: Equatable>(_ binding: Binding<Value>, _ value: Value) {
      UpdateScheduler.shared.performOutsideUpdate { binding.setIfChanged(value) }
    }

    // MARK: State -> widget

    func applyText(_ newText: String) {
      guard let entry, entry.text != newText else { return }
      changed?.blocked {
        entry.text = newText.contains("\0") ? newText.filter { $0 != "\0" } : newText
      }
      entry.cursorPosition = -1
      let held = entry.text
      if held != newText {
        write(text, held)
      }
    }

    func applyFocusRequest(_ wanted: Bool) {
      guard let entry, wanted != focusIntent else { return }
      focusIntent = wanted
      if wanted {
        guard !entry.containsFocus else { return }
        UpdateScheduler.shared.enqueueFocusChange(resign: false) { [weak self] in self?.grab() }
      } else {
        grabWhenRooted = false
        UpdateScheduler.shared.enqueueFocusChange(resign: true) { [weak self] in
          self?.entry?.resignFocus()
        }
      }
    }

    private func grab() {
      guard let entry, focusIntent == true, !entry.containsFocus else { return }
      guard entry.root != nil else {
        grabWhenRooted = true
        return
      }
      if !entry.grabFocus() {
        // GTK refused (insensitive or not focusable): the binding must say so.
        focusIntent = false
        write(isFirstResponder, false)
      }
    }
  }
}
