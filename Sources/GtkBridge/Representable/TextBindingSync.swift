/// Keeps an editable widget's text and a `Binding<String>` in sync, both ways.
///
/// Widget -> state: each "changed" writes the binding once, only if it differs, and never
/// inside an update pass. State -> widget: ``apply(_:)`` sets the text only when it differs,
/// with the "changed" handler blocked (no echo), as one undo step where GTK can record it
/// so, then puts the cursor at the end. When GTK
/// holds other text than was asked for (max-length, NUL), the binding gets what GTK holds.
@MainActor
final class TextBindingSync {
  var binding: Binding<String>
  private weak var widget: EditableWidget?
  private var changed: SignalConnection?
  private var hasApplied = false

  init(widget: EditableWidget, binding: Binding<String>) {
    self.widget = widget
    self.binding = binding
    changed = widget.connectChanged { [weak self] in self?.widgetChanged() }
  }

  // NB: isolated, so the "changed" connection is disconnected on the main thread.
  isolated deinit {}

  func detach() {
    changed = nil
  }

  private func widgetChanged() {
    guard let widget else { return }
    write(widget.text)
  }

  /// Makes the widget show `newText`, if it does not already.
  ///
  /// The first text a field shows is not undoable (undo never empties a prefilled field);
  /// later app writes are one undo step each when they only insert or only delete, and start
  /// a fresh undo history when they replace text (see `EditableWidget+Undo.swift`).
  func apply(_ newText: String) {
    let first = !hasApplied
    hasApplied = true
    guard let widget, widget.text != newText else { return }
    changed?.blocked {
      // NB: a UTF-8 byte scan, not `contains("\0")`, which walks grapheme clusters.
      let text = newText.utf8.contains(0) ? newText.filter { $0 != "\0" } : newText
      widget.replaceText(with: text, record: first ? .irreversible : .oneStep)
    }
    widget.cursorPosition = -1
    let held = widget.text
    if held != newText {
      if held.unicodeScalars.count < newText.unicodeScalars.count, !newText.contains("\0") {
        Log.warning(
          "text of \(newText.unicodeScalars.count) characters cut to \(held.unicodeScalars.count) "
            + "by GTK (max-length, or GtkEntryBuffer's limit of 65,534 in GTK 4.8); the binding now holds "
            + "the cut text")
      }
      write(held)
    }
  }

  /// The binding is captured now: the write must land even if the widget goes first.
  private func write(_ text: String) {
    let binding = binding
    UpdateScheduler.shared.performOutsideUpdate { binding.setIfChanged(text) }
  }
}
